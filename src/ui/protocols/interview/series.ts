// The Interview run's figures as chart rows, styles, legends and data tables: base vs guided per
// interviewee (the paper's Figs. 8–9), improved vs regressed per requirement category (Fig. 10),
// per problem category (Fig. 34), the references' satisfaction (Fig. 6), and the hint grades
// (Figs. 43 and 7).
import type { ModelSummary } from '../../../core/model/runlog.ts';
import { byProblemCategory, mean, referenceSatisfaction, transitions, type RunView, type Source } from '../../../core/protocols/interview/analysis.ts';
import type { GradeStats } from '../../../core/protocols/interview/grading.ts';
import type { DataTable } from '../../../core/text/data-table.ts';
import { OKABE_ITO, seriesStyle } from '../../charts/palette.ts';
import { pct, type BarRow, type BarStyle, type DivergingRow, type DumbbellRow, type LegendEntry } from '../../charts/types.ts';

/** Where each figure is explained in docs/metrics.md. */
export const FIGURE_DOCS = {
  base: '#/docs/metrics/interview-base-vs-guided',
  transitions: '#/docs/metrics/interview-figures',
  agreement: '#/docs/metrics/interview-judge-and-checks',
  reference: '#/docs/metrics/interview-figures',
  grades: '#/docs/metrics/interview-hint-grades',
} as const;

/** The paper's colours: base (unguided) blue, guided orange. */
export const PHASE_STYLES: Record<string, BarStyle> = {
  base: { color: OKABE_ITO.blue, pattern: 'solid' },
  guided: { color: OKABE_ITO.orange, pattern: 'diagonal' },
};
export const PHASE_LEGEND: LegendEntry[] = [
  { kind: 'bar', key: 'base', label: 'Unguided: S_G, the score before any hint', ...PHASE_STYLES.base! },
  { kind: 'bar', key: 'guided', label: 'Guided: S′_G (“S-prime”), the score after the hints', ...PHASE_STYLES.guided! },
];

/** Figs. 8–9: per interviewee, two bars (unguided, guided) of one source. */
export function baseGuidedRows(summaries: readonly ModelSummary[], source: Source): BarRow[] {
  const key = source === 'checks' ? 'Checks' : 'Judge';
  return summaries.flatMap((s) => {
    const base = s.metrics[`base${key}`];
    const guided = s.metrics[`guided${key}`];
    if (base === null || base === undefined || guided === null || guided === undefined) return [];
    return [
      {
        key: `${s.modelId}-base`,
        label: `${s.label}, unguided`,
        end: pct(base),
        segments: [{ series: 'base', value: base, text: `${s.label}, unguided: S_G = ${pct(base)} (${source})` }],
      },
      {
        key: `${s.modelId}-guided`,
        label: `${s.label}, guided`,
        end: pct(guided),
        segments: [{ series: 'guided', value: guided, text: `${s.label}, guided: S′_G = ${pct(guided)} (${source})` }],
      },
    ];
  });
}

export function baseGuidedTable(summaries: readonly ModelSummary[]): DataTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'S_G checks', format: 'pct' },
      { label: 'S′_G checks', format: 'pct' },
      { label: 'S_G judge', format: 'pct' },
      { label: 'S′_G judge', format: 'pct' },
      { label: 'items', format: 'int' },
    ],
    rows: summaries.map((s) => [
      s.label,
      s.metrics.baseChecks ?? null,
      s.metrics.guidedChecks ?? null,
      s.metrics.baseJudge ?? null,
      s.metrics.guidedJudge ?? null,
      s.items,
    ]),
  };
}

export const TRANSITION_SIDES = {
  left: { key: 'regressed', style: { color: OKABE_ITO.vermillion, pattern: 'backslash' } as BarStyle },
  right: { key: 'improved', style: { color: OKABE_ITO.bluishGreen, pattern: 'solid' } as BarStyle },
};
export const TRANSITION_LEGEND: LegendEntry[] = [
  { kind: 'bar', key: 'improved', label: 'Improved (credited only after guidance)', color: OKABE_ITO.bluishGreen, pattern: 'solid' },
  { kind: 'bar', key: 'regressed', label: 'Regressed (credited only before)', color: OKABE_ITO.vermillion, pattern: 'backslash' },
];

/** Fig. 10: per model, rows of requirement categories with their regressed (left) and improved (right) counts. */
export function transitionPanels(view: RunView, source: Source): { modelId: string; label: string; rows: DivergingRow[] }[] {
  const all = transitions(view, source);
  return view.interviewees
    .map((m) => ({
      modelId: m.id,
      label: m.label,
      rows: all
        .filter((t) => t.modelId === m.id)
        .map((t) => ({
          key: t.category,
          label: t.category,
          left: t.regressed,
          right: t.improved,
          leftText: `${m.label}, ${t.category}: ${t.regressed} regressed`,
          rightText: `${m.label}, ${t.category}: ${t.improved} improved`,
        })),
    }))
    .filter((p) => p.rows.length);
}

export function transitionTable(view: RunView, source: Source): DataTable {
  const label = new Map(view.interviewees.map((m) => [m.id, m.label]));
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'requirement category', format: 'text' },
      { label: 'improved', format: 'int' },
      { label: 'regressed', format: 'int' },
    ],
    rows: transitions(view, source).map((t) => [label.get(t.modelId) ?? t.modelId, t.category, t.improved, t.regressed]),
  };
}

/** Styles of the interviewees (colour and marker), in their order. */
export const modelStyles = (view: RunView) => Object.fromEntries(view.interviewees.map((m, i) => [m.id, seriesStyle(i)]));
export const modelLegend = (view: RunView): LegendEntry[] =>
  view.interviewees.map((m, i) => ({
    kind: 'line',
    key: m.id,
    label: `${m.label} (hollow: unguided, filled: guided)`,
    color: seriesStyle(i).color,
    marker: seriesStyle(i).marker,
    dash: '',
  }));

/** Fig. 34: per problem category, each interviewee's mean S_G → S′_G. */
export function problemRows(view: RunView, source: Source): DumbbellRow[] {
  const rows = byProblemCategory(view, source).filter((r) => r.base !== null && r.guided !== null);
  const label = new Map(view.interviewees.map((m) => [m.id, m.label]));
  return [...new Set(rows.map((r) => r.category))].sort().map((category) => ({
    key: category,
    label: category,
    pairs: rows
      .filter((r) => r.category === category)
      .map((r) => ({
        series: r.modelId,
        from: r.base!,
        to: r.guided!,
        text: `${category}, ${label.get(r.modelId)}: ${pct(r.base!)} → ${pct(r.guided!)} (n = ${r.n})`,
      })),
  }));
}

export function problemTable(view: RunView, source: Source): DataTable {
  const label = new Map(view.interviewees.map((m) => [m.id, m.label]));
  return {
    columns: [
      { label: 'problem category', format: 'text' },
      { label: 'model', format: 'text' },
      { label: 'tasks', format: 'int' },
      { label: 'S_G', format: 'pct' },
      { label: 'S′_G', format: 'pct' },
    ],
    rows: byProblemCategory(view, source).map((r) => [r.category, label.get(r.modelId) ?? r.modelId, r.n, r.base, r.guided]),
  };
}

export const REFERENCE_STYLES: Record<string, BarStyle> = {
  full: { color: OKABE_ITO.bluishGreen, pattern: 'solid' },
  partial: { color: OKABE_ITO.blue, pattern: 'diagonal' },
};
export const REFERENCE_LEGEND: LegendEntry[] = [
  { kind: 'bar', key: 'full', label: 'All requirements satisfied', ...REFERENCE_STYLES.full! },
  { kind: 'bar', key: 'partial', label: 'Some not satisfied', ...REFERENCE_STYLES.partial! },
  { kind: 'reference', key: 'mean', label: 'Mean over tasks (the dashed orange line)' },
];

/** Fig. 6: per task, the share of its requirements its reference satisfies, by one source; and the mean. */
export function referenceRows(view: RunView, source: Source): { rows: BarRow[]; mean: number | null } {
  const refs = referenceSatisfaction(view).filter((r) => r[source] !== null);
  return {
    rows: refs.map((r) => ({
      key: r.taskId,
      label: r.title,
      end: pct(r[source]!, 0),
      segments: [
        { series: r[source] === 1 ? 'full' : 'partial', value: r[source]!, text: `${r.title}: ${pct(r[source]!)} of requirements satisfied (${source})` },
      ],
    })),
    mean: mean(refs.map((r) => r[source])),
  };
}

export function referenceTable(view: RunView): DataTable {
  return {
    columns: [
      { label: 'task', format: 'text' },
      { label: 'checks', format: 'pct' },
      { label: 'judge', format: 'pct' },
    ],
    rows: referenceSatisfaction(view).map((r) => [r.taskId, r.checks, r.judge]),
  };
}

export const GRADE_STYLES: Record<string, BarStyle> = { grade: { color: OKABE_ITO.blue, pattern: 'solid' } };

/** Fig. 43: how many hints got each grade. */
export const histogramRows = (stats: GradeStats): BarRow[] =>
  stats.histogram.map((n, i) => ({
    key: String(i + 1),
    label: `Grade ${i + 1}`,
    end: String(n),
    segments: [{ series: 'grade', value: n, text: `Grade ${i + 1}: ${n} hint${n === 1 ? '' : 's'}` }],
  }));

/** Fig. 7: the mean grade per problem category. */
export const categoryGradeRows = (rows: readonly { category: string; stats: GradeStats }[]): BarRow[] =>
  rows.map((r) => ({
    key: r.category,
    label: r.category,
    end: `${r.stats.mean!.toFixed(2)} ± ${r.stats.std!.toFixed(2)} (n = ${r.stats.n})`,
    segments: [
      {
        series: 'grade',
        value: r.stats.mean!,
        text: `${r.category}: mean grade ${r.stats.mean!.toFixed(2)}, σ ${r.stats.std!.toFixed(2)}, ${r.stats.n} hints`,
      },
    ],
  }));
