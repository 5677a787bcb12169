// Prism's figures as the generic charts draw them: heatmap cells, radar series, stacked bar
// rows and their data tables, built from the run's measures (core/protocols/prism/metrics.ts).
import { difficultyGroup } from '../../../core/protocols/prism/concepts.ts';
import {
  byConcept,
  conceptLevel,
  diagnosticByConcept,
  mastery,
  MIN_EVALUATIONS,
  pairMatrix,
  structure,
  type EvaluationRecord,
  type Mastery,
  type PrismView,
} from '../../../core/protocols/prism/metrics.ts';
import type { DataTable } from '../../../core/text/data-table.ts';
import { pctRange, type CountedCell } from '../../charts/counted.ts';
import { seriesStyle } from '../../charts/palette.ts';
import type { BarRow, BarStyle, LegendEntry, RadarSeries } from '../../charts/types.ts';
import { PHASE_COLOR, PHASE_NAME, pct } from './style.ts';

/** A success cell: its rate, its n, and in words the Wilson 95 % interval (and whether n is below the minimum). */
const cell = (m: Mastery, what: string): CountedCell | null =>
  m.n
    ? {
        value: m.success,
        n: m.n,
        text: `${what}: ${pct(m.success, 0)} success (${m.successes} of ${m.n} evaluation${m.n === 1 ? '' : 's'}; 95% interval ${pctRange(m.successCi)})${m.n < MIN_EVALUATIONS ? `, fewer than ${MIN_EVALUATIONS}: too few to read alone` : ''}`,
        label: pct(m.success, 0),
      }
    : { value: null, text: `${what}: no evaluation` };

/** Fig. 2: success per concept × level for one model's evaluations. */
export function conceptLevelCells(view: PrismView, records: readonly EvaluationRecord[]) {
  const { concepts, difficulties } = view.params;
  const grid = conceptLevel(records, concepts, difficulties);
  return {
    rows: concepts.map((c) => ({ key: c, label: c })),
    columns: difficulties.map((d) => ({ key: d, label: d })),
    cells: grid.map((row, r) => row.map((m, c) => cell(m, `${concepts[r]} at ${difficulties[c]}`))),
    table: {
      columns: [
        { label: 'concept', format: 'text' },
        { label: 'difficulty', format: 'text' },
        { label: 'evaluations', format: 'int' },
        { label: 'success', format: 'pct' },
        { label: 'success 95% low (Wilson)', format: 'pct' },
        { label: 'success 95% high (Wilson)', format: 'pct' },
      ],
      rows: grid.flatMap((row, r) => row.map((m, c) => [concepts[r]!, difficulties[c]!, m.n, m.success, m.successCi?.lo ?? null, m.successCi?.hi ?? null])),
    } satisfies DataTable,
  };
}

/** A radar point's note: its n and its interval ("n = 0" for a gap). */
const note = (m: Mastery) => `n = ${m.n}${m.successCi ? `, 95% interval ${pctRange(m.successCi)}` : ''}`;

/** Radar series: per-concept success, one series per model (Fig. 3), or per difficulty group of one model (Fig. 4). */
export function modelRadar(view: PrismView): { series: RadarSeries[]; legend: LegendEntry[]; table: DataTable } {
  const { concepts } = view.params;
  const series = view.models.map((m, i) => {
    const rows = byConcept(
      view.records.filter((r) => r.modelId === m.id),
      concepts,
    );
    const st = seriesStyle(i);
    return { key: m.id, label: m.label, color: st.color, marker: st.marker, dash: st.dash, values: rows.map((x) => x.success), notes: rows.map(note) };
  });
  return radarParts(series, concepts, 'model');
}

export function groupRadar(view: PrismView, records: readonly EvaluationRecord[]): { series: RadarSeries[]; legend: LegendEntry[]; table: DataTable } {
  const { concepts, difficulties } = view.params;
  const colors = ['#009e73', '#e69f00', '#d55e00'];
  const series = view.groups.map((g, i) => {
    const rows = byConcept(
      records.filter((r) => difficultyGroup(r.level, difficulties.length) === i),
      concepts,
    );
    const st = seriesStyle(i);
    return { key: `group-${i}`, label: g, color: colors[i]!, marker: st.marker, dash: st.dash, values: rows.map((x) => x.success), notes: rows.map(note) };
  });
  return radarParts(series, concepts, 'difficulty group');
}

function radarParts(series: RadarSeries[], concepts: readonly string[], what: string) {
  return {
    series,
    legend: series.map((s): LegendEntry => ({ kind: 'line', key: s.key, label: s.label, color: s.color, marker: s.marker, dash: s.dash })),
    table: {
      columns: [
        { label: what, format: 'text' as const },
        { label: 'concept', format: 'text' as const },
        { label: 'evaluations', format: 'int' as const },
        { label: 'success', format: 'pct' as const },
      ],
      rows: series.flatMap((s) => concepts.map((c, i) => [s.label, c, Number(/^n = (\d+)/.exec(s.notes?.[i] ?? '')?.[1] ?? 0), s.values[i] ?? null])),
    },
  };
}

export const PHASE_STYLES: Record<string, BarStyle> = {
  '1': { color: PHASE_COLOR[1], pattern: 'solid' },
  '2': { color: PHASE_COLOR[2], pattern: 'diagonal' },
  '3': { color: PHASE_COLOR[3], pattern: 'dots' },
};
export const PHASE_LEGEND: LegendEntry[] = ([1, 2, 3] as const).map((p) => ({
  kind: 'bar',
  key: String(p),
  label: PHASE_NAME[p],
  color: PHASE_COLOR[p],
  pattern: PHASE_STYLES[String(p)]!.pattern,
}));

/** Evaluated nodes per depth, stacked by the phase that made them, with the running total. */
export function depthRows(state: PrismView['trees'][number]['state']): { rows: BarRow[]; max: number; table: DataTable } {
  const s = structure(state);
  let total = 0;
  const rows = s.perDepth.map((d) => {
    const n = d.byPhase.reduce((a, b) => a + b, 0);
    total += n;
    return {
      key: String(d.depth),
      label: `Depth ${d.depth}`,
      end: `${n} (${total} in all)`,
      segments: d.byPhase.map((count, i) => ({
        series: String(i + 1),
        value: count,
        text: `Depth ${d.depth}: ${count} node(s) made in Phase ${i + 1}`,
        ...(count ? { short: String(count) } : {}),
      })),
    };
  });
  return {
    rows,
    max: Math.max(1, ...rows.map((r) => r.segments.reduce((a, x) => a + x.value, 0))),
    table: {
      columns: [
        { label: 'depth', format: 'int' },
        { label: 'phase 1', format: 'int' },
        { label: 'phase 2', format: 'int' },
        { label: 'phase 3', format: 'int' },
      ],
      rows: s.perDepth.map((d) => [d.depth, ...d.byPhase]),
    },
  };
}

/** Plain bars of counts (N(c), N(d)). */
export function countRows(labels: readonly string[], counts: readonly number[], what: string): { rows: BarRow[]; max: number; table: DataTable } {
  return {
    rows: labels.map((l, i) => ({
      key: l,
      label: l,
      end: String(counts[i] ?? 0),
      segments: [{ series: 'count', value: counts[i] ?? 0, text: `${l}: ${counts[i] ?? 0} ${what}` }],
    })),
    max: Math.max(1, ...counts),
    table: {
      columns: [
        { label: 'name', format: 'text' },
        { label: what, format: 'int' },
      ],
      rows: labels.map((l, i) => [l, counts[i] ?? 0]),
    },
  };
}

/** Figs. 22–23: per concept pair, the success rate of nodes holding both, and how many evaluations. */
export function pairCells(view: PrismView, records: readonly EvaluationRecord[]) {
  const { concepts } = view.params;
  const m = pairMatrix(records, concepts);
  const axis = concepts.map((c) => ({ key: c, label: c }));
  const most = Math.max(1, ...m.flat().map((x) => x.n));
  return {
    rows: axis,
    columns: axis,
    success: m.map((row, r) =>
      row.map((x, c) => (r === c ? { value: null, text: `${concepts[r]}: not a pair` } : cell(x, `${concepts[r]} with ${concepts[c]}`))),
    ),
    visits: m.map((row, r) =>
      row.map((x, c) => (r === c || !x.n ? null : { value: x.n, text: `${concepts[r]} with ${concepts[c]}: ${x.n} evaluation(s)`, label: String(x.n) })),
    ),
    most,
    table: {
      columns: [
        { label: 'concept', format: 'text' },
        { label: 'with', format: 'text' },
        { label: 'evaluations', format: 'int' },
        { label: 'success', format: 'pct' },
        { label: 'success 95% low (Wilson)', format: 'pct' },
        { label: 'success 95% high (Wilson)', format: 'pct' },
      ],
      rows: m.flatMap((row, r) =>
        row.flatMap((x, c) => (c > r ? [[concepts[r]!, concepts[c]!, x.n, x.success, x.successCi?.lo ?? null, x.successCi?.hi ?? null]] : [])),
      ),
    } satisfies DataTable,
  };
}

/** A diagnostic distribution as stacked bars per concept (one layer per category). */
export function diagnosticRows(view: PrismView, records: readonly EvaluationRecord[], pick: (r: EvaluationRecord) => Record<string, number> | undefined) {
  const d = diagnosticByConcept(records, view.params.concepts, pick);
  const styles: Record<string, BarStyle> = Object.fromEntries(
    d.categories.map((c, i) => [c, { color: seriesStyle(i).color, pattern: seriesStyle(i).pattern }]),
  );
  const rows: BarRow[] = d.rows.map((r) => ({
    key: r.concept,
    label: r.concept,
    end: String(r.counts.reduce((a, b) => a + b, 0)),
    segments: d.categories.map((c, i) => ({ series: c, value: r.counts[i]!, text: `${r.concept}: ${r.counts[i]} × ${c}` })),
  }));
  return {
    rows,
    styles,
    legend: d.categories.map((c): LegendEntry => ({ kind: 'bar', key: c, label: c.replace(/_/g, ' '), color: styles[c]!.color, pattern: styles[c]!.pattern })),
    max: Math.max(1, ...rows.map((r) => r.segments.reduce((a, s) => a + s.value, 0))),
    total: d.total,
    table: {
      columns: [{ label: 'concept', format: 'text' }, ...d.categories.map((c) => ({ label: c, format: 'int' as const }))],
      rows: d.rows.map((r) => [r.concept, ...r.counts]),
    } satisfies DataTable,
  };
}

/** A model's evaluations, pooled over repeats. */
export const recordsOf = (view: PrismView, modelId: string) => view.records.filter((r) => r.modelId === modelId);

export { mastery };
