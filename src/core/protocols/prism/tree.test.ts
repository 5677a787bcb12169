// The search tree by hand: the initial nodes, multi-parent edges and depths, TD(0) on the
// evaluated node, and backpropagation along two parent paths in both forms (the paper's
// additive Eq. 5, the code's TD step per path).
import { describe, expect, it } from 'vitest';
import { SearchTree } from './tree.ts';

describe('the initial tree', () => {
  it('has every concept alone at the lowest level, then every pair one level up under both of its concepts', () => {
    const tree = SearchTree.initial(['a', 'b', 'c'], 3);
    expect(tree.order.map((n) => [n.id, n.concepts.join('+'), n.level, n.depth, n.parents])).toEqual([
      ['n0', 'a', 0, 1, []],
      ['n1', 'b', 0, 1, []],
      ['n2', 'c', 0, 1, []],
      ['n3', 'a+b', 1, 2, ['n0', 'n1']],
      ['n4', 'a+c', 1, 2, ['n0', 'n2']],
      ['n5', 'b+c', 1, 2, ['n1', 'n2']],
    ]);
    expect(tree.get('n0').children).toEqual(['n3', 'n4']);
    expect(tree.order.every((n) => n.initial && n.phase === 1 && n.value === 0 && n.visits === 0)).toBe(true);
    expect(SearchTree.initial(['a', 'b', 'c'], 3, true).order).toHaveLength(3);
    expect(SearchTree.initial(['a', 'b'], 1).get('n2').level).toBe(0); // one level only: pairs stay at it
  });

  it('keeps one node per state and phase; a new edge to an existing node deepens it and what is below', () => {
    const tree = SearchTree.initial(['a', 'b', 'c'], 4);
    const deep = tree.add(['a', 'b'], 2, 1, ['n3']); // depth 3
    const deeper = tree.add(['a', 'b'], 3, 1, [deep.id]); // depth 4
    expect(() => tree.add(['b', 'a'], 2, 1, [])).toThrow('already has');
    expect(tree.find(['b', 'a'], 2, 1)?.id).toBe(deep.id);
    expect(tree.find(['a', 'b'], 2, 2)).toBeUndefined(); // another phase is another state
    const abc = tree.add(['a', 'b', 'c'], 3, 1, ['n4']); // depth 3
    tree.link(deeper.id, abc.id);
    expect(abc.parents).toEqual(['n4', deeper.id]);
    expect(abc.depth).toBe(5);
    tree.link(deeper.id, abc.id); // twice: nothing changes
    tree.link(abc.id, 'n0'); // upwards would make a cycle: refused
    expect(abc.parents).toHaveLength(2);
    expect(tree.get('n0').parents).toEqual([]);
    expect(tree.isAncestor('n0', abc.id)).toBe(true);
    expect(tree.isAncestor(abc.id, 'n0')).toBe(false);
  });
});

describe('backup after an evaluation', () => {
  // d = a+b+c under both a+b (n3) and a+c (n4); those under a, b and a, c: four parent paths to the roots.
  function diamond() {
    const tree = SearchTree.initial(['a', 'b', 'c'], 3);
    const d = tree.add(['a', 'b', 'c'], 1, 1, ['n3', 'n4']);
    return { tree, d };
  }

  it('steps the node by TD(0), v ← v + α(r − v), and returns its value before', () => {
    const { tree, d } = diamond();
    d.value = 0.2;
    expect(tree.backup(d.id, 0.6, 0.9, 0.9, 'paper', 7)).toBe(0.2);
    expect(d.value).toBeCloseTo(0.2 + 0.9 * (0.6 - 0.2), 12); // 0.56
    expect([d.visits, d.evaluations, tree.rootVisits]).toEqual([1, 1, 1]);
    expect(d.history).toEqual([{ evaluation: 7, value: d.value, why: 'evaluated' }]);
  });

  it('paper (Eq. 5): every ancestor gains γᵏ·r once per parent path, and a visit per path', () => {
    const { tree, d } = diamond();
    tree.backup(d.id, 0.5, 0.9, 0.9, 'paper', 0);
    // n3 and n4 are at distance 1: +0.9·0.5 = 0.45. a (n0) is reached through n3 and n4: 2 · 0.81 · 0.5 = 0.81.
    // b (n1) through n3 only, c (n2) through n4 only: 0.81 · 0.5 = 0.405.
    const v = (id: string) => tree.get(id).value;
    expect(v('n3')).toBeCloseTo(0.45, 12);
    expect(v('n4')).toBeCloseTo(0.45, 12);
    expect(v('n0')).toBeCloseTo(0.81, 12);
    expect(v('n1')).toBeCloseTo(0.405, 12);
    expect(v('n2')).toBeCloseTo(0.405, 12);
    expect(v('n5')).toBe(0); // not an ancestor
    expect(['n0', 'n1', 'n2', 'n3', 'n4', 'n5'].map((id) => tree.get(id).visits)).toEqual([2, 1, 1, 1, 1, 0]);
    // Additive: a second reward adds again.
    tree.backup(d.id, 0.5, 0.9, 0.9, 'paper', 1);
    expect(v('n3')).toBeCloseTo(0.9, 12);
  });

  it('bounded: a TD step towards γᵏ·r at each ancestor once, k its nearest distance, one visit each', () => {
    const { tree, d } = diamond();
    tree.backup(d.id, 0.5, 0.5, 0.9, 'bounded', 0);
    // n3, n4 at distance 1: 0.5·0.45 = 0.225. a, b, c at distance 2 (a by two paths, still once): 0.5·0.405 = 0.2025.
    const v = (id: string) => tree.get(id).value;
    expect(v('n3')).toBeCloseTo(0.225, 12);
    expect(v('n4')).toBeCloseTo(0.225, 12);
    for (const id of ['n0', 'n1', 'n2']) expect(v(id)).toBeCloseTo(0.2025, 12);
    expect(['n0', 'n1', 'n2', 'n3', 'n4', 'n5'].map((id) => tree.get(id).visits)).toEqual([1, 1, 1, 1, 1, 0]);
    // Bounded: a hundred rewards of 1 leave every value at most 1.
    for (let e = 1; e <= 100; e++) tree.backup(d.id, 1, 0.9, 0.9, 'bounded', e);
    for (const n of tree.order) expect(n.value).toBeLessThanOrEqual(1);
    expect(v('n3')).toBeCloseTo(0.9, 9);
    expect(v('n0')).toBeCloseTo(0.81, 9);
  });

  it('code: a TD step towards γᵏ·r at each ancestor, once per path, in path order', () => {
    const { tree, d } = diamond();
    tree.backup(d.id, 0.5, 0.5, 0.9, 'code', 0);
    // n3: 0 + 0.5·(0.45 − 0) = 0.225; then a via n3: 0.5·0.405 = 0.2025; b: 0.2025.
    // n4: 0.225; then a again via n4: 0.2025 + 0.5·(0.405 − 0.2025) = 0.30375; c: 0.2025.
    const v = (id: string) => tree.get(id).value;
    expect(v('n3')).toBeCloseTo(0.225, 12);
    expect(v('n4')).toBeCloseTo(0.225, 12);
    expect(v('n0')).toBeCloseTo(0.30375, 12);
    expect(v('n1')).toBeCloseTo(0.2025, 12);
    expect(v('n2')).toBeCloseTo(0.2025, 12);
    expect(tree.get('n0').visits).toBe(2);
  });
});
