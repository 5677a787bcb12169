// A whole Prism run through the runner in Pyodide (Node), with the simulated models: it grows
// its trees in batches, stops at the cap, stores every step, reads back as a valid log, and a
// run interrupted in the middle of a batch — its store copied as a reload would find it —
// resumes to exactly the run that was never interrupted, with no evaluation made twice.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../workers/node-executor.ts';
import { Budget } from '../../llm/budget.ts';
import { Caller } from '../../llm/caller.ts';
import { LimiterRegistry } from '../../llm/limiter.ts';
import type { RunLog } from '../../model/runlog.ts';
import { parseRunLog, toJson } from '../../runner/export.ts';
import { RunController, type RunEvent } from '../../runner/runner.ts';
import { buildBindings, createManifest, createRecord, type RunConfig } from '../../runner/setup.ts';
import { loadRunLog, MemoryRunStore, type RunStore } from '../../store/runs.ts';
import { unitOf } from './outcome.ts';
import { prism } from './prism.ts';
import { runReport } from './report.ts';

const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
const executor = new ThreadedNodeExecutor();
afterAll(() => executor.close());

const CONFIG: RunConfig = {
  protocol: 'prism',
  candidates: [
    { kind: 'simulated', profile: 'strong' },
    { kind: 'simulated', profile: 'weak' },
  ],
  roles: { designer: { kind: 'simulated', profile: 'bank' }, analyser: { kind: 'simulated', profile: 'rules' } },
  params: { design: 'tree', concepts: 'loops, conditionals, recursion, sorting', maxNodes: 24, iterations1: 12, iterations2: 6, variations: 2 },
  settings: { concurrency: 3, seed: 7 },
};

async function start(store: RunStore) {
  const manifest = await createManifest(
    CONFIG,
    { id: 'none', name: 'none', instances: [] },
    prism,
    { version: 'test', pyodide: 'test' },
    new Date('2026-01-01T00:00:00Z'),
  );
  const record = createRecord(manifest, prism);
  await store.putRun(record);
  return record;
}

function controller(store: RunStore, record: Awaited<ReturnType<typeof start>>, onEvent?: (e: RunEvent) => void) {
  return new RunController(record, {
    executor,
    store,
    caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
    bindings: buildBindings(record.manifest, { executor, mutator: MUTATOR, keyFor: () => '' }),
    instances: new Map(),
    protocol: prism,
    ...(onEvent ? { onEvent } : {}),
  });
}

/** What must be the same in two runs: each item's unit, status, and steps' data and replies (times aside). */
const untimed = (data: unknown) => JSON.parse(JSON.stringify(data, (k, v: unknown) => (k === 'durationMs' ? undefined : v))) as unknown;
const essence = (log: RunLog) =>
  log.items.map((i) => ({
    key: i.key,
    status: i.status,
    stop: i.stopReason,
    data: i.data,
    steps: i.steps.map((s) => ({ index: s.index, data: untimed(s.data), replies: s.calls.map((c) => c.content) })),
  }));

let whole: RunLog;
beforeAll(async () => {
  const store = new MemoryRunStore();
  const record = await start(store);
  expect(await controller(store, record).run()).toBe('done');
  whole = (await loadRunLog(store, record.manifest.runId))!;
}, 120_000);

describe('a Prism run', () => {
  it('grows each model’s tree through all three phases, within the cap, every evaluation once', () => {
    for (const m of ['sim-strong', 'sim-weak']) {
      const mine = whole.items.filter((i) => i.modelId === m);
      expect(mine.length).toBeLessThanOrEqual(24);
      expect(mine.map((i) => i.key)).toEqual(Array.from({ length: mine.length }, (_, e) => `${m}|0|e${e}`));
      expect(new Set(mine.map((i) => unitOf(i)!.node)).size).toBeGreaterThan(mine.length / 2);
      expect(mine.every((i) => i.status === 'done')).toBe(true);
      expect(new Set(mine.map((i) => unitOf(i)!.phase))).toEqual(new Set([1, 2, 3]));
    }
    // Every call of the model under test, the designer and the analyser is simulated and free.
    const calls = whole.items.flatMap((i) => i.steps.flatMap((s) => s.calls));
    expect(new Set(calls.map((c) => c.role))).toEqual(new Set(['designer', 'model', 'analyser']));
    expect(calls.every((c) => c.simulated && c.costUsd === 0)).toBe(true);
    // The analysers reported on Phase-3 nodes only.
    const analysed = whole.items.filter((i) => i.steps.some((s) => (s.data as { kind: string }).kind === 'analysis'));
    expect(analysed.length).toBeGreaterThan(0);
    expect(analysed.every((i) => unitOf(i)!.phase === 3)).toBe(true);
  });

  it('exports and reads back losslessly, and reports its tables', async () => {
    const again = await parseRunLog(toJson(whole));
    expect(toJson(again)).toBe(toJson(whole));
    expect(again.summaries.map((s) => s.items)).toEqual(['sim-strong', 'sim-weak'].map((m) => whole.items.filter((i) => i.modelId === m).length));
    const report = runReport(whole);
    for (const part of [
      'Capability summary',
      'Per concept (Table 6)',
      'Per difficulty level (Table 5)',
      'Failure rate per concept and level group (Table 4)',
      'Search trees',
      'Weakest regions found',
    ])
      expect(report).toContain(part);
  });

  it('resumes after an interruption in the middle of a batch exactly as if it had not stopped', async () => {
    const store = new MemoryRunStore();
    const record = await start(store);
    const reloaded = new MemoryRunStore();
    let steps = 0;
    let copied: Promise<void> | null = null;
    // After 40 stored steps, copy the store as a reload would find it (items mid-evaluation included), then stop.
    const first = controller(store, record, (e) => {
      if (e.type !== 'step' || ++steps !== 40) return;
      copied = (async () => {
        const snapshot = (await store.getRun(record.manifest.runId))!;
        await reloaded.putRun(snapshot);
        for (const [key, list] of await store.steps(record.manifest.runId)) for (const s of list) await reloaded.putStep(record.manifest.runId, key, s);
      })();
      first.cancel();
    });
    await first.run();
    await copied;
    const snapshot = (await reloaded.getRun(record.manifest.runId))!;
    expect(snapshot.items.some((i) => i.status === 'running' || i.status === 'queued')).toBe(true); // it did stop mid-way
    snapshot.status = 'running';
    expect(await controller(reloaded, snapshot).run()).toBe('done');
    const resumed = (await loadRunLog(reloaded, record.manifest.runId))!;
    expect(essence(resumed)).toEqual(essence(whole));
  });
});

describe('a baseline design through the same runner', () => {
  it('stratified: single-concept cells, every cell once per round, the same cells for both models, the budget spent', async () => {
    const store = new MemoryRunStore();
    const config: RunConfig = {
      ...CONFIG,
      roles: { designer: { kind: 'simulated', profile: 'bank' } },
      params: { concepts: 'loops, recursion, sorting', difficulties: 'easy, hard', maxNodes: 12, design: 'stratified' },
    };
    const manifest = await createManifest(
      config,
      { id: 'none', name: 'none', instances: [] },
      prism,
      { version: 'test', pyodide: 'test' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const record = createRecord(manifest, prism);
    await store.putRun(record);
    expect(await controller(store, record).run()).toBe('done');
    const log = (await loadRunLog(store, manifest.runId))!;
    const cells = (m: string) => log.items.filter((i) => i.modelId === m).map((i) => `${unitOf(i)!.concepts.join('+')}@${unitOf(i)!.level}`);
    // 3 concepts × 2 levels = 6 cells, 12 evaluations: two rounds, each cell once in each.
    expect(cells('sim-strong')).toHaveLength(12);
    for (const round of [cells('sim-strong').slice(0, 6), cells('sim-strong').slice(6)]) expect(new Set(round).size).toBe(6);
    expect(cells('sim-weak')).toEqual(cells('sim-strong'));
    expect(log.items.every((i) => i.status === 'done' && unitOf(i)!.how === 'stratified' && unitOf(i)!.phase === 1)).toBe(true);
    // The weak model passes fewer of the same cells than the strong one.
    const passed = (m: string) => log.summaries.find((s) => s.modelId === m)!.metrics.success!;
    expect(passed('sim-strong')).toBeGreaterThan(passed('sim-weak'));
  }, 120_000);
});
