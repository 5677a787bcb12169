// The adaptive designs' choices by hand: the level nearest 50 % predicted success, the first
// round spreading the levels, calibrated rounds visiting every concept once, and top-two
// Thompson sampling measuring where two posterior draws disagree on the weakest k.
import { describe, expect, it } from 'vitest';
import { calibratedCell, levelNearHalf, predicted, thompsonCell } from './adaptive.ts';
import { defaultPrismParams } from './params.ts';
import type { SkillFit } from './skill-fit.ts';

const CONCEPTS = ['a', 'b', 'c', 'd', 'e'];
const params = (design: string) => defaultPrismParams({ concepts: CONCEPTS.join(', '), difficulties: 'l0, l1, l2, l3, l4', design });
/** A fitted map: skills 2, 1, 0, −1, −2; level difficulties 0, 1, 2, 3, 4; a pair costs 0.5. */
const fit = (sd = 0.01): SkillFit => ({ skills: [2, 1, 0, -1, -2], difficulty: [0, 1, 2, 3, 4], perConcept: 0.5, n: 100, skillSd: CONCEPTS.map(() => sd) });

describe('the level near 0.5', () => {
  it('predicts from skill, level and combination cost', () => {
    // a at l2: σ(2 − 2) = 0.5; a+b at l1: σ(1.5 − 1 − 0.5) = 0.5.
    expect(predicted(fit(), ['a'], CONCEPTS, 2)).toBeCloseTo(0.5, 12);
    expect(predicted(fit(), ['a', 'b'], CONCEPTS, 1)).toBeCloseTo(0.5, 12);
  });
  it('takes the level with predicted success nearest 0.5 (the easier of a tie)', () => {
    expect(levelNearHalf(fit(), ['a'], CONCEPTS, 5)).toBe(2);
    expect(levelNearHalf(fit(), ['c'], CONCEPTS, 5)).toBe(0);
    expect(levelNearHalf(fit(), ['e'], CONCEPTS, 5)).toBe(0);
    // b: skill 1, between l0 (σ(1) = 0.73) and l1 (0.5), l1 wins; with skill 1.5, l1 and l2 tie at |σ(±0.5) − 0.5|: the easier.
    expect(levelNearHalf(fit(), ['b'], CONCEPTS, 5)).toBe(1);
    expect(levelNearHalf({ ...fit(), skills: [2, 1.5, 0, -1, -2] }, ['b'], CONCEPTS, 5)).toBe(1);
  });
});

describe('calibrated', () => {
  it('visits every concept once a round; the first round spreads the levels, later rounds take the level near 0.5', () => {
    const p = params('calibrated');
    const first = [0, 1, 2, 3, 4].map((e) => calibratedCell(p, fit(), 3, 0, e));
    expect(first.map((c) => c.concepts[0]).sort()).toEqual(CONCEPTS);
    expect(first.map((c) => c.level)).toEqual([0, 1, 2, 3, 4]);
    const second = [5, 6, 7, 8, 9].map((e) => calibratedCell(p, fit(), 3, 0, e));
    expect(second.map((c) => c.concepts[0]).sort()).toEqual(CONCEPTS);
    for (const c of second) expect(c.level).toBe(levelNearHalf(fit(), c.concepts, CONCEPTS, 5));
  });
  it('with pairs, a round is every concept and every pair', () => {
    const p = defaultPrismParams({ concepts: CONCEPTS.join(', '), difficulties: 'l0, l1, l2, l3, l4', design: 'calibrated', space: 'pairs' });
    const round = Array.from({ length: 15 }, (_, e) => calibratedCell(p, fit(), 3, 0, 15 + e).concepts.join('+'));
    expect(new Set(round).size).toBe(15);
    expect(round.filter((x) => x.includes('+'))).toHaveLength(10);
  });
});

describe('top-two Thompson sampling for the weakest 3', () => {
  it('measures a concept on the boundary of the weakest three when the draws disagree', () => {
    // Skills 2, 1, 0, −1, −2 with a wide posterior: the weakest three (c, d, e) differ between draws only around c and b.
    const p = params('thompson');
    const picks = Array.from({ length: 40 }, (_, i) => thompsonCell(p, fit(1), 9, 0, 5 + i));
    for (const c of picks) expect(c.level).toBe(levelNearHalf(fit(1), c.concepts, CONCEPTS, 5));
    const names = new Set(picks.map((c) => c.concepts[0]));
    expect(names.has('c') || names.has('b')).toBe(true);
    expect(names.has('e')).toBe(false); // −2 is in every draw's weakest three (4σ from b)
    // Seeded: the same evaluation gives the same cell.
    expect(thompsonCell(p, fit(1), 9, 0, 17)).toEqual(picks[12]);
  });
  it('with draws that always agree, measures the most uncertain of the weakest four', () => {
    const p = params('thompson');
    const narrow = { ...fit(), skillSd: [0.01, 0.02, 0.01, 0.03, 0.01] };
    expect(thompsonCell(p, narrow, 9, 0, 20).concepts).toEqual(['d']);
  });
});
