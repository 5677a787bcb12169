// Labels under a chart's columns (the bump chart's settings), laid out so that neighbours never
// touch: across, a label on as many lines as it has words, the first and last pulled in to the
// chart's edges; if neighbours would touch, every other label a tier lower; if they still would,
// each label upright (turned a quarter), one line, which needs only a line's width per column.
import type { Measure } from './text-width.ts';

export type Anchor = 'start' | 'middle' | 'end';

export interface ColumnLabels {
  upright: boolean;
  /** 1, or 2 when every other label sits a tier lower (across only). */
  tiers: number;
  /** Per label, its lines (across: one a word; upright: the whole label). */
  lines: string[][];
  anchors: Anchor[];
  /** Per label, its tier (0 or 1). */
  tier: number[];
  /** Across: the height of one tier's lines; upright: the longest label's width. */
  extent: number;
}

const anchorOf = (i: number, n: number): Anchor => (n > 1 && i === n - 1 ? 'end' : i === 0 ? 'start' : 'middle');

/** The left and right of a label of width `w` at `x` with its anchor. */
function span(x: number, w: number, anchor: Anchor): [number, number] {
  if (anchor === 'start') return [x, x + w];
  if (anchor === 'end') return [x - w, x];
  return [x - w / 2, x + w / 2];
}

export function layoutColumnLabels(labels: readonly string[], xs: readonly number[], measure: Measure, lineH: number, gap = 6): ColumnLabels {
  const n = labels.length;
  const words = labels.map((l) => l.split(/\s+/).filter(Boolean));
  const anchors = labels.map((_, i) => anchorOf(i, n));
  const widths = words.map((ws) => Math.max(0, ...ws.map(measure)));
  const spans = widths.map((w, i) => span(xs[i]!, w, anchors[i]!));
  const fits = (t: number) => spans.every((s, i) => i + t >= n || s[1] + gap <= spans[i + t]![0]);
  const lines = Math.max(1, ...words.map((w) => w.length));
  for (const tiers of [1, 2]) {
    if (fits(tiers)) return { upright: false, tiers, lines: words, anchors, tier: labels.map((_, i) => i % tiers), extent: lines * lineH };
  }
  const whole = labels.map((l) => [l]);
  return { upright: true, tiers: 1, lines: whole, anchors: labels.map(() => 'end'), tier: labels.map(() => 0), extent: Math.max(0, ...labels.map(measure)) };
}
