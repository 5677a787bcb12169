// Statistics every protocol's tables use: means with their spread, the interval of a proportion,
// and agreement between two rankings of the same models (Kendall's τ-b, Spearman's footrule). Pure functions over plain
// numbers; docs/metrics.md ("Statistics") defines each one.

/** The arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Mean and sample standard deviation (n − 1); std is 0 for a single value. */
export function meanStd(values: readonly number[]): { mean: number; std: number } | null {
  if (!values.length) return null;
  const m = values.reduce((a, b) => a + b, 0) / values.length;
  if (values.length === 1) return { mean: m, std: 0 };
  const variance = values.reduce((a, b) => a + (b - m) ** 2, 0) / (values.length - 1);
  return { mean: m, std: Math.sqrt(variance) };
}

/** Mean and its standard error (sample std / √n); se is null for a single value, where it is not defined. */
export function meanSe(values: readonly number[]): { mean: number; se: number | null } | null {
  const s = meanStd(values);
  if (!s) return null;
  return { mean: s.mean, se: values.length > 1 ? s.std / Math.sqrt(values.length) : null };
}

/** Kendall's τ-b between two score lists over the same models (ties handled); null when undefined. */
export function kendallTau(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length) throw new Error('kendallTau: lists of different lengths');
  let concordant = 0;
  let discordant = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const da = Math.sign(a[i]! - a[j]!);
      const db = Math.sign(b[i]! - b[j]!);
      if (da === 0 && db === 0) continue;
      if (da === 0) tiesA += 1;
      else if (db === 0) tiesB += 1;
      else if (da === db) concordant += 1;
      else discordant += 1;
    }
  }
  const denom = Math.sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB));
  return denom ? (concordant - discordant) / denom : null;
}

/** Rank of each score, 1 for the highest; tied scores share the mean of the ranks they span. */
export function midRanks(scores: readonly number[]): number[] {
  const order = scores.map((s, i) => [s, i] as const).sort((x, y) => y[0] - x[0]);
  const ranks = new Array<number>(scores.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    const shared = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]![1]] = shared;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's footrule: Σ |rank in a − rank in b| over the models (mid-ranks for ties); 0 when the rankings agree. */
export function footrule(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('footrule: lists of different lengths');
  const ra = midRanks(a);
  const rb = midRanks(b);
  return ra.reduce((sum, r, i) => sum + Math.abs(r - rb[i]!), 0);
}

/** The footrule over its largest value for n models, ⌊n²/2⌋ (a reversed ranking): 0 agree … 1 reversed; null below two models. */
export function normalizedFootrule(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  return n < 2 ? null : footrule(a, b) / Math.floor((n * n) / 2);
}

/** Two-sided 95 % quantiles of Student's t for 1–30 degrees of freedom (beyond: the normal's 1.96). */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Mean and the margin of its 95 % confidence interval (t · sample std / √n); the margin is null for a single value. */
export function meanCi95(values: readonly number[]): { mean: number; margin: number | null } | null {
  const s = meanStd(values);
  if (!s) return null;
  const n = values.length;
  return { mean: s.mean, margin: n > 1 ? (T95[n - 2] ?? 1.96) * (s.std / Math.sqrt(n)) : null };
}

/** The normal's two-sided 95 % quantile. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score 95 % interval of a proportion, `successes` of `n`:
 * (p + z²/2n ± z·√(p(1 − p)/n + z²/4n²)) / (1 + z²/n), p = successes / n, z = 1.96. Unlike
 * p ± z·√(p(1 − p)/n) it stays within [0, 1] and is wide for small n (1 of 1: [0.21, 1]);
 * null for n = 0.
 */
export function wilson95(successes: number, n: number): { lo: number; hi: number } | null {
  if (!(n > 0) || successes < 0 || successes > n) return null;
  const p = successes / n;
  const z2 = Z95 * Z95;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (Z95 / d) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lo: successes === 0 ? 0 : Math.max(0, centre - half), hi: successes === n ? 1 : Math.min(1, centre + half) };
}

/** Spearman's rank correlation (Pearson's r of the mid-ranks); null below two values or when a list is constant. */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length) throw new Error('spearman: lists of different lengths');
  if (a.length < 2) return null;
  const ra = midRanks(a);
  const rb = midRanks(b);
  const ma = ra.reduce((x, y) => x + y, 0) / ra.length;
  const mb = rb.reduce((x, y) => x + y, 0) / rb.length;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : null;
}

/**
 * The footrule over the number of pairs of models, n(n − 1)/2: the normalization the printed
 * values of When Benchmarks Talk imply (all multiples of 1/45 for n = 10; ⌊n²/2⌋ would give
 * multiples of 1/50). Two independent uniform rankings give (n² − 1)/3 on average, so 2(n + 1)/(3n)
 * under it, the paper's random baseline; a reversed ranking gives ⌊n²/2⌋ / (n(n − 1)/2), slightly
 * above 1. Null below two models.
 */
export function pairNormalizedFootrule(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  return n < 2 ? null : footrule(a, b) / ((n * (n - 1)) / 2);
}

/** What pairNormalizedFootrule gives on average for two independent uniform rankings of n models: 2(n + 1)/(3n). */
export const randomFootruleBaseline = (n: number): number | null => (n < 2 ? null : (2 * (n + 1)) / (3 * n));
