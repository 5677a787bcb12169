// The profile's agreement measures and bootstrap pieces against hand-computed values.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { agreement, discordantPairs, drawWeights, percentile95, quantile, ranksOf, weightedMean } from './agreement.ts';

describe('agreement between two rankings', () => {
  it('a reversed ranking of three: τ = −1, footrule 4 of ⌊9/2⌋ = 4, so 1', () => {
    expect(agreement([3, 2, 1], [1, 2, 3])).toEqual({ tau: -1, footrule: 1 });
  });
  it('one swapped pair of four: τ = (5 − 1)/6, footrule (1 + 1)/⌊16/2⌋ = 0.25', () => {
    const a = agreement([4, 3, 2, 1], [3, 4, 2, 1]);
    expect(a.tau).toBeCloseTo(2 / 3, 12);
    expect(a.footrule).toBe(0.25);
  });
  it('a tie: τ-b = 2/√(3·2), no discordant pair', () => {
    expect(agreement([2, 2, 1], [3, 2, 1]).tau).toBeCloseTo(2 / Math.sqrt(6), 12);
    expect(discordantPairs(['x', 'y', 'z'], [2, 2, 1], [3, 2, 1])).toEqual([]);
  });
  it('names the discordant pairs, the first ranked higher by the first list', () => {
    expect(discordantPairs(['w', 'x', 'y', 'z'], [4, 3, 2, 1], [3, 4, 2, 1])).toEqual([['w', 'x']]);
    expect(discordantPairs(['a', 'b', 'c'], [3, 2, 1], [1, 2, 3])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });
  it('ranks 1 = best, ties on their mid-rank', () => {
    expect(ranksOf([0.5, 0.9, 0.5, 0.1])).toEqual([2.5, 1, 2.5, 4]);
  });
});

describe('bootstrap pieces', () => {
  it('quantiles interpolate between order statistics; the 95 % interval drops undefined draws', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNull();
    expect(percentile95(Array.from({ length: 101 }, (_, i) => i))).toEqual({ lo: 2.5, hi: 97.5 });
    expect(percentile95([null, 1, null])).toEqual({ lo: 1, hi: 1 });
    expect(percentile95([null])).toBeNull();
  });
  it('weights a mean by the draw, leaving out undefined values', () => {
    expect(weightedMean([1, null, 3], [2, 5, 1])).toBeCloseTo(5 / 3, 12);
    expect(weightedMean([1, 2], [0, 0])).toBeNull();
  });
  it('draws each group’s units with replacement, as many as it has, the same for a seed', () => {
    // Group 1: units {0, 1} and {2}; group 2: units {3} and {4}.
    const groups = [
      [[0, 1], [2]],
      [[3], [4]],
    ];
    const a = drawWeights(groups, 5, seededRandom(7));
    const b = drawWeights(groups, 5, seededRandom(7));
    expect(a).toEqual(b);
    // Two draws from each group: units of group 2 add up to 2, and records 0 and 1 always go together.
    expect(a[3]! + a[4]!).toBe(2);
    expect(a[0]).toBe(a[1]);
    expect(a[0]! + a[2]!).toBe(2);
    const c = Array.from({ length: 50 }, (_, s) => drawWeights(groups, 5, seededRandom(s)).join());
    expect(new Set(c).size).toBeGreaterThan(1);
  });
});
