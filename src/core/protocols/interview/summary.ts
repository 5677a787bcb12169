// One leaderboard row per interviewee: its mean S_G and S′_G by the checks and by the judge, the
// gains, the judge's agreement with the checks on its solutions, the hints it needed, and how
// often the interviewer ended the interview. A pure function of the items.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec } from '../contract.ts';
import { modelRow } from '../shared/summary.ts';
import { metricAnchor } from '../leaderboard.ts';
import { agreementOf, mean, runView, verdictPairs, type RunView } from './analysis.ts';
import type { InterviewItem } from './item.ts';

const COLUMNS: [key: string, label: string, title: string, direction: 'up' | 'down', format: 'pct' | 'num'][] = [
  ['guidedChecks', 'S′_G checks', 'Dependency-aware score of the final guided solution, by the execution checks (mean over tasks)', 'up', 'pct'],
  ['baseChecks', 'S_G checks', 'Dependency-aware score of the unguided solution, by the execution checks (mean over tasks)', 'up', 'pct'],
  ['guidedJudge', 'S′_G judge', 'Dependency-aware score of the final guided solution, by the judge (mean over tasks)', 'up', 'pct'],
  ['baseJudge', 'S_G judge', 'Dependency-aware score of the unguided solution, by the judge (mean over tasks)', 'up', 'pct'],
  ['agreement', 'Judge = checks', 'Share of requirement verdicts on this model’s solutions where the judge and the execution check agree', 'up', 'pct'],
  ['hints', 'Hints', 'Hints the interviewee received per interview (mean)', 'down', 'num'],
  ['ended', 'Ended by interviewer', 'Share of interviews the interviewer ended (INTERVIEW IS OVER., or said all requirements were met) before the iteration cap', 'up', 'pct'],
];

/** The leaderboard's columns (the gains, S′_G − S_G, are in the summaries and the report's text, not columns). */
const spec = ([key, label, title, direction, format]: (typeof COLUMNS)[number]): MetricSpec => ({ key, label, title, direction, format, anchor: metricAnchor(key) });
export const METRIC_COLUMNS: readonly MetricSpec[] = COLUMNS.map(spec);

/** The report's wider table: the leaderboard's columns with the gains after each source's scores. */
export const REPORT_COLUMNS: readonly MetricSpec[] = [
  ...METRIC_COLUMNS.slice(0, 2),
  spec(['gainChecks', 'Gain checks', 'S′_G − S_G by the checks, in points', 'up', 'pct']),
  ...METRIC_COLUMNS.slice(2, 4),
  spec(['gainJudge', 'Gain judge', 'S′_G − S_G by the judge, in points', 'up', 'pct']),
  ...METRIC_COLUMNS.slice(4),
];

/** The metrics of some items of one model. */
export function metricsOf(view: RunView, items: readonly InterviewItem[]): Record<string, number | null> {
  const done = items.filter((i) => i.guided.checks !== null || i.guided.judge !== null);
  const pairs = verdictPairs({ ...view, items: [...items] }, false);
  const base = (s: 'checks' | 'judge') => mean(done.map((i) => i.base[s]));
  const guided = (s: 'checks' | 'judge') => mean(done.map((i) => i.guided[s]));
  const gain = (s: 'checks' | 'judge') => mean(done.map((i) => (i.base[s] === null || i.guided[s] === null ? null : i.guided[s]! - i.base[s]!)));
  return {
    guidedChecks: guided('checks'),
    baseChecks: base('checks'),
    gainChecks: gain('checks'),
    guidedJudge: guided('judge'),
    baseJudge: base('judge'),
    gainJudge: gain('judge'),
    agreement: agreementOf(pairs).rate,
    hints: mean(done.map((i) => i.steps.turns.filter((t) => t.review.kind === 'hint' && t.review.delivered).length)),
    ended: mean(done.map((i) => (i.steps.turns.at(-1)?.review.kind === 'hint' ? 0 : 1))),
    items: done.length,
  };
}

/**
 * One interview's own numbers: the leaderboard's metrics over this item alone (S_G and S′_G by the
 * checks and the judge, the gains, the judge's agreement on its solutions, its hints, whether the
 * interviewer ended it). A reference item, and an interview not finished, have all but the
 * agreement null.
 */
export function itemScores(manifest: Manifest, record: ItemRecord): Record<string, number | null> {
  const view = runView(manifest, [record]);
  const { items: _n, ...scores } = metricsOf(view, view.items);
  return scores;
}

export function summarize(manifest: Manifest, records: readonly ItemRecord[]): ModelSummary[] {
  const view = runView(manifest, records);
  return view.interviewees.map((m) => {
    const mine = view.items.filter((i) => i.modelId === m.id);
    const metrics = metricsOf(view, mine);
    return modelRow(m, records, manifest.settings.repeats, {
      items: metrics.items ?? 0,
      metrics,
      ofRepeat: (r) => metricsOf(view, mine.filter((i) => i.repeat === r)),
    });
  });
}

/** Leaderboard order: S′_G by the checks, then by the judge, then the label. */
export function leaderboardOrder(summaries: readonly ModelSummary[]): ModelSummary[] {
  const v = (s: ModelSummary, k: string) => s.metrics[k] ?? -1;
  return [...summaries].sort((a, b) => v(b, 'guidedChecks') - v(a, 'guidedChecks') || v(b, 'guidedJudge') - v(a, 'guidedJudge') || a.label.localeCompare(b.label));
}

export const LEADERBOARD: LeaderboardPresentation = {
  title: 'Base vs guided · Leaderboard',
  note: 'S_G: the unguided solution; S′_G: the final guided one. A requirement counts only when its prerequisites are met (the paper’s equations 1 and 2). Scored by the execution checks (no model involved) and by the judge; — where the run has no judge, or a task has no checks. Marked per metric: best ▲ and worst ▼. Click a column to sort; ? explains it.',
  docs: 'interview-base-vs-guided',
  ranksTitle: 'Metric-wise ranks',
  ranksDocs: 'interview-base-vs-guided',
};
