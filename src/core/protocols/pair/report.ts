// What `hintbench report` prints for PAIR-family runs: the leaderboard (Table III), metric-wise
// ranks (Table IV) and, with repeats, mean ± std and τ (Tables V, VI); for several runs, the
// settings compared (Tables V–VII).
import type { RunLog } from '../../model/runlog.ts';
import { textTable as table } from '../../text/table.ts';
import { formatMetric, marks, ranks } from '../leaderboard.ts';
import { leaderboardOrder, METRIC_COLUMNS } from './leaderboard.ts';
import { pairMetrics } from './summary.ts';
import { compareSettings, formatSpread, rankingStability, REPEATED_METRICS, SENSITIVITY_METRICS, settingOf, SHARED_METRICS, spreadRows } from './studies.ts';

const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);

const MARK = { top: '▲', bottom: '▼' } as const;
const arrow = (m: { direction: 'up' | 'down' }) => (m.direction === 'up' ? '↑' : '↓');

/** Table III: the progress-centric leaderboard, with tokens and cost. ▲/▼ mark each metric's best and worst. */
export function leaderboard(log: RunLog): string {
  const m = log.manifest;
  const feedback = m.models.find((x) => x.role === 'feedback');
  const pairParams = 'beta' in m.params ? `, β = ${String(m.params.beta)}, m = ${String(m.params.m)}` : '';
  const head = `${m.name} — ${m.protocol.id}, α = ${String(m.params.turns)}${pairParams}, ${m.dataset.instances.length} instance(s), ${m.settings.repeats} repeat(s)${m.shard ? `, shard ${m.shard.k}/${m.shard.n}` : ''}${feedback ? `\nFeedback model: ${feedback.label}` : ''}`;
  const ordered = leaderboardOrder(log.summaries);
  const marked = marks(
    METRIC_COLUMNS,
    ordered.map((s) => s.metrics),
  );
  const rows = ordered.map((s, i) => [
    `${s.label}${s.simulated && !/simulated/i.test(s.label) ? ' (simulated)' : ''}`,
    String(s.items),
    ...METRIC_COLUMNS.map((col) => {
      const value = formatMetric(col, s.metrics[col.key]);
      const netGain = pairMetrics(s).netGain;
      const gain = col.key === 'finalFix' ? ` (${netGain >= 0 ? '+' : ''}${(netGain * 100).toFixed(1)})` : '';
      const mark = marked[col.key]![i];
      return `${value}${gain}${mark ? MARK[mark] : ' '}`;
    }),
    String(s.promptTokens + s.completionTokens),
    money(s.costUsd),
  ]);
  const headers = ['Model', 'Items', ...METRIC_COLUMNS.map((c) => `${c.label}${c.format === 'pct' ? ' %' : ''} ${arrow(c)}`), 'Tokens', 'Cost'];
  const errors = log.items.filter((i) => i.status === 'error').length;
  const legend =
    'Metrics over initially failing instances, except Initial and Final Fix (all instances). ▲ best, ▼ worst per metric. — : not defined for this protocol or no data.';
  return `${head}\n\n${table(headers, rows)}\n${errors ? `\n${errors} item(s) ended with an error.\n` : ''}\n${legend}\nMetrics: docs/metrics.md\n`;
}

/** Table IV: each model's rank per metric and the average rank (descriptive only). */
export function rankTable(log: RunLog): string {
  const ordered = leaderboardOrder(log.summaries);
  const { perMetric, average } = ranks(
    METRIC_COLUMNS,
    ordered.map((s) => s.metrics),
  );
  const rows = ordered.map((s, i) => [
    s.label,
    ...METRIC_COLUMNS.map((c) => String(perMetric[c.key]![i] ?? '—')),
    average[i] === null ? '—' : average[i]!.toFixed(2),
  ]);
  return `Metric-wise ranks (1 = best; ties share the best rank)\n\n${table(['Model', ...METRIC_COLUMNS.map((c) => c.label), 'Avg. rank'], rows)}\n`;
}

/** Tables V and VI for one run with repeats: every metric's mean ± std over the repeats, and τ between them. */
export function repeatedRunTables(log: RunLog): string {
  const rows = spreadRows(log, REPEATED_METRICS);
  const stability = rankingStability(log, REPEATED_METRICS);
  const lines = REPEATED_METRICS.map((m) => [
    `${m.label} ${arrow(m)}`,
    ...rows.map((r) => formatSpread(m, r.values[m.key]!, true)),
    fmtTau(stability.tau[m.key]!),
  ]);
  return [
    `Repeated runs: mean ± std over ${stability.repeats} repeats (percent, except HE and Turns to Fix); Kendall's τ of the model ranking between every pair of repeats, averaged`,
    '',
    table(['Metric', ...rows.map((r) => r.label), 'τ'], lines),
    '',
  ].join('\n');
}

const fmtTau = (x: number | null) => (x === null ? '—' : x.toFixed(3));

/** Tables V and VII across runs: the same models under each run's setting, with τ against the first run. */
export function comparisonTables(logs: readonly RunLog[]): string {
  const out: string[] = [
    'Settings compared (the first is the reference for τ):',
    ...logs.map((l, i) => `  [${i + 1}] ${l.manifest.name} (${settingOf(l.manifest)})`),
    '',
  ];
  for (const [title, metrics] of [
    ["Shared metrics (Table V): mean ± std over each run's repeats", SHARED_METRICS],
    ['Sensitivity metrics (Table VII)', SENSITIVITY_METRICS],
  ] as const) {
    const c = compareSettings(logs, metrics);
    const withStd = logs.some((l) => l.manifest.settings.repeats > 1);
    const rows = c.models.flatMap((model, k) =>
      c.rows.map((setting, i) => [i === 0 ? model.label : '', `[${i + 1}]`, ...metrics.map((m) => formatSpread(m, setting[k]!.values[m.key]!, withStd))]),
    );
    const tauRows = c.tau.slice(1).map((t, i) => [`τ of [${i + 2}] vs [1]`, '', ...metrics.map((m) => fmtTau(t![m.key]!))]);
    out.push(title, '', table(['Model', 'Run', ...metrics.map((m) => `${m.label} ${arrow(m)}`)], [...rows, ...tauRows]), '');
    if (c.models.length < logs[0]!.summaries.length)
      out.push(`(${logs[0]!.summaries.length - c.models.length} model(s) of [1] are missing from another run and left out.)`, '');
  }
  if (logs.some((l) => l.manifest.settings.repeats > 1)) {
    // A run without repeats has no τ: its row shows —.
    const rows = logs.map((l, i) => {
      const s = rankingStability(l);
      return [`[${i + 1}]`, ...SHARED_METRICS.map((m) => fmtTau(s.tau[m.key]!)), fmtTau(s.average)];
    });
    out.push(
      `Ranking stability (Table VI): Kendall's τ between repeats, averaged over pairs`,
      '',
      table(['Run', ...SHARED_METRICS.map((m) => m.label), 'Avg.'], rows),
      '',
    );
  }
  return out.join('\n');
}

/** Everything `report` prints for one PAIR-family run. */
export const runReport = (log: RunLog) => [leaderboard(log), rankTable(log), ...(log.manifest.settings.repeats > 1 ? [repeatedRunTables(log)] : [])].join('\n');
