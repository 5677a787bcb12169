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
