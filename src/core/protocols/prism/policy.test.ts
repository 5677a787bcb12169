// Selection and expansion by hand: the multi-parent UCB1 in both forms, ε-greedy choices, the
// descent to a leaf, the root policy, the expansion criterion, and both expansion actions.
import { describe, expect, it } from 'vitest';
import { chooseChild, descend, expand, expands, rootPolicy, ucb1 } from './policy.ts';
import { SearchTree } from './tree.ts';

/** A generator that returns these numbers in turn (then the last one). */
const draws =
  (...xs: number[]) =>
  () =>
    xs.length > 1 ? xs.shift()! : xs[0]!;

function tree() {
  const t = SearchTree.initial(['a', 'b', 'c'], 3); // n0 a, n1 b, n2 c; n3 a+b, n4 a+c, n5 b+c
  const set = (id: string, value: number, visits: number) => Object.assign(t.get(id), { value, visits, evaluations: visits });
  set('n0', 0.8, 4);
  set('n1', 0.2, 2);
  set('n2', 0, 0);
  set('n3', 0.6, 3);
  t.rootVisits = 6;
  return t;
}

describe('UCB1 (Eq. 9)', () => {
  it('paper: v/N + C·√(ln ΣN(parents) / N), the root counting for the initial single concepts', () => {
    const t = tree();
    expect(ucb1(t, t.get('n0'), 1.414, 'paper')).toBeCloseTo(0.8 / 4 + 1.414 * Math.sqrt(Math.log(6) / 4), 12);
    // a+b has two parents with 4 + 2 visits.
    expect(ucb1(t, t.get('n3'), 1.414, 'paper')).toBeCloseTo(0.6 / 3 + 1.414 * Math.sqrt(Math.log(6) / 3), 12);
    expect(ucb1(t, t.get('n2'), 1.414, 'paper')).toBe(Infinity);
  });

  it('code: v + C·√(ln Σ / N), with no exploration term for a node of one parent', () => {
    const t = tree();
    expect(ucb1(t, t.get('n0'), 1.414, 'code')).toBeCloseTo(0.8, 12);
    expect(ucb1(t, t.get('n3'), 1.414, 'code')).toBeCloseTo(0.6 + 1.414 * Math.sqrt(Math.log(6) / 3), 12);
  });
});

describe('ε-greedy selection (Eqs. 6, 13, 14)', () => {
  it('takes the best UCB1 with probability 1 − ε, and a uniform child otherwise', () => {
    const t = tree();
    const kids = ['n0', 'n1', 'n3'].map((id) => t.get(id));
    // UCB: n0 0.2 + 0.946 = 1.146; n1 0.1 + 1.338 = 1.438; n3 0.2 + 1.092 = 1.292 — b wins.
    expect(chooseChild(t, kids, 0.2, 1.414, 'paper', draws(0.5, 0))?.id).toBe('n1');
    expect(chooseChild(t, kids, 0.2, 1.414, 'paper', draws(0.1, 0.99))?.id).toBe('n3'); // 0.1 < ε: uniform, the last of three
    expect(chooseChild(t, [...kids, t.get('n2')], 0, 1.414, 'paper', draws(0.5, 0))?.id).toBe('n2'); // unvisited first
  });

  it('descends from the root to a node without children', () => {
    const t = tree();
    const leaf = descend(t, null, 0, 1.414, 'paper', draws(0.5, 0));
    expect(leaf?.children).toEqual([]);
    expect(leaf?.id).toBe('n4'); // root → c (unvisited, ∞) → its first child a+c (unvisited)
  });

  it('the root policy draws among the initial nodes that have no value yet', () => {
    const t = tree();
    const seen = new Set(Array.from({ length: 40 }, (_, i) => rootPolicy(t, draws(i / 40), new Set())!.id));
    expect([...seen].sort()).toEqual(['n2', 'n4', 'n5']);
    expect(rootPolicy(t, draws(0), new Set(['n2', 'n4', 'n5']))).toBeUndefined();
  });
});

describe('expansion (Eqs. 7, 8)', () => {
  it('happens when the value reaches θ and the node is no deeper than d_max', () => {
    const t = tree();
    expect(expands(t.get('n0'), 0.4, 5)).toBe(true);
    expect(expands(t.get('n1'), 0.4, 5)).toBe(false);
    expect(expands(t.get('n3'), 0.4, 1)).toBe(false); // depth 2 > 1
  });

  it('increase_difficulty makes the next level of the same concepts', () => {
    const t = tree();
    const x = expand(t, t.get('n0'), { phase: 1, pe: 0, maxConcepts: 4, formulas: 'paper' }, draws(0.5))!;
    expect([x.action, x.created, x.child.concepts, x.child.level, x.child.parents, x.child.depth]).toEqual(['increase', true, ['a'], 1, ['n0'], 2]);
  });

  it('combine_concepts makes a child of both nodes: at the harder level (paper) or one past it (code)', () => {
    const paper = tree();
    // From a+b, the partners that add a concept are c, a+c and b+c (drawn by value + 0.001, all 0 here): each gives a+b+c.
    const x = expand(paper, paper.get('n3'), { phase: 1, pe: 1, maxConcepts: 4, formulas: 'paper' }, draws(0, 0))!;
    expect(x.action).toBe('combine');
    expect(x.child.concepts).toEqual(['a', 'b', 'c']);
    expect(x.child.parents).toEqual(['n3', x.partner!.id]);
    expect(x.child.level).toBe(Math.max(1, x.partner!.level));
    const code = tree();
    const y = expand(code, code.get('n3'), { phase: 1, pe: 1, maxConcepts: 4, formulas: 'code' }, draws(0, 0))!;
    expect(y.child.level).toBe(Math.min(2, Math.max(1, y.partner!.level) + 1));
  });

  it('a state that exists gains the edge instead of a copy (a multi-parent node), and the cap on concepts holds', () => {
    const t = tree();
    const first = expand(t, t.get('n0'), { phase: 1, pe: 1, maxConcepts: 2, formulas: 'paper' }, draws(0, 0))!;
    // The first partner drawn (all values 0: the first in order) is b: a+b at very easy, a new node (the initial pair a+b is one level up).
    expect([first.child.concepts, first.child.level, first.created, first.child.parents]).toEqual([['a', 'b'], 0, true, ['n0', 'n1']]);
    const t2 = SearchTree.initial(['a', 'b'], 3, true); // a, b
    const made = expand(t2, t2.get('n0'), { phase: 1, pe: 1, maxConcepts: 4, formulas: 'paper' }, draws(0, 0))!;
    expect([made.created, made.child.parents]).toEqual([true, ['n0', 'n1']]);
    const again = expand(t2, t2.get('n1'), { phase: 1, pe: 1, maxConcepts: 4, formulas: 'paper' }, draws(0, 0))!;
    expect([again.created, again.child.id, again.child.parents]).toEqual([false, made.child.id, ['n0', 'n1']]);
    // At the top level with every concept in: neither action applies.
    const top = t2.add(['a', 'b'], 2, 1, [made.child.id]);
    expect(expand(t2, top, { phase: 1, pe: 0.5, maxConcepts: 2, formulas: 'paper' }, draws(0, 0))).toBeNull();
  });
});
