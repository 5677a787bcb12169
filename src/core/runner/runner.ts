// Runs a protocol's work units. Each unit's steps come from the protocol's step function; the
// runner binds its roles to models, records every call, evaluates programs, and stores each
// step as soon as it completes, under (run, item, step index), so a run that stops for any
// reason — pause, cancel, a closed tab — resumes with no lost and no duplicated steps. An error
// stays on its item: the rest of the run goes on.
import { evaluateProgram, type Executor, type JobControl } from '../exec/engine.ts';
import { MemoryTraceStore, referenceTraces, type TraceStore } from '../exec/traces.ts';
import { runWorkspace } from '../exec/workspace.ts';
import { BudgetExceeded } from '../llm/budget.ts';
import { CallFailed, type Caller, type ModelBinding } from '../llm/caller.ts';
import type { ChatMessage, ReplyProgress } from '../llm/types.ts';
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';
import type { TestOutcome } from '../model/outcome.ts';
import type { CallRecord, Evaluation, ItemHead, ItemRecord, Start, Step, StopReason } from '../model/runlog.ts';
import type { AnyProtocol, LiveState, StepContext, StepEnv } from '../protocols/contract.ts';
import { growthOf, startProgramOf } from '../protocols/work.ts';
import type { StyleChecker } from '../style/pycodestyle.ts';
import type { RunRecord, RunStatus, RunStore } from '../store/runs.ts';
import { hash32 } from '../random.ts';
import { scoreRun } from './scores.ts';
import { SharedValues } from './shared-values.ts';

/** What an item is doing right now (shown live; the stored record keeps the outcome). */
export type LiveStatus =
  | { state: 'queued' }
  | { state: LiveState; turn: number }
  /** Its program waits for a free worker in the sandbox (other runs' work goes first, a part at a time). */
  | { state: 'waiting-sandbox'; turn: number }
  | { state: 'rate-limited'; turn: number; attempt: number; max: number; waitMs: number; /** When the retry goes out (epoch ms). */ until: number }
  /** Its stop reason, when the stored item has one. */
  | { state: 'done'; reason?: StopReason }
  | { state: 'error'; message: string }
  | { state: 'stopped'; reason: StopReason };

export type RunEvent =
  | { type: 'item'; key: string; status: LiveStatus }
  | { type: 'step'; key: string; step: Step }
  | { type: 'run'; status: RunStatus }
  /** A reply as it streams in (live tokens of a running item; not stored: the step keeps the whole call). */
  | { type: 'reply'; key: string; role: string; content: string; thinking: string };

export interface RunDeps {
  executor: Executor;
  store: RunStore;
  caller: Caller;
  /** Model bindings of every role, by model id. */
  bindings: Map<string, ModelBinding>;
  /** Where reference traces are cached; in memory by default. */
  traces?: TraceStore;
  instances: Map<string, Instance>;
  /** The multi-requirement tasks of a protocol that works on tasks. */
  tasks?: Map<string, InterviewTask>;
  protocol: AnyProtocol;
  /** Values shared by items and runs (StepEnv.shared); a fresh in-memory set by default. */
  shared?: SharedValues;
  /** The style checker, loaded when first needed (StepEnv.style); none: style is not measured. */
  style?: () => Promise<StyleChecker>;
  onEvent?: (event: RunEvent) => void;
  now?: () => number;
}

const finished = (i: ItemHead) => i.status === 'done' || i.status === 'error';

/** An item shows that it waits for the sandbox once its job has waited this long (shorter waits would only flicker). */
const WAITING_SHOWN_AFTER_MS = 300;
const PROGRESS_EVERY_MS = 100;
/** The most room a cut-off reply is asked again with. */
export const TRUNCATED_RETRY_CEILING = 32_768;

/** The token limit a cut-off reply is asked again with: twice the last (16,384 when none was sent), up to the ceiling; null when at it. */
export function largerLimit(last: number | undefined): number | null {
  if (last === undefined) return 16_384;
  if (last >= TRUNCATED_RETRY_CEILING) return null;
  return Math.min(last * 2, TRUNCATED_RETRY_CEILING);
}

/** What a stored item's status looks like before anything happens to it in this tab. */
export function storedStatus(item: ItemHead): LiveStatus {
  if (item.status === 'error') return { state: 'error', message: item.error ?? '' };
  if (item.status === 'done') return item.stopReason ? { state: 'done', reason: item.stopReason } : { state: 'done' };
  if (item.status === 'stopped') return { state: 'stopped', reason: item.stopReason ?? 'cancelled' };
  return { state: 'queued' };
}

/** Per-test outcomes as the run log keeps them: the passing ids, and every other test's outcome. */
export function evaluationOf(code: string, outcomes: readonly TestOutcome[]): Evaluation {
  return {
    code,
    passed: outcomes.filter((o) => o.outcome === 'passed').map((o) => o.testId),
    failures: outcomes
      .filter((o) => o.outcome !== 'passed')
      .map((o) => ({ id: o.testId, outcome: o.outcome, ...(o.failType ? { failType: o.failType } : {}) })),
  };
}

/** The spend already recorded in a run's steps: every call, those of failed steps too. */
export function recordedSpend(steps: Iterable<readonly Step[]>): number {
  let sum = 0;
  for (const list of steps) for (const step of list) for (const call of step.calls) sum += call.costUsd ?? call.budgetedUsd ?? 0;
  return sum;
}

export class RunController {
  private abort = new AbortController();
  private pausing = false;
  private stopReason: 'cancelled' | 'budget' | null = null;
  private readonly starts = new Map<string, Promise<Start>>();
  private readonly traceStore: TraceStore;
  private readonly shared: SharedValues;
  readonly live = new Map<string, LiveStatus>();
  /** Each item's place in the run's list (an item's change writes that item only). */
  private readonly order = new Map<string, number>();
  /** The steps of finished items, read once: a search's grow reads every item's steps at every batch. */
  private readonly finishedSteps = new Map<string, Step[]>();

  constructor(
    private record: RunRecord,
    private readonly deps: RunDeps,
  ) {
    record.items.forEach((item, n) => {
      this.live.set(item.key, storedStatus(item));
      this.order.set(item.key, n);
    });
    this.traceStore = deps.traces ?? new MemoryTraceStore();
    this.shared = deps.shared ?? new SharedValues();
  }

  get status(): RunStatus {
    return this.record.status;
  }

  get runId(): string {
    return this.record.manifest.runId;
  }

  /** Give the run another name (kept with the run: the controller writes its record as it goes). */
  async rename(name: string): Promise<void> {
    this.record.manifest.name = name;
    await this.save();
  }

  /** The signal that stops the run's requests and sandbox jobs when it is cancelled. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Stop starting steps; steps in progress complete and are stored. The request is stored at once, so a reload before the run stops keeps it paused. */
  pause(): void {
    this.pausing = true;
    this.record.pauseRequested = true;
    void this.save(undefined, true).catch(() => undefined);
  }

  /** Stop now: requests in flight are aborted; their steps are stored with the reason. */
  cancel(): void {
    this.stopReason = 'cancelled';
    this.abort.abort();
    void this.deps.store.flush?.().catch(() => undefined);
  }

  private emit(event: RunEvent): void {
    if (event.type === 'item') this.live.set(event.key, event.status);
    this.deps.onEvent?.(event);
  }

  /** Write the run's record (with `flush`, stored now rather than with the next batch). */
  private async save(status?: RunStatus, flush = false): Promise<void> {
    if (status) this.record.status = status;
    this.record.updatedAt = new Date().toISOString();
    await this.deps.store.putRun(this.record);
    if (flush) await this.deps.store.flush?.();
  }

  /** Run (or resume) until every item is finished, or the run is paused, cancelled or out of budget. */
  async run(): Promise<RunStatus> {
    this.abort = new AbortController();
    this.pausing = false;
    this.stopReason = null;
    delete this.record.pauseRequested;
    delete this.record.scores; // a run that runs has no scores: they are computed when it ends
    await this.save('running');
    this.emit({ type: 'run', status: 'running' });
    const queue = this.record.items.filter((i) => !finished(i));
    const growing = Boolean(growthOf(this.deps.protocol));
    const lanes = Math.max(1, Math.min(this.record.manifest.settings.concurrency, growing ? Infinity : queue.length));
    let inFlight = 0;
    let waiting: (() => void)[] = [];
    const wakeAll = () => {
      const w = waiting;
      waiting = [];
      for (const f of w) f();
    };
    const lane = async () => {
      while (!this.halted()) {
        let item = queue.shift();
        if (!item) {
          if (!growing) return;
          // New units can only come from finished ones: wait for the items in flight first.
          if (inFlight > 0) {
            await new Promise<void>((resolve) => waiting.push(resolve));
            continue;
          }
          inFlight++; // one lane grows at a time; the others wait for what it finds
          try {
            item = (await this.grow(queue)) ?? undefined;
          } finally {
            inFlight--;
            wakeAll();
          }
          if (!item) return;
        }
        inFlight++;
        try {
          await this.runItemSafely(item);
        } finally {
          inFlight--;
          wakeAll();
        }
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    const status: RunStatus = this.stopReason ?? (this.pausing && this.record.items.some((i) => !finished(i)) ? 'paused' : 'done');
    await this.score();
    delete this.record.pauseRequested;
    await this.save(status, true);
    this.emit({ type: 'run', status });
    return status;
  }

  /** A search protocol's next units, when no known one is queued or in flight; null when it has none. */
  private async grow(queue: ItemHead[]): Promise<ItemHead | null> {
    const growth = growthOf(this.deps.protocol);
    if (!growth) return null;
    const items = await this.itemsWithSteps();
    const known = new Set(this.record.items.map((i) => i.key));
    const fresh = growth.units(items, this.record.manifest).filter((u) => !known.has(u.key));
    if (!fresh.length) return null;
    const heads = fresh.map((u) => ({ ...u, status: 'queued' as const }));
    for (const h of heads) this.order.set(h.key, this.record.items.push(h) - 1);
    for (const h of heads) this.emit({ type: 'item', key: h.key, status: { state: 'queued' } });
    await this.save();
    queue.push(...heads.slice(1));
    return heads[0]!;
  }

  /** The run's scores as it stops (docs/metrics.md, "Stored scores and rescoring"); a failure leaves it without, and says why. */
  private async score(): Promise<void> {
    try {
      const scores = scoreRun(this.record.manifest, await this.itemsWithSteps(true));
      if (scores) this.record.scores = scores;
    } catch (err) {
      console.warn(`run ${this.runId} is not scored: ${(err as Error).message}`);
    }
  }

  /**
   * Every item with its steps. Finished items' steps are read once and kept (a search reads them
   * at every batch); with `bulk`, when most items are not kept (a run that does not grow), all
   * steps come in one read of the store.
   */
  private async itemsWithSteps(bulk = false): Promise<ItemRecord[]> {
    const { store } = this.deps;
    const missing = this.record.items.filter((i) => !(finished(i) && this.finishedSteps.has(i.key))).length;
    const all = bulk && missing * 2 > this.record.items.length ? await store.steps(this.runId) : null;
    const items: ItemRecord[] = [];
    for (const i of this.record.items) {
      const known = finished(i) ? this.finishedSteps.get(i.key) : undefined;
      const steps = known ?? (all ? (all.get(i.key) ?? []) : await store.itemSteps(this.runId, i.key));
      if (finished(i) && !known) this.finishedSteps.set(i.key, steps);
      items.push({ ...i, steps });
    }
    return items;
  }

  private halted(): boolean {
    return this.pausing || this.stopReason !== null;
  }

  /** The item's starting program and its outcomes, evaluated once per instance. */
  private startOf(instance: Instance, code: string): Promise<Start> {
    let p = this.starts.get(instance.id);
    if (!p) {
      p = evaluateProgram(this.deps.executor, instance, code).then((ev) => evaluationOf(code, ev.outcomes));
      this.starts.set(instance.id, p);
      p.catch(() => this.starts.delete(instance.id)); // a failed evaluation is tried again by the next item
    }
    return p;
  }

  /** Change an item: only that item is written. */
  private async setItem(item: ItemHead, patch: Partial<ItemHead>): Promise<void> {
    Object.assign(item, patch);
    const order = this.order.get(item.key);
    if (order === undefined) await this.save();
    else await this.deps.store.putItem(this.runId, order, item);
  }

  private async finish(item: ItemHead, patch: Partial<ItemHead>, status: LiveStatus): Promise<void> {
    await this.setItem(item, patch);
    this.emit({ type: 'item', key: item.key, status });
  }

  /** An error escaping an item (the store failing, say) ends that item, never the run. */
  private async runItemSafely(item: ItemHead): Promise<void> {
    try {
      await this.runItem(item);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      try {
        await this.finish(item, { status: 'error', stopReason: 'error', error: message }, { state: 'error', message });
      } catch {
        this.emit({ type: 'item', key: item.key, status: { state: 'error', message } });
      }
    }
  }

  private async runItem(item: ItemHead): Promise<void> {
    const { instances, protocol, store } = this.deps;
    const instance = item.instanceId === undefined ? undefined : instances.get(item.instanceId);
    if (item.instanceId !== undefined && !instance) {
      await this.finish(
        item,
        { status: 'error', stopReason: 'error', error: `instance ${item.instanceId} is not in the dataset` },
        { state: 'error', message: `instance ${item.instanceId} is not in the dataset` },
      );
      return;
    }
    const task = item.taskId === undefined ? undefined : this.deps.tasks?.get(item.taskId);
    if (item.taskId !== undefined && !task) {
      await this.finish(
        item,
        { status: 'error', stopReason: 'error', error: `task ${item.taskId} is not in the dataset` },
        { state: 'error', message: `task ${item.taskId} is not in the dataset` },
      );
      return;
    }
    if (!this.deps.bindings.has(item.modelId)) {
      await this.finish(
        item,
        { status: 'error', stopReason: 'error', error: `model ${item.modelId} is not configured` },
        { state: 'error', message: `model ${item.modelId} is not configured` },
      );
      return;
    }
    this.finishedSteps.delete(item.key); // it runs (again): its steps will change
    const steps = await store.itemSteps(this.runId, item.key);
    const manifest = this.record.manifest;
    const ctx: StepContext = {
      manifest,
      item,
      instance,
      task,
      params: manifest.params as StepContext['params'],
      templates: manifest.templates?.texts ?? protocol.templates,
      steps,
      outcomes: undefined,
    };
    while (!this.halted()) {
      const index = steps.length;
      const startedAt = new Date().toISOString();
      const now = this.deps.now ?? (() => performance.now());
      const t0 = now();
      const calls: CallRecord[] = [];
      let step: Step;
      let stopped: StopReason | null = null;
      try {
        const startProgram = !item.start && instance ? startProgramOf(protocol, instance) : undefined;
        if (startProgram !== undefined) await this.setItem(item, { start: await this.startOf(instance!, startProgram), status: 'running' });
        else if (item.status !== 'running') await this.setItem(item, { status: 'running' });
        const result = await protocol.step(ctx, this.env(item, instance, calls, index));
        if ('stop' in result) {
          await this.finish(item, { status: 'done', stopReason: result.stop }, { state: 'done', reason: result.stop });
          return;
        }
        step = {
          index,
          startedAt,
          durationMs: now() - t0,
          calls,
          ...(result.evaluated ? { evaluation: evaluationOf(result.evaluated.code, result.evaluated.outcomes) } : {}),
          ...(result.data !== undefined ? { data: result.data } : {}),
        };
        if (result.evaluated) ctx.outcomes = result.evaluated.outcomes;
      } catch (err) {
        const cancelled = (err instanceof CallFailed && err.error.kind === 'cancelled') || (err as Error)?.name === 'SandboxCancelled';
        stopped = err instanceof BudgetExceeded ? 'budget' : cancelled ? 'cancelled' : 'error';
        const message = err instanceof Error ? err.message : String(err);
        step = { index, startedAt, durationMs: now() - t0, calls, error: { kind: err instanceof CallFailed ? err.error.kind : stopped, message } };
        if (calls.length) await store.putStep(this.runId, item.key, step); // its calls count, though the step failed
        if (stopped === 'budget') {
          this.stopReason = 'budget';
          await this.finish(item, { status: 'stopped', stopReason: 'budget', error: message }, { state: 'stopped', reason: 'budget' });
        } else if (stopped === 'cancelled') {
          await this.finish(item, { status: 'stopped', stopReason: 'cancelled' }, { state: 'stopped', reason: 'cancelled' });
        } else {
          await this.finish(item, { status: 'error', stopReason: 'error', error: message }, { state: 'error', message });
        }
        return;
      }
      await store.putStep(this.runId, item.key, step);
      steps.push(step);
      this.emit({ type: 'step', key: item.key, step });
    }
    if (item.status === 'running')
      await this.setItem(item, { status: this.stopReason ? 'stopped' : 'queued', ...(this.stopReason ? { stopReason: this.stopReason } : {}) });
    this.emit({ type: 'item', key: item.key, status: this.stopReason ? { state: 'stopped', reason: this.stopReason } : { state: 'queued' } });
  }

  /** The step's view of the run: role calls recorded into `calls`, evaluation on the item's instance, workspaces on the executor. */
  private env(item: ItemHead, instance: Instance | undefined, calls: CallRecord[], index: number): StepEnv {
    const { bindings, caller, executor, protocol } = this.deps;
    const manifest = this.record.manifest;
    const tested = protocol.roles.find((r) => r.tested)?.name;
    let at = 0;
    let state: LiveState = 'executing';
    /** A sandbox job of this step: the item shows that it waits for a worker, if it does for long. */
    const sandbox = <T>(run: (control: JobControl) => Promise<T>): Promise<T> => {
      let started = false;
      const timer = setTimeout(() => {
        if (!started) this.emit({ type: 'item', key: item.key, status: { state: 'waiting-sandbox', turn: at } });
      }, WAITING_SHOWN_AFTER_MS);
      const onStart = () => {
        started = true;
        clearTimeout(timer);
        this.emit({ type: 'item', key: item.key, status: { state, turn: at } });
      };
      return run({ onStart }).finally(() => clearTimeout(timer));
    };
    const modelFor = (role: string) => (role === tested ? item.modelId : manifest.models.find((m) => m.role === role)?.id);
    const needInstance = () => {
      if (!instance) throw new Error(`item ${item.key} has no instance to run programs on`);
      return instance;
    };
    /** A request to a role's model, its record kept on the step whether it succeeds or fails. */
    const recorded = async <T extends { record: CallRecord }>(
      role: string,
      send: (binding: ModelBinding, common: { signal: AbortSignal; onRetry: (attempt: number, max: number, waitMs: number) => void }) => Promise<T>,
    ): Promise<T> => {
      const id = modelFor(role);
      const binding = id === undefined ? undefined : bindings.get(id);
      if (!binding) throw new Error(`the run has no ${role} model`);
      try {
        const r = await send(binding, {
          signal: this.abort.signal,
          onRetry: (attempt, max, waitMs) =>
            this.emit({ type: 'item', key: item.key, status: { state: 'rate-limited', turn: at, attempt, max, waitMs, until: Date.now() + waitMs } }),
        });
        calls.push(r.record);
        return r;
      } catch (err) {
        if (err instanceof CallFailed) calls.push(err.record);
        throw err;
      }
    };
    /** Live tokens, at most every 100 ms per item. */
    let shownAt = 0;
    const progress = (role: string) => (p: ReplyProgress) => {
      const now = Date.now();
      if (now - shownAt < PROGRESS_EVERY_MS) return;
      shownAt = now;
      this.emit({ type: 'reply', key: item.key, role, content: p.content, thinking: p.thinking });
    };
    let asked = 0;
    const ask = (role: string, messages: ChatMessage[], context: unknown, maxTokens?: number) => {
      const seed = callSeed(manifest.settings.seed, item.key, index, asked++);
      return recorded(role, (binding, common) =>
        caller.call(binding, role, messages, {
          ...common,
          seed,
          onProgress: progress(role),
          ...(context !== undefined ? { context } : {}),
          ...(maxTokens !== undefined ? { maxTokens } : {}),
        }),
      );
    };
    return {
      has: (role) => modelFor(role) !== undefined,
      call: async (role, messages, options = {}) => {
        const first = await ask(role, messages, options.context);
        if (!first.record.truncated) return first.content;
        // A reply cut by the token limit is no answer; it may be asked again once with more room.
        const larger = manifest.settings.retryTruncated ? largerLimit(first.record.maxTokens) : null;
        if (larger !== null) {
          const again = await ask(role, messages, options.context, larger);
          if (!again.record.truncated) return again.content;
        }
        return '';
      },
      evaluate: async (code) => (await sandbox((c) => evaluateProgram(executor, needInstance(), code, undefined, c))).outcomes,
      traces: () => sandbox((c) => referenceTraces(executor, needInstance(), this.traceStore, { defaultTimeLimitMs: 10_000 }, c)),
      workspace: (files, steps, timeLimitMs) => sandbox((c) => runWorkspace(executor, files, steps, timeLimitMs, c)),
      embed: (role, texts) => recorded(role, (binding, common) => caller.embed(binding, role, texts, common)).then((r) => r.vectors),
      report: (now, turn) => {
        at = turn;
        state = now;
        this.emit({ type: 'item', key: item.key, status: { state: now, turn } });
      },
      shared: async <T>(key: string, make: () => Promise<T>) => {
        const kept = this.record.shared?.[key];
        if (kept !== undefined) return { value: kept as T, made: false };
        const got = await this.shared.getOrMake(key, make);
        (this.record.shared ??= {})[key] = got.value;
        await this.save();
        return got;
      },
      style: async (code) => {
        if (!this.deps.style) return null;
        try {
          return (await this.deps.style()).check(code);
        } catch (err) {
          console.warn(`style is not measured: ${(err as Error).message}`);
          return null;
        }
      },
    };
  }
}

/** The sampling seed of a step's n-th call: from the run's seed and the call's place, so a model that honours seeds answers a run made again alike. */
export const callSeed = (runSeed: number, itemKey: string, step: number, call: number) => hash32([runSeed, itemKey, step, call].join('\u0000')) & 0x7fffffff;
