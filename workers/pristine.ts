// A pristine interpreter for every evaluation (docs/execution.md, "Isolation between
// evaluations"). Once a worker's interpreter is started and ready, its whole state is recorded:
// the WebAssembly linear memory (every Python object, module, class, hook and setting lives
// there), the stack pointer, the tables Pyodide keeps on the JavaScript side for Python (its
// references to JavaScript values, and the map that deduplicates them) and the in-memory file
// system (every node and its bytes, the open files, the devices, the working directory). Before
// each job all of it is put back, so a job starts exactly where the first one did.
//
// Python objects a program handed to JavaScript (callbacks, proxies) are cut loose when its job
// ends, so nothing of a finished program can run later. Anything that cannot be put back (a
// library loaded at run time, a replaced internal) is reported, and the worker is replaced.
import type { PyodideAPI } from 'pyodide';
import { bridgeCounts } from './bridge-watch.ts';

/** Emscripten's module and file system, as far as this file uses them (untyped by Pyodide). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** More functions added to the function table than this, and the worker is replaced. */
const TABLE_GROWTH_LIMIT = 4096;

type Fields = Map<PropertyKey, unknown>;

const fieldsOf = (obj: object): Fields => new Map(Reflect.ownKeys(obj).map((k) => [k, (obj as Record<PropertyKey, unknown>)[k]]));

/** Make obj's own properties exactly the recorded ones. */
function putFields(obj: object, fields: Fields): void {
  const target = obj as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(obj)) if (!fields.has(key)) delete target[key];
  for (const [key, value] of fields) if (target[key] !== value) target[key] = value;
}

interface NodeRecord {
  node: object;
  fields: Fields;
  /** A directory's entries. */
  entries?: Record<string, object>;
  /** A file's bytes (a private copy) and the contents array the node holds now. */
  bytes?: Uint8Array;
  contents?: unknown;
}

interface StreamRecord {
  stream: Loose;
  fields: Fields;
  shared: Fields;
}

/** The file system: nodes, names, open files, devices, terminals, mounts and scalars. */
class FileSystemRecord {
  private readonly nodes: NodeRecord[] = [];
  private readonly objects: [object, Fields][] = [];
  private readonly streams: StreamRecord[];
  private readonly streamTable: unknown[];
  private readonly nameTable: unknown[];
  private readonly devices: Record<string, unknown>;
  private readonly ttys: { table: unknown[]; each: [Loose, Fields, unknown[], unknown[]][] };
  private readonly scalars: Fields;

  constructor(
    private readonly FS: Loose,
    private readonly TTY: Loose,
  ) {
    const seen = new Set<object>();
    const mounts = new Set<object>();
    const visit = (node: Loose) => {
      if (!node || seen.has(node)) return;
      seen.add(node);
      const record: NodeRecord = { node, fields: fieldsOf(node) };
      if (node.mount) mounts.add(node.mount);
      if (FS.isDir(node.mode) && node.contents && typeof node.contents === 'object') {
        record.entries = { ...node.contents };
        for (const child of Object.values(node.contents)) visit(child);
      } else if (FS.isFile(node.mode) && node.contents instanceof Uint8Array) {
        record.bytes = node.contents.slice(0, node.usedBytes);
        record.contents = node.contents;
      }
      if (node.mounted) {
        mounts.add(node.mounted);
        visit(node.mounted.root);
      }
      this.nodes.push(record);
    };
    visit(FS.root);
    for (const mount of mounts) this.objects.push([mount, fieldsOf(mount)]);
    for (const device of Object.values(FS.devices as Record<string, object>)) this.objects.push([device, fieldsOf(device)]);
    this.devices = { ...FS.devices };
    this.streamTable = [...FS.streams];
    this.streams = this.streamTable.filter(Boolean).map((stream: Loose) => ({ stream, fields: fieldsOf(stream), shared: fieldsOf(stream.shared ?? {}) }));
    this.nameTable = [...FS.nameTable];
    const ttyTable: unknown[] = [...TTY.ttys];
    this.ttys = { table: ttyTable, each: ttyTable.filter(Boolean).map((t: Loose) => [t, fieldsOf(t), [...t.input], [...t.output]]) };
    this.scalars = new Map(
      ['root', 'mounts', 'nextInode', 'currentPath', 'initialized', 'ignorePermissions', 'trackingDelegate', 'filesystems', 'syncFSRequests'].map((k) => [
        k,
        FS[k],
      ]),
    );
    this.objects.push([FS.mounts, fieldsOf(FS.mounts)]);
  }

  restore(): void {
    const { FS, TTY } = this;
    for (const [key, value] of this.scalars) FS[key] = value;
    for (const record of this.nodes) {
      const node = record.node as Loose;
      // A write through the file system replaces the array, or stamps the node's times.
      const written =
        record.bytes &&
        (node.contents !== record.contents ||
          node.usedBytes !== record.bytes.length ||
          record.fields.get('ctime') !== node.ctime ||
          record.fields.get('mtime') !== node.mtime);
      putFields(node, record.fields);
      if (record.entries) node.contents = { ...record.entries };
      else if (record.bytes) {
        if (written) {
          node.contents = record.bytes.slice();
          record.contents = node.contents;
        } else node.contents = record.contents;
        node.usedBytes = record.bytes.length;
      }
    }
    for (const [obj, fields] of this.objects) putFields(obj, fields);
    FS.devices = { ...this.devices };
    FS.streams = [...this.streamTable];
    for (const { stream, fields, shared } of this.streams) {
      putFields(stream, fields);
      if (stream.shared) putFields(stream.shared, shared);
    }
    FS.nameTable = [...this.nameTable];
    TTY.ttys = [...this.ttys.table];
    for (const [tty, fields, input, output] of this.ttys.each) {
      putFields(tty, fields);
      tty.input = [...input];
      tty.output = [...output];
    }
  }
}

/**
 * Wraps Pyodide's finalization registry: every JavaScript handle on a Python object made after
 * the record (a proxy, a callback) is noted, so that when a job ends each one can be cut loose
 * before the memory it points into is put back.
 */
class HandleLedger {
  readonly registry: { register(target: object, held: unknown, token?: object): void; unregister(token: object): boolean };
  private readonly live = new Set<object>();
  private untracked = false;

  constructor(private readonly inner: Loose) {
    const live = this.live;
    this.registry = {
      register: (target, held, token) => {
        inner.register(target, held, token);
        if (token) live.add(token);
        else this.untracked = true;
      },
      unregister: (token) => {
        live.delete(token);
        return inner.unregister(token);
      },
    };
  }

  /** Cut every handle loose: none may touch Python memory again. Returns why not, if one cannot be. */
  release(): string | null {
    let problem: string | null = this.untracked ? 'a JavaScript handle on a Python object could not be tracked' : null;
    if (this.live.size) problem ??= 'the job left JavaScript holding proxies of Python objects';
    for (const token of this.live) {
      this.inner.unregister(token);
      const t = token as Loose;
      if (t && typeof t === 'object' && 'ptr' in t && 'cache' in t) {
        t.ptr = 0; // a proxy's shared record: every use now fails as "destroyed"
        t.destroyed_msg = 'This object belonged to a program whose job has ended.';
      } else if (typeof t === 'function' && typeof t.destroy === 'function') {
        try {
          t.destroy(); // a callable used at most once; calling it now fails
        } catch {
          // already called or destroyed
        }
      } else problem ??= 'a JavaScript handle on a Python object could not be cut loose';
    }
    this.live.clear();
    this.untracked = false;
    return problem;
  }
}

/** The interpreter as it stood when recorded, and the means to put it back. */
export class Pristine {
  private readonly module: Loose;
  private readonly memory: Uint8Array;
  private readonly stackPointer: number;
  private readonly hiwire: unknown[];
  private readonly maps: [Map<unknown, unknown>, [unknown, unknown][]][];
  private readonly files: FileSystemRecord;
  private readonly libraries: number;
  private readonly tableLength: number;
  private readonly ledger: HandleLedger;
  /** Whether anything has run since the state was last put back. */
  private dirty = false;
  /** Untracked ways back into Python memory made so far: promise handlers, scheduled continuations. */
  private readonly untracked = { scheduled: 0 };
  private untrackedAtStart = 0;

  /** Record the interpreter now. Call at the top level (no Python running), before any untrusted code. */
  constructor(py: PyodideAPI) {
    const M = (py as unknown as { _module: Loose })._module;
    this.module = M;
    this.ledger = new HandleLedger(M.finalizationRegistry);
    M.finalizationRegistry = this.ledger.registry;
    // A proxy's asynchronous call resumes later through this scheduler, holding Python objects.
    const api = (py as unknown as { _api: { scheduleCallback: (...args: unknown[]) => unknown } })._api;
    const schedule = api.scheduleCallback;
    api.scheduleCallback = (...args: unknown[]) => {
      this.untracked.scheduled++;
      return schedule(...args);
    };
    this.hiwire = [];
    for (let i = 0; ; i++) {
      try {
        this.hiwire.push(M.__hiwire_get(i));
      } catch {
        break;
      }
    }
    this.maps = [];
    for (let i = 0; ; i++) {
      let value: unknown;
      try {
        value = M.__hiwire_immortal_get(i);
      } catch {
        break;
      }
      if (value instanceof Map) this.maps.push([value, [...value]]);
    }
    this.files = new FileSystemRecord(M.FS, M.TTY);
    this.libraries = Object.keys(M.LDSO?.loadedLibsByName ?? {}).length;
    this.tableLength = M.wasmTable?.length ?? 0;
    this.stackPointer = M.stackSave();
    this.memory = M.HEAPU8.slice();
  }

  /** Note that a job ran (its state must be put back before the next one). */
  touch(): void {
    this.dirty = true;
    this.untrackedAtStart = this.untrackedCount();
  }

  private untrackedCount(): number {
    return bridgeCounts.promiseHandles + this.untracked.scheduled;
  }

  /**
   * When a job ends: cut loose every handle it gave JavaScript. Returns why the worker must be
   * replaced, if it must: a job that left JavaScript holding Python objects (a proxy, a promise's
   * handlers, a scheduled continuation) would have them touch memory after it was put back.
   */
  release(): string | null {
    if (this.module.finalizationRegistry !== this.ledger.registry) return "the interpreter's finalization registry was replaced";
    const left = this.ledger.release();
    if (left) return left;
    if (this.untrackedCount() !== this.untrackedAtStart) return 'the job left JavaScript holding Python objects (a promise or a scheduled call)';
    return null;
  }

  /** Put everything back. Returns why the worker must be replaced instead, if it must. */
  restore(): string | null {
    if (!this.dirty) return null;
    const M = this.module;
    if (Object.keys(M.LDSO?.loadedLibsByName ?? {}).length !== this.libraries) return 'a library was loaded into the interpreter';
    if ((M.wasmTable?.length ?? 0) > this.tableLength + TABLE_GROWTH_LIMIT) return 'the function table grew too much';
    if (M.stackSave() !== this.stackPointer) return "the interpreter's stack did not unwind";
    const heap: Uint8Array = M.HEAPU8;
    heap.set(this.memory);
    if (heap.length > this.memory.length) heap.fill(0, this.memory.length);
    for (let i = 0; i < this.hiwire.length; i++) M.__hiwire_set(i, this.hiwire[i]);
    for (let i = this.hiwire.length; ; i++) {
      try {
        M.__hiwire_get(i);
      } catch {
        break;
      }
      M.__hiwire_set(i, null);
    }
    for (const [map, entries] of this.maps) {
      map.clear();
      for (const [k, v] of entries) map.set(k, v);
    }
    this.files.restore();
    this.dirty = false;
    return null;
  }
}
