// Where the search tree's nodes go: a layered drawing of the multi-parent tree, one row per
// depth (the initial single concepts on top). Each node hangs under its primary parent (its
// first drawn one): rows are ordered by where those are (barycentre sweeps), so the primary
// edges of two rows in a line never cross; the other parents' edges are kept, marked as not
// primary, for a view to show when asked (a pair has two parents among the singles). Each node
// takes the width of its label (wrapped on two or three short lines), so no two labels of a
// line overlap; a row wider than the room it is given wraps onto more lines. A group of nodes
// (one depth, one phase) larger than the limit shows its most visited nodes and folds the rest
// into one "+N more" mark, which a view can expand. Pure: the same tree and options give the
// same drawing, so a growing tree moves as little as it can.
import { shortConcept, shortDifficulty } from '../../../core/protocols/prism/concepts.ts';
import type { Phase, SearchTree, TreeNode } from '../../../core/protocols/prism/tree.ts';

export interface PlacedNode {
  node: TreeNode;
  x: number;
  y: number;
  /** Position in its row (across its lines). */
  slot: number;
  /** The label, one string per line, drawn under the circle. */
  lines: string[];
  /** Width the node and its label take (the label's widest line, or the circle). */
  width: number;
}

/** The nodes of a group that are not drawn, as one mark. */
export interface PlacedFold {
  /** The group's key (`d<depth>p<phase>`), also its id in `rows`. */
  key: string;
  depth: number;
  phase: Phase;
  /** Nodes it stands for. */
  count: number;
  x: number;
  y: number;
  lines: string[];
  width: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  /** The child's value against the parent's: lower, higher, or equal or not known yet (the paper's red and green edges). */
  trend: 'down' | 'up' | 'same';
  /** From the child's primary parent (its first drawn one), which it is placed under; the others are shown on request. */
  primary: boolean;
}

export interface TreeLayout {
  nodes: PlacedNode[];
  folds: PlacedFold[];
  edges: PlacedEdge[];
  /** Per depth, the node ids and fold keys in order of their parents' places (left to right; a wrapped row's lines take them in turn). */
  rows: string[][];
  width: number;
  height: number;
  /** Nodes folded away. */
  hidden: number;
}

export interface LayoutOptions {
  /** The widest a line of a row may be before the row wraps (drawing units); Infinity: never wraps. */
  maxRowWidth?: number;
  /** Nodes drawn per group (depth × phase) before the rest fold into one mark; Infinity: all. */
  limit?: number;
  /** Groups drawn whole, whatever the limit. */
  expanded?: ReadonlySet<string>;
  /** Nodes always drawn (the chosen node, running ones). */
  keep?: ReadonlySet<string>;
  /** The difficulty levels' names (for the labels). */
  difficulties?: readonly string[];
}

/** Node radius, label font size and line height, gaps (drawing units). */
export const SPACING = { r: 11, font: 10, line: 12, gap: 12, margin: 24, rowGap: 34, lineGap: 14 } as const;

/**
 * A generous estimate of a text's width in system-ui/Arial at `size` px: wider than the glyphs
 * of common sans-serif fonts, so boxes laid out with it do not overlap when drawn.
 */
export function textWidth(text: string, size: number = SPACING.font): number {
  let w = 0;
  for (const ch of text) {
    if (/[ilIj.,:;'|!·]/.test(ch)) w += 0.34;
    else if (ch === ' ') w += 0.32;
    else if (/[mwMW]/.test(ch)) w += 0.95;
    else if (/[A-Z]/.test(ch)) w += 0.74;
    else if (/[0-9+\-−]/.test(ch)) w += 0.62;
    else w += 0.6;
  }
  return w * size;
}

/** The greedy wrap of `parts` joined by `sep` into lines of at most `chars` characters (a part is never split). */
function wrapParts(parts: readonly string[], sep: string, chars: number): string[] {
  const lines: string[] = [];
  for (const p of parts) {
    const last = lines.at(-1);
    if (last !== undefined && (last + sep + p).length <= chars) lines[lines.length - 1] = last + sep + p;
    else lines.push(p);
  }
  return lines;
}

/** A node's label on short lines: its concepts' short names (two to a line), then its level's initials. */
export function labelLines(node: Pick<TreeNode, 'concepts' | 'level' | 'variation'>, difficulties: readonly string[] = []): string[] {
  const lines = wrapParts(node.concepts.map(shortConcept), '+', 10);
  const level = shortDifficulty(difficulties[node.level] ?? String(node.level + 1)) + (node.variation ? ` v${node.variation}` : '');
  const last = lines.at(-1);
  if (last !== undefined && (last + ' · ' + level).length <= 12) lines[lines.length - 1] = `${last} · ${level}`;
  else lines.push(level);
  return lines;
}

/** The box a node's label takes, centred under its circle (drawing units). */
export function labelBox(p: Pick<PlacedNode, 'x' | 'y' | 'lines'>): { left: number; right: number; top: number; bottom: number } {
  const w = Math.max(...p.lines.map((l) => textWidth(l)));
  const top = p.y + SPACING.r + 3;
  return { left: p.x - w / 2, right: p.x + w / 2, top, bottom: top + p.lines.length * SPACING.line };
}

/** A group's key: one depth, one phase. */
export const groupKey = (depth: number, phase: Phase) => `d${depth}p${phase}`;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const byCreation = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** The nodes drawn: each group's kept nodes, then its most visited, up to the limit. */
function chooseShown(
  nodes: readonly TreeNode[],
  options: LayoutOptions,
): { shown: TreeNode[]; folds: Map<string, { depth: number; phase: Phase; count: number }> } {
  const limit = options.limit ?? Infinity;
  const groups = new Map<string, TreeNode[]>();
  for (const n of nodes) {
    const key = groupKey(n.depth, n.phase);
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  const keep = options.keep ?? new Set<string>();
  const drawn = new Set<string>();
  const folds = new Map<string, { depth: number; phase: Phase; count: number }>();
  for (const [key, members] of groups) {
    if (members.length <= limit || options.expanded?.has(key)) {
      for (const n of members) drawn.add(n.id);
      continue;
    }
    const ranked = [...members].sort(
      (a, b) => Number(keep.has(b.id)) - Number(keep.has(a.id)) || b.visits - a.visits || b.evaluations - a.evaluations || byCreation(a.id, b.id),
    );
    const take = Math.max(limit, ranked.filter((n) => keep.has(n.id)).length);
    for (const n of ranked.slice(0, take)) drawn.add(n.id);
    if (ranked.length > take) folds.set(key, { depth: members[0]!.depth, phase: members[0]!.phase, count: ranked.length - take });
  }
  return { shown: nodes.filter((n) => drawn.has(n.id)), folds };
}

export function layoutTree(tree: SearchTree, nodes: readonly TreeNode[] = tree.order, options: LayoutOptions = {}): TreeLayout {
  const { shown, folds } = chooseShown(nodes, options);
  const visible = new Set(shown.map((n) => n.id));
  /** A node's primary parent: its first parent that is drawn. */
  const primaryOf = (n: TreeNode): string | undefined => n.parents.find((p) => visible.has(p));
  const primaryChildren = (n: TreeNode): string[] => n.children.filter((c) => visible.has(c) && primaryOf(tree.get(c)) === n.id);
  const depth = Math.max(0, ...shown.map((n) => n.depth), ...[...folds.values()].map((f) => f.depth));
  const rows: string[][] = Array.from({ length: depth }, () => []);
  for (const n of shown) rows[n.depth - 1]!.push(n.id);
  const slot = new Map<string, number>();
  const place = () => rows.forEach((row) => row.forEach((id, i) => slot.set(id, i - (row.length - 1) / 2)));
  place();
  // Down, up, down: order each row by the mean place of its primary neighbours in the row before.
  const sweep = (row: string[], neighbours: (n: TreeNode) => string[]) => {
    const key = new Map(
      row.map((id, i) => {
        const ns = neighbours(tree.get(id)).filter((x) => visible.has(x) && slot.has(x));
        return [id, ns.length ? mean(ns.map((x) => slot.get(x)!)) : (slot.get(id) ?? i)];
      }),
    );
    row.sort((a, b) => key.get(a)! - key.get(b)! || byCreation(a, b));
    row.forEach((id, i) => slot.set(id, i - (row.length - 1) / 2));
  };
  for (const pass of [0, 1, 2]) {
    if (pass === 1) for (let d = rows.length - 2; d >= 0; d--) sweep(rows[d]!, primaryChildren);
    else
      for (let d = 1; d < rows.length; d++)
        sweep(rows[d]!, (n) => {
          const p = primaryOf(n);
          return p ? [p] : [];
        });
  }
  // Each group's fold goes at the end of its row, in phase order.
  const foldList = [...folds.entries()].sort(([, a], [, b]) => a.depth - b.depth || a.phase - b.phase);
  for (const [key, f] of foldList) rows[f.depth - 1]!.push(key);

  const difficulties = options.difficulties ?? [];
  const linesOf = new Map<string, string[]>();
  for (const n of shown) linesOf.set(n.id, labelLines(n, difficulties));
  for (const [key, f] of foldList) linesOf.set(key, [`+${f.count} more`, `Phase ${f.phase}`]);
  const widthOf = (id: string) => Math.max(2 * SPACING.r + 4, ...linesOf.get(id)!.map((l) => textWidth(l)));
  const linesTall = Math.max(1, ...[...linesOf.values()].map((l) => l.length));
  const lineHeight = 2 * SPACING.r + 3 + linesTall * SPACING.line;
  const maxRow = Math.max(options.maxRowWidth ?? Infinity, 2 * SPACING.r);

  /**
   * The places of one line's nodes, in order: each as near its primary parent as the spacing
   * allows (one without a placed parent, or a fold, next to its neighbour), the line centred on
   * its parents, and within the band [−maxRow/2, maxRow/2] when rows wrap.
   */
  const placeLine = (ids: readonly string[], widths: ReadonlyMap<string, number>, total: number, d: number): number[] => {
    const w = ids.map((id) => widths.get(id)!);
    const wanted = ids.map((id) => {
      const p = d && visible.has(id) ? primaryOf(tree.get(id)) : undefined;
      return p !== undefined && xOf.has(p) ? xOf.get(p)! : NaN;
    });
    const xs: number[] = [];
    ids.forEach((_, i) => {
      const min = i ? xs[i - 1]! + (w[i - 1]! + w[i]!) / 2 + SPACING.gap : -Infinity;
      xs.push(Number.isNaN(wanted[i]!) ? (i ? min : -total / 2 + w[0]! / 2) : Math.max(wanted[i]!, min));
    });
    const known = wanted.filter((x) => !Number.isNaN(x));
    const placedKnown = xs.filter((_, i) => !Number.isNaN(wanted[i]!));
    const shift = known.length ? mean(known) - mean(placedKnown) : -mean([xs[0]! - w[0]! / 2, xs.at(-1)! + w.at(-1)! / 2]);
    const at = xs.map((x) => x + shift);
    if (Number.isFinite(maxRow)) {
      // The line fits the band, so both passes keep the spacing.
      const sep = (i: number) => (w[i - 1]! + w[i]!) / 2 + SPACING.gap;
      for (let i = 0; i < at.length; i++) at[i] = Math.max(at[i]!, -maxRow / 2 + w[i]! / 2, i ? at[i - 1]! + sep(i) : -Infinity);
      for (let i = at.length - 1; i >= 0; i--) at[i] = Math.min(at[i]!, maxRow / 2 - w[i]! / 2, i < at.length - 1 ? at[i + 1]! - sep(i + 1) : Infinity);
    }
    return at;
  };

  // Places, row by row from the top.
  const xOf = new Map<string, number>();
  const lineOf = new Map<string, number>();
  const rowLines: number[] = [];
  rows.forEach((row, d) => {
    // Once the rows above are placed, a row follows its primary parents' places (a wrapped row
    // above is not in the order of its slots); a node without a placed parent keeps its place
    // after the one before it, and the folds stay last.
    if (d) {
      let last = -Infinity;
      const key = new Map<string, number>();
      for (const id of row) {
        const p = folds.has(id) ? undefined : primaryOf(tree.get(id));
        last = folds.has(id) ? Infinity : p !== undefined && xOf.has(p) ? xOf.get(p)! : last;
        key.set(id, last);
      }
      row.sort((a, b) => key.get(a)! - key.get(b)!);
    }
    const widths = new Map(row.map((id) => [id, widthOf(id)]));
    const span = (ids: readonly string[]) => ids.reduce((a, id) => a + widths.get(id)!, 0) + SPACING.gap * Math.max(0, ids.length - 1);
    // A row too wide for one line is dealt onto lines in turn (1st, 2nd, …, 1st again, in the
    // order of its parents' places), so each line still spans the parents and every node stays
    // near its own: its edge runs nearly straight down instead of across the row.
    let count = 1;
    while (count < row.length && Array.from({ length: count }, (_, k) => row.filter((_, i) => i % count === k)).some((l) => span(l) > maxRow)) count++;
    for (let k = 0; k < count; k++) {
      const ids = row.filter((_, i) => i % count === k);
      const at = placeLine(ids, widths, span(ids), d);
      ids.forEach((id, i) => {
        xOf.set(id, at[i]!);
        lineOf.set(id, k);
      });
    }
    rowLines.push(count);
  });

  const rowTop: number[] = [];
  let y = SPACING.margin + SPACING.r;
  rows.forEach((_, d) => {
    rowTop.push(y);
    y += rowLines[d]! * lineHeight + (rowLines[d]! - 1) * SPACING.lineGap + SPACING.rowGap;
  });
  const yOf = (id: string, d: number) => rowTop[d]! + lineOf.get(id)! * (lineHeight + SPACING.lineGap);

  let left = Infinity;
  let right = -Infinity;
  rows.forEach((row) =>
    row.forEach((id) => {
      left = Math.min(left, xOf.get(id)! - widthOf(id) / 2);
      right = Math.max(right, xOf.get(id)! + widthOf(id) / 2);
    }),
  );
  if (!Number.isFinite(left)) left = right = 0;
  const dx = SPACING.margin - left;
  const placed: PlacedNode[] = [];
  const placedFolds: PlacedFold[] = [];
  rows.forEach((row, d) =>
    row.forEach((id, i) => {
      const f = folds.get(id);
      const at = { x: xOf.get(id)! + dx, y: yOf(id, d), lines: linesOf.get(id)!, width: widthOf(id) };
      if (f) placedFolds.push({ key: id, depth: f.depth, phase: f.phase, count: f.count, ...at });
      else placed.push({ node: tree.get(id), slot: i, ...at });
    }),
  );
  const edges: PlacedEdge[] = [];
  for (const n of shown) {
    const primary = primaryOf(n);
    for (const p of n.parents) {
      if (!visible.has(p)) continue;
      const parent = tree.get(p);
      const diff = n.value - parent.value;
      const trend = !n.evaluations || Math.abs(diff) < 1e-9 ? 'same' : diff < 0 ? 'down' : 'up';
      edges.push({ from: p, to: n.id, trend, primary: p === primary });
    }
  }
  // The last line's labels end a row gap and a radius above where a next row would start.
  const height = rows.length ? y - SPACING.rowGap - SPACING.r + SPACING.margin : 2 * SPACING.margin;
  return { nodes: placed, folds: placedFolds, edges, rows, width: right - left + 2 * SPACING.margin, height, hidden: nodes.length - shown.length };
}
