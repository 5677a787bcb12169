// The tree's drawing: one row per depth, every parent's edge (each child's primary one marked),
// rows ordered so that children sit under their primary parents and those edges never cross,
// edges coloured by the child's value against the parent's; labels on short lines that never
// overlap on a line, long rows wrapped, large groups folded.
import { describe, expect, it } from 'vitest';
import { PAPER_CONCEPTS, PAPER_DIFFICULTIES } from '../../../core/protocols/prism/concepts.ts';
import { SearchTree, type Phase } from '../../../core/protocols/prism/tree.ts';
import { labelBox, labelLines, layoutTree, SPACING, textWidth, type TreeLayout } from './tree-layout.ts';

/** Every drawn item's box (circle and label) per line of a row: [left, right] in drawing order. */
function boxes(layout: TreeLayout) {
  const out = new Map<number, { id: string; left: number; right: number }[]>();
  const add = (id: string, y: number, left: number, right: number) => out.set(y, [...(out.get(y) ?? []), { id, left, right }]);
  for (const p of layout.nodes) {
    const b = labelBox(p);
    add(p.node.id, p.y, Math.min(b.left, p.x - SPACING.r), Math.max(b.right, p.x + SPACING.r));
  }
  for (const f of layout.folds) add(f.key, f.y, f.x - f.width / 2, f.x + f.width / 2);
  for (const line of out.values()) line.sort((a, b) => a.left - b.left);
  return out;
}

function expectNoOverlap(layout: TreeLayout) {
  for (const line of boxes(layout).values())
    for (let i = 1; i < line.length; i++) expect(line[i]!.left, `${line[i - 1]!.id} and ${line[i]!.id}`).toBeGreaterThanOrEqual(line[i - 1]!.right);
  // Lines do not overlap either: a line's labels end above the next line's circles.
  const ys = [...new Set(layout.nodes.map((p) => p.y))].sort((a, b) => a - b);
  const bottom = (y: number) => Math.max(...layout.nodes.filter((p) => p.y === y).map((p) => labelBox(p).bottom), y + SPACING.r);
  for (let i = 1; i < ys.length; i++) expect(ys[i]! - SPACING.r).toBeGreaterThan(bottom(ys[i - 1]!));
  // Everything is inside the drawing.
  for (const p of layout.nodes) {
    const b = labelBox(p);
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(layout.width);
    expect(b.bottom).toBeLessThanOrEqual(layout.height);
    expect(p.y - SPACING.r).toBeGreaterThanOrEqual(0);
  }
}

/** A tree of about `size` nodes grown by hand: the paper's initial tree, then children of the first nodes, deeper and deeper. */
function bigTree(size: number): SearchTree {
  const t = SearchTree.initial(PAPER_CONCEPTS, PAPER_DIFFICULTIES.length); // 10 singles, 45 pairs
  for (let i = 0; t.order.length < size; i++) {
    const parent = t.order[10 + (i % (t.order.length - 10))]!;
    const phase: Phase = t.order.length > size * 0.7 ? 2 : 1;
    const level = Math.min(4, parent.level + 1 + (i % 2));
    const concepts = parent.concepts.length < 4 && i % 3 === 0 ? [...parent.concepts, PAPER_CONCEPTS[(i * 7) % 10]!] : parent.concepts;
    if (t.find(concepts, level, phase)) continue;
    const n = t.add(concepts, level, phase, [parent.id]);
    n.visits = (i * 37) % 11;
    n.evaluations = n.visits ? 1 : 0;
  }
  return t;
}

describe('the tree layout', () => {
  it('puts each depth in a row, draws an edge from every parent, and orders a row by its parents', () => {
    const t = SearchTree.initial(['a', 'b', 'c'], 3); // singles n0–n2 in row 1, pairs n3 (a+b), n4 (a+c), n5 (b+c) in row 2
    const x = t.add(['b', 'c'], 2, 1, ['n5']); // under b+c: row 3
    t.get('n5').value = 0.5;
    x.value = 0.2;
    x.evaluations = 1;
    const layout = layoutTree(t);
    expect(layout.rows).toEqual([['n0', 'n1', 'n2'], ['n3', 'n4', 'n5'], [x.id]]);
    expect(layout.edges).toHaveLength(7);
    expect(layout.edges.find((e) => e.to === x.id)).toEqual({ from: 'n5', to: x.id, trend: 'down', primary: true });
    // Six edges from the top row, two per pair; each pair's first parent is its primary one.
    expect(layout.edges.filter((e) => ['n0', 'n1', 'n2'].includes(e.from))).toHaveLength(6);
    expect(layout.edges.filter((e) => e.to === 'n3').map((e) => e.from)).toEqual(['n0', 'n1']);
    expect(
      layout.edges
        .filter((e) => e.primary)
        .map((e) => `${e.from}>${e.to}`)
        .sort(),
    ).toEqual(['n0>n3', 'n0>n4', 'n1>n5', `n5>${x.id}`]);
    x.evaluations = 0;
    expect(layoutTree(t).edges.find((e) => e.to === x.id)!.trend).toBe('same'); // not evaluated yet: no trend
    const at = new Map(layout.nodes.map((p) => [p.node.id, p]));
    expect(at.get(x.id)!.y).toBeGreaterThan(at.get('n5')!.y);
    // A child sits under its single parent, pairs keep their parents' order, and no two labels of a row overlap.
    expect(at.get(x.id)!.x).toBe(at.get('n5')!.x);
    expect(at.get('n3')!.x).toBeLessThan(at.get('n4')!.x);
    expect(at.get('n4')!.x).toBeLessThan(at.get('n5')!.x);
    expectNoOverlap(layout);
    expect(layout.hidden).toBe(0);
  });

  it('draws only the nodes asked for, and their edges', () => {
    const t = SearchTree.initial(['a', 'b'], 2);
    const layout = layoutTree(t, [t.get('n0'), t.get('n2')]);
    expect(layout.nodes.map((p) => p.node.id)).toEqual(['n0', 'n2']);
    // n2 (a+b) has n0 and n1 for parents; with n1 not drawn, n0 is its primary parent.
    expect(layout.edges).toEqual([{ from: 'n0', to: 'n2', trend: 'same', primary: true }]);
  });

  it('labels a node on short lines and measures them generously', () => {
    // "Loop · VE": L .74, o o p .6 each, two spaces .32 each, "·" .34, V E .74 each = 5.0 em.
    expect(textWidth('Loop · VE', 10)).toBeCloseTo(50, 6);
    expect(labelLines({ concepts: ['loops'], level: 0 }, PAPER_DIFFICULTIES)).toEqual(['Loop · VE']);
    expect(labelLines({ concepts: ['dynamic programming', 'recursion'], level: 2 }, PAPER_DIFFICULTIES)).toEqual(['DP+Rec · M']);
    expect(labelLines({ concepts: ['loops', 'conditionals', 'sorting', 'searching'], level: 4 }, PAPER_DIFFICULTIES)).toEqual(['Loop+Cond', 'Sort+Srch', 'VH']);
    expect(labelLines({ concepts: ['loops', 'data structures', 'recursion'], level: 3, variation: 2 }, PAPER_DIFFICULTIES)).toEqual(['Loop+DS', 'Rec · H v2']);
    // Two nodes side by side: centres apart by half of each width plus the gap.
    const t = SearchTree.initial(['loops', 'sorting'], 5, true);
    const layout = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES });
    const [a, b] = layout.nodes;
    expect(a!.width).toBeCloseTo(50, 6); // "Loop · VE"
    expect(b!.width).toBeCloseTo(textWidth('Sort · VE'), 6);
    expect(b!.x - a!.x).toBeCloseTo((a!.width + b!.width) / 2 + SPACING.gap, 6);
    expect(a!.x - a!.width / 2).toBeCloseTo(SPACING.margin, 6);
  });

  it('a tree of 150 nodes: each drawn node has one primary edge, and no two primary edges between rows in a line cross', () => {
    const t = bigTree(150);
    const layout = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES });
    const at = new Map(layout.nodes.map((p) => [p.node.id, p]));
    const primary = layout.edges.filter((e) => e.primary);
    // Every node but the ten singles on top has exactly one primary edge.
    expect(primary).toHaveLength(150 - 10);
    expect(new Set(primary.map((e) => e.to)).size).toBe(140);
    // Edges between adjacent rows (the drawing is not wrapped: one line per row) whose ends are in the same order never cross.
    const adjacent = primary.filter((e) => at.get(e.to)!.node.depth === at.get(e.from)!.node.depth + 1);
    expect(adjacent.length).toBeGreaterThan(100);
    let crossings = 0;
    for (const a of adjacent)
      for (const b of adjacent) {
        if (a === b || at.get(a.from)!.node.depth !== at.get(b.from)!.node.depth) continue;
        const dx = at.get(a.from)!.x - at.get(b.from)!.x;
        const dy = at.get(a.to)!.x - at.get(b.to)!.x;
        if (dx * dy < 0) crossings++;
      }
    expect(crossings).toBe(0);
    // Drawing every parent's edge (as before), the same tree had crossings by the hundred.
    const all = layout.edges.filter((e) => at.get(e.to)!.node.depth === at.get(e.from)!.node.depth + 1);
    let allCrossings = 0;
    for (const a of all)
      for (const b of all)
        if (
          a !== b &&
          at.get(a.from)!.node.depth === at.get(b.from)!.node.depth &&
          (at.get(a.from)!.x - at.get(b.from)!.x) * (at.get(a.to)!.x - at.get(b.to)!.x) < 0
        )
          allCrossings++;
    expect(allCrossings).toBeGreaterThan(100);
  });

  it('a row too wide for one line is dealt onto its lines in turn, so its edges run nearly straight down', () => {
    const t = bigTree(150);
    const layout = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES, maxRowWidth: 900 });
    expect(new Set(layout.nodes.map((p) => p.y)).size).toBeGreaterThan(layout.rows.length); // some rows wrapped
    const at = new Map(layout.nodes.map((p) => [p.node.id, p]));
    const primary = layout.edges.filter((e) => e.primary);
    type Point = { x: number; y: number };
    const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
    const cross = (a: Point, b: Point, c: Point, d: Point) => side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
    let crossings = 0;
    for (let i = 0; i < primary.length; i++)
      for (let j = i + 1; j < primary.length; j++) {
        const [a, b] = [primary[i]!, primary[j]!];
        if (a.from !== b.from && cross(at.get(a.from)!, at.get(a.to)!, at.get(b.from)!, at.get(b.to)!)) crossings++;
      }
    // Straight from parent to child: 85 crossings of 140 edges here; packing each line full, one after the other, gave 537.
    expect(crossings).toBeLessThan(150);
  });

  it('a tree of 150 nodes: no two labels overlap on any line, long rows wrap, deterministic', () => {
    const t = bigTree(150);
    expect(t.order.length).toBe(150);
    const wide = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES });
    expectNoOverlap(wide);
    expect(wide.nodes).toHaveLength(150);
    const layout = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES, maxRowWidth: 900 });
    expectNoOverlap(layout);
    expect(layout.nodes).toHaveLength(150);
    // Every line is at most 900 wide (plus the margins), and rows of more than that wrapped.
    expect(layout.width).toBeLessThanOrEqual(900 + 2 * SPACING.margin + 1e-6);
    expect(new Set(layout.nodes.map((p) => p.y)).size).toBeGreaterThan(layout.rows.length);
    expect(layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES, maxRowWidth: 900 })).toEqual(layout);
  });

  it('folds each large group into its most visited nodes and one mark, keeps the nodes asked for, and expands a group', () => {
    const t = bigTree(150);
    const keep = new Set([t.order.at(-1)!.id]);
    const layout = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES, limit: 6, keep, maxRowWidth: 900 });
    expectNoOverlap(layout);
    // Row 2 holds the 45 initial pairs (Phase 1): 6 drawn, "+39 more".
    const pairs = layout.folds.find((f) => f.key === 'd2p1')!;
    expect(pairs.count).toBe(45 - 6 + t.order.filter((n) => n.depth === 2 && n.phase === 1 && !n.initial).length);
    expect(pairs.lines).toEqual([`+${pairs.count} more`, 'Phase 1']);
    expect(layout.rows[1]!.at(-1)).toBe('d2p1');
    const drawnPairs = layout.nodes.filter((p) => p.node.depth === 2 && p.node.phase === 1).map((p) => p.node);
    expect(drawnPairs).toHaveLength(6);
    const hiddenPairs = t.order.filter((n) => n.depth === 2 && n.phase === 1 && !drawnPairs.includes(n));
    expect(Math.min(...drawnPairs.map((n) => n.visits))).toBeGreaterThanOrEqual(Math.max(...hiddenPairs.map((n) => n.visits)));
    expect(layout.nodes.some((p) => keep.has(p.node.id))).toBe(true);
    expect(layout.hidden).toBe(layout.folds.reduce((a, f) => a + f.count, 0));
    expect(layout.nodes.length + layout.hidden).toBe(150);
    for (const e of layout.edges) expect(layout.nodes.some((p) => p.node.id === e.from) && layout.nodes.some((p) => p.node.id === e.to)).toBe(true);
    const open = layoutTree(t, t.order, { difficulties: PAPER_DIFFICULTIES, limit: 6, keep, maxRowWidth: 900, expanded: new Set(['d2p1']) });
    expect(open.folds.find((f) => f.key === 'd2p1')).toBeUndefined();
    expect(open.nodes.filter((p) => p.node.depth === 2 && p.node.phase === 1).length).toBe(drawnPairs.length + pairs.count);
    expectNoOverlap(open);
  });
});
