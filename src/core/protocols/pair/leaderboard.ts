// PAIR's progress-centric leaderboard (Table III): its columns, in the paper's order, and the
// order of its rows. Marks and ranks are the generic ones (../leaderboard.ts).
import type { ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec } from '../contract.ts';
import { metricAnchor } from '../leaderboard.ts';
import { RANKED_METRICS, type RankedMetric } from './metrics.ts';

const TITLES: Record<RankedMetric, [string, string, 'pct' | 'num']> = {
  initialFix: ['Initial Fix', 'Share of instances whose turn-0 repair passes every test (over all instances)', 'pct'],
  trs: [
    'TRS',
    'Targeted Repair Success: share of the targeted scenario’s tests passing after the turn (mean over turns, then over initially failing instances)',
    'pct',
  ],
  brg: ['BRG', 'Broader Repair Gain: failing tests outside the target that pass after the turn, over all tests', 'pct'],
  bp: ['BP', 'Behavior Preservation: 1 − passing tests broken by the turn, over all tests', 'pct'],
  pmr: ['PMR', 'Progress Monotonicity: share of turns whose pass rate did not drop', 'pct'],
  he: ['HE', 'Hint Efficiency (0–6): 7 − the level a scenario closed at, 0 if it never closed; mean over attempted scenarios', 'num'],
  finalFix: [
    'Final Fix',
    'Share of instances passing every test at some turn (over all instances); the number in brackets is the gain over Initial Fix',
    'pct',
  ],
  gc: ['GC', 'Gap Closure: (best pass rate − p₀) / (1 − p₀), over initially failing instances', 'pct'],
  turnsToFix: ['Turns', 'Turns to Fix: first turn with every test passing, over initially failing instances that were fixed (lower is better)', 'num'],
};

export const METRIC_COLUMNS: readonly MetricSpec[] = RANKED_METRICS.map(([key, direction]) => ({
  key,
  label: TITLES[key][0],
  title: TITLES[key][1],
  direction,
  format: TITLES[key][2],
  anchor: metricAnchor(key),
}));

/** Leaderboard order: Final Fix, then Gap Closure, then label. */
export function leaderboardOrder(summaries: readonly ModelSummary[]): ModelSummary[] {
  return [...summaries].sort(
    (a, b) => (b.metrics.finalFix ?? 0) - (a.metrics.finalFix ?? 0) || (b.metrics.gc ?? 0) - (a.metrics.gc ?? 0) || a.label.localeCompare(b.label),
  );
}

const points = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}`;

export const LEADERBOARD: LeaderboardPresentation = {
  title: 'Table III · Leaderboard',
  note: 'Initial and Final Fix are over all instances; the other metrics over the initially failing ones. Marked per metric: best ▲ (green) and worst ▼ (orange) — the top and bottom three with seven or more models, fewer with fewer. — : not defined (no initially failing instance, or a baseline without scenarios or hint levels). The number in brackets after Final Fix is the net gain in points. Click a column to sort; ? explains it.',
  docs: 'the-leaderboard-pair-table-iii',
  ranksTitle: 'Table IV · Metric-wise ranks',
  ranksDocs: 'metric-wise-ranks-pair-table-iv',
  annotations: [
    {
      metric: 'finalFix',
      column: 'net_gain',
      title: 'Net gain: Final Fix − Initial Fix, in points',
      form: 'brackets',
      value: (s) => s.metrics.netGain ?? null,
      text: points,
    },
  ],
};
