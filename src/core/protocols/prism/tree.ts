// The search tree (Sec. 3.2): states (concept set, difficulty, phase) as nodes of a multi-parent
// tree. A child of a combination has both combined nodes as parents, so rewards reach every
// ancestor along every parent path. Node values follow TD(0) (Eq. 4); ancestors receive the
// discounted reward (Eq. 5) — as one TD step towards γᵏ·r each (bounded, the default),
// additively as the paper writes it, or as a TD step per parent path as its code does.
import { sortConcepts } from './concepts.ts';
import type { Formulas } from './params.ts';

export type Phase = 1 | 2 | 3;

export interface ValuePoint {
  /** The evaluation (its position in the search) whose result moved the value. */
  evaluation: number;
  value: number;
  why: 'evaluated' | 'backup' | 'phase';
}

export interface TreeNode {
  id: string;
  concepts: string[];
  /** Index into the run's difficulty levels. */
  level: number;
  /** The phase that created it. */
  phase: Phase;
  parents: string[];
  children: string[];
  /** Nodes along the longest path from the root (the initial single concepts are at depth 1). */
  depth: number;
  /** N(n): its own evaluations and those of its descendants (once per parent path). */
  visits: number;
  /** Its own evaluations. */
  evaluations: number;
  value: number;
  history: ValuePoint[];
  /** Phase 3: the Phase-2 node it varies, and which variation it is (1-based). */
  variationOf?: string;
  variation?: number;
  /** Created when the tree was set up (the root's children and their pairs). */
  initial: boolean;
}

/** Ancestor updates along parent paths at most, per backup (the code's per-path form can branch a lot). */
export const PATH_UPDATE_CAP = 4096;

export class SearchTree {
  readonly nodes = new Map<string, TreeNode>();
  /** Creation order. */
  readonly order: TreeNode[] = [];
  /** Visits of the root: one per evaluation. */
  rootVisits = 0;
  private readonly byState = new Map<string, string>();

  constructor(
    readonly concepts: readonly string[],
    readonly levels: number,
  ) {}

  get(id: string): TreeNode {
    const n = this.nodes.get(id);
    if (!n) throw new Error(`no node ${id} in the tree`);
    return n;
  }

  /** The root's children: nodes without parents. */
  roots(): TreeNode[] {
    return this.order.filter((n) => n.parents.length === 0);
  }

  private stateKey(concepts: readonly string[], level: number, phase: Phase, variation?: number): string {
    return `${sortConcepts(concepts, this.concepts).join('+')}@${level}#${phase}${variation ? `v${variation}` : ''}`;
  }

  /** The node of this state, if the tree has it. */
  find(concepts: readonly string[], level: number, phase: Phase): TreeNode | undefined {
    const id = this.byState.get(this.stateKey(concepts, level, phase));
    return id ? this.nodes.get(id) : undefined;
  }

  /** A new node under these parents (depth one past the deepest parent). */
  add(
    concepts: readonly string[],
    level: number,
    phase: Phase,
    parents: readonly string[],
    extra: Partial<Pick<TreeNode, 'variationOf' | 'variation' | 'initial'>> = {},
  ): TreeNode {
    const key = this.stateKey(concepts, level, phase, extra.variation);
    if (this.byState.has(key)) throw new Error(`the tree already has ${key}`);
    const node: TreeNode = {
      id: `n${this.order.length}`,
      concepts: sortConcepts(concepts, this.concepts),
      level,
      phase,
      parents: [...parents],
      children: [],
      depth: 1 + Math.max(0, ...parents.map((p) => this.get(p).depth)),
      visits: 0,
      evaluations: 0,
      value: 0,
      history: [],
      initial: extra.initial ?? false,
      ...(extra.variationOf ? { variationOf: extra.variationOf, variation: extra.variation } : {}),
    };
    for (const p of parents) this.get(p).children.push(node.id);
    this.nodes.set(node.id, node);
    this.order.push(node);
    this.byState.set(key, node.id);
    return node;
  }

  /** An edge from a parent to an existing node (a multi-parent node); depths below it follow. */
  link(parentId: string, childId: string): void {
    const parent = this.get(parentId);
    const child = this.get(childId);
    if (parentId === childId || child.parents.includes(parentId) || this.isAncestor(childId, parentId)) return;
    child.parents.push(parentId);
    parent.children.push(childId);
    this.deepen(child, parent.depth + 1);
  }

  private deepen(node: TreeNode, depth: number): void {
    if (depth <= node.depth) return;
    node.depth = depth;
    for (const c of node.children) this.deepen(this.get(c), depth + 1);
  }

  /** Whether a is an ancestor of b. */
  isAncestor(a: string, b: string): boolean {
    const seen = new Set<string>();
    const up = (id: string): boolean => this.get(id).parents.some((p) => p === a || (!seen.has(p) && (seen.add(p), up(p))));
    return up(b);
  }

  /**
   * The initial tree, the same for every model: each concept alone at the lowest level, then
   * (unless `singlesOnly`) every pair one level up, a child of both its concepts.
   */
  static initial(concepts: readonly string[], levels: number, singlesOnly = false): SearchTree {
    const tree = new SearchTree(concepts, levels);
    const singles = concepts.map((c) => tree.add([c], 0, 1, [], { initial: true }));
    if (!singlesOnly) {
      for (let i = 0; i < concepts.length; i++) {
        for (let j = i + 1; j < concepts.length; j++)
          tree.add([concepts[i]!, concepts[j]!], Math.min(1, levels - 1), 1, [singles[i]!.id, singles[j]!.id], { initial: true });
      }
    }
    return tree;
  }

  /**
   * An evaluation's reward: the node's TD(0) step v ← v + α(r − v) (Eq. 4), then every ancestor
   * along every parent path at distance k: v ← v + γᵏ·r (Eq. 5, paper) or v ← v + α(γᵏ·r − v)
   * (code), its visits counted once per path. Returns the node's value before the step.
   */
  backup(nodeId: string, reward: number, alpha: number, gamma: number, formulas: Formulas, evaluation: number): number {
    const node = this.get(nodeId);
    const before = node.value;
    node.value += alpha * (reward - node.value);
    node.visits += 1;
    node.evaluations += 1;
    node.history.push({ evaluation, value: node.value, why: 'evaluated' });
    this.rootVisits += 1;
    if (formulas === 'paper') this.backupSums(node, reward, gamma, evaluation);
    else if (formulas === 'code') this.backupPaths(node, reward, alpha, gamma, evaluation);
    else this.backupBounded(node, reward, alpha, gamma, evaluation);
    return before;
  }

  /** Bounded backup: each ancestor once, a TD step towards γᵏ·r at its nearest distance k, and one visit; values stay within the rewards' range. */
  private backupBounded(node: TreeNode, reward: number, alpha: number, gamma: number, evaluation: number): void {
    const distance = new Map<string, number>([[node.id, 0]]);
    const queue = [node.id];
    for (let i = 0; i < queue.length; i++) {
      const id = queue[i]!;
      for (const p of this.get(id).parents) {
        if (distance.has(p)) continue;
        distance.set(p, distance.get(id)! + 1);
        queue.push(p);
      }
    }
    for (const id of queue.slice(1)) {
      const anc = this.get(id);
      anc.value += alpha * (gamma ** distance.get(id)! * reward - anc.value);
      anc.visits += 1;
      anc.history.push({ evaluation, value: anc.value, why: 'backup' });
    }
  }

  /** Additive backup: each ancestor gets r · Σ over its paths of γ^(path length), and a visit per path. */
  private backupSums(node: TreeNode, reward: number, gamma: number, evaluation: number): void {
    const weight = new Map<string, number>([[node.id, 1]]);
    const paths = new Map<string, number>([[node.id, 1]]);
    // Ancestors from the nearest up: a node's weight is complete once all its children on the way are.
    for (const a of this.ancestorsBottomUp(node.id)) {
      let w = 0;
      let n = 0;
      for (const c of this.get(a).children) {
        if (!weight.has(c)) continue;
        w += gamma * weight.get(c)!;
        n += paths.get(c)!;
      }
      weight.set(a, w);
      paths.set(a, n);
      const anc = this.get(a);
      anc.value += w * reward;
      anc.visits += n;
      anc.history.push({ evaluation, value: anc.value, why: 'backup' });
    }
  }

  /** The code's backup: a TD step towards γᵏ·r at each ancestor, once per parent path (at most PATH_UPDATE_CAP steps). */
  private backupPaths(node: TreeNode, reward: number, alpha: number, gamma: number, evaluation: number): void {
    let budget = PATH_UPDATE_CAP;
    const touched = new Set<TreeNode>();
    const up = (n: TreeNode, r: number) => {
      for (const pid of n.parents) {
        if (budget-- <= 0) return;
        const p = this.get(pid);
        p.value += alpha * (r * gamma - p.value);
        p.visits += 1;
        touched.add(p);
        up(p, r * gamma);
      }
    };
    up(node, reward);
    for (const p of touched) p.history.push({ evaluation, value: p.value, why: 'backup' });
  }

  /** The node's ancestors, each after all of its descendants among them (reverse topological order). */
  ancestorsBottomUp(id: string): string[] {
    const all = new Set<string>();
    const collect = (x: string) => {
      for (const p of this.get(x).parents) if (!all.has(p)) (all.add(p), collect(p));
    };
    collect(id);
    const out: string[] = [];
    const done = new Set<string>();
    const visit = (x: string) => {
      if (done.has(x)) return;
      done.add(x);
      for (const c of this.get(x).children) if (all.has(c)) visit(c);
      out.push(x);
    };
    for (const a of all) visit(a);
    return out;
  }
}
