// The tree's drawing: one row per depth, every parent's edge, rows ordered so that children sit
// under their parents, and edges coloured by the child's value against the parent's.
import { describe, expect, it } from 'vitest';
import { SearchTree } from '../../../core/protocols/prism/tree.ts';
import { layoutTree, SPACING } from './tree-layout.ts';

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
    expect(layout.edges.find((e) => e.to === x.id)).toEqual({ from: 'n5', to: x.id, trend: 'down' });
    expect(layout.edges.filter((e) => e.to === 'n3').map((e) => e.from)).toEqual(['n0', 'n1']);
    x.evaluations = 0;
    expect(layoutTree(t).edges.find((e) => e.to === x.id)!.trend).toBe('same'); // not evaluated yet: no trend
    const at = new Map(layout.nodes.map((p) => [p.node.id, p]));
    expect(at.get(x.id)!.y - at.get('n5')!.y).toBe(SPACING.y);
    // A child sits under its single parent, pairs keep their parents' order, and no two nodes of a row overlap.
    expect(at.get(x.id)!.x).toBe(at.get('n5')!.x);
    expect(at.get('n3')!.x).toBeLessThan(at.get('n4')!.x);
    expect(at.get('n4')!.x).toBeLessThan(at.get('n5')!.x);
    for (const row of layout.rows) for (let i = 1; i < row.length; i++) expect(at.get(row[i]!)!.x - at.get(row[i - 1]!)!.x).toBeGreaterThanOrEqual(SPACING.x);
    expect(Math.min(...layout.nodes.map((p) => p.x))).toBe(SPACING.margin);
  });

  it('draws only the nodes asked for, and their edges', () => {
    const t = SearchTree.initial(['a', 'b'], 2);
    const layout = layoutTree(t, [t.get('n0'), t.get('n2')]);
    expect(layout.nodes.map((p) => p.node.id)).toEqual(['n0', 'n2']);
    expect(layout.edges).toEqual([{ from: 'n0', to: 'n2', trend: 'same' }]);
  });
});
