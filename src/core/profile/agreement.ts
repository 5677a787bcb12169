// Agreement between rankings of the same models, and the bootstrap that puts intervals on it:
// pure functions over plain numbers (the profile, profile.ts, feeds them the protocols' scores).
// docs/metrics.md ("Model profile") defines each number.
import { kendallTau, midRanks, normalizedFootrule } from '../stats/stats.ts';

/** Two rankings' agreement: Kendall's τ-b and the footrule over its largest value ⌊n²/2⌋ (0 agree … 1 reversed). */
export function agreement(a: readonly number[], b: readonly number[]): { tau: number | null; footrule: number | null } {
  return { tau: kendallTau(a, b), footrule: normalizedFootrule(a, b) };
}

/** Ranks, 1 = best (higher score), ties sharing their mid-rank. */
export const ranksOf = (scores: readonly number[]) => midRanks(scores);

/** The model pairs two score lists order oppositely (ties in either are not discordant): [higher in a, higher in b]. */
export function discordantPairs(ids: readonly string[], a: readonly number[], b: readonly number[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const da = Math.sign(a[i]! - a[j]!);
      const db = Math.sign(b[i]! - b[j]!);
      if (da * db < 0) out.push(da > 0 ? [ids[i]!, ids[j]!] : [ids[j]!, ids[i]!]);
    }
  }
  return out;
}

/** The q-quantile (0–1) of some values, interpolating linearly between order statistics; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The 95 % percentile interval of bootstrap replicates (the undefined ones left out); null when none is defined. */
export function percentile95(values: readonly (number | null)[]): { lo: number; hi: number } | null {
  const defined = values.filter((x): x is number => x !== null && Number.isFinite(x));
  if (!defined.length) return null;
  return { lo: quantile(defined, 0.025)!, hi: quantile(defined, 0.975)! };
}

/**
 * One bootstrap draw's weights over records: `groups` lists, per resampling group, the indices of
 * the records of each unit in it. A group of n units is drawn n times with replacement; a drawn
 * unit's records each get one more weight.
 */
export function drawWeights(groups: readonly (readonly (readonly number[])[])[], records: number, random: () => number): number[] {
  const w = new Array<number>(records).fill(0);
  for (const units of groups) {
    for (let k = 0; k < units.length; k++) {
      const unit = units[Math.floor(random() * units.length)]!;
      for (const r of unit) w[r]! += 1;
    }
  }
  return w;
}

/** The weighted mean of the defined values; null when no weighted value is defined. */
export function weightedMean(values: readonly (number | null)[], weights: readonly number[]): number | null {
  let sum = 0;
  let n = 0;
  values.forEach((v, i) => {
    if (v === null || !weights[i]) return;
    sum += v * weights[i]!;
    n += weights[i]!;
  });
  return n ? sum / n : null;
}
