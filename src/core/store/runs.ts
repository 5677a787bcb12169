// Where runs live while they run and after: a record per run (manifest, status, items
// without turns) and each turn stored as it completes, keyed so a turn can never be doubled.
import type { ItemRecord, Manifest, RunLog, Turn } from '../model/runlog.ts';
import { summarize } from '../runner/summary.ts';

export type RunStatus = 'running' | 'paused' | 'done' | 'cancelled' | 'budget' | 'error';

export interface RunRecord {
  manifest: Manifest;
  status: RunStatus;
  /** Items without their turns (those are stored one by one). */
  items: Omit<ItemRecord, 'turns'>[];
  updatedAt: string;
  error?: string;
  /** "imported" for runs read from a file: shown, never resumed. */
  source?: 'imported';
  /** Providers (by name) whose key was set when the run started: a resume waits for them. */
  keyedProviders?: string[];
}

export interface RunStore {
  putRun(run: RunRecord): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  listRuns(): Promise<RunRecord[]>;
  /** Stores a turn under (run, item, index): writing it twice keeps one copy. */
  putTurn(runId: string, itemKey: string, turn: Turn): Promise<void>;
  /** Turns by item key, each list in turn order. */
  turns(runId: string): Promise<Map<string, Turn[]>>;
  deleteRun(runId: string): Promise<void>;
}

export async function loadRunLog(store: RunStore, runId: string): Promise<RunLog | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const turns = await store.turns(runId);
  const items: ItemRecord[] = run.items.map((i) => ({ ...i, turns: turns.get(i.key) ?? [] }));
  return { manifest: run.manifest, items, summaries: summarize(run.manifest, items) };
}

export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly turnMap = new Map<string, Map<string, Map<number, Turn>>>();
  async putRun(run: RunRecord) {
    this.runs.set(run.manifest.runId, structuredClone(run));
  }
  async getRun(runId: string) {
    const r = this.runs.get(runId);
    return r && structuredClone(r);
  }
  async listRuns() {
    return [...this.runs.values()].map((r) => structuredClone(r));
  }
  async putTurn(runId: string, itemKey: string, turn: Turn) {
    const byItem = this.turnMap.get(runId) ?? new Map<string, Map<number, Turn>>();
    this.turnMap.set(runId, byItem);
    const byIndex = byItem.get(itemKey) ?? new Map<number, Turn>();
    byItem.set(itemKey, byIndex);
    byIndex.set(turn.index, structuredClone(turn));
  }
  async turns(runId: string) {
    const out = new Map<string, Turn[]>();
    for (const [key, byIndex] of this.turnMap.get(runId) ?? []) out.set(key, [...byIndex.values()].sort((a, b) => a.index - b.index).map((t) => structuredClone(t)));
    return out;
  }
  async deleteRun(runId: string) {
    this.runs.delete(runId);
    this.turnMap.delete(runId);
  }
}
