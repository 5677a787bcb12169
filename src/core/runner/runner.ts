// Runs instances × models × repeats for a protocol. Every turn is stored as soon as it
// completes, under (run, item, turn index), so a run that stops for any reason — pause,
// cancel, a closed tab — resumes with no lost and no duplicated turns.
import { evaluateProgram, type Executor } from '../exec/engine.ts';
import { MemoryTraceStore, referenceTraces, type TraceStore } from '../exec/traces.ts';
import { BudgetExceeded } from '../llm/budget.ts';
import { CallFailed, type Caller, type LlmCallRecord, type ModelBinding } from '../llm/caller.ts';
import { extractCode } from '../llm/extract.ts';
import type { ChatMessage } from '../llm/types.ts';
import type { Instance } from '../model/instance.ts';
import type { ItemRecord, StopReason, Turn } from '../model/runlog.ts';
import type { RunRecord, RunStatus, RunStore } from '../store/runs.ts';
import { currentCode, currentPassed, type ItemState, type Protocol, type ProtocolEnv } from './protocol.ts';

/** What an item is doing right now (shown live; the stored record keeps the outcome). */
export type LiveStatus =
  | { state: 'queued' }
  | { state: 'planning'; turn: number }
  | { state: 'generating'; turn: number }
  | { state: 'executing'; turn: number }
  | { state: 'rate-limited'; turn: number; attempt: number; max: number; waitMs: number }
  | { state: 'done'; reason: StopReason }
  | { state: 'error'; message: string }
  | { state: 'stopped'; reason: StopReason };

export type RunEvent =
  | { type: 'item'; key: string; status: LiveStatus }
  | { type: 'turn'; key: string; turn: Turn }
  | { type: 'run'; status: RunStatus };

export interface RunDeps {
  executor: Executor;
  store: RunStore;
  caller: Caller;
  /** Model bindings (candidates, the feedback model and the judge) by model id. */
  bindings: Map<string, ModelBinding>;
  /** Where reference traces are cached (PAIR scenarios); in memory by default. */
  traces?: TraceStore;
  instances: Map<string, Instance>;
  protocol: Protocol;
  onEvent?: (event: RunEvent) => void;
  now?: () => number;
}

const finished = (i: Omit<ItemRecord, 'turns'>) => i.status === 'done' || i.status === 'error';

/** What a stored item's status looks like before anything happens to it in this tab. */
export function storedStatus(item: Omit<ItemRecord, 'turns'>): LiveStatus {
  if (item.status === 'error') return { state: 'error', message: item.error ?? '' };
  if (item.status === 'done') return { state: 'done', reason: item.stopReason ?? 'turns' };
  if (item.status === 'stopped') return { state: 'stopped', reason: item.stopReason ?? 'cancelled' };
  return { state: 'queued' };
}

export class RunController {
  private abort = new AbortController();
  private pausing = false;
  private stopReason: 'cancelled' | 'budget' | null = null;
  private readonly initial = new Map<string, Promise<string[]>>();
  private readonly traceStore: TraceStore;
  readonly live = new Map<string, LiveStatus>();

  constructor(
    private record: RunRecord,
    private readonly deps: RunDeps,
  ) {
    for (const item of record.items) this.live.set(item.key, storedStatus(item));
    this.traceStore = deps.traces ?? new MemoryTraceStore();
  }

  get status(): RunStatus {
    return this.record.status;
  }

  get runId(): string {
    return this.record.manifest.runId;
  }

  /** Stop starting turns; turns in progress complete and are stored. */
  pause(): void {
    this.pausing = true;
  }

  /** Stop now: requests in flight are aborted, their turns are not recorded. */
  cancel(): void {
    this.stopReason = 'cancelled';
    this.abort.abort();
  }

  private emit(event: RunEvent): void {
    if (event.type === 'item') this.live.set(event.key, event.status);
    this.deps.onEvent?.(event);
  }

  private async save(status?: RunStatus): Promise<void> {
    if (status) this.record.status = status;
    this.record.updatedAt = new Date().toISOString();
    await this.deps.store.putRun(this.record);
  }

  /** Run (or resume) until every item is finished, or the run is paused, cancelled or out of budget. */
  async run(): Promise<RunStatus> {
    this.abort = new AbortController();
    this.pausing = false;
    this.stopReason = null;
    await this.save('running');
    this.emit({ type: 'run', status: 'running' });
    const queue = this.record.items.filter((i) => !finished(i));
    const lanes = Array.from({ length: Math.max(1, Math.min(this.record.manifest.params.concurrency, queue.length)) }, async () => {
      while (queue.length > 0 && !this.halted()) await this.runItem(queue.shift()!);
    });
    await Promise.all(lanes);
    const status: RunStatus = this.stopReason ?? (this.pausing && this.record.items.some((i) => !finished(i)) ? 'paused' : 'done');
    await this.save(status);
    this.emit({ type: 'run', status });
    return status;
  }

  private halted(): boolean {
    return this.pausing || this.stopReason !== null;
  }

  private initialPassed(instance: Instance): Promise<string[]> {
    let p = this.initial.get(instance.id);
    if (!p) {
      p = evaluateProgram(this.deps.executor, instance, instance.buggy).then((ev) => ev.outcomes.filter((o) => o.outcome === 'passed').map((o) => o.testId));
      this.initial.set(instance.id, p);
    }
    return p;
  }

  private async setItem(item: Omit<ItemRecord, 'turns'>, patch: Partial<Omit<ItemRecord, 'turns'>>): Promise<void> {
    Object.assign(item, patch);
    await this.save();
  }

  private async runItem(item: Omit<ItemRecord, 'turns'>): Promise<void> {
    const { instances, bindings, protocol, caller, store, executor } = this.deps;
    const instance = instances.get(item.instanceId);
    const binding = bindings.get(item.modelId);
    if (!instance || !binding) {
      await this.setItem(item, { status: 'error', stopReason: 'error', error: !instance ? `instance ${item.instanceId} is not in the dataset` : `model ${item.modelId} is not configured` });
      this.emit({ type: 'item', key: item.key, status: { state: 'error', message: item.error! } });
      return;
    }
    const turns = (await store.turns(this.runId)).get(item.key) ?? [];
    if (!item.initialPassed) await this.setItem(item, { initialPassed: await this.initialPassed(instance), status: 'running' });
    else if (item.status !== 'running') await this.setItem(item, { status: 'running' });
    const manifest = this.record.manifest;
    const templates = manifest.templates?.texts ?? protocol.templates;
    const state: ItemState = { instance, key: item.key, repeat: item.repeat, initialPassed: item.initialPassed!, turns, params: manifest.params, templates };
    const feedbackCalls: LlmCallRecord[] = [];
    /** A model of the run in a supporting role, or null when the run has none in that role. */
    const ask = (role: 'feedback' | 'judge') => {
      const spec = manifest.models.find((m) => m.role === role);
      if (!spec) return null;
      return async (messages: ChatMessage[], context?: unknown) => {
        const binding = bindings.get(spec.id);
        if (!binding) throw new Error(`${role} model ${spec.id} is not configured`);
        const r = await caller.call(binding, role, messages, { signal: this.abort.signal, context });
        feedbackCalls.push(r.record);
        return r.content;
      };
    };
    const env: ProtocolEnv = {
      evaluate: async (code) => (await evaluateProgram(executor, instance, code)).outcomes,
      traces: () => referenceTraces(executor, instance, this.traceStore, { defaultTimeLimitMs: 10_000 }),
      feedback: ask('feedback'),
      judge: ask('judge'),
    };
    while (!this.halted()) {
      const index = state.turns.length;
      const startedAt = new Date().toISOString();
      const t0 = (this.deps.now ?? (() => performance.now()))();
      feedbackCalls.length = 0;
      let plan: Awaited<ReturnType<Protocol['plan']>>;
      let reply: Awaited<ReturnType<Caller['call']>>;
      try {
        if (index > 0) this.emit({ type: 'item', key: item.key, status: { state: 'planning', turn: index } });
        plan = await protocol.plan(state, env);
        if ('stop' in plan) {
          await this.setItem(item, { status: 'done', stopReason: plan.stop });
          this.emit({ type: 'item', key: item.key, status: { state: 'done', reason: plan.stop } });
          return;
        }
        this.emit({ type: 'item', key: item.key, status: { state: 'generating', turn: index } });
        reply = await caller.call(binding, 'candidate', plan.messages, {
          signal: this.abort.signal,
          context: plan.context,
          onRetry: (attempt, max, waitMs) => this.emit({ type: 'item', key: item.key, status: { state: 'rate-limited', turn: index, attempt, max, waitMs } }),
        });
      } catch (err) {
        if (err instanceof BudgetExceeded) {
          this.stopReason = 'budget';
          await this.setItem(item, { status: 'stopped', stopReason: 'budget', error: err.message });
          this.emit({ type: 'item', key: item.key, status: { state: 'stopped', reason: 'budget' } });
          return;
        }
        if (err instanceof CallFailed && err.error.kind === 'cancelled') {
          await this.setItem(item, { status: 'stopped', stopReason: 'cancelled' });
          this.emit({ type: 'item', key: item.key, status: { state: 'stopped', reason: 'cancelled' } });
          return;
        }
        const message = err instanceof Error ? err.message : String(err);
        await this.setItem(item, { status: 'error', stopReason: 'error', error: message });
        this.emit({ type: 'item', key: item.key, status: { state: 'error', message } });
        return;
      }
      const extraction = extractCode(reply.content);
      let code = currentCode(state);
      let passed = currentPassed(state);
      if (extraction.code !== null) {
        code = extraction.code;
        this.emit({ type: 'item', key: item.key, status: { state: 'executing', turn: index } });
        const ev = await evaluateProgram(executor, instance, code);
        passed = ev.outcomes.filter((o) => o.outcome === 'passed').map((o) => o.testId);
        state.outcomes = ev.outcomes;
      }
      const turn: Turn = {
        index,
        prompt: plan.prompt,
        reply: reply.content,
        extraction: extraction.how,
        outcome: extraction.code === null ? 'no-code' : 'evaluated',
        code,
        passed,
        total: instance.tests.length,
        ...(plan.feedback ? { feedback: plan.feedback } : {}),
        calls: [...feedbackCalls, reply.record],
        startedAt,
        durationMs: (this.deps.now ?? (() => performance.now()))() - t0,
      };
      await store.putTurn(this.runId, item.key, turn);
      state.turns.push(turn);
      this.emit({ type: 'turn', key: item.key, turn });
    }
    if (item.status === 'running') await this.setItem(item, { status: this.stopReason ? 'stopped' : 'queued', ...(this.stopReason ? { stopReason: this.stopReason } : {}) });
    this.emit({ type: 'item', key: item.key, status: this.stopReason ? { state: 'stopped', reason: this.stopReason } : { state: 'queued' } });
  }
}
