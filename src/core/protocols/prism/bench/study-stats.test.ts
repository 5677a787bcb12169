// The study's statistics by hand: bootstrap intervals, paired differences, the smallest budget
// from which a bar holds at every larger one, and when planted structure was found.
import { describe, expect, it } from 'vitest';
import { allFound, bootstrap, medianOrNever, pairedDifference, stableBudget } from './study-stats.ts';

describe('the designs study statistics', () => {
  it('bootstrap: a constant has a point interval; a share lies inside its interval', () => {
    expect(bootstrap([1, 1, 1, 1])).toEqual({ mean: 1, lo: 1, hi: 1 });
    const x = bootstrap([1, 0, 1, 1, 0, 1, 1, 1, 0, 1]);
    expect(x.mean).toBeCloseTo(0.7, 12);
    expect(x.lo).toBeLessThan(0.7);
    expect(x.hi).toBeGreaterThan(0.7);
    expect(x.lo).toBeGreaterThanOrEqual(0.3);
    expect(x.hi).toBeLessThanOrEqual(1);
  });
  it('paired difference: only the seeds both designs ran, seed by seed', () => {
    const a = new Map([
      [1, 1],
      [2, 1],
      [3, 0],
    ]);
    const b = new Map([
      [1, 0],
      [2, 1],
      [4, 1],
    ]);
    // Seeds 1 and 2: differences 1 and 0.
    expect(pairedDifference(a, b).mean).toBeCloseTo(0.5, 12);
  });
  it('stable budget: from where the bar holds to the largest budget, not the first pass', () => {
    const budgets = [50, 100, 200, 300];
    expect(stableBudget(budgets, (b) => b !== 100)).toBe(200);
    expect(stableBudget(budgets, () => true)).toBe(50);
    expect(stableBudget(budgets, (b) => b < 300)).toBeNull();
  });
  it('planted structure: found when all of it is, at the last find; the median counts never as above all', () => {
    expect(allFound([12, 40, 7])).toBe(40);
    expect(allFound([12, null])).toBeNull();
    expect(allFound([])).toBeNull();
    expect(medianOrNever([10, 30, null])).toBe(30);
    expect(medianOrNever([10, null, null])).toBeNull();
    expect(medianOrNever([10, 20, 30, 40])).toBe(25);
  });
});
