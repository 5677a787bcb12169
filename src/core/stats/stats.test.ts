// The generic statistics on hand-computed values.
import { describe, expect, it } from 'vitest';
import { footrule, kendallTau, mean, meanCi95, meanSe, meanStd, midRanks, normalizedFootrule, spearman } from './stats.ts';

describe('means and spread', () => {
  it('mean, and null for nothing', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNull();
  });

  it('mean ± sample std', () => {
    const r = meanStd([1, 2, 3, 4])!;
    expect(r.mean).toBe(2.5);
    expect(r.std).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(meanStd([7])).toEqual({ mean: 7, std: 0 });
    expect(meanStd([])).toBeNull();
  });

  it('mean ± standard error: std / √n, undefined for one value', () => {
    // [2, 4, 4, 6]: mean 4, sample variance (4 + 0 + 0 + 4) / 3 = 8/3, se = √(8/3) / 2
    const r = meanSe([2, 4, 4, 6])!;
    expect(r.mean).toBe(4);
    expect(r.se).toBeCloseTo(Math.sqrt(8 / 3) / 2, 12);
    expect(meanSe([5])).toEqual({ mean: 5, se: null });
    expect(meanSe([])).toBeNull();
  });
});

describe('ranking agreement', () => {
  it('Kendall τ-b, with and without ties', () => {
    expect(kendallTau([1, 2, 3], [1, 2, 3])).toBe(1);
    expect(kendallTau([1, 2, 3], [3, 2, 1])).toBe(-1);
    expect(kendallTau([1, 2, 3], [1, 3, 2])).toBeCloseTo(1 / 3, 12);
    expect(kendallTau([1, 1, 2], [1, 2, 3])).toBeCloseTo(2 / Math.sqrt(6), 12);
    expect(kendallTau([1, 1], [2, 2])).toBeNull();
    expect(() => kendallTau([1], [1, 2])).toThrow(/different lengths/);
  });

  it('mid-ranks: 1 for the highest score, ties share the mean rank', () => {
    expect(midRanks([0.2, 0.9, 0.5])).toEqual([3, 1, 2]);
    expect(midRanks([1, 1, 2])).toEqual([2.5, 2.5, 1]);
    expect(midRanks([4, 4, 4, 1])).toEqual([2, 2, 2, 4]);
  });

  it("Spearman's footrule: 0 for the same ranking, ⌊n²/2⌋ for a reversed one", () => {
    expect(footrule([3, 2, 1], [30, 20, 10])).toBe(0);
    expect(footrule([3, 2, 1], [1, 2, 3])).toBe(4); // |1−3| + |2−2| + |3−1|
    expect(normalizedFootrule([3, 2, 1], [1, 2, 3])).toBe(1);
    // ranks 1 2 3 4 vs 2 1 4 3: four swaps of one place, out of ⌊16/2⌋ = 8
    expect(footrule([4, 3, 2, 1], [3, 4, 1, 2])).toBe(4);
    expect(normalizedFootrule([4, 3, 2, 1], [3, 4, 1, 2])).toBe(0.5);
    // ties: a ranks 2.5 2.5 1, b ranks 3 2 1 → 0.5 + 0.5 + 0
    expect(footrule([1, 1, 2], [1, 2, 3])).toBe(1);
    expect(normalizedFootrule([1], [1])).toBeNull();
  });
});

describe('Spearman’s ρ and the 95 % interval of a mean', () => {
  it('ρ is Pearson’s r of the mid-ranks: 1 in order, −1 reversed, by hand with a tie', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // mid-ranks (highest first) of a: 4 3 2 1; of b: 3.5 3.5 2 1 (a tie at the bottom); deviations from 2.5 give r = 4.5 / √(5 · 4.5) = 0.9487…
    expect(spearman([1, 2, 3, 4], [1, 1, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(5 * 4.5), 12);
    expect(spearman([1, 2], [5, 5])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
  });

  it('the margin is t(n − 1) · s / √n', () => {
    // 1, 2, 3: mean 2, s = 1, t(2) = 4.303.
    expect(meanCi95([1, 2, 3])).toEqual({ mean: 2, margin: 4.303 / Math.sqrt(3) });
    expect(meanCi95([5])).toEqual({ mean: 5, margin: null });
    expect(meanCi95([])).toBeNull();
  });
});
