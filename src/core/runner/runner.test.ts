// The runner, end to end in Pyodide (Node) with simulated models: turns, stopping rules,
// persistence, pause/resume with no lost or doubled turns, errors that stay on their item,
// failed steps that keep their calls, budget, units made as a run goes, and exports.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../workers/node-executor.ts';
import { Budget } from '../llm/budget.ts';
import { Caller } from '../llm/caller.ts';
import { LimiterRegistry } from '../llm/limiter.ts';
import { LlmError } from '../llm/types.ts';
import type { Instance } from '../model/instance.ts';
import type { RunLog, RunSettings } from '../model/runlog.ts';
import type { Protocol } from '../protocols/contract.ts';
import { requireProtocol, summarizeRun } from '../protocols/registry.ts';
import type { TurnItem, TurnRecord } from '../protocols/turns.ts';
import { LearnerSeat, type PendingTurn } from '../teach/seat.ts';
import { loadRunLog, MemoryRunStore, type RunRecord } from '../store/runs.ts';
import { parseRunLog, toCsv, toJson, toJsonl } from './export.ts';
import { withScores } from '../runlog/read.ts';
import { recordedSpend, RunController, type RunEvent } from './runner.ts';
import { buildBindings, createManifest, createRecord, type CandidateConfig } from './setup.ts';

const MUTATOR = readFileSync(new URL('../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const instances = ['str-run-length', 'arr-best-window'].map((id) => builtin.find((i) => i.id === id)!);
const executor = new ThreadedNodeExecutor();
const app = { version: 'test', pyodide: 'test' };

async function setup(candidates: CandidateConfig[], settings: Partial<RunSettings> = {}, store = new MemoryRunStore(), caller?: Caller) {
  const manifest = await createManifest(
    { protocol: 'no-hint', candidates, params: { turns: 3 }, settings: { concurrency: 2, ...settings } },
    { id: 'builtin', name: 'Built-in', instances },
    noHint,
    app,
  );
  const record = createRecord(manifest, noHint);
  await store.putRun(record);
  const events: RunEvent[] = [];
  const deps = {
    executor,
    store,
    caller: caller ?? new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
    bindings: buildBindings(manifest, { executor, mutator: MUTATOR, keyFor: () => '' }),
    instances: new Map(instances.map((i) => [i.id, i])),
    protocol: noHint,
    onEvent: (e: RunEvent) => events.push(e),
  };
  return { manifest, record, store, deps, events };
}

/** The items of a PAIR-family log as turns. */
const noHint = requireProtocol('no-hint');
const pair = requireProtocol('pair');
/** A PAIR turn as these checks read it: the program's extraction, and the hint of its feedback. */
type Turn = TurnRecord & { extraction?: string; feedback?: { level: number; text: string; scenario?: { id: string; testIds: string[] } } };
const turnsOf = (log: RunLog) => requireProtocol(log.manifest.protocol.id).trajectory!.turns(log).items as readonly (TurnItem & { turns: Turn[] })[];

describe('the no-hint baseline', () => {
  let log: RunLog;
  let items: ReturnType<typeof turnsOf>;
  beforeAll(async () => {
    const { record, store, deps } = await setup([
      { kind: 'simulated', profile: 'oracle' },
      { kind: 'simulated', profile: 'no-op' },
    ]);
    expect(await new RunController(record, deps).run()).toBe('done');
    log = (await loadRunLog(store, record.manifest.runId))!;
    items = turnsOf(log);
  });

  it('stops at the first full pass: the oracle needs one turn', () => {
    for (const item of items.filter((i) => i.modelId === 'oracle')) {
      expect(item).toMatchObject({ status: 'done', stopReason: 'fixed' });
      expect(item.turns).toHaveLength(1);
      expect(item.turns[0]!.passed).toHaveLength(item.turns[0]!.total);
      expect(item.turns[0]!.extraction).toBe('fenced-python');
    }
  });

  it('runs the initial repair plus α revisions, with the fixed message: no-op never improves', () => {
    for (const item of items.filter((i) => i.modelId === 'no-op')) {
      expect(item).toMatchObject({ status: 'done', stopReason: 'turns' });
      expect(item.turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
      expect(item.turns.every((t) => t.passed.length === item.initialPassed!.length)).toBe(true);
      expect(item.turns[0]!.prompt).toContain('is a wrong answer to it');
      const buggy = instances.find((i) => i.id === item.instanceId)!.buggy;
      expect(item.turns[1]!.prompt).toBe(
        `Your program still fails some hidden tests.\n\nYour current program:\n\n\`\`\`python\n${buggy}\`\`\`\n\nRevise it and answer with the complete corrected program.`,
      );
      expect(item.turns[0]!.feedback).toBeUndefined();
      expect(item.turns[1]!.feedback).toEqual({ text: 'Your program still fails some hidden tests.' });
      // The revision sees the whole conversation so far.
      expect(item.turns[2]!.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    }
  });

  it('summarizes per model', () => {
    const oracle = log.summaries.find((s) => s.modelId === 'oracle')!;
    const noop = log.summaries.find((s) => s.modelId === 'no-op')!;
    expect(oracle).toMatchObject({ items: 2, simulated: true, costUsd: 0 });
    expect(oracle.metrics).toMatchObject({ initialFix: 1, finalFix: 1, turnsToFix: null });
    expect(noop).toMatchObject({ items: 2, metrics: { initialFix: 0, finalFix: 0 } });
  });

  it('records the program each item starts from and every evaluation’s per-test outcomes', () => {
    for (const item of log.items) {
      const instance = instances.find((i) => i.id === item.instanceId)!;
      expect(item.start!.code).toBe(instance.buggy);
      for (const ev of [item.start!, ...item.steps.map((s) => s.evaluation!)]) {
        expect(ev.passed.length + ev.failures!.length).toBe(instance.tests.length);
        expect(new Set([...ev.passed, ...ev.failures!.map((f) => f.id)])).toEqual(new Set(instance.tests.map((t) => t.id)));
        for (const f of ev.failures!) expect(f.outcome).not.toBe('passed');
      }
    }
    // The buggy programs fail with wrong answers here, each with its fail type.
    expect(log.items[0]!.start!.failures!.some((f) => f.outcome === 'wrong-answer' && f.failType)).toBe(true);
  });

  it('exports to JSON and JSONL and reads both back exactly; CSV has a row per step', async () => {
    const scored = withScores(log);
    expect(await parseRunLog(toJson(scored))).toEqual(scored);
    expect(await parseRunLog(toJsonl(scored))).toEqual(scored);
    const csv = toCsv(log).trim().split('\n');
    expect(csv[0]).toBe(
      'run_id,protocol,instance_id,model_id,simulated,repeat,step,evaluated,passed,total,pass_rate,prompt_tokens,completion_tokens,cost_usd,latency_ms,retries,step_error,item_status,stop_reason',
    );
    expect(csv).toHaveLength(1 + log.items.reduce((n, i) => n + i.steps.length, 0));
    await expect(parseRunLog('{"manifest": {}}')).rejects.toThrow(/not a hintbench run log/);
  });
});

describe('persistence', () => {
  it('resumes after an interruption with no lost and no doubled turns, as if never interrupted', async () => {
    const candidates: CandidateConfig[] = [
      { kind: 'simulated', profile: 'medium' },
      { kind: 'simulated', profile: 'low' },
    ];
    // Uninterrupted reference run.
    const a = await setup(candidates, { seed: 7 });
    await new RunController(a.record, a.deps).run();
    const full = (await loadRunLog(a.store, a.record.manifest.runId))!;

    // Same run, "reloaded" after the third stored turn: a fresh controller from the store.
    const b = await setup(candidates, { seed: 7 });
    b.manifest.runId = a.manifest.runId; // same seed and id: same decisions
    b.record.manifest.runId = a.manifest.runId;
    await b.store.putRun(b.record);
    let stored = 0;
    const first = new RunController(b.record, { ...b.deps, onEvent: (e) => e.type === 'step' && ++stored === 3 && first.pause() });
    expect(await first.run()).toBe('paused');
    const midway = (await loadRunLog(b.store, a.manifest.runId))!;
    expect(midway.items.reduce((n, i) => n + i.steps.length, 0)).toBeGreaterThanOrEqual(3);
    const again = new RunController((await b.store.getRun(a.manifest.runId))!, b.deps);
    expect(await again.run()).toBe('done');
    const resumed = (await loadRunLog(b.store, a.manifest.runId))!;
    const shape = (log: RunLog) => turnsOf(log).map((i) => [i.key, i.stopReason, i.turns.map((t) => [t.index, t.passed.length, t.code])]);
    expect(shape(resumed)).toEqual(shape(full));
    for (const item of resumed.items) expect(item.steps.map((t) => t.index)).toEqual(item.steps.map((_, i) => i));
  });

  it('stores a pause as soon as it is asked for (a reload before the run stops keeps it paused), and clears it when the run stops', async () => {
    const { record, store, deps } = await setup([{ kind: 'simulated', profile: 'oracle' }]);
    const id = record.manifest.runId;
    let seen: Promise<boolean | undefined> | undefined;
    const c = new RunController(record, {
      ...deps,
      onEvent: (e) => {
        if (e.type !== 'step' || seen) return;
        c.pause();
        seen = store.getRun(id).then((r) => r?.pauseRequested);
      },
    });
    expect(await c.run()).toBe('paused');
    expect(await seen).toBe(true);
    expect((await store.getRun(id))!.pauseRequested).toBeUndefined();
    expect(await new RunController((await store.getRun(id))!, deps).run()).toBe('done');
    expect((await store.getRun(id))!.pauseRequested).toBeUndefined();
  });

  it('records an error on its item and goes on with the others', async () => {
    const { record, store, deps } = await setup([{ kind: 'simulated', profile: 'oracle' }]);
    const failing = {
      ...deps.bindings.get('oracle')!,
      model: { id: 'oracle', label: 'x', simulated: false, chat: async () => Promise.reject(new LlmError('auth', 'bad key', 401)) },
    };
    let calls = 0;
    const bindings = new Map([
      [
        'oracle',
        {
          ...failing,
          model: { ...failing.model, chat: async (r: never) => (calls++ === 0 ? failing.model.chat() : deps.bindings.get('oracle')!.model.chat(r)) },
        },
      ],
    ]);
    expect(await new RunController(record, { ...deps, bindings }).run()).toBe('done');
    const log = (await loadRunLog(store, record.manifest.runId))!;
    expect(log.items.map((i) => i.status).sort()).toEqual(['done', 'error']);
    expect(log.items.find((i) => i.status === 'error')!.error).toContain('bad key');
  });

  it('stops when the budget would be exceeded, before the call', async () => {
    const caller = new Caller({ prices: { 'simulated-oracle': { input: 1, output: 1 } }, budget: new Budget(0), limiters: new LimiterRegistry(4) });
    const { record, store, deps } = await setup([{ kind: 'simulated', profile: 'oracle' }], {}, undefined, caller);
    // Simulated models are free, so make this one look paid to exercise the cap.
    const paid = new Map([...deps.bindings].map(([k, b]) => [k, { ...b, model: { ...b.model, simulated: false, chat: b.model.chat.bind(b.model) } }]));
    expect(await new RunController(record, { ...deps, bindings: paid }).run()).toBe('budget');
    const log = (await loadRunLog(store, record.manifest.runId))!;
    expect(log.items.every((i) => i.steps.length === 0)).toBe(true);
  });
});

describe('errors stay on their item', () => {
  it('a sandbox error while evaluating a program ends that item only; the run goes on', async () => {
    const { record, store, deps } = await setup([
      { kind: 'simulated', profile: 'oracle' },
      { kind: 'simulated', profile: 'no-op' },
    ]);
    const broken = instances[1]!.reference; // the oracle's answer on the second instance
    const executor = {
      run: (job: Parameters<typeof deps.executor.run>[0]) =>
        job.program === broken ? Promise.reject(new Error('the sandbox crashed')) : deps.executor.run(job),
    };
    expect(await new RunController(record, { ...deps, executor }).run()).toBe('done');
    const log = (await loadRunLog(store, record.manifest.runId))!;
    const bad = log.items.find((i) => i.key === `${instances[1]!.id}|oracle|0`)!;
    expect(bad).toMatchObject({ status: 'error', stopReason: 'error', error: 'the sandbox crashed' });
    // The failed step keeps the candidate's call, whose reply was the program that could not run.
    expect(bad.steps.map((s) => [s.error?.message, s.calls.map((c) => c.role)])).toEqual([['the sandbox crashed', ['candidate']]]);
    expect(log.items.filter((i) => i !== bad).every((i) => i.status === 'done')).toBe(true);
  });
});

describe('failed steps', () => {
  /** A paid feedback model: 1000 tokens in, 100 out, at $1 and $2 per million: $0.0012 a call. */
  const paidFeedback = {
    model: {
      id: 'fb',
      label: 'Paid feedback',
      simulated: false,
      chat: async () => ({ content: 'Check how the loop ends.', usage: { promptTokens: 1000, completionTokens: 100 }, model: 'paid-fb' }),
    },
    modelName: 'paid-fb',
    endpoint: 'test:fb',
    keyId: 'none',
    maxConcurrency: 4,
  };
  const FEEDBACK_COST = (1000 * 1 + 100 * 2) / 1e6;

  it('keep every call, so the spend a resume counts includes the calls of a step that failed', async () => {
    const instance = instances[0]!;
    const manifest = await createManifest(
      {
        protocol: 'pair',
        candidates: [{ kind: 'simulated', profile: 'no-op' }],
        roles: { feedback: { kind: 'provider', id: 'fb', preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', model: 'paid-fb' } },
        params: { turns: 3, regenerations: 0 },
        settings: { concurrency: 1 },
      },
      { id: 'builtin', name: 'Built-in', instances: [instance] },
      pair,
      app,
    );
    const store = new MemoryRunStore();
    const record = createRecord(manifest, pair);
    await store.putRun(record);
    const bindings = buildBindings(manifest, { executor, mutator: MUTATOR, keyFor: () => '' });
    const noop = bindings.get('no-op')!;
    let candidateCalls = 0;
    // The candidate answers turn 0, then its provider refuses the key.
    bindings.set('no-op', {
      ...noop,
      model: {
        id: 'no-op',
        label: 'no-op',
        simulated: true,
        chat: (r, signal) => (candidateCalls++ === 0 ? noop.model.chat(r, signal) : Promise.reject(new LlmError('auth', 'bad key', 401))),
      },
    });
    bindings.set('fb', paidFeedback);
    const caller = new Caller({ prices: { 'paid-fb': { input: 1, output: 2 } }, budget: new Budget(null), limiters: new LimiterRegistry(4) });
    expect(await new RunController(record, { executor, store, caller, bindings, instances: new Map([[instance.id, instance]]), protocol: pair }).run()).toBe(
      'done',
    );
    const log = (await loadRunLog(store, manifest.runId))!;
    const item = log.items[0]!;
    expect(item).toMatchObject({ status: 'error', error: expect.stringContaining('bad key') });
    expect(item.steps.map((s) => [s.index, s.error?.kind ?? null, s.calls.map((c) => [c.role, c.error?.kind ?? null, c.costUsd])])).toEqual([
      [0, null, [['candidate', null, 0]]],
      [
        1,
        'auth',
        [
          ['feedback', null, FEEDBACK_COST],
          ['candidate', 'auth', 0],
        ],
      ],
    ]);
    // The failed step is not a turn, but its paid call counts: on resume and in the leaderboard's cost.
    expect(turnsOf(log)[0]!.turns).toHaveLength(1);
    expect(recordedSpend((await store.steps(manifest.runId)).values())).toBeCloseTo(FEEDBACK_COST, 12);
    expect(log.summaries[0]!.costUsd).toBeCloseTo(FEEDBACK_COST, 12);
  }, 120_000);
});

describe('units made as the run goes (a search)', () => {
  /** A toy search: one unit to start; each finished unit adds two children, up to seven in all. */
  const search: Protocol = {
    ...noHint,
    id: 'toy-search',
    units: (m) => [{ key: 'n0', modelId: m.models[0]!.id, repeat: 0 }],
    work: {
      on: 'none',
      growth: {
        units: (items, m) => {
          if (!items.every((i) => i.status === 'done') || items.length >= 7) return [];
          const next = items.length;
          return [0, 1].map((k) => ({ key: `n${next + k}`, modelId: m.models[0]!.id, repeat: 0 }));
        },
        planned: () => 7,
      },
    },
    step: async (ctx) => (ctx.steps.length ? { stop: 'fixed' } : { data: { depth: Number(ctx.item.key.slice(1)) } }),
  };

  it('asks the protocol for more units once none is queued or running, and works them at the run’s concurrency', async () => {
    const manifest = await createManifest(
      { protocol: 'no-hint', candidates: [{ kind: 'simulated', profile: 'no-op' }], settings: { concurrency: 2 } },
      { id: 'builtin', name: 'Built-in', instances },
      noHint,
      app,
    );
    const store = new WatchedStore();
    const record = createRecord(manifest, search);
    await store.putRun(record);
    let running = 0;
    let most = 0;
    const deps = {
      executor,
      store,
      caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
      bindings: buildBindings(manifest, { executor, mutator: MUTATOR, keyFor: () => '' }),
      instances: new Map(),
      protocol: search,
    };
    const watched: Protocol = {
      ...search,
      step: async (ctx, env) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return search.step(ctx, env);
      },
    };
    expect(await new RunController(record, { ...deps, protocol: watched }).run()).toBe('done');
    const stored = (await store.getRun(manifest.runId))!;
    expect(stored.items.map((i) => [i.key, i.status])).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6'].map((k) => [k, 'done']));
    expect(most).toBe(2); // children of one round are worked on two at a time
    const steps = await store.steps(manifest.runId);
    expect(steps.get('n5')!.map((s) => s.data)).toEqual([{ depth: 5 }]);
    // Each unit's steps are read when it starts and once after it finished; scoring at the end reads none again.
    expect([...store.itemReads.values()].every((n) => n === 2)).toBe(true);
    expect(store.bulkReads).toBe(1); // the assertion's own read just above
    expect(stored.scores?.metrics.protocol).toBe('no-hint');
  });
});

/** A store that counts step reads and notes, for each record written, its status and whether it held scores. */
class WatchedStore extends MemoryRunStore {
  bulkReads = 0;
  readonly itemReads = new Map<string, number>();
  readonly writes: { status: string; scored: boolean }[] = [];
  override async putRun(run: RunRecord) {
    this.writes.push({ status: run.status, scored: run.scores !== undefined });
    return super.putRun(run);
  }
  override async steps(runId: string) {
    this.bulkReads++;
    return super.steps(runId);
  }
  override async itemSteps(runId: string, itemKey: string) {
    this.itemReads.set(itemKey, (this.itemReads.get(itemKey) ?? 0) + 1);
    return super.itemSteps(runId, itemKey);
  }
}

describe('scores stored as a run ends', () => {
  const candidates: CandidateConfig[] = [
    { kind: 'simulated', profile: 'medium' },
    { kind: 'simulated', profile: 'low' },
  ];

  it('a finished run keeps its summaries and item scores, stamped with the metric code, read in one go', async () => {
    const store = new WatchedStore();
    const { record, deps, manifest } = await setup(candidates, { seed: 3 }, store);
    expect(await new RunController(record, deps).run()).toBe('done');
    expect(store.bulkReads).toBe(1); // the steps are read once, at the end
    const stored = (await store.getRun(manifest.runId))!;
    const log = (await loadRunLog(store, manifest.runId))!;
    expect(stored.scores!.metrics).toEqual({ protocol: 'no-hint', version: noHint.metrics.version });
    expect(stored.scores!.summaries).toEqual(summarizeRun(manifest, log.items));
    expect(Object.keys(stored.scores!.items).sort()).toEqual(log.items.map((i) => i.key).sort());
    for (const item of log.items) expect(stored.scores!.items[item.key]).toEqual(noHint.metrics.itemScores!(manifest, item));
    expect(store.writes.at(-1)).toEqual({ status: 'done', scored: true });
  });

  it('a paused run is scored on what it has; resuming drops the scores until it ends again', async () => {
    const store = new WatchedStore();
    const { record, deps, manifest } = await setup(candidates, { seed: 7 }, store);
    let steps = 0;
    const first = new RunController(record, { ...deps, onEvent: (e) => e.type === 'step' && ++steps === 2 && first.pause() });
    expect(await first.run()).toBe('paused');
    const paused = (await store.getRun(manifest.runId))!;
    expect(paused.status).toBe('paused');
    const midway = (await loadRunLog(store, manifest.runId))!;
    expect(paused.scores!.summaries).toEqual(summarizeRun(manifest, midway.items));
    store.writes.length = 0;
    expect(await new RunController(paused, deps).run()).toBe('done');
    expect(store.writes[0]).toEqual({ status: 'running', scored: false });
    expect(store.writes.slice(0, -1).every((w) => !w.scored)).toBe(true);
    expect(store.writes.at(-1)).toEqual({ status: 'done', scored: true });
    const done = (await store.getRun(manifest.runId))!;
    const log = (await loadRunLog(store, manifest.runId))!;
    expect(done.scores!.summaries).toEqual(summarizeRun(manifest, log.items));
    expect(done.scores!.scoredAt >= paused.scores!.scoredAt).toBe(true);
  });
});

describe('a learner in the candidate seat (Teach mode)', () => {
  const instance = instances[0]!; // str-run-length

  async function session(seat: LearnerSeat, store = new MemoryRunStore()) {
    const manifest = await createManifest(
      { protocol: 'pair', candidates: [{ kind: 'human' }], params: { turns: 10 }, settings: { concurrency: 1 } },
      { id: 'builtin', name: 'Built-in', instances: [instance] },
      pair,
      app,
    );
    const record = createRecord(manifest, pair);
    await store.putRun(record);
    const deps = {
      executor,
      store,
      caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
      bindings: buildBindings(manifest, { executor, mutator: MUTATOR, keyFor: () => '', seat }),
      instances: new Map([[instance.id, instance]]),
      protocol: pair,
    };
    return { manifest, record, store, deps };
  }

  it('fixes an instance from a script: unchanged twice (L1, then L2 on the same scenario), then the reference', async () => {
    const seat = new LearnerSeat();
    const seen: PendingTurn[] = [];
    seat.subscribe((p) => {
      if (!p) return;
      seen.push(p);
      queueMicrotask(() => seat.submit(p.turn < 2 ? p.code : instance.reference));
    });
    const { record, store, deps } = await session(seat);
    expect(await new RunController(record, deps).run()).toBe('done');
    const log = (await loadRunLog(store, record.manifest.runId))!;
    const item = turnsOf(log)[0]!;
    expect(item).toMatchObject({ modelId: 'learner', status: 'done', stopReason: 'fixed' });
    const [t0, t1, t2] = item.turns as [Turn, Turn, Turn];
    expect(item.turns.map((t) => t.index)).toEqual([0, 1, 2]);

    // Turn 0: the buggy program unchanged, no feedback; the seat showed no hint.
    expect(t0.code).toBe(instance.buggy);
    expect(t0.passed).toEqual(item.initialPassed);
    expect(t0.feedback).toBeUndefined();
    expect(seen[0]).toEqual({ turn: 0, code: instance.buggy, hint: null, level: null, scenarioSize: null });
    // Turn 1: L1 on a scenario; unchanged, so it did not close and turn 2 is L2 on the same one.
    expect(t1.feedback?.level).toBe(1);
    expect(t2.feedback?.level).toBe(2);
    expect(t2.feedback?.scenario?.id).toBe(t1.feedback?.scenario?.id);
    expect(t1.passed).toEqual(t0.passed);
    expect(seen[1]).toEqual({ turn: 1, code: instance.buggy, hint: t1.feedback!.text, level: 1, scenarioSize: t1.feedback!.scenario!.testIds.length });
    expect(seen[2]).toMatchObject({ turn: 2, level: 2, hint: t2.feedback!.text });
    // Turn 2: the reference, recovered exactly from the seat's reply; every test passes.
    expect(t2.code).toBe(instance.reference);
    expect(t2.extraction).toBe('fenced-python');
    expect(t2.passed).toHaveLength(instance.tests.length);
    // The learner's calls: no usage, and free.
    const learnerCalls = item.turns.map((t) => t.calls.at(-1)!);
    expect(learnerCalls.map((c) => [c.modelId, c.model, c.simulated, c.usage, c.costUsd])).toEqual(Array(3).fill(['learner', 'human', false, null, 0]));

    // Metrics, by hand: p0 = p1 < 1, p2 = 1.
    // Initial Fix 0, Final Fix 1, Turns to Fix 2, GC (1 − p0)/(1 − p0) = 1, PMR (1 + 1)/2 = 1,
    // BP 1 (no passing test broken), TRS (0 + 1)/2 = 0.5 (turn 1 fixed none of G, turn 2 all),
    // HE 7 − 2 = 5 (one attempted scenario, closed at L2),
    // BRG (0 + |F1 \ G| / |T|) / 2: turn 2 also fixed every failing test outside G.
    const s = log.summaries[0]!;
    const outsideTarget = instance.tests.length - t0.passed.length - t1.feedback!.scenario!.testIds.length;
    expect(s).toMatchObject({ modelId: 'learner', label: 'Learner (you)', simulated: false, items: 1, costUsd: 0 });
    expect(s.metrics).toMatchObject({ initialFix: 0, finalFix: 1, turnsToFix: 2, gc: 1, pmr: 1, bp: 1, trs: 0.5, he: 5 });
    expect(s.metrics.brg).toBeCloseTo(outsideTarget / instance.tests.length / 2, 10);
    expect(seat.pending).toBeNull();
  }, 120_000);

  it('a cancelled session stops with the turn untaken, and resumes at the same turn', async () => {
    const seat = new LearnerSeat();
    const { record, store, deps } = await session(seat);
    const first = new RunController(record, deps);
    const unsubscribe = seat.subscribe((p) => p && queueMicrotask(() => first.cancel()));
    expect(await first.run()).toBe('cancelled');
    unsubscribe();
    expect(seat.pending).toBeNull();
    const stopped = (await loadRunLog(store, record.manifest.runId))!;
    expect(turnsOf(stopped)[0]).toMatchObject({ status: 'stopped', stopReason: 'cancelled', turns: [] });
    // The untaken turn is kept as a failed step with its cancelled call: every call is on record.
    expect(stopped.items[0]!.steps.map((s) => [s.error?.kind, s.calls.map((c) => [c.role, c.error?.kind])])).toEqual([
      ['cancelled', [['candidate', 'cancelled']]],
    ]);

    const again = new RunController((await store.getRun(record.manifest.runId))!, deps);
    const seen: number[] = [];
    seat.subscribe((p) => {
      if (!p) return;
      seen.push(p.turn);
      queueMicrotask(() => (p.turn === 0 ? seat.submit(instance.reference) : again.cancel()));
    });
    expect(await again.run()).toBe('done');
    expect(seen).toEqual([0]);
    const log = (await loadRunLog(store, record.manifest.runId))!;
    expect(log.items[0]).toMatchObject({ status: 'done', stopReason: 'fixed' });
    expect(log.summaries[0]!.metrics.initialFix).toBe(1);
  }, 120_000);
});

describe('a reply cut off by the token limit', () => {
  const instance = instances[0]!;
  /** A provider whose first answer to each request is cut at 100 tokens; a larger limit gets the whole reference. */
  function cutting() {
    const limits: number[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = (await new Request(input, init).json()) as { max_tokens?: number };
      limits.push(body.max_tokens ?? -1);
      const cut = (body.max_tokens ?? 0) <= 100;
      const content = cut ? '```python\nimport sys\nfor line in sys' : `\`\`\`python\n${instance.reference}\`\`\``;
      return new Response(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'cut',
          choices: [{ index: 0, finish_reason: cut ? 'length' : 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 50, completion_tokens: cut ? 100 : 300 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    return { limits, fetchFn };
  }

  async function runWith(retryTruncated: boolean) {
    const { limits, fetchFn } = cutting();
    const candidate: CandidateConfig = {
      kind: 'provider',
      id: 'cut',
      preset: 'custom',
      baseURL: 'http://llm.test/v1',
      model: 'cut',
      maxTokens: 100,
      capabilities: { stream: false },
    };
    const manifest = await createManifest(
      { protocol: 'no-hint', candidates: [candidate], params: { turns: 0 }, settings: { retryTruncated } },
      { id: 'builtin', name: 'Built-in', instances: [instance] },
      noHint,
      app,
    );
    const record = createRecord(manifest, noHint);
    const store = new MemoryRunStore();
    await store.putRun(record);
    const deps = {
      executor,
      store,
      caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
      bindings: buildBindings(manifest, { executor, mutator: MUTATOR, keyFor: () => '', fetch: fetchFn }),
      instances: new Map([[instance.id, instance]]),
      protocol: noHint,
    };
    expect(await new RunController(record, deps).run()).toBe('done');
    return { limits, log: (await loadRunLog(store, record.manifest.runId))! };
  }

  it('is asked again once with twice the room, and both calls are on record', async () => {
    const { limits, log } = await runWith(true);
    expect(limits).toEqual([100, 200]);
    const turn = turnsOf(log)[0]!.turns[0]!;
    expect(turn.calls.map((c) => [c.finishReason, c.truncated ?? false, c.maxTokens])).toEqual([
      ['length', true, 100],
      ['stop', false, 200],
    ]);
    expect(turn.passed).toHaveLength(turn.total);
    expect(log.summaries[0]!.notes).toEqual({ truncated: 1, adjusted: 0, reasoningTokens: 0 });
  }, 60_000);

  it('without the retry it is no answer: nothing is extracted from it, and the leaderboard notes it', async () => {
    const { limits, log } = await runWith(false);
    expect(limits).toEqual([100]);
    const turn = turnsOf(log)[0]!.turns[0]!;
    expect(turn.calls[0]).toMatchObject({ truncated: true, finishReason: 'length', content: '```python\nimport sys\nfor line in sys' });
    expect(turn.extraction).toBe('none');
    expect(log.summaries[0]!.notes?.truncated).toBe(1);
  }, 60_000);
});

describe('sampling seeds of a model that honours them', () => {
  /** The seeds the run sent its candidate, per item, in call order. */
  async function seedsOf(runSeed: number) {
    const { record, deps } = await setup([{ kind: 'simulated', profile: 'no-op' }], { seed: runSeed, repeats: 2 });
    const seeds = new Map<string, number[]>();
    for (const binding of deps.bindings.values()) {
      const inner = binding.model;
      binding.model = {
        id: inner.id,
        label: inner.label,
        simulated: inner.simulated,
        honoursSeed: true,
        // As a local engine does: it samples with the seed and says which.
        chat: async (request, signal) => {
          const key = JSON.stringify(request.messages.at(-1)?.content).slice(0, 80);
          seeds.set(key, [...(seeds.get(key) ?? []), request.seed!]);
          return { ...(await inner.chat(request, signal)), seed: request.seed! };
        },
      };
    }
    expect(await new RunController(record, deps).run()).toBe('done');
    return { seeds: [...seeds.values()].flat(), items: (await loadRunLog(deps.store, record.manifest.runId))!.items };
  }

  it('gives every call a seed from the run’s seed and the call’s place: the same run again sends the same seeds, another seed others', async () => {
    const a = await seedsOf(3);
    const b = await seedsOf(3);
    const c = await seedsOf(4);
    expect(a.seeds.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
    expect(a.seeds.length).toBeGreaterThan(4);
    expect([...a.seeds].sort()).toEqual([...b.seeds].sort());
    expect(new Set([...a.seeds, ...c.seeds]).size).toBe(a.seeds.length + c.seeds.length);
    // Repeats of one instance get other seeds; every call records the seed it was sent.
    const recorded = a.items.flatMap((i) => i.steps.flatMap((s) => s.calls.map((call) => call.seed)));
    expect(new Set(recorded).size).toBe(recorded.length);
  });
});
