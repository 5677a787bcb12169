// Talk's leaderboard of one run (one setting): its columns and the order of its rows. Marks and
// ranks are the generic ones (../leaderboard.ts); the rank change across settings is compare.ts.
import type { ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec } from '../contract.ts';

const column = (key: string, label: string, title: string, direction: 'up' | 'down', format: 'pct' | 'num', anchor: string): MetricSpec => ({
  key,
  label,
  title,
  direction,
  format,
  anchor,
});

export const METRIC_COLUMNS: readonly MetricSpec[] = [
  column(
    'tca',
    'TCA',
    'Test-case accuracy of the last program: tests passed over tests, mean over items (± its standard error after the cell)',
    'up',
    'pct',
    'talk-test-case-accuracy',
  ),
  column('tcaFirst', 'First try', 'TCA of the first program, written from the statement alone', 'up', 'pct', 'talk-test-case-accuracy'),
  column('solved', 'Solved', 'Share of items with a program that passes every test at some step', 'up', 'pct', 'talk-steps-to-a-correct-solution'),
  column(
    'steps',
    'Steps',
    'Steps to a correct solution: the first attempt passing every test (0 = the first), over the items that reached one (lower is better)',
    'down',
    'num',
    'talk-steps-to-a-correct-solution',
  ),
  column(
    'dc',
    'DC',
    'Directional correctness: share of the feedback whose claim (correct or not) matches the tests, per item, then over items',
    'up',
    'pct',
    'talk-directional-correctness',
  ),
  column('style', 'Style', 'Readability: pycodestyle violations of the last program, mean over items (lower is better)', 'down', 'num', 'talk-readability'),
];

/** By TCA, then first-try TCA, then label. */
export function leaderboardOrder(summaries: readonly ModelSummary[]): ModelSummary[] {
  return [...summaries].sort(
    (a, b) => (b.metrics.tca ?? -1) - (a.metrics.tca ?? -1) || (b.metrics.tcaFirst ?? -1) - (a.metrics.tcaFirst ?? -1) || a.label.localeCompare(b.label),
  );
}

export const LEADERBOARD: LeaderboardPresentation = {
  title: 'Code models in this setting',
  note: 'TCA in percent, ± its standard error over items after the cell. DC only where the user gives paragraph, sentence or code feedback. Style: pycodestyle violations (Ruff), over the n items whose style was counted; — when the run did not count them. Best ▲ and worst ▼ marked per column. The rank change across settings is on the compare page.',
  docs: 'talk-test-case-accuracy',
  ranksTitle: 'Ranks per measure',
  ranksDocs: 'talk-ranking-and-rank-change',
  annotations: [
    {
      metric: 'tca',
      column: 'tca_se',
      title: 'Standard error of the mean TCA, in points',
      form: 'margin',
      value: (s) => s.metrics.tcaSe ?? null,
      text: (x) => `±${(x * 100).toFixed(1)}`,
    },
    {
      metric: 'style',
      column: 'style_items',
      title: 'Items whose last program’s style was counted: the mean is over these (a style check that failed leaves an item out)',
      form: 'brackets',
      value: (s) => (s.metrics.style === null || s.metrics.style === undefined ? null : (s.metrics.styleItems ?? null)),
      text: (x) => `n = ${x}`,
    },
  ],
};
