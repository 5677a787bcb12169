// What `hintbench report` prints for Talk runs. One run (one setting): the code models' table,
// TCA by step, steerability, and the step-wise change crossed with directional correctness.
// Several runs: TCA per model and setting, the rank change against static with the paper's
// normalized footrule beside the random baseline, directional correctness per setting, and the
// rank change by readability.
import type { ModelSummary, RunLog } from '../../model/runlog.ts';
import { textTable as table } from '../../text/table.ts';
import { formatMetric, marks } from '../leaderboard.ts';
import { compareTalk, type Spread, type TalkComparison } from './compare.ts';
import { LEADERBOARD, leaderboardOrder, METRIC_COLUMNS } from './leaderboard.ts';
import { stepsOf, talkParamsOf } from './params.ts';
import { SETTINGS } from './settings.ts';
import { talkData } from './summary.ts';

const MARK = { top: '▲', bottom: '▼' } as const;
const arrow = (m: { direction: 'up' | 'down' }) => (m.direction === 'up' ? '↑' : '↓');
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : (x * 100).toFixed(1));
const num = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? '—' : x.toFixed(digits));
const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);
const spread = (s: Spread) => (!s ? '—' : s.se === null ? pct(s.mean) : `${pct(s.mean)} ± ${pct(s.se)}`);
const named = (s: Pick<ModelSummary, 'label' | 'simulated'>) => `${s.label}${s.simulated && !/simulated/i.test(s.label) ? ' (simulated)' : ''}`;

/** The one-line description of a run's setting. */
export function describeTalk(log: RunLog['manifest']): string {
  const p = talkParamsOf(log);
  const setting = SETTINGS[p.setting];
  const user = log.models.find((m) => m.role === 'user');
  const parts = [`${setting?.label ?? p.setting}`, `${stepsOf(p)} step${stepsOf(p) === 1 ? '' : 's'}`];
  if (setting?.feedback === 'user' && user) parts.push(`user: ${user.label}`);
  if (setting?.feedback === 'user' && p.userErrorRate > 0) parts.push(`user error rate ${p.userErrorRate}`);
  if (log.settings.repeats > 1) parts.push(`${log.settings.repeats} repeats`);
  if ((log.templates?.edited.length ?? 0) > 0) parts.push(`edited templates: ${log.templates!.edited.join(', ')}`);
  return parts.join(', ');
}

function leaderboard(log: RunLog): string {
  const ordered = leaderboardOrder(log.summaries);
  const marked = marks(
    METRIC_COLUMNS,
    ordered.map((s) => s.metrics),
  );
  const rows = ordered.map((s, i) => [
    named(s),
    String(s.items),
    ...METRIC_COLUMNS.map((col) => {
      // The standard error; the items Style covers only when it leaves some out.
      const notes = (LEADERBOARD.annotations ?? []).filter((a) => a.metric === col.key).map((a) => ({ a, x: a.value(s) }));
      const se = notes.map(({ a, x }) => (x === null || (a.metric === 'style' && x === s.items) ? '' : ` ${a.text(x)}`)).join('');
      const mark = marked[col.key]![i];
      return `${formatMetric(col, s.metrics[col.key])}${se}${mark ? MARK[mark] : ' '}`;
    }),
    String(s.promptTokens + s.completionTokens),
    money(s.costUsd),
  ]);
  return table(['Model', 'Items', ...METRIC_COLUMNS.map((c) => `${c.label}${c.format === 'pct' ? ' %' : ''} ${arrow(c)}`), 'Tokens', 'Cost'], rows);
}

function byStep(log: RunLog): string {
  const steps = stepsOf(talkParamsOf(log.manifest));
  const rows = leaderboardOrder(log.summaries).map((s) => [s.label, ...Array.from({ length: steps }, (_, t) => pct(talkData(s)?.tcaByStep[t]))]);
  return table(['Model', ...Array.from({ length: steps }, (_, t) => `Step ${t}`)], rows);
}

function steering(log: RunLog): string {
  const rows = leaderboardOrder(log.summaries).map((s) => {
    const d = talkData(s);
    const c = d?.change;
    const cell = (k: 'better' | 'worse' | 'same') => (c ? `${c[k].correct}/${c[k].incorrect}/${c[k].none}` : '—');
    return [s.label, String(d?.steer.transitions ?? 0), num(d?.steer.edit), pct(d?.steer.flipShare), cell('better'), cell('worse'), cell('same')];
  });
  return table(['Model', 'Revisions', 'Edit distance', 'Tests flipped %', 'Better (DC ✓/✗/–)', 'Worse (DC ✓/✗/–)', 'Same (DC ✓/✗/–)'], rows);
}

function styleNote(log: RunLog): string {
  const measured = log.items.some((i) => i.steps.some((s) => (s.data as { style?: unknown } | undefined)?.style));
  return measured
    ? ''
    : '\nReadability (Style) was not measured in this run: its runner had no style checker (Ruff’s WebAssembly build loads in the app and in `hintbench run`, not in a plain Node run).\n';
}

/** Everything `report` prints for one Talk run. */
export function talkRunReport(log: RunLog): string {
  const m = log.manifest;
  const head = `${m.name} — talk, ${describeTalk(m)}, ${m.dataset.instances.length} instance(s), ${m.settings.repeats} repeat(s)${m.shard ? `, shard ${m.shard.k}/${m.shard.n}` : ''}`;
  const errors = log.items.filter((i) => i.status === 'error').length;
  return [
    head,
    '',
    leaderboard(log),
    errors ? `\n${errors} item(s) ended with an error.` : '',
    styleNote(log),
    'Test-case accuracy by step (%; an item that stopped early keeps its last value)',
    '',
    byStep(log),
    '',
    'Steerability per revision (Levenshtein distance in characters; tests that flipped), and the step-wise change by directional correctness (✓ correct claim, ✗ incorrect, – none)',
    '',
    steering(log),
    '',
    'Metrics: docs/metrics.md (When Benchmarks Talk)',
    '',
  ].join('\n');
}

function rankTable(c: TalkComparison, title: string, key: 'byTca' | 'byStyle'): string {
  const ranks = c[key];
  const cols = c.settings.map((s, i) => `${s.label}${i === c.reference ? ' (ref.)' : ''}`);
  const rows = c.models.map((m, k) => [m.label, ...ranks.map((r) => (r ? num(r.ranks[k], r.ranks[k]! % 1 ? 1 : 0) : '—'))]);
  const footrule = ['Footrule F', ...ranks.map((r, i) => (i === c.reference || !r ? '—' : num(r.footrule, 1)))];
  const normalized = ['Normalized F / (n(n−1)/2)', ...ranks.map((r, i) => (i === c.reference || !r ? '—' : num(r.normalized, 3)))];
  return `${title}\n\n${table(['Model', ...cols], [...rows, footrule, normalized])}\n`;
}

/** Several Talk runs side by side. */
export function talkCompareReport(logs: readonly RunLog[]): string {
  const c = compareTalk(logs);
  const n = c.models.length;
  const cols = c.settings.map((s) => s.label);
  const tcaRows = [...c.models.map((m, k) => [m.label, ...c.tca.map((row) => spread(row[k]!))]), ['All models', ...c.tcaAll.map(spread)]];
  const dcRows = c.models.map((m, k) => [m.label, ...c.dc.map((row) => spread(row[k]!))]);
  const out = [
    `Settings compared (${n} code model(s) in every run; ranks against ${c.settings[c.reference]!.label}):`,
    ...c.settings.map((s, i) => `  [${i + 1}] ${s.name} (${describeTalk(logs[i]!.manifest)})`),
    '',
    'Test-case accuracy per setting (%, mean ± standard error over items; Tables 1 and 6–9)',
    '',
    table(['Model', ...cols], tcaRows),
    '',
    rankTable(c, 'Rank by TCA in each setting (1 = best, ties share a mid-rank), and the footrule against the reference (Figs. 1 and 3, Table 16)', 'byTca'),
    `Random baseline: two independent random rankings of ${n} models give ${num(c.baseline, 3)} on average (2(n+1)/(3n)); 0 means the same ranking.`,
    '',
    'Directional correctness per setting (%, per item, then mean ± standard error over items; Table 2)',
    '',
    table(['Model', ...cols], dcRows),
    '',
  ];
  if (c.byStyle.some((r) => r !== null))
    out.push(rankTable(c, 'Rank by readability (fewest pycodestyle violations first) and its footrule against the reference (Table 5)', 'byStyle'));
  else out.push('Readability ranks: not measured in these runs (no style checker in their runner).', '');
  return out.join('\n');
}
