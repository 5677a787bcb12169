// The generic statistics on hand-computed values.
import { describe, expect, it } from 'vitest';
import {
  footrule,
  kendallTau,
  mean,
  meanCi95,
  meanSe,
  meanStd,
  midRanks,
  normalizedFootrule,
  pairNormalizedFootrule,
  randomFootruleBaseline,
  spearman,
  wilson95,
} from './stats.ts';

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

  it('the footrule over n(n − 1)/2: its random baseline is 2(n + 1)/(3n), checked over every permutation', () => {
    expect(pairNormalizedFootrule([4, 3, 2, 1], [3, 4, 1, 2])).toBeCloseTo(4 / 6, 12); // F = 4, n(n−1)/2 = 6
    expect(pairNormalizedFootrule([3, 2, 1], [1, 2, 3])).toBeCloseTo(4 / 3, 12); // a reversal exceeds 1
    expect(pairNormalizedFootrule([1], [1])).toBeNull();
    for (const n of [2, 3, 4, 5]) {
      const base = Array.from({ length: n }, (_, i) => n - i);
      const perms: number[][] = [];
      const permute = (rest: number[], done: number[]) =>
        rest.length ? rest.forEach((x, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, x])) : perms.push(done);
      permute(base, []);
      const average = perms.reduce((sum, p) => sum + pairNormalizedFootrule(base, p)!, 0) / perms.length;
      expect(average).toBeCloseTo(randomFootruleBaseline(n)!, 12);
    }
    expect(randomFootruleBaseline(10)).toBeCloseTo(0.7333, 4); // the paper's ≈ 0.73
  });

  it("reproduces When Benchmarks Talk's Table 16 from its own tables: the values are F over n(n − 1)/2", () => {
    // Table 9 (ClassEval), per model: STATIC, SENTENCE, PARAGRAPH, CODE FEEDBACK, QUERY REPHRASING
    // (GPT-4o, Aya, Deepseek-V3, Gemma-2-27B, Gemma-7B, Llama-3.1-8B, Qwen-7B, Qwen-32B, Reka, Sonnet-3.5)
    const classEval = {
      static: [0.839, 0.718, 0.849, 0.704, 0.35, 0.636, 0.714, 0.816, 0.67, 0.833],
      sentence: [0.836, 0.596, 0.837, 0.776, 0.375, 0.653, 0.605, 0.815, 0.096, 0.821],
      paragraph: [0.848, 0.597, 0.867, 0.815, 0.39, 0.71, 0.757, 0.832, 0.109, 0.865],
      code: [0.895, 0.781, 0.889, 0.867, 0.687, 0.773, 0.819, 0.876, 0.112, 0.881],
      rephrasing: [0.789, 0.675, 0.806, 0.735, 0.34, 0.701, 0.697, 0.778, 0.6, 0.803],
    };
    const f = (setting: number[]) => pairNormalizedFootrule(classEval.static, setting)!;
    // Table 16, ClassEval: Code Feedback 0.222, Input Refinement 0.267, Paragraph 0.267, Sentence 0.267.
    // By hand, code feedback: ranks 1 7 2 5 9 8 6 4 10 3 against static's 2 5 1 7 10 9 6 4 8 3
    // differ by 1 2 1 2 1 1 0 0 2 0, so F = 10, and 10 / 45 = 0.222.
    expect(footrule(classEval.static, classEval.code)).toBe(10);
    expect(f(classEval.code).toFixed(3)).toBe('0.222');
    expect(f(classEval.rephrasing).toFixed(3)).toBe('0.267');
    expect(f(classEval.paragraph).toFixed(3)).toBe('0.267');
    expect(f(classEval.sentence).toFixed(3)).toBe('0.267');
    // The normalization the paper states, ⌊n²/2⌋ = 50, would print 0.200 and 0.240 instead.
    expect(normalizedFootrule(classEval.static, classEval.code)!.toFixed(3)).toBe('0.200');
    // Table 8 (LiveCodeBench) PARAGRAPH against STATIC: F = 10, printed 0.222 in Table 16.
    const lcbStatic = [0.8, 0.522, 0.944, 0.766, 0.347, 0.587, 0.755, 0.961, 0.617, 0.937];
    const lcbParagraph = [0.745, 0.632, 0.849, 0.766, 0.285, 0.588, 0.678, 0.747, 0.636, 0.821];
    expect(pairNormalizedFootrule(lcbStatic, lcbParagraph)!.toFixed(3)).toBe('0.222');
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

describe('the Wilson 95 % interval of a proportion', () => {
  it('5 of 10 by hand: centre 0.5, half-width z/(1 + z²/n) · √(p(1 − p)/n + z²/4n²)', () => {
    // z² = 3.8415: 1 + z²/10 = 1.38415; √(0.025 + 3.8415/400) = √0.0346036 = 0.186020; 1.95996 / 1.38415 · 0.186020 = 0.263407.
    const w = wilson95(5, 10)!;
    expect(w.lo).toBeCloseTo(0.236593, 5);
    expect(w.hi).toBeCloseTo(0.763407, 5);
  });

  it('stays within [0, 1], exactly at the ends for none and all, and is wide for one evaluation', () => {
    // 0 of 10: the upper end is z²/n / (1 + z²/n) = 0.38415 / 1.38415 = 0.27753.
    expect(wilson95(0, 10)).toEqual({ lo: 0, hi: expect.closeTo(0.277533, 5) as number });
    // 3 of 3: the lower end is 1/(1 + z²/3) = 1 / 2.28049 = 0.43850.
    expect(wilson95(3, 3)).toEqual({ lo: expect.closeTo(0.438503, 5) as number, hi: 1 });
    // 1 of 1 and 0 of 1: [1/(1 + z²), 1] = [0.20654, 1], and [0, 0.79346].
    expect(wilson95(1, 1)!.lo).toBeCloseTo(1 / (1 + 1.959964 ** 2), 5);
    expect(wilson95(0, 1)!.hi).toBeCloseTo(1 - 1 / (1 + 1.959964 ** 2), 5);
    expect(wilson95(0, 0)).toBeNull();
    expect(wilson95(4, 3)).toBeNull();
  });
});
