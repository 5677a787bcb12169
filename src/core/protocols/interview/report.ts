// What `hintbench report` (and `hintbench demo --protocol interview`) prints for an Interview run:
// base vs guided per interviewee by the checks and by the judge, the same per requirement
// category and per problem category, the judge's agreement with the checks, the references'
// satisfaction, and why the interviews stopped.
import type { RunLog } from '../../model/runlog.ts';
import { textTable as table } from '../../text/table.ts';
import { formatMetric, marks } from '../leaderboard.ts';
import { paramsLine } from '../params.ts';
import {
  agreementOf,
  byProblemCategory,
  byRequirementCategory,
  mean,
  referenceSatisfaction,
  storedView,
  verdictPairs,
  type RunView,
  type Source,
} from './analysis.ts';
import { INTERVIEW_FIELDS } from './params.ts';
import { STOP_REASONS } from './step.ts';
import { leaderboardOrder, REPORT_COLUMNS } from './summary.ts';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : (x * 100).toFixed(1));
const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);
const MARK = { top: '▲', bottom: '▼' } as const;

/** The retrieval the judge used, in words (from its judging steps). */
export function retrievalOf(view: RunView): string {
  const used = new Set(
    [...view.items, ...view.references]
      .flatMap((i) => [i.steps.judgeUnguided, i.steps.judgeGuided, i.steps.judgeReference])
      .filter((j) => j !== undefined)
      .map((j) => j.retrieval),
  );
  if (!used.size) return 'none (no judge)';
  const embedder = view.manifest.models.find((m) => m.role === 'embeddings');
  return [...used].map((r) => (r === 'embeddings' ? `embeddings (${embedder?.label ?? 'the embeddings model'})` : 'BM25 (lexical)')).join(' and ');
}

export function heading(log: RunLog): string {
  const m = log.manifest;
  const role = (r: string) => m.models.find((x) => x.role === r)?.label ?? 'none';
  return `${m.name} — interview, ${paramsLine(INTERVIEW_FIELDS, m.params)}, ${String(m.params.prerequisites)} prerequisites, ${m.dataset.tasks?.length ?? 0} task(s), ${m.settings.repeats} repeat(s)${m.shard ? `, shard ${m.shard.k}/${m.shard.n}` : ''}\nInterviewer: ${role('interviewer')} · Judge: ${role('judge')}`;
}

/** The base vs guided table (the leaderboard). */
export function baseVsGuided(log: RunLog): string {
  const ordered = leaderboardOrder(log.summaries);
  const marked = marks(
    REPORT_COLUMNS,
    ordered.map((s) => s.metrics),
  );
  const rows = ordered.map((s, i) => [
    `${s.label}${s.simulated && !/simulated/i.test(s.label) ? ' (simulated)' : ''}`,
    String(s.items),
    ...REPORT_COLUMNS.map((c) => `${formatMetric(c, s.metrics[c.key])}${marked[c.key]![i] ? MARK[marked[c.key]![i]!] : ' '}`),
    String(s.promptTokens + s.completionTokens),
    money(s.costUsd),
  ]);
  const headers = ['Model', 'Items', ...REPORT_COLUMNS.map((c) => `${c.label}${c.format === 'pct' ? ' %' : ''}`), 'Tokens', 'Cost'];
  return table(headers, rows);
}

/** A table of categories × interviewees, each cell "before → after" (— where a model has no row). */
function beforeAfterTable(
  view: RunView,
  title: string,
  rows: readonly { modelId: string; category: string; before: number | null; after: number | null }[],
): string {
  const categories = [...new Set(rows.map((r) => r.category))].sort();
  const models = view.interviewees.filter((m) => rows.some((r) => r.modelId === m.id));
  const cell = (m: string, c: string) => {
    const r = rows.find((x) => x.modelId === m && x.category === c);
    return r ? `${pct(r.before)} → ${pct(r.after)}` : '—';
  };
  return table(
    [title, ...models.map((m) => m.label)],
    categories.map((c) => [c, ...models.map((m) => cell(m.id, c))]),
  );
}

function categoryTable(view: RunView, source: Source): string | null {
  const rows = byRequirementCategory(view, source);
  return rows.length ? beforeAfterTable(view, 'Requirement category', rows) : null;
}

function problemTable(view: RunView, source: Source): string | null {
  const rows = byProblemCategory(view, source);
  return rows.some((r) => r.base !== null)
    ? beforeAfterTable(
        view,
        'Problem category',
        rows.map((r) => ({ ...r, before: r.base, after: r.guided })),
      )
    : null;
}

export function runReport(log: RunLog): string {
  const view = storedView(log);
  const out = [heading(log), '', baseVsGuided(log), ''];
  const errors = log.items.filter((i) => i.status === 'error').length;
  if (errors) out.push(`${errors} item(s) ended with an error.`, '');
  out.push(
    'S_G: unguided; S′_G: final guided solution; a requirement counts only when its prerequisites are met. ▲ best, ▼ worst per metric. — : no judge, or no checks. Metrics: docs/metrics.md',
    '',
  );
  for (const source of ['checks', 'judge'] as const) {
    const req = categoryTable(view, source);
    if (req) out.push(`Per requirement category, by the ${source}: share credited, unguided → guided`, '', req, '');
  }
  const prob = problemTable(view, 'checks') ?? problemTable(view, 'judge');
  if (prob) out.push(`Per problem category: mean S_G → S′_G, by the ${problemTable(view, 'checks') ? 'checks' : 'judge'}`, '', prob, '');
  const pairs = verdictPairs(view);
  if (pairs.length) {
    const a = agreementOf(pairs);
    out.push(
      `Judge vs checks: they agree on ${pct(a.rate)}% of ${a.pairs} requirement verdicts (Cohen's κ = ${a.kappa === null ? '—' : a.kappa.toFixed(3)}): both satisfied ${a.table.both}, judge only ${a.table.judgeOnly}, check only ${a.table.checkOnly}, neither ${a.table.neither}. Retrieval: ${retrievalOf(view)}.`,
      '',
    );
  }
  const refs = referenceSatisfaction(view);
  if (refs.length)
    out.push(
      `References (${refs.length} task(s)): their checks pass ${pct(mean(refs.map((r) => r.checks)))}% of requirements on average; the judge finds ${pct(mean(refs.map((r) => r.judge)))}% satisfied.`,
      '',
    );
  const stops = new Map<string, number>();
  for (const i of view.items) if (i.stopReason) stops.set(i.stopReason, (stops.get(i.stopReason) ?? 0) + 1);
  if (stops.size) out.push(`Interviews stopped: ${[...stops].map(([k, n]) => `${n} ${STOP_REASONS[k as keyof typeof STOP_REASONS] ?? k}`).join(', ')}.`, '');
  return out.join('\n');
}

/** Several runs (e.g. one per interviewer, the paper's Figs. 8 and 9): each run's base vs guided table. */
export function comparisonTables(logs: readonly RunLog[]): string {
  return ['Runs side by side (e.g. one per interviewer):', '', ...logs.flatMap((l, i) => [`[${i + 1}] ${heading(l)}`, '', baseVsGuided(l), ''])].join('\n');
}
