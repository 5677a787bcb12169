// What the chart components draw: bar rows, line series, legend entries; and how a figure's
// table cells read on the page.
import type { DataTable } from '../../core/text/data-table.ts';
import type { Marker, Pattern } from './palette.ts';

export interface BarSegment {
  /** The series (stack layer) it belongs to. */
  series: string;
  value: number;
  /** Its values in words (aria-label and tooltip). */
  text: string;
  /** A short label drawn inside the segment when there is room (e.g. "L2"). */
  short?: string;
}

export interface BarRow {
  key: string;
  label: string;
  /** Drawn after the bar (e.g. its value, or "n = 12"). */
  end?: string;
  segments: BarSegment[];
}

/** A row of a diverging bar chart: a count to the left of zero and one to the right, with their words. */
export interface DivergingRow {
  key: string;
  label: string;
  left: number;
  right: number;
  leftText: string;
  rightText: string;
}

/** A row of a dumbbell chart: per series, a value before and after (e.g. unguided → guided). */
export interface DumbbellRow {
  key: string;
  label: string;
  pairs: { series: string; from: number; to: number; text: string }[];
}

/** A node of a graph drawn in layers (e.g. a requirement DAG), with marks for its states. */
export interface GraphNode {
  id: number;
  label: string;
  /** Its full text (tooltip and accessible label). */
  text: string;
  /** Prerequisites: edges drawn from each of them to this node. */
  after: number[];
  /** Small labelled marks drawn in the node (e.g. judge ✓, check ✗). */
  marks: { key: string; symbol: string; tone: Tone; text: string }[];
  /** The node's overall state (its border). */
  tone: Tone | 'mixed';
}

export type Tone = 'good' | 'bad' | 'none';

export interface BarStyle {
  color: string;
  pattern: Pattern;
}

export interface LinePoint {
  x: number;
  y: number;
  /** A value carried forward from an earlier turn (drawn dotted, the marker hollow). */
  carried?: boolean;
  text: string;
}

export interface LineSeries {
  key: string;
  label: string;
  color: string;
  marker: Marker;
  dash: string;
  points: LinePoint[];
}

export type LegendEntry =
  | { kind: 'line'; key: string; label: string; color: string; marker: Marker; dash: string }
  | { kind: 'bar'; key: string; label: string; color: string; pattern: Pattern }
  | { kind: 'carried' | 'reference'; key: string; label: string };

/** Whether a legend entry names a series (and so can highlight it). */
export const isSeries = (e: LegendEntry) => e.kind === 'line' || e.kind === 'bar';

export const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

/** A figure-table cell as the page shows it. */
export function formatCell(value: DataTable['rows'][number][number], format: DataTable['columns'][number]['format']): string {
  if (value === null) return '—';
  if (format === 'pct' && typeof value === 'number') return pct(value);
  if (format === 'bool') return value ? 'yes' : 'no';
  return String(value);
}

/** A heatmap cell: its value on the colour scale, its values in words, and a short in-cell text. */
export interface HeatCell {
  value: number | null;
  text: string;
  label?: string;
}

export interface ScatterSeries {
  key: string;
  label: string;
  color: string;
  marker: Marker;
  points: { x: number; y: number; text: string }[];
}

export interface BumpSeries {
  key: string;
  label: string;
  color: string;
  marker: Marker;
  dash: string;
  /** Rank per column (mid-ranks may be fractional); null where the model has none. */
  ranks: (number | null)[];
}

/** A radar chart's series: a value per axis (null for none), with a note per axis for its label (e.g. "n = 4"). */
export interface RadarSeries {
  key: string;
  label: string;
  color: string;
  marker: Marker;
  dash: string;
  values: (number | null)[];
  notes?: string[];
}
