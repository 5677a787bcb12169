// The model profile as tables and sentences, for the app's profile page and its CSV exports:
// the same numbers, formatted as the text report prints them (report.ts). docs/metrics.md,
// "Model profile".
import { formatInterval, formatValue } from '../text/numbers.ts';
import type { MatrixCell, ModelProfile, ProfileMeasure } from './profile.ts';

export type Cell = string | number | null;
export interface Table {
  header: string[];
  rows: Cell[][];
}

/** A τ or footrule cell: "0.33 [−0.33, 1.00]" as the report prints it. */
export const formatCell = (c: MatrixCell): string => (c.value === null ? '—' : `${c.value.toFixed(2)}${c.ci ? ` ${formatInterval('num', c.ci)}` : ''}`);

/** A share of bootstrap draws: "42.0%". */
export const formatShare = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

/** The unit a measure is shown in. */
export const unitOf = (m: ProfileMeasure): string => (m.format === 'pct' ? '%' : 'number');

/** Per measure: its value and interval per model (the CSV of the per-model table). */
export function measuresTable(p: ModelProfile): Table {
  return {
    header: ['Measure', 'Unit', ...p.models.flatMap((m) => [m.label, `${m.label} 95% low`, `${m.label} 95% high`])],
    rows: p.measures.map((m) => [
      m.label,
      unitOf(m),
      ...m.values.flatMap((v) => [formatValue(m.format, v.value), v.ci ? formatValue(m.format, v.ci.lo) : '', v.ci ? formatValue(m.format, v.ci.hi) : '']),
    ]),
  };
}

/** Per ranking: each model's rank (1 = best, mid-ranks for ties; '—' when some model has no value). */
export function ranksTable(p: ModelProfile): Table {
  return {
    header: ['Ranking', ...p.models.map((m) => m.label)],
    rows: p.columns.map((c) => [c.label, ...p.models.map((_, k) => (c.ranks ? c.ranks[k]! : '—'))]),
  };
}

/** A matrix as rows: one per ordered pair of rankings, with the value and its interval. */
export function matrixTable(p: ModelProfile, which: 'tau' | 'footrule'): Table {
  const name = which === 'tau' ? 'Kendall tau-b' : 'Footrule';
  const num = (x: number | null | undefined) => (x === null || x === undefined ? '' : x.toFixed(2));
  return {
    header: ['Ranking', 'Against', name, '95% low', '95% high'],
    rows: p[which].flatMap((row, i) =>
      row.map((c, j) => [p.columns[i]!.label, p.columns[j]!.label, c.value === null ? '—' : num(c.value), num(c.ci?.lo), num(c.ci?.hi)]),
    ),
  };
}

export interface DiscordantLine {
  /** The two rankings (column indices). */
  a: number;
  b: number;
  first: string;
  second: string;
  share: number | null;
  text: string;
}

/** Each discordant model pair in words: "X above Y in A, below it in B (42.0% of draws)". */
export function discordantLines(p: ModelProfile): DiscordantLine[] {
  const label = (id: string) => p.models.find((m) => m.id === id)?.label ?? id;
  return p.discordant.flatMap((d) =>
    d.pairs.map((x) => ({
      a: d.a,
      b: d.b,
      first: x.first,
      second: x.second,
      share: x.share,
      text: `${label(x.first)} above ${label(x.second)} in ${p.columns[d.a]!.label}, below it in ${p.columns[d.b]!.label} (${formatShare(x.share)} of draws)`,
    })),
  );
}

export function discordantTable(p: ModelProfile): Table {
  const label = (id: string) => p.models.find((m) => m.id === id)?.label ?? id;
  return {
    header: ['Ranking A', 'Ranking B', 'Above in A', 'Below in A', 'Share of draws'],
    rows: discordantLines(p).map((l) => [p.columns[l.a]!.label, p.columns[l.b]!.label, label(l.first), label(l.second), formatShare(l.share)]),
  };
}
