// Runs in IndexedDB (app realm). Each step is its own record keyed [run, item, index]. A
// database written by an earlier version (runs of run log version 1, with turns) is migrated
// when it is opened, inside the upgrade: nothing stored is lost.
import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { Annotation, Step } from '../core/model/runlog.ts';
import { migrateV1, RUNLOG_V1, type RunLogV1 } from '../core/protocols/pair/runlog-v1.ts';
import { byCreation, type RunRecord, type RunStore } from '../core/store/runs.ts';

const DB_NAME = 'hintbench-runs';
const VERSION = 3;

interface StoredAnnotation {
  runId: string;
  id: string;
  annotation: Annotation;
}

interface StoredStep {
  runId: string;
  itemKey: string;
  index: number;
  step: Step;
}

type StoredV1Run = Omit<RunRecord, 'manifest' | 'items'> & { manifest: RunLogV1['manifest']; items: Omit<RunLogV1['items'][number], 'turns'>[] };
type UpgradeTx = IDBPTransaction<unknown, string[], 'versionchange'>;

/** Version 1 kept turns; each run of that version is rewritten as a version-2 record with steps. */
async function migrateTurns(db: IDBPDatabase, tx: UpgradeTx): Promise<void> {
  const runs = tx.objectStore('runs');
  const turns = tx.objectStore('turns');
  const steps = tx.objectStore('steps');
  for (const old of (await runs.getAll()) as StoredV1Run[]) {
    if (old.manifest.schema !== RUNLOG_V1) continue;
    const rows = (await turns.index('byRun').getAll(old.manifest.runId)) as { itemKey: string; turn: RunLogV1['items'][number]['turns'][number] }[];
    const items = old.items.map((i) => ({ ...i, turns: rows.filter((r) => r.itemKey === i.key).map((r) => r.turn).sort((a, b) => a.index - b.index) }));
    const log = migrateV1({ manifest: old.manifest, items });
    const record: RunRecord = { ...old, manifest: log.manifest, items: log.items.map(({ steps: _s, ...head }) => head) };
    await runs.put(record);
    for (const item of log.items) for (const step of item.steps) await steps.put({ runId: record.manifest.runId, itemKey: item.key, index: step.index, step } satisfies StoredStep);
  }
  db.deleteObjectStore('turns');
}

export class IdbRunStore implements RunStore {
  private db: Promise<IDBPDatabase> | null = null;

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

  async putStep(runId: string, itemKey: string, step: Step): Promise<void> {
    const record: StoredStep = { runId, itemKey, index: step.index, step };
    await (await this.open()).put('steps', record);
  }

  async itemSteps(runId: string, itemKey: string): Promise<Step[]> {
    const rows = (await (await this.open()).getAll('steps', IDBKeyRange.bound([runId, itemKey, -Infinity], [runId, itemKey, Infinity]))) as StoredStep[];
    return rows.sort((a, b) => a.index - b.index).map((r) => r.step);
  }

  async steps(runId: string): Promise<Map<string, Step[]>> {
    const all = (await (await this.open()).getAllFromIndex('steps', 'byRun', runId)) as StoredStep[];
    const out = new Map<string, Step[]>();
    for (const r of all.sort((a, b) => a.index - b.index)) out.set(r.itemKey, [...(out.get(r.itemKey) ?? []), r.step]);
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
    const tx = db.transaction(['runs', 'steps', 'annotations'], 'readwrite');
    await tx.objectStore('runs').delete(runId);
    for (const key of await tx.objectStore('steps').index('byRun').getAllKeys(runId)) await tx.objectStore('steps').delete(key);
    for (const key of await tx.objectStore('annotations').index('byRun').getAllKeys(runId)) await tx.objectStore('annotations').delete(key);
    await tx.done;
  }
}
