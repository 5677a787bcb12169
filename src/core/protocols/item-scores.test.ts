// Each protocol's per-item numbers (metrics.itemScores, stored with a run's scores), by hand on
// small items, and that they are the numbers the leaderboard aggregates.
import { describe, expect, it } from 'vitest';
import { RUNLOG_SCHEMA, type ItemRecord, type Manifest } from '../model/runlog.ts';
import { interviewItem, interviewManifest, referenceItem } from './interview/test-support.ts';
import { itemOf, type TurnFixture } from './pair/test-support.ts';
import { evaluationKey, finished, manifestOf } from './prism/test-support.ts';
import { PROTOCOLS, requireProtocol, summarizeRun } from './registry.ts';
import { feedbackOf, talkLogOf } from './talk/test-support.ts';

const { itemScores: pairScores } = requireProtocol('pair').metrics;
const { itemScores: talkScores } = requireProtocol('talk').metrics;
const { itemScores: prismScores } = requireProtocol('prism').metrics;
const { itemScores: interviewScores } = requireProtocol('interview').metrics;
/** The rows the leaderboard shows for these items. */
const summarize = (manifest: Manifest, items: readonly ItemRecord[]) => summarizeRun(manifest, items);
/** No scenario closed at any level (PAIR's counts of attempted scenarios by the level that closed them). */
const NO_CLOSED = { closedL1: 0, closedL2: 0, closedL3: 0, closedL4: 0, closedL5: 0, closedL6: 0, unclosed: 0 };

/** Numbers compared to 12 places, nulls exactly. */
function expectScores(got: Record<string, number | null>, want: Record<string, number | null>): void {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [key, value] of Object.entries(want)) {
    if (value === null) expect(got[key], key).toBeNull();
    else expect(got[key], key).toBeCloseTo(value, 12);
  }
}

describe('every protocol stores per-item numbers', () => {
  it('has itemScores in each registry entry', () => {
    for (const p of Object.values(PROTOCOLS)) expect(typeof p.metrics.itemScores, p.id).toBe('function');
  });
});

describe('PAIR: an item’s trajectory metrics (instanceMetrics)', () => {
  const A = ['a1', 'a2', 'a3', 'a4'];
  const B = ['b1', 'b2'];
  const manifest: Manifest = {
    schema: RUNLOG_SCHEMA,
    runId: 'run-items',
    name: 'items',
    createdAt: '2026-01-01T00:00:00.000Z',
    protocol: { id: 'pair', version: 1 },
    settings: { repeats: 1, concurrency: 1, seed: 0, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
    params: { turns: 3, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' },
    dataset: {
      id: 'd',
      name: 'd',
      hash: 'h',
      instances: [
        { id: 'A', title: 'A', testIds: A },
        { id: 'B', title: 'B', testIds: B },
      ],
    },
    models: [{ id: 'm1', label: 'Model One', role: 'candidate', simulated: true, model: 'm1' }],
    app: { version: 't', pyodide: 't' },
    prompts: {},
  };
  const turn = (index: number, passed: string[], scenario?: [string, string[], number, string[]]): TurnFixture => ({
    index,
    passed,
    ...(scenario ? { feedback: { text: 'hint', scenario: { id: scenario[0], testIds: scenario[1] }, level: scenario[2], sampleIds: scenario[3] } } : {}),
  });
  // A: p = .25, .5, .75, 1. S1 = {a2, a3} closes at L2 (turn 2), S2 = {a4} at L1 (turn 3).
  const fixed = itemOf({
    instanceId: 'A',
    modelId: 'm1',
    repeat: 0,
    initialPassed: ['a1'],
    turns: [
      turn(0, ['a1']),
      turn(1, ['a1', 'a2'], ['S1', ['a2', 'a3'], 1, ['a2']]),
      turn(2, ['a1', 'a2', 'a3'], ['S1', ['a2', 'a3'], 2, ['a3']]),
      turn(3, A, ['S2', ['a4'], 1, ['a4']]),
    ],
  });
  // B: p = .5, .5, .5, 0. S5 = {b2} closes at L2 (turn 2) while b1 breaks; S6 = {b1} never closes.
  const broken = itemOf({
    instanceId: 'B',
    modelId: 'm1',
    repeat: 0,
    initialPassed: ['b1'],
    turns: [turn(0, ['b1']), turn(1, ['b1'], ['S5', ['b2'], 1, ['b2']]), turn(2, ['b2'], ['S5', ['b2'], 2, ['b2']]), turn(3, [], ['S6', ['b1'], 1, ['b1']])],
  });

  it('fixed at turn 3 after two scenarios', () => {
    // TRS: ½, 1, 1 → 5/6. Nothing outside the targets was repaired (BRG 0) or broken (BP 1); p never fell (PMR 1).
    // HE: S1 at L2 → 5, S2 at L1 → 6: 5.5. GC: (1 − .25)/(1 − .25) = 1. HCC: a2, a3, a4 were all shown and pass: 1.
    // Repair rate: one newly passing test of four per turn: .25.
    expectScores(pairScores(manifest, fixed), {
      p0: 0.25,
      best: 1,
      initialFix: 0,
      finalFix: 1,
      gc: 1,
      trs: 5 / 6,
      brg: 0,
      bp: 1,
      pmr: 1,
      he: 5.5,
      turnsToFix: 3,
      hcc: 1,
      repairRate: 0.25,
      attempted: 2,
      failing: 1,
      ...NO_CLOSED,
      closedL1: 1,
      closedL2: 1,
    });
  });

  it('never fixed, breaking what passed', () => {
    // TRS: 0, 1, 0 → 1/3. BP: 1, ½, ½ → 2/3. PMR: 2 of 3 turns kept p. HE: (5 + 0)/2. GC: (.5 − .5)/.5 = 0.
    // HCC: b2 failed at turn 0, was shown, fails at the end: 0. Repair: 0, ½, 0 → 1/6.
    expectScores(pairScores(manifest, broken), {
      p0: 0.5,
      best: 0.5,
      initialFix: 0,
      finalFix: 0,
      gc: 0,
      trs: 1 / 3,
      brg: 0,
      bp: 2 / 3,
      pmr: 2 / 3,
      he: 2.5,
      turnsToFix: null,
      hcc: 0,
      repairRate: 1 / 6,
      attempted: 2,
      failing: 1,
      ...NO_CLOSED,
      closedL2: 1,
      unclosed: 1,
    });
  });

  it('fixed at once: the per-turn metrics are undefined; no turn at all: every number is null', () => {
    const atOnce = itemOf({ instanceId: 'A', modelId: 'm1', repeat: 0, initialPassed: ['a1'], turns: [turn(0, A)] });
    expectScores(pairScores(manifest, atOnce), {
      p0: 1,
      best: 1,
      initialFix: 1,
      finalFix: 1,
      gc: null,
      trs: null,
      brg: null,
      bp: null,
      pmr: null,
      he: null,
      turnsToFix: null,
      hcc: null,
      repairRate: null,
      attempted: 0,
      failing: 0,
      ...NO_CLOSED,
    });
    const none = itemOf({ instanceId: 'B', modelId: 'm1', repeat: 0, status: 'error', turns: [] });
    expect(Object.values(pairScores(manifest, none)).every((x) => x === null)).toBe(true);
  });

  it('the leaderboard’s row is their mean (fix rates over all items, the rest over initially failing ones)', () => {
    const [row] = summarize(manifest, [fixed, broken]);
    const [a, b] = [pairScores(manifest, fixed), pairScores(manifest, broken)];
    for (const k of ['trs', 'bp', 'pmr', 'he', 'gc', 'hcc', 'repairRate', 'finalFix', 'initialFix'])
      expect(row!.metrics[k], k).toBeCloseTo((a[k]! + b[k]!) / 2, 12);
  });
});

/** Fig. 4's nine cells, all empty. */
const NO_CHANGE = Object.fromEntries(['better', 'worse', 'same'].flatMap((c) => ['correct', 'incorrect', 'none'].map((d) => [`change.${c}.${d}`, 0])));

describe('Talk: an item’s TCA per step and its measures (itemMeasures)', () => {
  const log = talkLogOf({
    setting: 'sentence',
    steps: 3,
    instances: { q: ['t1', 't2', 't3', 't4'] },
    models: ['m', 'n'],
    items: {
      'q|m': [
        { passed: ['t1'], code: 'x = 1' },
        { passed: ['t1', 't2'], code: 'x = 12', feedback: feedbackOf('sentence', 'incorrect') },
        { passed: ['t1', 't2', 't3', 't4'], code: 'x = 1234', feedback: feedbackOf('sentence', 'correct'), style: 2 },
      ],
      'q|n': [{ passed: [], code: 'pass' }],
    },
  });
  const [m, n] = log.items as [ItemRecord, ItemRecord];

  it('solved at step 2, with one of two claims directionally correct', () => {
    // "incorrect" before a failing program: right; "correct" before a failing program: wrong → DC ½.
    // Edits: 1 and 2 characters → 1.5. Flips: 1 of 4, then 2 of 4 → .375.
    // Pooled counts: 2 revisions, edits 1 + 2, flips ¼ + ½; the first revision (1, ¼); both better,
    // one claim right and one wrong; both of the sentence type.
    expectScores(talkScores(log.manifest, m), {
      tca0: 0.25,
      tca1: 0.5,
      tca2: 1,
      tca: 1,
      solved: 1,
      steps: 2,
      dc: 0.5,
      style: 2,
      edit: 1.5,
      flips: 0.375,
      transitions: 2,
      editSum: 3,
      flipSum: 0.75,
      firstEdit: 1,
      firstFlips: 0.25,
      ...NO_CHANGE,
      'change.better.correct': 1,
      'change.better.incorrect': 1,
      'type.sentence.transitions': 2,
      'type.sentence.editSum': 3,
      'type.sentence.flipSum': 0.75,
      'type.sentence.judged': 2,
      'type.sentence.correct': 1,
    });
  });

  it('an item that stopped after one attempt keeps its TCA at the later steps, and has no revision', () => {
    expectScores(talkScores(log.manifest, n), {
      tca0: 0,
      tca1: 0,
      tca2: 0,
      tca: 0,
      solved: 0,
      steps: null,
      dc: null,
      style: null,
      edit: null,
      flips: null,
      transitions: 0,
      editSum: 0,
      flipSum: 0,
      firstEdit: null,
      firstFlips: null,
      ...NO_CHANGE,
    });
  });

  it('the leaderboard’s TCA is the mean of the items’ last TCA', () => {
    expect(log.summaries.find((s) => s.modelId === 'm')!.metrics.tca).toBe(talkScores(log.manifest, m).tca);
  });
});

describe('PrismBench: one evaluation (evaluationRecords)', () => {
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, medium, hard', initialNodes: 'singles', maxNodes: 3 });
  const unit = (evaluation: number, level: number) => ({
    key: evaluationKey('m', 0, evaluation),
    modelId: 'm',
    repeat: 0,
    data: { evaluation, node: `n${evaluation}`, concepts: ['a'], difficulty: ['easy', 'medium', 'hard'][level]!, level, phase: 1, how: 'root' },
  });
  const pass = finished(unit(0, 0), 'pass');
  const fail = finished(unit(1, 2), 'fail');
  // The fixer's attempt (the third, after one retry) passes.
  const rescued = finished(unit(2, 1), 'fail', 1);
  const last = rescued.steps.at(-1)!;
  last.data = { ...(last.data as object), run: { status: 'ok', passed: 5, failed: 0, errors: 0, cases: [], durationMs: 1, output: '' } };

  it('passed at once; failed every attempt and the fixer; rescued by the fixer', () => {
    expectScores(prismScores(manifest, pass), { success: 1, attempts: 1, fixerUsed: 0, fixedByFixer: 0, level: 0 });
    expectScores(prismScores(manifest, fail), { success: 0, attempts: 5, fixerUsed: 1, fixedByFixer: 0, level: 2 });
    expectScores(prismScores(manifest, rescued), { success: 1, attempts: 3, fixerUsed: 1, fixedByFixer: 1, level: 1 });
  });

  it('an evaluation without a result has no numbers', () => {
    const queued: ItemRecord = { ...unit(3, 0), status: 'queued', steps: [] };
    expect(Object.values(prismScores(manifest, queued)).every((x) => x === null)).toBe(true);
  });

  it('the leaderboard’s rates are their means', () => {
    const [row] = summarize(manifest, [pass, fail, rescued]);
    expect(row!.metrics.success).toBeCloseTo(2 / 3, 12);
    expect(row!.metrics.attempts).toBeCloseTo((1 + 5 + 3) / 3, 12);
    expect(row!.metrics.repairRate).toBeCloseTo(1 / 2, 12);
  });
});

describe('Interview: one interview’s S_G and S′_G (the leaderboard’s metrics over it alone)', () => {
  const manifest = interviewManifest();
  // Chain R0 → R1 → R2, direct prerequisites. Unguided checks ✓✗✓: R0 only → 1/3; judge ✓✓✗: R0, R1 → 2/3.
  // Guided: a hint (delivered), then every check passes and the interviewer ends it; the judge says ✓✓✓ → 1.
  const item = interviewItem({
    unguided: { checks: [true, false, true], judge: [true, true, false] },
    turns: [
      { checks: [true, true, false], review: 'hint' },
      { checks: [true, true, true], review: 'over' },
    ],
    guidedJudge: [true, true, true],
  });

  it('scores both solutions by both sources, with the gains, agreement, hints and the ending', () => {
    // Agreement: unguided 1 of 3 verdicts equal, guided 3 of 3 → 4/6.
    // Per requirement category (R0 Load, R1 Clean, R2 Save), credited before → after: checks
    // Load 1 → 1, Clean 0 → 1, Save 0 → 1 (two improved); judge Load 1 → 1, Clean 1 → 1, Save 0 → 1.
    const category = (source: string, name: string, before: number, after: number) => ({
      [`${source}.req.${name}.n`]: 1,
      [`${source}.req.${name}.before`]: before,
      [`${source}.req.${name}.after`]: after,
      [`${source}.req.${name}.improved`]: Number(!before && after),
      [`${source}.req.${name}.regressed`]: Number(before && !after),
    });
    expectScores(interviewScores(manifest, item), {
      baseChecks: 1 / 3,
      guidedChecks: 1,
      gainChecks: 2 / 3,
      baseJudge: 2 / 3,
      guidedJudge: 1,
      gainJudge: 1 / 3,
      agreement: 4 / 6,
      hints: 1,
      ended: 1,
      done: 1,
      agreed: 4,
      verdicts: 6,
      'checks.req': 3,
      ...category('checks', 'Load', 1, 1),
      ...category('checks', 'Clean', 0, 1),
      ...category('checks', 'Save', 0, 1),
      'judge.req': 3,
      ...category('judge', 'Load', 1, 1),
      ...category('judge', 'Clean', 1, 1),
      ...category('judge', 'Save', 0, 1),
    });
  });

  it('an interview still going has no scores; a reference item has none either', () => {
    const going = interviewItem({ unguided: { checks: [true, true, true] }, turns: [{ checks: [true, true, true], review: 'hint' }] });
    const none = {
      baseChecks: null,
      guidedChecks: null,
      gainChecks: null,
      baseJudge: null,
      guidedJudge: null,
      gainJudge: null,
      agreement: null,
      hints: null,
      ended: null,
      done: 0,
      agreed: 0,
      verdicts: 0,
      'checks.req': null,
      'judge.req': null,
    };
    expectScores(interviewScores(manifest, going), none);
    // The reference's own verdicts (judged and checked) are not the interviewee's: they count nowhere.
    expectScores(interviewScores(manifest, referenceItem([true, true, true], [true, true, true])), none);
  });

  it('the leaderboard’s row over one interview is its item scores', () => {
    const [row] = summarize(manifest, [item, referenceItem([true, true, true])]);
    const { items, ...metrics } = row!.metrics;
    const scores = interviewScores(manifest, item);
    expect(items).toBe(1);
    expect(metrics).toEqual(Object.fromEntries(Object.keys(metrics).map((k) => [k, scores[k]])));
  });
});
