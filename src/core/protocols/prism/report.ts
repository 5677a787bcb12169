// What `hintbench report` prints for a Prism run: the capability summary with cost and time
// (Table 3), success and fixer interventions per concept and per level with each model's number
// of evaluations (Tables 5 and 6: the success rate's Wilson 95 % interval over the evaluations,
// and mean ± 95 % CI margin over repeats), failure rates per concept and level group with their
// Wilson intervals (Table 4), each tree's structure and phases, and the weakest regions the
// search found; for several runs, every model's per-concept success side by side.
import { callTotals } from '../../llm/totals.ts';
import type { RunLog } from '../../model/runlog.ts';
import { meanCi95 } from '../../stats/stats.ts';
import { textTable as table } from '../../text/table.ts';
import { paramsLine } from '../params.ts';
import { shortDifficulty } from './concepts.ts';
import { stageName } from './designs.ts';
import {
  byConcept,
  byLevel,
  conceptGroup,
  failureCi,
  failureMark,
  mastery,
  prismView,
  primaryGroup,
  structure,
  weakestRegions,
  type EvaluationRecord,
  type PrismView,
} from './metrics.ts';
import { PRISM_FIELDS } from './params.ts';
import { ANALYSER_ROLE, DESIGNER_ROLE } from './roles.ts';
import { PRISM_COLUMNS } from './summary.ts';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : (x * 100).toFixed(1));
/** An interval of rates in percent: "[49.3, 73.4]". */
const pctInterval = (ci: { lo: number; hi: number } | null) => (ci ? `[${(ci.lo * 100).toFixed(1)}, ${(ci.hi * 100).toFixed(1)}]` : '');
/** A count: whole numbers as integers, means over repeats with one decimal. */
const count = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const money = (x: number | null) => (x === null ? '—' : `$${x.toFixed(4)}`);
const simulatedLabel = (label: string, simulated: boolean) => `${label}${simulated && !/simulated/i.test(label) ? ' (simulated)' : ''}`;

/** A cell over repeats: the pooled value, or mean ± margin of the per-repeat values when there are several. */
function spread(values: readonly (number | null)[], format: (x: number) => string): string {
  const known = values.filter((x): x is number => x !== null);
  if (!known.length) return '—';
  if (values.length === 1) return format(known[0]!);
  const s = meanCi95(known)!;
  return `${format(s.mean)} ± ${s.margin === null ? '—' : format(s.margin)}`;
}

/** Per model and repeat: a record filter (each repeat is one benchmarking run). */
function perRepeat(view: PrismView, modelId: string, repeats: number, pick: (records: EvaluationRecord[]) => number | null): (number | null)[] {
  return Array.from({ length: repeats }, (_, r) => pick(view.records.filter((x) => x.modelId === modelId && x.repeat === r)));
}

function header(log: RunLog, view: PrismView): string {
  const m = log.manifest;
  const role = (name: string) => m.models.find((x) => x.role === name);
  const designer = role(DESIGNER_ROLE);
  const analyser = role(ANALYSER_ROLE);
  return [
    `${m.name} — prism, ${paramsLine(PRISM_FIELDS, m.params)}`,
    `Formulas: ${view.params.formulas}; ${view.params.concepts.length} concepts, ${view.params.difficulties.length} levels; ${m.settings.repeats} repeat(s), seed ${m.settings.seed}`,
    `Challenge designer: ${designer ? simulatedLabel(designer.label, designer.simulated) : '—'}${analyser ? `; analyser: ${simulatedLabel(analyser.label, analyser.simulated)}` : ''}`,
    `Models under test: ${view.models.map((x, i) => `[${i + 1}] ${simulatedLabel(x.label, x.simulated)}`).join('; ')}`,
  ].join('\n');
}

/** The capability summary, with Table 3's cost and time per model. */
function summaryTable(log: RunLog): string {
  const summaries = log.summaries;
  const rows = summaries.map((s) => {
    const mine = log.items.filter((i) => i.modelId === s.modelId);
    const calls = callTotals(mine.flatMap((i) => i.steps.flatMap((st) => st.calls)));
    const seconds = mine.reduce((n, i) => n + i.steps.reduce((a, st) => a + st.durationMs, 0), 0) / 1000;
    return [
      simulatedLabel(s.label, s.simulated),
      String(s.items),
      ...PRISM_COLUMNS.map((c) => (c.format === 'pct' ? pct(s.metrics[c.key]) : (s.metrics[c.key] ?? null) === null ? '—' : s.metrics[c.key]!.toFixed(2))),
      String(calls.calls),
      String(s.promptTokens + s.completionTokens),
      money(s.costUsd),
      `${(seconds / 60).toFixed(1)} min`,
    ];
  });
  const heads = [
    'Model',
    'Evaluations',
    ...PRISM_COLUMNS.map((c) => `${c.label}${c.format === 'pct' ? ' %' : ''} ${c.direction === 'up' ? '↑' : '↓'}`),
    'Calls',
    'Tokens',
    'Cost',
    'Time',
  ];
  return `Capability summary (rates over node evaluations; Time: steps' wall-clock, model calls and sandbox runs)\n\n${table(heads, rows)}\n`;
}

/** Tables 5 and 6: per level and per concept, each model's evaluations (n), success with its Wilson interval, and fixer interventions. */
function masteryTables(log: RunLog, view: PrismView): string {
  const repeats = log.manifest.settings.repeats;
  const out: string[] = [];
  for (const [title, rowsOf] of [
    [
      'Per difficulty level (Table 5): evaluations, success % [Wilson 95 % interval] and fixer interventions',
      () => view.params.difficulties.map((d, i) => ({ name: d, filter: (r: EvaluationRecord) => r.level === i })),
    ],
    [
      'Per concept (Table 6): evaluations, success % [Wilson 95 % interval] and fixer interventions',
      () => view.params.concepts.map((c) => ({ name: c, filter: (r: EvaluationRecord) => r.concepts.includes(c) })),
    ],
  ] as const) {
    const rows = rowsOf().map((row) => [
      row.name,
      ...view.models.flatMap((m) => {
        const pooled = mastery(view.records.filter((r) => r.modelId === m.id && row.filter(r)));
        if (!pooled.n) return ['0', '—', '—'];
        const success = spread(
          perRepeat(view, m.id, repeats, (rs) => mastery(rs.filter(row.filter)).success),
          (x) => (x * 100).toFixed(1),
        );
        return [
          String(pooled.n),
          `${success} ${pctInterval(pooled.successCi)}`,
          spread(
            perRepeat(view, m.id, repeats, (rs) => mastery(rs.filter(row.filter)).interventions),
            count,
          ),
        ];
      }),
    ]);
    const heads = [
      title.startsWith('Per concept') ? 'Concept' : 'Level',
      ...view.models.flatMap((_, i) => [`[${i + 1}] n`, `[${i + 1}] Succ %`, `[${i + 1}] Inter`]),
    ];
    const note =
      repeats > 1 ? ` (n: evaluations over the ${repeats} repeats; mean ± 95 % CI margin over repeats, then the interval of the pooled evaluations)` : '';
    out.push(`${title}${note}\n\n${table(heads, rows)}\n`);
  }
  return out.join('\n');
}

/** Table 4: failure rate per concept and level group with its Wilson interval; † most evaluations, ✓ < 1 %, ✗ > 99 %. */
function failureTable(view: PrismView): string {
  const heads = ['Concept', ...view.models.flatMap((_, i) => view.groups.map((g) => `[${i + 1}] ${g}`))];
  const rows = view.params.concepts.map((c, ci) => [
    c,
    ...view.models.flatMap((m) => {
      const cells = conceptGroup(
        view.records.filter((r) => r.modelId === m.id),
        view.params.concepts,
        view.params.difficulties.length,
      )[ci]!;
      const primary = primaryGroup(cells);
      return cells.map((cell, g) => {
        if (cell.success === null) return '—';
        const failure = 1 - cell.success;
        const ci = failureCi(cell)!;
        return `${failureMark(failure) || failure.toFixed(2)}${primary === g ? '†' : ''} [${ci.lo.toFixed(2)}, ${ci.hi.toFixed(2)}]`;
      });
    }),
  ]);
  return `Failure rate per concept and level group (Table 4) [Wilson 95 % interval]: ✓ < 0.01, ✗ > 0.99, † the group with the most evaluations, — no evaluation\n\n${table(heads, rows)}\n`;
}

function structureTable(view: PrismView): string {
  const rows = view.trees.map((t) => {
    const s = structure(t.state);
    const phases = s.phases
      .map(
        (ph) =>
          `${view.params.design === 'tree' ? `P${ph.phase}` : stageName(view.params.design, ph.phase)}: ${s.perPhase[ph.phase - 1]}${ph.ended ? ` (${ph.reason ?? ph.ended})` : ''}`,
      )
      .join('; ');
    return [
      t.label,
      String(t.state.started),
      String(s.evaluatedNodes),
      String(s.maxDepth),
      s.meanChildren === null ? '—' : s.meanChildren.toFixed(2),
      phases,
      t.state.done ? (t.state.why ?? 'done') : 'running',
    ];
  });
  return `Search trees: evaluations, distinct nodes evaluated, deepest node, children per expanded node, evaluations per phase (how each ended, and why)\n\n${table(['Tree', 'Evaluations', 'Nodes', 'Depth', 'Children', 'Phases', 'Search'], rows)}\n`;
}

function regionsTable(view: PrismView): string {
  const out: string[] = ['Weakest regions found (Phases 2–3: failure rate of the concept set at a level, at least 2 evaluations)', ''];
  for (const [i, m] of view.models.entries()) {
    const regions = weakestRegions(view.records.filter((r) => r.modelId === m.id));
    out.push(`[${i + 1}] ${m.label}:`);
    out.push(
      regions.length
        ? table(
            ['Concepts', 'Level', 'Evaluations', 'Failure %'],
            regions.map((r) => [r.concepts.join(' + '), view.params.difficulties[r.level] ?? String(r.level), String(r.n), pct(r.failure)]),
          )
        : '  (none: Phases 2–3 evaluated no state twice)',
    );
    out.push('');
  }
  return out.join('\n');
}

/** Everything `report` prints for one Prism run. */
export function runReport(log: RunLog): string {
  const view = prismView(log);
  const errors = log.items.filter((i) => i.status === 'error').length;
  return [
    header(log, view),
    '',
    summaryTable(log),
    masteryTables(log, view),
    failureTable(view),
    structureTable(view),
    regionsTable(view),
    errors ? `${errors} evaluation(s) ended with an error (they count against the cap, not in the rates).\n` : '',
    'Simulated models are labelled; their capability map is hidden from the search. Metrics: docs/metrics.md ("PrismBench").\n',
  ].join('\n');
}

/** Several runs side by side: every model's success per concept and per level. */
export function compareReport(logs: readonly RunLog[]): string {
  const views = logs.map((l) => prismView(l));
  const models = views.flatMap((v, i) => v.models.map((m) => ({ run: i, ...m })));
  const concepts = [...new Set(views.flatMap((v) => v.params.concepts))];
  const head = ['Concept', ...models.map((m) => `[${m.run + 1}] ${m.label}`)];
  /** A rate with its number of evaluations: "62.1 (n 29)". */
  const withN = (x: { success: number | null; n: number }) => `${pct(x.success)} (n ${x.n})`;
  const rows = concepts.map((c) => [
    c,
    ...models.map((m) =>
      withN(
        byConcept(
          views[m.run]!.records.filter((r) => r.modelId === m.id),
          [c],
        )[0]!,
      ),
    ),
  ]);
  const levels = [...new Set(views.flatMap((v) => v.params.difficulties))];
  const levelRows = levels.map((d) => [
    d,
    ...models.map((m) => {
      const v = views[m.run]!;
      const i = v.params.difficulties.indexOf(d);
      return i < 0
        ? '—'
        : withN(
            byLevel(
              v.records.filter((r) => r.modelId === m.id),
              v.params.difficulties,
            )[i]!,
          );
    }),
  ]);
  return [
    'Runs compared:',
    ...logs.map((l, i) => `  [${i + 1}] ${l.manifest.name} (${l.manifest.runId})`),
    '',
    'Success % per concept (n: the model’s evaluations)',
    '',
    table(head, rows),
    '',
    'Success % per level',
    '',
    table(
      [`Level`, ...head.slice(1)],
      levelRows.map((r) => [shortDifficulty(r[0]!), ...r.slice(1)]),
    ),
    '',
  ].join('\n');
}
