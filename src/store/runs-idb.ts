// Runs in IndexedDB (app realm). Each step is its own record keyed [run, item, index], in the
// run log's compact form (src/core/runlog/compact.ts): its texts are numbers into the run's
// parts, stored in chunks of PART_CHUNK, and its per-test outcomes codes of the run's outcome
// table. One item's steps read only the chunks they need. Steps stored in full by an earlier
// version are read as they are. A database of runs of run log version 1 (with turns) is
// migrated when it is opened, inside the upgrade: nothing stored is lost.
import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { Annotation, Step } from '../core/model/runlog.ts';
import { Decoder, Encoder, stepRefs, suitesOf, type CompactStep } from '../core/runlog/compact.ts';
import type { CompactEntry } from '../core/runlog/read.ts';
import type { Part } from '../core/runlog/parts.ts';
import { legacyLogFormat } from '../core/protocols/registry.ts';
import { byCreation, type RunRecord, type RunStore, type StepEntry } from '../core/store/runs.ts';

const DB_NAME = 'hintbench-runs';
const VERSION = 4;
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
      },
    });
    return this.db;
  }

  async putRun(run: RunRecord): Promise<void> {
    await (await this.open()).put('runs', run);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    return (await (await this.open()).get('runs', runId)) as RunRecord | undefined;
  }

  async listRuns(): Promise<RunRecord[]> {
    const runs = (await (await this.open()).getAll('runs')) as RunRecord[];
    return runs.sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt));
  }

  /** A run's writer: its tables as stored, and its items' instances. */
  private writer(runId: string): Promise<RunWriter> {
    let w = this.writers.get(runId);
    if (!w) {
      w = (async () => {
        const db = await this.open();
        const run = (await db.get('runs', runId)) as RunRecord | undefined;
        if (!run) throw new Error(`no run ${runId} to store steps of`);
        const tables = (await db.getAll('parts', IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]))) as StoredTable[];
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

  /** Steps in one transaction, with the parts and outcome codes they add. */
  async putSteps(runId: string, steps: readonly StepEntry[]): Promise<void> {
    if (!steps.length) return;
    const db = await this.open();
    const w = await this.writer(runId);
    for (const s of steps) if (s.instanceId !== undefined) w.instanceOf.set(s.itemKey, s.instanceId);
    if (steps.some((s) => !w.instanceOf.has(s.itemKey))) {
      // An item the run made since (a search grows): its record says which instance it has, if any.
      const run = (await db.get('runs', runId)) as RunRecord | undefined;
      for (const i of run?.items ?? []) if (!w.instanceOf.has(i.key)) w.instanceOf.set(i.key, i.instanceId);
      for (const s of steps) if (!w.instanceOf.has(s.itemKey)) w.instanceOf.set(s.itemKey, undefined);
    }
    // From here to the transaction's requests nothing waits, so writes keep the order of their tables.
    const encoder = (w.encoder ??= encoderOf(w));
    const records = steps.map(({ itemKey, step }): StoredStep => ({
      runId,
      itemKey,
      index: step.index,
      compact: encoder.step(step, w.instanceOf.get(itemKey)),
    }));
    const parts = encoder.parts.take();
    const codes = encoder.outcomes.take();
    await this.write(db, runId, w, [{ from: parts.from, list: parts.parts }], codes.codes, records);
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
    const tx = db.transaction(['parts', 'steps'], 'readwrite');
    const tables = tx.objectStore('parts');
    for (const chunk of touched) void tables.put({ runId, chunk, parts: w.chunks.get(chunk)! } satisfies StoredTable);
    if (codes.length) void tables.put({ runId, chunk: OUTCOME_TABLE, codes: w.codes } satisfies StoredTable);
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
    const db = await this.open();
    const run = (await db.get('runs', runId)) as RunRecord | undefined;
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
    const run = (await db.get('runs', runId)) as RunRecord | undefined;
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
    const rows = (await (await this.open()).getAll('steps', IDBKeyRange.bound([runId, itemKey, -Infinity], [runId, itemKey, Infinity]))) as StoredStep[];
    return this.decoded(
      runId,
      rows.sort((a, b) => a.index - b.index),
      false,
    );
  }

  async steps(runId: string): Promise<Map<string, Step[]>> {
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
    const db = await this.open();
    this.writers.delete(runId);
    const tx = db.transaction(['runs', 'steps', 'annotations', 'parts'], 'readwrite');
    await tx.objectStore('runs').delete(runId);
    await tx.objectStore('parts').delete(IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]));
    for (const key of await tx.objectStore('steps').index('byRun').getAllKeys(runId)) await tx.objectStore('steps').delete(key);
    for (const key of await tx.objectStore('annotations').index('byRun').getAllKeys(runId)) await tx.objectStore('annotations').delete(key);
    await tx.done;
  }
}
