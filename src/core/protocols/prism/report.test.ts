// Tables 4–6 of `hintbench report` on a run made by hand: counts as integers, every model's n,
// each success rate's Wilson 95 % interval beside it, and "—" where a model has no evaluation.
import { describe, expect, it } from 'vitest';
import type { ItemRecord, RunLog } from '../../model/runlog.ts';
import { conceptGroup, evaluationRecords, failureCi, MIN_EVALUATIONS } from './metrics.ts';
import { runReport } from './report.ts';
import { evaluationKey } from './search.ts';
import { finished, manifestOf, type Outcome } from './test-support.ts';

// Concepts a, b at three levels, single concepts first: n0 is a, n1 is b, both at easy.
const params = { concepts: 'a, b', difficulties: 'easy, medium, hard', initialNodes: 'singles', maxNodes: 3 };
const node = { n0: ['a'], n1: ['b'] } as const;

/** A model's evaluations of the easy singles, in order, with their outcomes. */
function evaluations(modelId: string, plan: [keyof typeof node, Outcome][], repeat = 0): ItemRecord[] {
  return plan.map(([id, outcome], evaluation) =>
    finished(
      {
        key: evaluationKey(modelId, repeat, evaluation),
        modelId,
        repeat,
        data: { evaluation, node: id, concepts: [...node[id]], difficulty: 'easy', level: 0, phase: 1, how: 'root' },
      },
      outcome,
    ),
  );
}

/** The table under a heading that starts with `title`, as rows of cells (split on two or more spaces). */
function tableOf(report: string, title: string): string[][] {
  const block = report.split('\n\n');
  const at = block.findIndex((b) => b.startsWith(title));
  expect(at, title).toBeGreaterThanOrEqual(0);
  return block[at + 1]!.split('\n')
    .filter((l) => !/^-+(\s+-+)*$/.test(l))
    .map((l) => l.trim().split(/\s{2,}/));
}

describe('Tables 4–6 with intervals and every model’s n', () => {
  // m: a passes, b passes, a fails; n: b, a, b all fail (and each failure needed the fixer).
  const manifest = manifestOf(params, {}, ['m', 'n']);
  const items = [
    ...evaluations('m', [
      ['n0', 'pass'],
      ['n1', 'pass'],
      ['n0', 'fail'],
    ]),
    ...evaluations('n', [
      ['n1', 'fail'],
      ['n0', 'fail'],
      ['n1', 'fail'],
    ]),
  ];
  const report = runReport({ manifest, items, summaries: [] } as RunLog);

  it('Table 5: n per model, success with its Wilson interval, interventions as integers; — at levels without evaluations', () => {
    // m at easy: 2 of 3, Wilson [0.2077, 0.9385]; n: 0 of 3, [0, 0.5615]. Interventions: m 1, n 3.
    expect(tableOf(report, 'Per difficulty level (Table 5)')).toEqual([
      ['Level', '[1] n', '[1] Succ %', '[1] Inter', '[2] n', '[2] Succ %', '[2] Inter'],
      ['easy', '3', '66.7 [20.8, 93.9]', '1', '3', '0.0 [0.0, 56.1]', '3'],
      ['medium', '0', '—', '—', '0', '—', '—'],
      ['hard', '0', '—', '—', '0', '—', '—'],
    ]);
  });

  it('Table 6: per concept, each model’s own n', () => {
    // m: a 1 of 2 ([0.0945, 0.9055]), b 1 of 1 ([0.2065, 1]); n: a 0 of 1 ([0, 0.7935]), b 0 of 2 ([0, 0.6576]).
    expect(tableOf(report, 'Per concept (Table 6)')).toEqual([
      ['Concept', '[1] n', '[1] Succ %', '[1] Inter', '[2] n', '[2] Succ %', '[2] Inter'],
      ['a', '2', '50.0 [9.5, 90.5]', '1', '1', '0.0 [0.0, 79.3]', '1'],
      ['b', '1', '100.0 [20.7, 100.0]', '0', '2', '0.0 [0.0, 65.8]', '2'],
    ]);
  });

  it('Table 4: the failure rate’s interval is the success interval turned over; — without evaluations', () => {
    const rows = tableOf(report, 'Failure rate per concept and level group (Table 4)');
    // With three levels, easy and medium make the first group (all of these evaluations); m's a: failure 0.5 of 2, [1 − 0.9055, 1 − 0.0945]; n's b: ✗ (1.0), [1 − 0.6576, 1].
    expect(rows[1]).toEqual(['a', '0.50† [0.09, 0.91]', '—', '—', '✗† [0.21, 1.00]', '—', '—']);
    expect(rows[2]).toEqual(['b', '✓† [0.00, 0.79]', '—', '—', '✗† [0.34, 1.00]', '—', '—']);
    const cell = conceptGroup(
      evaluationRecords(manifest, items).filter((r) => r.modelId === 'n'),
      ['a', 'b'],
      3,
    )[1]![0]!;
    expect(failureCi(cell)!.lo).toBeCloseTo(1 - 0.65762, 5);
    expect(failureCi(cell)!.hi).toBe(1);
    expect(MIN_EVALUATIONS).toBe(3);
  });

  it('over repeats: mean ± the margin over repeats, the pooled interval, counts with one decimal', () => {
    // m: repeat 0 fails a once (1 intervention), repeat 1 fails a, b (2): mean 1.5, margin t(1) · s / √2 = 12.706 · 0.7071 / 1.4142 = 6.353.
    const twice = manifestOf(params, { repeats: 2 }, ['m']);
    const log = {
      manifest: twice,
      items: [
        ...evaluations('m', [['n0', 'fail']], 0),
        ...evaluations(
          'm',
          [
            ['n0', 'fail'],
            ['n1', 'fail'],
          ],
          1,
        ),
      ],
      summaries: [],
    } as RunLog;
    expect(tableOf(runReport(log), 'Per difficulty level (Table 5)')[1]).toEqual(['easy', '3', '0.0 ± 0.0 [0.0, 56.1]', '1.5 ± 6.4']);
  });

  it('reads the stored scores: an evaluation stored as passed counts as passed; one stored without a result is left out', () => {
    // Stored: m's third evaluation (a, failed today) passed at once; n's first (b) gave no result.
    // m: a 2 of 2, b 1 of 1; n: a 0 of 1, b 0 of 1 (3 interventions today, 2 counted).
    const stored = {
      [evaluationKey('m', 0, 2)]: { success: 1, attempts: 1, fixerUsed: 0, fixedByFixer: 0, level: 0 },
      [evaluationKey('n', 0, 0)]: { success: null, attempts: null, fixerUsed: null, fixedByFixer: null, level: null },
    };
    const log = {
      manifest,
      items,
      summaries: [],
      scores: { metrics: { protocol: 'prism', version: 1 }, scoredAt: '2026-01-01T00:00:00.000Z', summaries: [], items: stored },
    } as RunLog;
    expect(tableOf(runReport(log), 'Per concept (Table 6)').slice(1)).toEqual([
      ['a', '2', '100.0 [34.2, 100.0]', '0', '1', '0.0 [0.0, 79.3]', '1'],
      ['b', '1', '100.0 [20.7, 100.0]', '0', '1', '0.0 [0.0, 79.3]', '1'],
    ]);
  });
});
