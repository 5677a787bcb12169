// How the search chooses (Secs. 3.2.2–3.2.3, 3.4.1): the multi-parent UCB1 (Eq. 9), ε-greedy
// descent from the root (Eqs. 6, 13, 14), the Phase-1 root policy over the initial nodes
// (Eq. 12), the expansion criterion (Eq. 7) and the two expansion actions (Eq. 8). Every
// random choice takes a seeded generator, so a replay makes the same choices.
import type { Formulas } from './params.ts';
import type { Phase, SearchTree, TreeNode } from './tree.ts';

export type Rng = () => number;

/** A uniformly random element (undefined for none). */
export const pick = <T>(items: readonly T[], rng: Rng): T | undefined => (items.length ? items[Math.floor(rng() * items.length)] : undefined);

/** An element drawn with probability proportional to its weight. */
export function weighted<T>(items: readonly T[], weightOf: (x: T) => number, rng: Rng): T | undefined {
  const weights = items.map((x) => Math.max(0, weightOf(x)));
  const total = weights.reduce((a, b) => a + b, 0);
  if (!items.length) return undefined;
  if (total <= 0) return pick(items, rng);
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i];
  }
  return items.at(-1);
}

/**
 * UCB1 of a node with several parents. Paper (Eq. 9): v/N + C·√(ln ΣN(parents) / N), the root
 * counting as the parent of the initial single concepts. Bounded: v (already an average on
 * 0–1) in place of v/N. Code: v + C·√(ln Σ / N), with the sum
 * replaced by 1 (no exploration bonus) for a node with one parent. Unvisited nodes come first (∞).
 */
export function ucb1(tree: SearchTree, node: TreeNode, c: number, formulas: Formulas): number {
  if (node.visits === 0) return Infinity;
  const parentVisits = node.parents.length ? node.parents.reduce((n, p) => n + tree.get(p).visits, 0) : tree.rootVisits;
  const sum = formulas === 'code' && node.parents.length <= 1 ? 1 : parentVisits;
  const exploit = formulas === 'paper' ? node.value / node.visits : node.value;
  return exploit + c * Math.sqrt(Math.log(Math.max(1, sum)) / node.visits);
}

/** ε-greedy over children (Eq. 6): a uniform one with probability ε, else the best UCB1 (ties drawn at random). */
export function chooseChild(tree: SearchTree, children: readonly TreeNode[], epsilon: number, c: number, formulas: Formulas, rng: Rng): TreeNode | undefined {
  if (!children.length) return undefined;
  if (rng() < epsilon) return pick(children, rng);
  const scores = children.map((ch) => ucb1(tree, ch, c, formulas));
  const best = Math.max(...scores);
  return pick(
    children.filter((_, i) => scores[i] === best),
    rng,
  );
}

/** Follow ε-greedy choices from a node down to one without children (a leaf of the tree). */
export function descend(tree: SearchTree, from: TreeNode | null, epsilon: number, c: number, formulas: Formulas, rng: Rng): TreeNode | undefined {
  let node = from ?? chooseChild(tree, tree.roots(), epsilon, c, formulas, rng);
  for (let guard = 0; node && node.children.length && guard < 1000; guard++) {
    node = chooseChild(
      tree,
      node.children.map((id) => tree.get(id)),
      epsilon,
      c,
      formulas,
      rng,
    );
  }
  return node;
}

/**
 * Phase 1's root policy (Eq. 12) while some initial node has no value yet: 1/|N| over the
 * initial nodes — drawn among those not evaluated yet, so that each gets its value once.
 */
export function rootPolicy(tree: SearchTree, rng: Rng, exclude: ReadonlySet<string>): TreeNode | undefined {
  return pick(
    tree.order.filter((n) => n.initial && n.evaluations === 0 && !exclude.has(n.id)),
    rng,
  );
}

/** The code's first step of selection: a node drawn by value + 0.001 (uniform with probability ε; in Phase 1 among the unvalued ones when more than 20 are). */
export function codeStart(tree: SearchTree, phase: Phase, epsilon: number, rng: Rng): TreeNode | undefined {
  const all = tree.order.filter((n) => n.phase !== 3);
  const zero = all.filter((n) => n.value === 0);
  if (phase === 1 && zero.length > 20) return pick(zero, rng);
  if (rng() < epsilon) return pick(all, rng);
  return weighted(all, (n) => n.value + 1e-3, rng);
}

/** Eq. 7: a node expands when its value reaches the phase's θ and it is no deeper than d_max. */
export const expands = (node: TreeNode, theta: number, dMax: number) => node.value >= theta && node.depth <= dMax;

export interface ExpandOptions {
  phase: 1 | 2;
  /** Probability of combine_concepts (else increase_difficulty). */
  pe: number;
  maxConcepts: number;
  formulas: Formulas;
}

export interface Expansion {
  action: 'combine' | 'increase';
  child: TreeNode;
  /** A node made now (else an existing state gained an edge). */
  created: boolean;
  /** The node combined with (combine_concepts). */
  partner?: TreeNode;
}

/**
 * One expansion of a node (Eq. 8): with probability p_e combine_concepts with another node —
 * drawn by value among those whose concepts add at least one and stay within the cap — else
 * increase_difficulty; either falls back on the other when it cannot apply. A combination keeps
 * the harder of the two levels (paper) or goes one level past it (code); a state the phase
 * already has gains an edge instead of a copy.
 */
export function expand(tree: SearchTree, node: TreeNode, o: ExpandOptions, rng: Rng): Expansion | null {
  const top = tree.levels - 1;
  const partners = () =>
    tree.order.filter(
      (m) =>
        m.id !== node.id &&
        m.phase !== 3 &&
        m.concepts.some((c) => !node.concepts.includes(c)) &&
        new Set([...node.concepts, ...m.concepts]).size <= o.maxConcepts,
    );
  const combine = (): Expansion | null => {
    const partner = weighted(partners(), (m) => m.value + 1e-3, rng);
    if (!partner) return null;
    const concepts = [...new Set([...node.concepts, ...partner.concepts])];
    const level = o.formulas === 'code' ? Math.min(top, Math.max(node.level, partner.level) + 1) : Math.max(node.level, partner.level);
    return place('combine', concepts, level, [node.id, partner.id], partner);
  };
  const increase = (): Expansion | null => (node.level < top ? place('increase', node.concepts, node.level + 1, [node.id]) : null);
  const place = (action: Expansion['action'], concepts: string[], level: number, parents: string[], partner?: TreeNode): Expansion | null => {
    const existing = tree.find(concepts, level, o.phase);
    if (existing) {
      if (parents.includes(existing.id)) return null;
      for (const p of parents) tree.link(p, existing.id); // a parent it has already is left as it is
      return { action, child: existing, created: false, ...(partner ? { partner } : {}) };
    }
    return { action, child: tree.add(concepts, level, o.phase, parents), created: true, ...(partner ? { partner } : {}) };
  };
  return rng() < o.pe ? (combine() ?? increase()) : (increase() ?? combine());
}
