// The Interview's scorer and reducers: one interview's score record, and an interviewee's
// leaderboard row as their reduction (its mean S_G and S′_G by the checks and by the judge, the
// gains, the judge's agreement with the checks, the hints it needed, and how often the
// interviewer ended the interview). Pure functions.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec, Reduction } from '../contract.ts';
import { metricAnchor } from '../leaderboard.ts';
import { ratioOf, valuesOf, where, type ItemScore } from '../reduce.ts';
import { agreementOf, categoryFields, runView, verdictPairs, type Source } from './analysis.ts';
import { mean } from '../../stats/stats.ts';

const COLUMNS: [key: string, label: string, title: string, direction: 'up' | 'down', format: 'pct' | 'num'][] = [
  ['guidedChecks', 'S′_G checks', 'Dependency-aware score of the final guided solution, by the execution checks (mean over tasks)', 'up', 'pct'],
  ['baseChecks', 'S_G checks', 'Dependency-aware score of the unguided solution, by the execution checks (mean over tasks)', 'up', 'pct'],
  ['guidedJudge', 'S′_G judge', 'Dependency-aware score of the final guided solution, by the judge (mean over tasks)', 'up', 'pct'],
  ['baseJudge', 'S_G judge', 'Dependency-aware score of the unguided solution, by the judge (mean over tasks)', 'up', 'pct'],
  ['agreement', 'Judge = checks', 'Share of requirement verdicts on this model’s solutions where the judge and the execution check agree', 'up', 'pct'],
  ['hints', 'Hints', 'Hints the interviewee received per interview (mean)', 'down', 'num'],
  [
    'ended',
    'Ended by interviewer',
    'Share of interviews the interviewer ended (INTERVIEW IS OVER., or said all requirements were met) before the iteration cap',
    'up',
    'pct',
  ],
];

/** The leaderboard's columns (the gains, S′_G − S_G, are in the summaries and the report's text, not columns). */
const spec = ([key, label, title, direction, format]: (typeof COLUMNS)[number]): MetricSpec => ({
  key,
  label,
  title,
  direction,
  format,
  anchor: metricAnchor(key),
});
export const METRIC_COLUMNS: readonly MetricSpec[] = COLUMNS.map(spec);

/** The report's wider table: the leaderboard's columns with the gains after each source's scores. */
export const REPORT_COLUMNS: readonly MetricSpec[] = [
  ...METRIC_COLUMNS.slice(0, 2),
  spec(['gainChecks', 'Gain checks', 'S′_G − S_G by the checks, in points', 'up', 'pct']),
  ...METRIC_COLUMNS.slice(2, 4),
  spec(['gainJudge', 'Gain judge', 'S′_G − S_G by the judge, in points', 'up', 'pct']),
  ...METRIC_COLUMNS.slice(4),
];

const SOURCES = ['checks', 'judge'] as const;
const cap = (s: Source) => (s === 'checks' ? 'Checks' : 'Judge');

/**
 * One interview's own numbers: S_G and S′_G by the checks and the judge and their gains, its hints,
 * whether the interviewer ended it, and its solutions' requirement verdicts where judge and checks
 * agree (`agreed` of `verdicts`; `agreement` their share), and per requirement category the
 * requirements credited before and after guidance (`checks.req.<category>.n` …; see
 * `categoryFields`). `done` is 1 for a finished interview
 * (a guided score by either source); a reference item, and an interview not finished, have the
 * scores null.
 */
export function itemScores(manifest: Manifest, record: ItemRecord): ItemScore {
  const view = runView(manifest, [record]);
  const item = view.items[0];
  const { pairs, agree, rate } = agreementOf(verdictPairs(view, false));
  const done = item !== undefined && (item.guided.checks !== null || item.guided.judge !== null);
  const scores: Record<string, number | null> = {};
  for (const source of SOURCES) {
    const [base, guided] = done ? [item.base[source], item.guided[source]] : [null, null];
    scores[`guided${cap(source)}`] = guided;
    scores[`base${cap(source)}`] = base;
    scores[`gain${cap(source)}`] = base === null || guided === null ? null : guided - base;
    Object.assign(scores, item ? categoryFields(view, item, source) : { [`${source}.req`]: null });
  }
  return {
    ...scores,
    agreement: rate,
    hints: done ? item.steps.turns.filter((t) => t.review.kind === 'hint' && t.review.delivered).length : null,
    ended: done ? (item.steps.turns.at(-1)?.review.kind === 'hint' ? 0 : 1) : null,
    done: Number(done),
    agreed: agree,
    verdicts: pairs,
  };
}

/** A model's leaderboard numbers from its interviews' score records: means over finished interviews; agreement pooled over verdicts. */
export function reduce(_manifest: Manifest, scores: readonly ItemScore[]): Reduction {
  const done = where(scores, 'done');
  const over = (key: string) => mean(valuesOf(done, key));
  return {
    items: done.length,
    metrics: {
      guidedChecks: over('guidedChecks'),
      baseChecks: over('baseChecks'),
      gainChecks: over('gainChecks'),
      guidedJudge: over('guidedJudge'),
      baseJudge: over('baseJudge'),
      gainJudge: over('gainJudge'),
      agreement: ratioOf(scores, 'agreed', 'verdicts'),
      hints: over('hints'),
      ended: over('ended'),
      items: done.length,
    },
  };
}

/** Leaderboard order: S′_G by the checks, then by the judge, then the label. */
export function leaderboardOrder(summaries: readonly ModelSummary[]): ModelSummary[] {
  const v = (s: ModelSummary, k: string) => s.metrics[k] ?? -1;
  return [...summaries].sort(
    (a, b) => v(b, 'guidedChecks') - v(a, 'guidedChecks') || v(b, 'guidedJudge') - v(a, 'guidedJudge') || a.label.localeCompare(b.label),
  );
}

export const LEADERBOARD: LeaderboardPresentation = {
  title: 'Base vs guided · Leaderboard',
  note: 'S_G: the unguided solution; S′_G: the final guided one. A requirement counts only when its prerequisites are met (the paper’s equations 1 and 2). Scored by the execution checks (no model involved) and by the judge; — where the run has no judge, or a task has no checks. Marked per metric: best ▲ and worst ▼. Click a column to sort; ? explains it.',
  docs: 'interview-base-vs-guided',
  ranksTitle: 'Metric-wise ranks',
  ranksDocs: 'interview-base-vs-guided',
};
