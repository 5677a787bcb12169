// Maps with planted structure, checked by hand on a small map whose skills are known exactly
// (spread 0: every concept has the base skill; tests always right, no retries or fixer, so a
// node's chance of success is the sigmoid of its solve logit).
import { describe, expect, it } from 'vitest';
import type { EvaluationRecord } from '../metrics.ts';
import { additiveLogit, plantedApplies, solveLogit, type CapabilityProfile } from './capability.ts';
import { ALL_PROFILES, conceptTruth, discoveries, STRUCTURED_PROFILES, weakestMargin } from './maps.ts';

const MAP: CapabilityProfile = {
  id: 'hand',
  label: 'hand',
  base: 1,
  spread: 0,
  perLevel: 0.5,
  perConcept: 0,
  testsBonus: 60,
  retryFactor: 0,
  fixerFactor: 0,
  planted: [
    { kind: 'pair', concepts: ['a', 'b'], logits: -3 },
    { kind: 'from-level', concept: 'c', level: 2, logits: -2 },
    { kind: 'cell', concept: 'd', level: 3, logits: -4 },
  ],
};

const record = (evaluation: number, concepts: string[], level: number, success: boolean): EvaluationRecord => ({
  key: `e${evaluation}`,
  modelId: 'm',
  repeat: 0,
  evaluation,
  node: 'n',
  concepts,
  level,
  phase: 1,
  depth: 1,
  success,
  attempts: 1,
  fixerUsed: false,
  fixedByFixer: false,
});

describe('planted structure', () => {
  it('applies where it says: the pair together, the concept from its level up, the one cell', () => {
    const [pair, steep, cell] = MAP.planted!;
    expect([plantedApplies(pair!, ['a', 'b'], 0), plantedApplies(pair!, ['a'], 0), plantedApplies(pair!, ['a', 'c'], 4)]).toEqual([true, false, false]);
    expect([1, 2, 4].map((l) => plantedApplies(steep!, ['c'], l))).toEqual([false, true, true]);
    expect([2, 3, 4].map((l) => plantedApplies(cell!, ['d', 'a'], l))).toEqual([false, true, false]);
  });

  it('takes its logits from the solve logit, and nothing from the additive part', () => {
    // a+b at paper level 1: 1 − 0.5 − 3 = −2.5; c at level 2: 1 − 1 − 2 = −2; c at 1: 0.5; d at 3: 1 − 1.5 − 4 = −4.5.
    expect(solveLogit(MAP, ['a', 'b'], 1)).toBeCloseTo(-2.5, 12);
    expect(additiveLogit(MAP, ['a', 'b'], 1)).toBeCloseTo(0.5, 12);
    expect(solveLogit(MAP, ['c'], 2)).toBeCloseTo(-2, 12);
    expect(solveLogit(MAP, ['c'], 1)).toBeCloseTo(0.5, 12);
    expect(solveLogit(MAP, ['d'], 3)).toBeCloseTo(-4.5, 12);
  });

  it('states its truth and the margin between the k-th and (k+1)-th weakest', () => {
    // Five levels: c loses 2 at levels 2, 3, 4 → 1 − 6/5 = −0.2; d loses 4 at level 3 → 1 − 4/5 = 0.2; a and b keep 1 (a pair is no concept alone).
    expect(['a', 'b', 'c', 'd'].map((c) => conceptTruth(MAP, c, 5))).toEqual([1, 1, expect.closeTo(-0.2, 12), expect.closeTo(0.2, 12)]);
    expect(weakestMargin(MAP, ['a', 'b', 'c', 'd'], 5, 1)).toBeCloseTo(0.4, 12);
    expect(weakestMargin(MAP, ['a', 'b', 'c', 'd'], 5, 2)).toBeCloseTo(0.8, 12);
    // The additive maps' truth is their skill: no planted structure.
    expect(ALL_PROFILES.strong!.planted).toBeUndefined();
    for (const p of Object.values(STRUCTURED_PROFILES)) expect(p.planted!.length).toBeGreaterThan(0);
  });

  it('is found once its region has 3 evaluations failing 0.3 more often than the additive map predicts', () => {
    // a+b at level 2: additive logit 1 − 1 = 0, predicted failure 0.5. Fail, pass, fail: 2/3 − 0.5 < 0.3;
    // a fourth failure: 3/4 − 0.5 < 0.3; a fifth: 4/5 − 0.5 = 0.3, found after evaluation 9 (its 10th).
    const records = [
      record(0, ['a', 'b'], 2, false),
      record(1, ['a'], 2, false),
      record(3, ['a', 'b'], 2, true),
      record(5, ['a', 'b'], 2, false),
      record(7, ['a', 'b'], 2, false),
      record(9, ['a', 'b'], 2, false),
      // c from level 2 up: at paper level 2, additive logit 0 (failure 0.5); three failures: lift 0.5, found after evaluation 12.
      record(10, ['c'], 2, false),
      record(11, ['c'], 1, false),
      record(12, ['c'], 2, false),
      record(2, ['c'], 4, false),
    ];
    // c's region also holds evaluation 2 at level 4 (additive 1 − 2 = −1, failure 0.731): after 10 and 12, lift (3 − 0.731 − 1) / 3 = 0.42.
    expect(discoveries(records, MAP, 5, 0)).toEqual([10, 13, null]);
  });
});
