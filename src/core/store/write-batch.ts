// Writes of live runs gathered and stored together: a run's record (without its items), an item's
// head, and steps, from any number of items and runs, go to the store in one write (one
// transaction) per flush. A later write of the same record or item replaces the earlier one in
// the batch. A flush happens a short while after the first write of a batch, or when asked for
// (a pause, a cancel, the end of a run, the page being hidden) and before any read.
import type { ItemHead } from '../model/runlog.ts';
import type { RunRecord, StepEntry } from './runs.ts';

/** An item's head and its place in its run's list. */
export interface ItemWrite {
  runId: string;
  order: number;
  head: ItemHead;
}

/** What one flush writes. */
export interface Batch {
  /** Runs' records, their items left out (those are in `items` when they changed). */
  runs: Map<string, Omit<RunRecord, 'items'>>;
  /** Items by run id and key. */
  items: Map<string, ItemWrite>;
  /** Steps by run, in the order they were written. */
  steps: Map<string, StepEntry[]>;
}

export interface WriteBatchOptions {
  /** How long after a batch's first write it is flushed. */
  delayMs: number;
  schedule?: (f: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

const emptyBatch = (): Batch => ({ runs: new Map(), items: new Map(), steps: new Map() });

export class WriteBatch {
  private batch = emptyBatch();
  private timer: unknown = null;
  /** The flush in progress, if any (flushes never overlap, so writes keep their order). */
  private writing: Promise<void> = Promise.resolve();
  /** A flush that failed: the next write or flush reports it. */
  private failed: Error | null = null;
  private readonly schedule: (f: () => void, ms: number) => unknown;
  private readonly cancel: (handle: unknown) => void;

  constructor(
    private readonly sink: (batch: Batch) => Promise<void>,
    private readonly options: WriteBatchOptions,
  ) {
    this.schedule = options.schedule ?? ((f, ms) => setTimeout(f, ms));
    this.cancel = options.cancel ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** Writes not yet flushed (records, items and steps). */
  get pending(): number {
    let steps = 0;
    for (const list of this.batch.steps.values()) steps += list.length;
    return this.batch.runs.size + this.batch.items.size + steps;
  }

  /** A run's record: its head now, its items each as an item write. */
  putRun(run: RunRecord): void {
    const { items, ...head } = run;
    this.batch.runs.set(run.manifest.runId, structuredClone(head));
    items.forEach((item, order) => this.putItem(run.manifest.runId, order, item));
  }

  putItem(runId: string, order: number, head: ItemHead): void {
    this.batch.items.set(`${runId}\u0000${head.key}`, { runId, order, head: structuredClone(head) });
    this.soon();
  }

  putSteps(runId: string, steps: readonly StepEntry[]): void {
    if (!steps.length) return;
    const list = this.batch.steps.get(runId) ?? [];
    this.batch.steps.set(runId, list);
    for (const s of steps) list.push(structuredClone(s));
    this.soon();
  }

  /** Drop a run's writes not yet flushed (it is being deleted). */
  forget(runId: string): void {
    this.batch.runs.delete(runId);
    this.batch.steps.delete(runId);
    for (const [key, item] of this.batch.items) if (item.runId === runId) this.batch.items.delete(key);
  }

  /** Write everything gathered so far; resolves when it is stored (rejects if a flush failed). */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.cancel(this.timer);
      this.timer = null;
    }
    const batch = this.batch;
    this.batch = emptyBatch();
    const empty = !batch.runs.size && !batch.items.size && !batch.steps.size;
    this.writing = this.writing.then(async () => {
      if (!empty) {
        try {
          await this.sink(batch);
        } catch (err) {
          this.failed = err instanceof Error ? err : new Error(String(err));
        }
      }
      const failed = this.failed;
      this.failed = null;
      if (failed) throw failed;
    });
    const done = this.writing;
    this.writing = done.catch(() => undefined);
    return done;
  }

  private soon(): void {
    this.timer ??= this.schedule(() => {
      this.timer = null;
      void this.flush().catch((err: unknown) => (this.failed ??= err as Error));
    }, this.options.delayMs);
  }
}
