// The figures' data on a hand-written run log: two instances, α = 3, three candidates (one
// with two repeats), items that stop early, an item that never got a turn, and an initial
// fix. Every expected number below was worked out by hand from the turns written here.
import { describe, expect, it } from 'vitest';
import { RUNLOG_SCHEMA, type Manifest, type ModelSpec } from '../../model/runlog.ts';
import { logOf, type ItemFixture, type TurnFixture } from './test-support.ts';
import { pairLog } from './view.ts';
import { instanceMetrics } from './metrics.ts';
import { scoreOf, trajectoryOf } from './summary.ts';
import {
  allTrajectories,
  closureLevels,
  closureTable,
  cumulativeFinalFix,
  cumulativeTable,
  definesScenarios,
  figureModels,
  hccBars,
  hccTable,
  horizon,
  instanceTrajectories,
  trajectoryTable,
} from './figures.ts';

const A = ['a1', 'a2', 'a3', 'a4'];
const B = ['b1', 'b2'];

const model = (id: string, label: string, simulated: boolean, role: ModelSpec['role'] = 'candidate'): ModelSpec => ({ id, label, role, simulated, model: id });

const manifest: Manifest = {
  schema: RUNLOG_SCHEMA,
  runId: 'run-fig',
  name: 'figures fixture',
  createdAt: '2025-01-01T00:00:00.000Z',
  protocol: { id: 'pair', version: 1 },
  settings: { repeats: 2, concurrency: 1, seed: 0, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
  params: { turns: 3, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' },
  dataset: {
    id: 'd',
    name: 'd',
    hash: 'h',
    instances: [
      { id: 'A', title: 'Instance A', testIds: A },
      { id: 'B', title: 'Instance B', testIds: B },
    ],
  },
  models: [
    model('m1', 'Model One', false),
    model('sim', 'Echo', true),
    model('rule-based', 'Rule-based feedback (simulated)', true, 'feedback'),
    model('oracle', 'Oracle (simulated: returns the reference)', true),
  ],
  app: { version: 't', pyodide: 't' },
  prompts: {},
};

/** `total` is the instance's number of tests (the run log's manifest says it; kept here for reading). */
const turn = (index: number, passed: string[], _total: number, scenario?: [string, string[], number, string[]]): TurnFixture => ({
  index,
  passed,
  ...(scenario ? { feedback: { text: 'hint', scenario: { id: scenario[0], testIds: scenario[1] }, level: scenario[2], sampleIds: scenario[3] } } : {}),
});

const item = (
  instanceId: string,
  modelId: string,
  repeat: number,
  initialPassed: string[],
  turns: TurnFixture[],
  stopReason: string,
  status: ItemFixture['status'] = 'done',
): ItemFixture => ({
  instanceId,
  modelId,
  repeat,
  status,
  stopReason,
  initialPassed,
  turns,
});

const S1: [string, string[]] = ['S1', ['a2', 'a3']];
const S2: [string, string[]] = ['S2', ['a4']];
const S3: [string, string[]] = ['S3', ['a3', 'a4']];
const S4: [string, string[]] = ['S4', ['a2', 'a3', 'a4']];
const S5: [string, string[]] = ['S5', ['b2']];
const S6: [string, string[]] = ['S6', ['b1']];

const items: ItemFixture[] = [
  // A, m1, repeat 0: p = .25, .5, .75, 1. S1 closes at L2 (turn 2), S2 at L1 (turn 3). Fixed at 3.
  item(
    'A',
    'm1',
    0,
    ['a1'],
    [turn(0, ['a1'], 4), turn(1, ['a1', 'a2'], 4, [...S1, 1, ['a2']]), turn(2, ['a1', 'a2', 'a3'], 4, [...S1, 2, ['a3']]), turn(3, A, 4, [...S2, 1, ['a4']])],
    'fixed',
  ),
  // A, m1, repeat 1: p = .5, 1. S3 closes at L1. Fixed at 1; turns 2–3 carried.
  item('A', 'm1', 1, ['a1'], [turn(0, ['a1', 'a2'], 4), turn(1, A, 4, [...S3, 1, ['a3']])], 'fixed'),
  // A, sim: p = 0, .25, 0; S4 never closes (unresolved); turn 3 carried.
  item('A', 'sim', 0, ['a1'], [turn(0, [], 4), turn(1, ['a1'], 4, [...S4, 1, ['a2']]), turn(2, [], 4, [...S4, 2, ['a3']])], 'exhausted'),
  // A, oracle: fixed at turn 0.
  item('A', 'oracle', 0, ['a1'], [turn(0, A, 4)], 'fixed'),
  // B, m1, repeat 0: fixed at turn 0.
  item('B', 'm1', 0, ['b1'], [turn(0, B, 2)], 'fixed'),
  // B, m1, repeat 1: p = .5, .5, .5, 0. S5 closes at L2 (turn 2) while b1 breaks; S6 unresolved at the budget.
  item(
    'B',
    'm1',
    1,
    ['b1'],
    [turn(0, ['b1'], 2), turn(1, ['b1'], 2, [...S5, 1, ['b2']]), turn(2, ['b2'], 2, [...S5, 2, ['b2']]), turn(3, [], 2, [...S6, 1, ['b1']])],
    'turns',
  ),
  // B, sim: an error before its first turn. Left out of every figure.
  item('B', 'sim', 0, ['b1'], [], 'error', 'error'),
  // B, oracle: fixed at turn 0.
  item('B', 'oracle', 0, ['b1'], [turn(0, B, 2)], 'fixed'),
];

const log = pairLog(logOf(manifest, items));

describe('figure models', () => {
  it('lists the candidates in manifest order and marks simulated ones in their label', () => {
    expect(figureModels(log)).toEqual([
      { id: 'm1', label: 'Model One', simulated: false },
      { id: 'sim', label: 'Echo (simulated)', simulated: true },
      { id: 'oracle', label: 'Oracle (simulated: returns the reference)', simulated: true },
    ]);
  });

  it('defines Figs. 3 and 4 for PAIR only, and spans turns 0..α', () => {
    expect([definesScenarios('pair'), definesScenarios('vanilla'), definesScenarios('no-hint')]).toEqual([true, false, false]);
    expect(horizon(log)).toBe(3);
  });
});

describe('Fig. 3: level at which scenarios closed', () => {
  const bars = closureLevels(log);

  it('counts attempts per level, pooled over items and repeats', () => {
    // m1: S1 L2, S2 L1, S3 L1, S5 L2, S6 unresolved. sim: S4 unresolved. oracle: none.
    expect(bars.map((b) => [b.model.id, b.attempted, b.counts])).toEqual([
      ['m1', 5, [2, 2, 0, 0, 0, 0, 1]],
      ['sim', 1, [0, 0, 0, 0, 0, 0, 1]],
      ['oracle', 0, [0, 0, 0, 0, 0, 0, 0]],
    ]);
    expect(bars[0]!.shares).toEqual([0.4, 0.4, 0, 0, 0, 0, 0.2]);
    expect(bars[1]!.shares).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(bars[2]!.shares).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('adds up the stored item records when the run has them, and rounds shares × attempted when a record lacks them', () => {
    // Stored: m1's first item closed both of its scenarios at L1 (today: S1 at L2, S2 at L1).
    const stored = Object.fromEntries(
      log.items.map((i) => [i.key, scoreOf(instanceMetrics(trajectoryOf(i, log.manifest.dataset.instances.find((x) => x.id === i.instanceId)!.testIds)))]),
    );
    const first = log.items.find((i) => i.modelId === 'm1')!.key;
    stored[first] = { ...stored[first]!, closedL1: 2, closedL2: 0 };
    expect(closureLevels({ ...log, stored })[0]!.counts).toEqual([3, 1, 0, 0, 0, 0, 1]);
    const { closedL1: _gone, ...older } = stored[first]!;
    expect(closureLevels({ ...log, stored: { ...stored, [first]: older } })[0]!.counts).toEqual([2, 2, 0, 0, 0, 0, 1]);
  });

  it('agrees with the summary’s level distribution', () => {
    expect(bars.map((b) => b.shares)).toEqual(log.summaries.map((s) => (s.data as { levelDistribution: number[] }).levelDistribution));
    expect(bars.map((b) => b.attempted)).toEqual(log.summaries.map((s) => s.metrics.attempted));
  });

  it('tabulates one row per model and level', () => {
    const t = closureTable(bars);
    expect(t.columns.map((c) => c.label)).toEqual(['model', 'closed at', 'scenarios', 'attempted', 'share']);
    expect(t.rows).toHaveLength(21);
    expect(t.rows[1]).toEqual(['Model One', 'L2', 2, 5, 0.4]);
    expect(t.rows[13]).toEqual(['Echo (simulated)', 'unresolved', 1, 1, 1]);
  });
});

describe('Fig. 4: HCC', () => {
  it('takes each model’s HCC, null when no item is initially failing', () => {
    // m1: A0 3/3 (a2, a3, a4 shown and passing at the end), A1 1/2 (a3 shown; a4 passes but was
    // never shown), B1 0/1 (b2 shown, fails at the end); mean (1 + .5 + 0) / 3 = .5.
    // sim: A0, shown a2 and a3, nothing passes at the end: 0. oracle: fixed at turn 0: null.
    expect(hccBars(log).map((b) => [b.model.id, b.hcc])).toEqual([
      ['m1', 0.5],
      ['sim', 0],
      ['oracle', null],
    ]);
    expect(hccTable(hccBars(log)).rows).toEqual([
      ['Model One', 0.5],
      ['Echo (simulated)', 0],
      ['Oracle (simulated: returns the reference)', null],
    ]);
  });
});

describe('Fig. 5: pass-rate trajectories', () => {
  const pts = (id: string, instance: string) =>
    instanceTrajectories(log, instance)
      .series.find((s) => s.model.id === id)!
      .points.map((p) => [p.turn, p.passRate, p.carried]);

  it('averages repeats turn by turn, carrying a stopped repeat’s last rate forward', () => {
    // A, m1: repeat 0 = .25 .5 .75 1; repeat 1 = .5 1 (1) (1).
    expect(pts('m1', 'A')).toEqual([
      [0, 0.375, false],
      [1, 0.75, false],
      [2, 0.875, false],
      [3, 1, false],
    ]);
    // B, m1: repeat 0 = 1 (1) (1) (1); repeat 1 = .5 .5 .5 0.
    expect(pts('m1', 'B')).toEqual([
      [0, 0.75, false],
      [1, 0.75, false],
      [2, 0.75, false],
      [3, 0.5, false],
    ]);
  });

  it('marks points where every repeat had stopped as carried', () => {
    expect(pts('sim', 'A')).toEqual([
      [0, 0, false],
      [1, 0.25, false],
      [2, 0, false],
      [3, 0, true],
    ]);
    expect(pts('oracle', 'B')).toEqual([
      [0, 1, false],
      [1, 1, true],
      [2, 1, true],
      [3, 1, true],
    ]);
  });

  it('gives no points to a model without an evaluated turn on the instance, and the buggy program’s rate', () => {
    expect(pts('sim', 'B')).toEqual([]);
    const a = instanceTrajectories(log, 'A');
    expect([a.title, a.buggy]).toEqual(['Instance A', 0.25]);
    expect(instanceTrajectories(log, 'B').buggy).toBe(0.5);
    expect(allTrajectories(log).map((f) => f.instanceId)).toEqual(['A', 'B']);
  });

  it('tabulates one row per plotted point', () => {
    const t = trajectoryTable(allTrajectories(log));
    // A: 3 models × 4 turns; B: m1 and oracle × 4 turns.
    expect(t.rows).toHaveLength(20);
    expect(t.rows[0]).toEqual(['A', 'Model One', 0, 0.375, false, 0.25]);
    expect(t.rows[7]).toEqual(['A', 'Echo (simulated)', 3, 0, true, 0.25]);
  });
});

describe('Fig. 6: cumulative Final Fix', () => {
  const lines = cumulativeFinalFix(log);

  it('counts items first fully passing by each turn', () => {
    // m1 items: A0 fixed at 3, A1 at 1, B0 at 0, B1 never → 1, 2, 2, 3 of 4.
    expect(lines.map((l) => [l.model.id, l.items, l.points.map((p) => p.fixed), l.points.map((p) => p.share)])).toEqual([
      ['m1', 4, [1, 2, 2, 3], [0.25, 0.5, 0.5, 0.75]],
      ['sim', 1, [0, 0, 0, 0], [0, 0, 0, 0]],
      ['oracle', 2, [2, 2, 2, 2], [1, 1, 1, 1]],
    ]);
  });

  it('ends at each model’s Final Fix', () => {
    expect(lines.map((l) => l.points.at(-1)!.share)).toEqual(log.summaries.map((s) => s.metrics.finalFix));
    expect(log.summaries.map((s) => s.metrics.finalFix)).toEqual([0.75, 0, 1]);
  });

  it('tabulates one row per model and turn', () => {
    const t = cumulativeTable(lines);
    expect(t.rows).toHaveLength(12);
    expect(t.rows[3]).toEqual(['Model One', 3, 3, 4, 0.75]);
  });
});
