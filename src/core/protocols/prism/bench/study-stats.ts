// The designs study's statistics (docs/prism.md, "Designs"): shares of seeds meeting a bar with
// percentile-bootstrap intervals over the seeds, paired differences between two designs on the
// same seeds, when a planted structure was found, and the smallest budget from which a bar
// holds at every larger budget. The bootstrap is seeded, so a table is the same at every print.
import { randomFor } from '../../../random.ts';

export interface Interval {
  mean: number;
  lo: number;
  hi: number;
}

/** Resamples of the bootstrap. */
export const RESAMPLES = 2000;

/** The mean of the values and its 95 % percentile-bootstrap interval (resampling the values). */
export function bootstrap(values: readonly number[], label = 'bootstrap'): Interval {
  const n = values.length;
  if (!n) return { mean: NaN, lo: NaN, hi: NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const rng = randomFor('prism-study', label, n);
  const means: number[] = [];
  for (let r = 0; r < RESAMPLES; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[Math.floor(rng() * n)]!;
    means.push(s / n);
  }
  means.sort((a, b) => a - b);
  return { mean, lo: means[Math.floor(0.025 * RESAMPLES)]!, hi: means[Math.ceil(0.975 * RESAMPLES) - 1]! };
}

/** Design a minus design b on the same seeds: the mean of the per-seed differences, with its interval. */
export function pairedDifference(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>, label = 'paired'): Interval {
  const seeds = [...a.keys()].filter((s) => b.has(s)).sort((x, y) => x - y);
  return bootstrap(
    seeds.map((s) => a.get(s)! - b.get(s)!),
    label,
  );
}

/** The smallest budget from which `holds` is true at that budget and every larger one; null when it fails at the largest. */
export function stableBudget(budgets: readonly number[], holds: (budget: number) => boolean): number | null {
  const sorted = [...budgets].sort((x, y) => x - y);
  let from: number | null = null;
  for (let i = sorted.length - 1; i >= 0 && holds(sorted[i]!); i--) from = sorted[i]!;
  return from;
}

/** When every planted structure was found (the last of them), or null when one was not. */
export const allFound = (found: readonly (number | null)[]): number | null =>
  found.length && found.every((f) => f !== null) ? Math.max(...(found as number[])) : null;

/** The median of values where null counts as never (above every number); null when the median is never. */
export function medianOrNever(values: readonly (number | null)[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const n = sorted.length;
  const lo = sorted[Math.floor((n - 1) / 2)];
  const hi = sorted[Math.ceil((n - 1) / 2)];
  return lo === null || hi === null || lo === undefined || hi === undefined ? null : (lo + hi) / 2;
}

/** An interval as the tables print it: 0.62 [0.48, 0.76]. */
export const formatInterval = (x: Interval) => (Number.isNaN(x.mean) ? '—' : `${x.mean.toFixed(2)} [${x.lo.toFixed(2)}, ${x.hi.toFixed(2)}]`);
