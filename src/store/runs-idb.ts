// Runs in IndexedDB (app realm). Each turn is its own record keyed [run, item, index].
import { openDB, type IDBPDatabase } from 'idb';
import type { Turn } from '../core/model/runlog.ts';
import type { RunRecord, RunStore } from '../core/store/runs.ts';

const DB_NAME = 'hintbench-runs';

interface StoredTurn {
  runId: string;
  itemKey: string;
  index: number;
  turn: Turn;
}

export class IdbRunStore implements RunStore {
  private db: Promise<IDBPDatabase> | null = null;

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('runs', { keyPath: 'manifest.runId' });
        const turns = db.createObjectStore('turns', { keyPath: ['runId', 'itemKey', 'index'] });
        turns.createIndex('byRun', 'runId');
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

  async putTurn(runId: string, itemKey: string, turn: Turn): Promise<void> {
    const record: StoredTurn = { runId, itemKey, index: turn.index, turn };
    await (await this.open()).put('turns', record);
  }

  async turns(runId: string): Promise<Map<string, Turn[]>> {
    const all = (await (await this.open()).getAllFromIndex('turns', 'byRun', runId)) as StoredTurn[];
    const out = new Map<string, Turn[]>();
    for (const r of all.sort((a, b) => a.index - b.index)) out.set(r.itemKey, [...(out.get(r.itemKey) ?? []), r.turn]);
    return out;
  }

  async deleteRun(runId: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(['runs', 'turns'], 'readwrite');
    await tx.objectStore('runs').delete(runId);
    for (const key of await tx.objectStore('turns').index('byRun').getAllKeys(runId)) await tx.objectStore('turns').delete(key);
    await tx.done;
  }
}
