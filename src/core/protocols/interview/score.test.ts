// The dependency-aware score (the paper's equations 1 and 2) on hand-computed fixtures, and the
// agreement of two verdicts (Cohen's κ) by hand.
import { describe, expect, it } from 'vitest';
import type { Requirement } from '../../model/task.ts';
import { agreement, credited, dependencyScore, transition } from './score.ts';
import { ancestors, depths, topologicalOrder } from './dag.ts';

const req = (id: number, prerequisites: number[] = []): Requirement => ({ id, prerequisites, criteria: `R${id}`, category: 'Other' });
/** A chain with a side branch: R0 → R1 → R2, R0 → R3, and R4 after R2 and R3. */
const GRAPH = [req(0), req(1, [0]), req(2, [1]), req(3, [0]), req(4, [2, 3])];
const verdicts = (sat: number[]) => new Map(GRAPH.map((r) => [r.id, sat.includes(r.id)]));

describe('the requirement graph', () => {
  it('orders prerequisites first, finds ancestors and depths', () => {
    expect(topologicalOrder(GRAPH)).toEqual([0, 1, 2, 3, 4]);
    expect(topologicalOrder([req(5, [7]), req(7), req(6, [5])])).toEqual([7, 5, 6]);
    expect([...ancestors(GRAPH, 4)].sort()).toEqual([0, 1, 2, 3]);
    expect([...depths(GRAPH)]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 1],
      [4, 3],
    ]);
  });
});

describe('Eq. 1 / Eq. 2: S_G = (1/m) Σ g(r_j) · 𝟙[∀ r_i ∈ P(r_j): g(r_i) = 1]', () => {
  it('credits every requirement when all are satisfied', () => {
    expect(dependencyScore(GRAPH, verdicts([0, 1, 2, 3, 4]))).toBe(1);
  });

  it('takes no credit for a satisfied requirement whose direct prerequisite failed', () => {
    // g = 1 for R1..R4, 0 for R0. R1 and R3 need R0: no credit. R2 needs R1 (g = 1): credit.
    // R4 needs R2 and R3 (both g = 1): credit. S = 2/5.
    expect([...credited(GRAPH, verdicts([1, 2, 3, 4]))].sort()).toEqual([2, 4]);
    expect(dependencyScore(GRAPH, verdicts([1, 2, 3, 4]))).toBeCloseTo(2 / 5, 12);
  });

  it('with transitive prerequisites, a failure propagates down every path', () => {
    // Same verdicts: R1 and R3 are not credited, so neither is R2 (after R1) nor R4 (after R2, R3). S = 0.
    expect([...credited(GRAPH, verdicts([1, 2, 3, 4]), 'transitive')]).toEqual([]);
    expect(dependencyScore(GRAPH, verdicts([1, 2, 3, 4]), 'transitive')).toBe(0);
    // g = 1 for R0, R1, R3, R4 (R2 failed): direct credits R0, R1, R3 (R4 needs R2) = 3/5; transitive the same.
    expect(dependencyScore(GRAPH, verdicts([0, 1, 3, 4]))).toBeCloseTo(3 / 5, 12);
    expect(dependencyScore(GRAPH, verdicts([0, 1, 3, 4]), 'transitive')).toBeCloseTo(3 / 5, 12);
  });

  it('counts a missing verdict as not satisfied, and an unguided-vs-guided change as a transition', () => {
    expect(dependencyScore(GRAPH, new Map([[0, true]]))).toBeCloseTo(1 / 5, 12);
    expect([transition(false, true), transition(true, false), transition(true, true), transition(false, false)]).toEqual([
      'improved',
      'regressed',
      'kept',
      'still-failing',
    ]);
  });

  it('S′_G on the guided verdicts: the paper’s Fig. 5 task, its transitive prerequisites written out', () => {
    // R0 loaded; R1 cleaned (R0); R2 vectorized (R0, R1); R3 SVM (R0, R1, R2); R4 accuracy saved (R1, R2, R3).
    const fig5 = [req(0), req(1, [0]), req(2, [0, 1]), req(3, [0, 1, 2]), req(4, [1, 2, 3])];
    const g = new Map([
      [0, true],
      [1, true],
      [2, false],
      [3, true],
      [4, true],
    ]);
    const gH = new Map([
      [0, true],
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(dependencyScore(fig5, g)).toBeCloseTo(2 / 5, 12); // R0, R1; R3 and R4 need R2
    expect(dependencyScore(fig5, gH)).toBeCloseTo(4 / 5, 12); // all but R4
  });
});

describe('agreement of the judge with the checks', () => {
  it('is the share of equal verdicts, with Cohen’s κ by hand', () => {
    // 10 pairs: both yes 5, judge only 1, check only 1, both no 3. p_o = 0.8.
    // judge yes 0.6, check yes 0.6: p_e = 0.36 + 0.16 = 0.52; κ = 0.28 / 0.48 = 0.58333…
    const pairs: [boolean, boolean][] = [...Array(5).fill([true, true]), [true, false], [false, true], ...Array(3).fill([false, false])];
    const a = agreement(pairs);
    expect(a).toMatchObject({ pairs: 10, agree: 8, rate: 0.8, table: { both: 5, judgeOnly: 1, checkOnly: 1, neither: 3 } });
    expect(a.kappa).toBeCloseTo(0.28 / 0.48, 12);
    expect(agreement([]).rate).toBeNull();
    expect(
      agreement([
        [true, true],
        [true, true],
      ]).kappa,
    ).toBeNull(); // chance agreement is 1
  });
});
