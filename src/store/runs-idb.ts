// Runs in IndexedDB (app realm). Each step is its own record keyed [run, item, index], in the
// run log's compact form (src/core/runlog/compact.ts): its texts are numbers into the run's
// parts, stored in chunks of PART_CHUNK, and its per-test outcomes codes of the run's outcome
// table. One item's steps read only the chunks they need. Steps stored in full by an earlier
// version are read as they are. A database of runs of run log version 1 (with turns) is
// migrated when it is opened, inside the upgrade: nothing stored is lost.
// A run's items are records of their own, keyed [run, item], so a change of one item writes
// only that item (version 5; the runs of earlier versions, items inside, are split when the
// database is opened). Writes are gathered and stored in one transaction per flush
// (src/core/store/write-batch.ts); every read flushes first.
import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { Annotation, Step } from '../core/model/runlog.ts';
import { Decoder, Encoder, stepRefs, suitesOf, type CompactStep } from '../core/runlog/compact.ts';
import type { CompactEntry } from '../core/runlog/read.ts';
import type { Part } from '../core/runlog/parts.ts';
import { legacyLogFormat } from '../core/protocols/registry.ts';
import { byCreation, type RunRecord, type RunStore, type StepEntry } from '../core/store/runs.ts';
import { WriteBatch, type Batch, type ItemWrite } from '../core/store/write-batch.ts';
import type { ItemHead } from '../core/model/runlog.ts';

const DB_NAME = 'hintbench-runs';
const VERSION = 5;
/** How long after a first write the batch is stored. */
const FLUSH_DELAY_MS = 100;
/** Parts per stored chunk. */
const PART_CHUNK = 512;
/** The chunk number under which a run's outcome table is kept. */
const OUTCOME_TABLE = -1;

interface StoredAnnotation {
  runId: string;
  id: string;
  annotation: Annotation;
}

/** A step: compact (`compact`), or in full as earlier versions stored it (`step`). */
interface StoredStep {
  runId: string;
  itemKey: string;
  index: number;
  step?: Step;
  compact?: CompactStep;
}

/** A chunk of a run's parts, or (chunk -1) its outcome table. */
interface StoredTable {
  runId: string;
  chunk: number;
  parts?: Part[];
  codes?: string[];
}

/** What writing a run's steps needs: its tables as stored, its encoder (made from them when first needed), and its items' instances. */
interface RunWriter {
  manifest: RunRecord['manifest'];
  encoder: Encoder | null;
  chunks: Map<number, Part[]>;
  codes: string[];
  instanceOf: Map<string, string | undefined>;
}

/** A run's record as stored from version 5: its items are `StoredItem`s. */
type StoredRun = Omit<RunRecord, 'items'> & { items?: ItemHead[] };

/** An item's head, keyed [run, item key], with its place in the run's list. */
interface StoredItem {
  runId: string;
  key: string;
  order: number;
  head: ItemHead;
}

/** Every item of a run (keys [runId, key]: arrays sort after strings). */
const itemsOf = (runId: string) => IDBKeyRange.bound([runId], [runId, []]);

type StoredV1Run = Omit<RunRecord, 'manifest' | 'items'> & { manifest: { schema: string; runId: string }; items: { key: string }[] };
type UpgradeTx = IDBPTransaction<unknown, string[], 'versionchange'>;

/** Version 1 kept turns; each run of that version is rewritten as a version-2 record with steps. */
async function migrateTurns(db: IDBPDatabase, tx: UpgradeTx): Promise<void> {
  const runs = tx.objectStore('runs');
  const turns = tx.objectStore('turns');
  const steps = tx.objectStore('steps');
  for (const old of (await runs.getAll()) as StoredV1Run[]) {
    const format = legacyLogFormat(old.manifest.schema);
    if (!format) continue;
    const rows = (await turns.index('byRun').getAll(old.manifest.runId)) as { itemKey: string; turn: { index: number } }[];
    const items = old.items.map((i) => ({
      ...i,
      turns: rows
        .filter((r) => r.itemKey === i.key)
        .map((r) => r.turn)
        .sort((a, b) => a.index - b.index),
    }));
    const log = format.migrate({ manifest: old.manifest, items });
    const record: RunRecord = { ...old, manifest: log.manifest, items: log.items.map(({ steps: _s, ...head }) => head) };
    await runs.put(record);
    for (const item of log.items)
      for (const step of item.steps) await steps.put({ runId: record.manifest.runId, itemKey: item.key, index: step.index, step } satisfies StoredStep);
  }
  db.deleteObjectStore('turns');
}

/** Version 5 keeps items apart: each run's items become records of their own. */
async function splitItems(tx: UpgradeTx): Promise<void> {
  const runs = tx.objectStore('runs');
  const items = tx.objectStore('items');
  for (const run of (await runs.getAll()) as StoredRun[]) {
    const runId = run.manifest.runId;
    for (const [order, head] of (run.items ?? []).entries()) await items.put({ runId, key: head.key, order, head } satisfies StoredItem);
    const { items: _items, ...rest } = run;
    await runs.put(rest);
  }
}

/** A stored run with its items, in their order. */
function withItems(run: StoredRun, rows: StoredItem[]): RunRecord {
  const { items: inside, ...rest } = run;
  const items = rows.length ? [...rows].sort((a, b) => a.order - b.order).map((r) => r.head) : (inside ?? []);
  return { ...rest, items };
}

/** An encoder that continues a run's stored tables. */
function encoderOf(w: RunWriter): Encoder {
  const encoder = new Encoder(suitesOf(w.manifest));
  encoder.parts.restore([...w.chunks.keys()].sort((a, b) => a - b).flatMap((k) => w.chunks.get(k)!));
  encoder.outcomes.restore(w.codes);
  return encoder;
}

export class IdbRunStore implements RunStore {
  private db: Promise<IDBPDatabase> | null = null;
  private readonly writers = new Map<string, Promise<RunWriter>>();

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(DB_NAME, VERSION, {
      async upgrade(db, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) db.createObjectStore('runs', { keyPath: 'manifest.runId' });
        if (oldVersion < 2) {
          const steps = db.createObjectStore('steps', { keyPath: ['runId', 'itemKey', 'index'] });
          steps.createIndex('byRun', 'runId');
          if (oldVersion === 1) await migrateTurns(db, tx as unknown as UpgradeTx);
        }
        if (oldVersion < 3) db.createObjectStore('annotations', { keyPath: ['runId', 'id'] }).createIndex('byRun', 'runId');
        if (oldVersion < 4) db.createObjectStore('parts', { keyPath: ['runId', 'chunk'] });
        if (oldVersion < 5) {
          db.createObjectStore('items', { keyPath: ['runId', 'key'] });
          if (oldVersion >= 1) await splitItems(tx as unknown as UpgradeTx);
        }
      },
    });
    return this.db;
  }

  private readonly batch = new WriteBatch((b) => this.writeBatch(b), { delayMs: FLUSH_DELAY_MS });

  /** Store every write gathered so far (a pause, the end of a run, the page being hidden). */
  flush(): Promise<void> {
    return this.batch.flush();
  }

  async putRun(run: RunRecord): Promise<void> {
    this.batch.putRun(run);
  }

  async putItem(runId: string, order: number, item: ItemHead): Promise<void> {
    this.batch.putItem(runId, order, item);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    await this.flush();
    return this.readRun(await this.open(), runId);
  }

  /** A run as stored, with its items. */
  private async readRun(db: IDBPDatabase, runId: string): Promise<RunRecord | undefined> {
    const tx = db.transaction(['runs', 'items']);
    const [run, rows] = await Promise.all([tx.objectStore('runs').get(runId), tx.objectStore('items').getAll(itemsOf(runId))]);
    return run && withItems(run as StoredRun, rows as StoredItem[]);
  }

  async listRuns(): Promise<RunRecord[]> {
    await this.flush();
    const db = await this.open();
    const tx = db.transaction(['runs', 'items']);
    const [runs, rows] = await Promise.all([tx.objectStore('runs').getAll(), tx.objectStore('items').getAll()]);
    const byRun = new Map<string, StoredItem[]>();
    for (const r of rows as StoredItem[]) {
      const list = byRun.get(r.runId);
      if (list) list.push(r);
      else byRun.set(r.runId, [r]);
    }
    const all = (runs as StoredRun[]).map((run) => withItems(run, byRun.get(run.manifest.runId) ?? []));
    return all.sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt));
  }

  /** A run's writer: its tables as stored, and its items' instances. */
  private writer(runId: string, pending?: Batch): Promise<RunWriter> {
    let w = this.writers.get(runId);
    if (!w) {
      w = (async () => {
        const db = await this.open();
        const tx = db.transaction(['runs', 'items', 'parts']);
        const [stored, rows, tables] = (await Promise.all([
          tx.objectStore('runs').get(runId),
          tx.objectStore('items').getAll(itemsOf(runId)),
          tx.objectStore('parts').getAll(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity])),
        ])) as [StoredRun | undefined, StoredItem[], StoredTable[]];
        const head = stored ?? pending?.runs.get(runId);
        if (!head) throw new Error(`no run ${runId} to store steps of`);
        const run = withItems(head, rows);
        const chunks = new Map(tables.filter((t) => t.chunk >= 0).map((t) => [t.chunk, t.parts ?? []]));
        const codes = tables.find((t) => t.chunk === OUTCOME_TABLE)?.codes ?? [];
        return { manifest: run.manifest, encoder: null, chunks, codes, instanceOf: new Map(run.items.map((i) => [i.key, i.instanceId])) };
      })();
      this.writers.set(runId, w);
      w.catch(() => this.writers.delete(runId));
    }
    return w;
  }

  async putStep(runId: string, itemKey: string, step: Step): Promise<void> {
    await this.putSteps(runId, [{ itemKey, step }]);
  }

  /** Steps, stored with the next flush. */
  async putSteps(runId: string, steps: readonly StepEntry[]): Promise<void> {
    this.batch.putSteps(runId, steps);
  }

  /** A batch in one transaction: runs' records, items, and steps with the parts and outcome codes they add. */
  private async writeBatch(batch: Batch): Promise<void> {
    const db = await this.open();
    const encoded: { runId: string; w: RunWriter; records: StoredStep[]; parts: { from: number; list: Part[] }; codes: string[] }[] = [];
    const itemsByRun = new Map<string, ItemWrite[]>();
    for (const item of batch.items.values()) {
      const list = itemsByRun.get(item.runId);
      if (list) list.push(item);
      else itemsByRun.set(item.runId, [item]);
    }
    for (const [runId, steps] of batch.steps) {
      const w = await this.writer(runId, batch);
      for (const i of itemsByRun.get(runId) ?? []) w.instanceOf.set(i.head.key, i.head.instanceId);
      for (const s of steps) if (s.instanceId !== undefined) w.instanceOf.set(s.itemKey, s.instanceId);
      if (steps.some((s) => !w.instanceOf.has(s.itemKey))) {
        // An item the run made since (a search grows): its record says which instance it has, if any.
        for (const r of (await db.getAll('items', itemsOf(runId))) as StoredItem[]) if (!w.instanceOf.has(r.key)) w.instanceOf.set(r.key, r.head.instanceId);
        for (const s of steps) if (!w.instanceOf.has(s.itemKey)) w.instanceOf.set(s.itemKey, undefined);
      }
      const encoder = (w.encoder ??= encoderOf(w));
      const records = steps.map(({ itemKey, step }): StoredStep => ({
        runId,
        itemKey,
        index: step.index,
        compact: encoder.step(step, w.instanceOf.get(itemKey)),
      }));
      const parts = encoder.parts.take();
      encoded.push({ runId, w, records, parts: { from: parts.from, list: parts.parts }, codes: encoder.outcomes.take().codes });
    }
    // From here to the transaction's requests nothing waits, so writes keep the order of their tables.
    const tx = db.transaction(['runs', 'items', 'parts', 'steps'], 'readwrite');
    for (const run of batch.runs.values()) void tx.objectStore('runs').put(run);
    for (const { runId, order, head } of batch.items.values()) void tx.objectStore('items').put({ runId, key: head.key, order, head } satisfies StoredItem);
    for (const e of encoded) this.putTables(tx.objectStore('parts'), e.runId, e.w, [e.parts], e.codes);
    for (const e of encoded) for (const r of e.records) void tx.objectStore('steps').put(r);
    await tx.done;
  }

  /** New table entries of a run, in a transaction's parts store. */
  private putTables(tables: { put(value: StoredTable): unknown }, runId: string, w: RunWriter, parts: { from: number; list: Part[] }[], codes: string[]): void {
    const touched = new Set<number>();
    for (const { from, list } of parts) {
      list.forEach((part, i) => {
        const n = from + i;
        const chunk = Math.floor(n / PART_CHUNK);
        const stored = w.chunks.get(chunk) ?? [];
        w.chunks.set(chunk, stored);
        stored[n - chunk * PART_CHUNK] = part;
        touched.add(chunk);
      });
    }
    w.codes.push(...codes);
    for (const chunk of touched) void tables.put({ runId, chunk, parts: w.chunks.get(chunk)! } satisfies StoredTable);
    if (codes.length) void tables.put({ runId, chunk: OUTCOME_TABLE, codes: w.codes } satisfies StoredTable);
  }

  /** New table entries and step records of a run, in one transaction. */
  private async write(
    db: IDBPDatabase,
    runId: string,
    w: RunWriter,
    parts: { from: number; list: Part[] }[],
    codes: string[],
    records: StoredStep[],
  ): Promise<void> {
    const tx = db.transaction(['parts', 'steps'], 'readwrite');
    this.putTables(tx.objectStore('parts'), runId, w, parts, codes);
    for (const r of records) void tx.objectStore('steps').put(r);
    await tx.done;
  }

  /**
   * Items of a version-3 file as they were written (checked by the reader): their parts and
   * outcome codes continue the run's tables, their steps are stored as they are. Only for a run
   * whose tables are the file's (an import into an empty run).
   */
  async putCompact(runId: string, entries: readonly CompactEntry[]): Promise<void> {
    if (!entries.length) return;
    await this.flush();
    const db = await this.open();
    const w = await this.writer(runId);
    w.encoder = null; // made again from the tables if a step is ever added by encoding
    const size = () => [...w.chunks.values()].reduce((n, c) => n + c.length, 0);
    const parts = entries.flatMap((e) => (e.parts ? [e.parts] : []));
    const codes = entries.flatMap((e) => (e.outcomes ? [e.outcomes] : []));
    if (parts.length && parts[0]!.from !== size()) throw new Error(`parts numbered from ${parts[0]!.from}, but the run has ${size()}`);
    if (codes.length && codes[0]!.from !== w.codes.length) throw new Error(`outcome codes numbered from ${codes[0]!.from}, but the run has ${w.codes.length}`);
    for (const e of entries) w.instanceOf.set(e.head.key, e.head.instanceId);
    const records = entries.flatMap((e) => e.steps.map((step): StoredStep => ({ runId, itemKey: e.head.key, index: step.index, compact: step })));
    await this.write(
      db,
      runId,
      w,
      parts,
      codes.flatMap((c) => c.list),
      records,
    );
  }

  /** The texts of some parts of a run. */
  async partTexts(runId: string, refs: readonly number[]): Promise<Map<number, string>> {
    await this.flush();
    const db = await this.open();
    const run = await this.readRun(db, runId);
    if (!run) return new Map();
    const decoder = await this.decoderFor(db, run, refs);
    return new Map(refs.map((n) => [n, decoder.parts.text(n)]));
  }

  /** A decoder holding the chunks of the given parts, then those of the paragraphs they are made of. */
  private async decoderFor(db: IDBPDatabase, run: RunRecord, refs: readonly number[]): Promise<Decoder> {
    const chunkOf = (n: number) => Math.floor(n / PART_CHUNK);
    const first = await this.decoder(db, run, refs.map(chunkOf));
    const lists = refs.map((n) => first.parts.get(n)).filter((p): p is number[] => Array.isArray(p));
    return lists.length ? this.decoder(db, run, [...refs, ...lists.flat()].map(chunkOf)) : first;
  }

  /** A decoder holding the given chunks of a run's parts (all of them when `chunks` is absent). */
  private async decoder(db: IDBPDatabase, run: RunRecord, chunks?: Iterable<number>): Promise<Decoder> {
    const runId = run.manifest.runId;
    const decoder = new Decoder(suitesOf(run.manifest), undefined, true);
    const wanted = chunks ? [...new Set(chunks)] : null;
    const tables = wanted
      ? ((await Promise.all([OUTCOME_TABLE, ...wanted].map((c) => db.get('parts', [runId, c])))).filter(Boolean) as StoredTable[])
      : ((await db.getAll('parts', IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]))) as StoredTable[]);
    for (const t of tables) {
      if (t.chunk === OUTCOME_TABLE) decoder.outcomes.add(0, t.codes ?? []);
      else (t.parts ?? []).forEach((part, i) => decoder.parts.put(t.chunk * PART_CHUNK + i, part));
    }
    return decoder;
  }

  private async decoded(runId: string, rows: StoredStep[], whole: boolean): Promise<Step[]> {
    if (rows.every((r) => r.step)) return rows.map((r) => r.step!);
    const db = await this.open();
    const run = await this.readRun(db, runId);
    if (!run) return [];
    // The whole table, or the parts the steps name.
    const decoder = whole
      ? await this.decoder(db, run)
      : await this.decoderFor(
          db,
          run,
          rows.flatMap((r) => (r.compact ? stepRefs(r.compact) : [])),
        );
    const instanceOf = new Map(run.items.map((i) => [i.key, i.instanceId]));
    return rows.map((r) => r.step ?? decoder.step(r.compact!, instanceOf.get(r.itemKey)));
  }

  async itemSteps(runId: string, itemKey: string): Promise<Step[]> {
    await this.flush();
    const rows = (await (await this.open()).getAll('steps', IDBKeyRange.bound([runId, itemKey, -Infinity], [runId, itemKey, Infinity]))) as StoredStep[];
    return this.decoded(
      runId,
      rows.sort((a, b) => a.index - b.index),
      false,
    );
  }

  async steps(runId: string): Promise<Map<string, Step[]>> {
    await this.flush();
    const all = ((await (await this.open()).getAllFromIndex('steps', 'byRun', runId)) as StoredStep[]).sort((a, b) => a.index - b.index);
    const steps = await this.decoded(runId, all, true);
    const out = new Map<string, Step[]>();
    all.forEach((r, i) => {
      const list = out.get(r.itemKey);
      if (list) list.push(steps[i]!);
      else out.set(r.itemKey, [steps[i]!]);
    });
    return out;
  }

  async putAnnotation(runId: string, annotation: Annotation): Promise<void> {
    const record: StoredAnnotation = { runId, id: annotation.id, annotation };
    await (await this.open()).put('annotations', record);
  }

  async annotations(runId: string): Promise<Annotation[]> {
    const all = (await (await this.open()).getAllFromIndex('annotations', 'byRun', runId)) as StoredAnnotation[];
    return byCreation(all.map((r) => r.annotation));
  }

  async deleteRun(runId: string): Promise<void> {
    this.batch.forget(runId);
    await this.flush();
    const db = await this.open();
    this.writers.delete(runId);
    const tx = db.transaction(['runs', 'items', 'steps', 'annotations', 'parts'], 'readwrite');
    await tx.objectStore('runs').delete(runId);
    await tx.objectStore('items').delete(itemsOf(runId));
    await tx.objectStore('parts').delete(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]));
    for (const key of await tx.objectStore('steps').index('byRun').getAllKeys(runId)) await tx.objectStore('steps').delete(key);
    for (const key of await tx.objectStore('annotations').index('byRun').getAllKeys(runId)) await tx.objectStore('annotations').delete(key);
    await tx.done;
  }
}
