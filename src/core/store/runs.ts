// Where runs live while they run and after: a record per run (manifest, status, items without
// their steps) and each step stored as it completes, keyed so a step can never be doubled.
import type { Annotation, ItemHead, ItemRecord, Manifest, RunLog, Scores, Step } from '../model/runlog.ts';
import { summarizeRun } from '../protocols/registry.ts';
import type { CompactEntry } from '../runlog/read.ts';

export type RunStatus = 'running' | 'paused' | 'done' | 'cancelled' | 'budget' | 'error';

export interface RunRecord {
  manifest: Manifest;
  status: RunStatus;
  /** Items without their steps (those are stored one by one). */
  items: ItemHead[];
  updatedAt: string;
  error?: string;
  /** "imported" for runs read from a file: shown, never resumed. */
  source?: 'imported';
  /** Providers (by name) whose key was set when the run started: a resume waits for them. */
  keyedProviders?: string[];
  /** Of those, the ones whose key is missing now (after a reload): the run is paused until they are set. */
  missingKeys?: string[];
  /** Values the run's items share (StepEnv.shared), by key: a resumed run finds them here. */
  shared?: Record<string, unknown>;
  /** Its scores, computed when it last ended (or was rescored, or read from a file); absent while it runs. */
  scores?: Scores;
  /** Set while a file is still being read into it: its items and steps are not all stored yet. */
  importing?: true;
  /** Set when a pause was asked for and the steps in progress were still finishing: a reload keeps the run paused. */
  pauseRequested?: true;
}

/** A step to store, and its item. */
export interface StepEntry {
  itemKey: string;
  step: Step;
  instanceId?: string;
}

export interface RunStore {
  /** Stores a run's record with its items (stores that batch writes may store it at the next flush). */
  putRun(run: RunRecord): Promise<void>;
  /** Stores one item's head, at its place in the run's list: nothing else of the run is written. */
  putItem(runId: string, order: number, item: ItemHead): Promise<void>;
  /** Stores every write not stored yet (stores that batch writes). */
  flush?(): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  listRuns(): Promise<RunRecord[]>;
  /** Stores a step under (run, item, index): writing it twice keeps one copy. */
  putStep(runId: string, itemKey: string, step: Step): Promise<void>;
  /** Stores many steps at once (one transaction where the store has them); `instanceId` names an item's instance before its record is stored. */
  putSteps(runId: string, steps: readonly StepEntry[]): Promise<void>;
  /** Steps by item key, each list in step order. */
  steps(runId: string): Promise<Map<string, Step[]>>;
  /** One item's steps, in step order (an item starting reads only its own). */
  itemSteps(runId: string, itemKey: string): Promise<Step[]>;
  /** Stores a version-3 file's items as written (checked), continuing the run's tables: stores that keep steps compact. */
  putCompact?(runId: string, entries: readonly CompactEntry[]): Promise<void>;
  /** The texts of some of a run's parts (stores that keep steps compact). */
  partTexts?(runId: string, refs: readonly number[]): Promise<Map<number, string>>;
  /** Stores an annotation of a run (a grade of a hint, …) under its id: writing it again replaces it. */
  putAnnotation(runId: string, annotation: Annotation): Promise<void>;
  /** A run's annotations, oldest first. */
  annotations(runId: string): Promise<Annotation[]>;
  deleteRun(runId: string): Promise<void>;
}

/**
 * A stored run as a run log. Its summaries are its stored scores' (a run that ended); a run
 * still going, or one without scores, has them computed from its steps now.
 */
export async function loadRunLog(store: RunStore, runId: string): Promise<RunLog | undefined> {
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const steps = await store.steps(runId);
  const items: ItemRecord[] = run.items.map((i) => ({ ...i, steps: steps.get(i.key) ?? [] }));
  const annotations = await store.annotations(runId);
  const summaries = run.scores?.summaries ?? summarizeRun(run.manifest, items);
  return { manifest: run.manifest, items, summaries, ...(run.scores ? { scores: run.scores } : {}), ...(annotations.length ? { annotations } : {}) };
}

/**
 * A stored run's head: its items without their steps, and its stored scores' summaries (none
 * when it has no scores). What a page shows first; steps load on demand.
 */
export async function loadRunHead(store: RunStore, runId: string): Promise<RunLog | undefined> {
  const run = await store.getRun(runId);
  return run && headOf(run);
}

/** A run record as a run log without steps, with its stored scores' summaries. */
export const headOf = (run: RunRecord): RunLog => ({
  manifest: run.manifest,
  items: run.items.map((i) => ({ ...i, steps: [] })),
  summaries: run.scores?.summaries ?? [],
  ...(run.scores ? { scores: run.scores } : {}),
});

/** Annotations oldest first (then by id). */
export const byCreation = (list: Annotation[]) => list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly stepMap = new Map<string, Map<string, Map<number, Step>>>();
  private readonly notes = new Map<string, Map<string, Annotation>>();
  async putRun(run: RunRecord) {
    this.runs.set(run.manifest.runId, structuredClone(run));
  }
  async putItem(runId: string, order: number, item: ItemHead) {
    const run = this.runs.get(runId);
    if (run) run.items[order] = structuredClone(item);
  }
  async getRun(runId: string) {
    const r = this.runs.get(runId);
    return r && structuredClone(r);
  }
  async listRuns() {
    return [...this.runs.values()].map((r) => structuredClone(r));
  }
  async putStep(runId: string, itemKey: string, step: Step) {
    const byItem = this.stepMap.get(runId) ?? new Map<string, Map<number, Step>>();
    this.stepMap.set(runId, byItem);
    const byIndex = byItem.get(itemKey) ?? new Map<number, Step>();
    byItem.set(itemKey, byIndex);
    byIndex.set(step.index, structuredClone(step));
  }
  async putSteps(runId: string, steps: readonly StepEntry[]) {
    for (const { itemKey, step } of steps) await this.putStep(runId, itemKey, step);
  }
  async steps(runId: string) {
    const out = new Map<string, Step[]>();
    for (const [key, byIndex] of this.stepMap.get(runId) ?? [])
      out.set(
        key,
        [...byIndex.values()].sort((a, b) => a.index - b.index).map((s) => structuredClone(s)),
      );
    return out;
  }
  async itemSteps(runId: string, itemKey: string) {
    return [...(this.stepMap.get(runId)?.get(itemKey)?.values() ?? [])].sort((a, b) => a.index - b.index).map((s) => structuredClone(s));
  }
  async putAnnotation(runId: string, annotation: Annotation) {
    const byId = this.notes.get(runId) ?? new Map<string, Annotation>();
    this.notes.set(runId, byId);
    byId.set(annotation.id, structuredClone(annotation));
  }
  async annotations(runId: string) {
    return byCreation([...(this.notes.get(runId)?.values() ?? [])].map((a) => structuredClone(a)));
  }
  async deleteRun(runId: string) {
    this.runs.delete(runId);
    this.stepMap.delete(runId);
    this.notes.delete(runId);
  }
}
