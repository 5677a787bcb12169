// The progress-centric leaderboard (PAIR Table III) and metric-wise ranks (Table IV), shared by
// the Results page and the CLI. Each metric marks its best and worst models: the top three and
// bottom three as in the paper when there are at least seven models, fewer when there are
// fewer models (k = min(3, ⌊n/2⌋)), with ties marked alike.
import type { ModelSummary } from '../../model/runlog.ts';
import { RANKED_METRICS, type PairSummary, type RankedMetric } from './metrics.ts';

export interface MetricColumn {
  key: RankedMetric;
  label: string;
  /** Short description (tooltips); docs/metrics.md has the formula. */
  title: string;
  direction: 'up' | 'down';
  /** Percent (0–100), or a plain number. */
  format: 'pct' | 'num';
  /** Its anchor in docs/metrics.md. */
  anchor: string;
}

const TITLES: Record<RankedMetric, [string, string, 'pct' | 'num']> = {
  initialFix: ['Initial Fix', 'Share of instances whose turn-0 repair passes every test (over all instances)', 'pct'],
  trs: ['TRS', 'Targeted Repair Success: share of the targeted scenario’s tests passing after the turn (mean over turns, then over initially failing instances)', 'pct'],
  brg: ['BRG', 'Broader Repair Gain: failing tests outside the target that pass after the turn, over all tests', 'pct'],
  bp: ['BP', 'Behavior Preservation: 1 − passing tests broken by the turn, over all tests', 'pct'],
  pmr: ['PMR', 'Progress Monotonicity: share of turns whose pass rate did not drop', 'pct'],
  he: ['HE', 'Hint Efficiency (0–6): 7 − the level a scenario closed at, 0 if it never closed; mean over attempted scenarios', 'num'],
  finalFix: ['Final Fix', 'Share of instances passing every test at some turn (over all instances); the superscript is the gain over Initial Fix', 'pct'],
  gc: ['GC', 'Gap Closure: (best pass rate − p₀) / (1 − p₀), over initially failing instances', 'pct'],
  turnsToFix: ['Turns', 'Turns to Fix: first turn with every test passing, over initially failing instances that were fixed (lower is better)', 'num'],
};

/** A metric's anchor in docs/metrics.md: its name in kebab case (initialFix → initial-fix). */
export const metricAnchor = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export const METRIC_COLUMNS: MetricColumn[] = RANKED_METRICS.map(([key, direction]) => ({ key, label: TITLES[key][0], title: TITLES[key][1], direction, format: TITLES[key][2], anchor: metricAnchor(key) }));

export type Mark = 'top' | 'bottom' | null;

/** For each metric, which models are marked top or bottom. */
export function marks(rows: readonly PairSummary[]): Record<RankedMetric, Mark[]> {
  const k = Math.min(3, Math.floor(rows.length / 2));
  const out = {} as Record<RankedMetric, Mark[]>;
  for (const col of METRIC_COLUMNS) {
    const values = rows.map((r) => r[col.key]);
    const known = values.filter((x): x is number => x !== null);
    const better = (a: number, b: number) => (col.direction === 'up' ? b - a : a - b);
    const sorted = [...new Set(known)].sort(better);
    const top = new Set(k ? sortedCut(known, sorted, k, better) : []);
    const bottom = new Set(k ? sortedCut(known, [...sorted].reverse(), k, (a, b) => -better(a, b)) : []);
    out[col.key] = values.map((x) => (x === null || sorted.length < 2 ? null : top.has(x) ? 'top' : bottom.has(x) ? 'bottom' : null));
  }
  return out;
}

/** The values held by the first k models in this order (ties at the cut included). */
function sortedCut(values: number[], distinct: number[], k: number, order: (a: number, b: number) => number): number[] {
  const ranked = [...values].sort(order);
  const cut = ranked[k - 1]!;
  return distinct.filter((x) => order(x, cut) <= 0);
}

/** Table IV: each model's rank per metric (1 = best, ties share the best rank) and its average rank. */
export function ranks(rows: readonly PairSummary[]): { perMetric: Record<RankedMetric, (number | null)[]>; average: (number | null)[] } {
  const perMetric = {} as Record<RankedMetric, (number | null)[]>;
  for (const col of METRIC_COLUMNS) {
    const values = rows.map((r) => r[col.key]);
    perMetric[col.key] = values.map((x) => (x === null ? null : 1 + values.filter((y) => y !== null && (col.direction === 'up' ? y > x : y < x)).length));
  }
  const average = rows.map((_, i) => {
    const rs = METRIC_COLUMNS.map((c) => perMetric[c.key][i]).filter((x): x is number => x !== null);
    return rs.length ? rs.reduce((a, b) => a + b, 0) / rs.length : null;
  });
  return { perMetric, average };
}

export function formatMetric(col: MetricColumn, value: number | null): string {
  if (value === null) return '—';
  return col.format === 'pct' ? (value * 100).toFixed(1) : value.toFixed(2);
}

/** Leaderboard order: Final Fix, then Gap Closure, then label. */
export function leaderboardOrder(summaries: readonly ModelSummary[]): ModelSummary[] {
  return [...summaries].sort((a, b) => b.metrics.finalFix - a.metrics.finalFix || (b.metrics.gc ?? 0) - (a.metrics.gc ?? 0) || a.label.localeCompare(b.label));
}
