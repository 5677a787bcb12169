// The search stepped by hand on a small tree: the root policy, expansion into a multi-parent
// node, TD updates with backups along both parent paths, the convergence rule, the phase
// switches (Phase 2's re-scoring, Phase 3's variations), batches, the cap, and replay giving
// the same next units.
import { describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../model/runlog.ts';
import type { Unit } from '../contract.ts';
import { unitOf } from './outcome.ts';
import { prismParams } from './params.ts';
import { grow, replay, searchStates } from './search.ts';
import { finished, manifestOf, type Outcome } from './test-support.ts';

/** Grow one unit at a time, finishing each with the next outcome; returns the items. */
function play(manifest: ReturnType<typeof manifestOf>, outcomes: Outcome[]): ItemRecord[] {
  const items: ItemRecord[] = [];
  for (const outcome of outcomes) {
    const units = grow(items, manifest);
    if (!units.length) break;
    items.push(...units.map((u) => finished(u, outcome)));
  }
  return items;
}

const nodeOf = (item: ItemRecord) => unitOf(item)!.node;
const stateOf = (manifest: ReturnType<typeof manifestOf>, items: ItemRecord[]) => replay(items, prismParams(manifest.params), manifest.settings.seed, 0);

describe('Phase 1 by hand (concepts a, b; levels easy, medium, hard; single concepts first)', () => {
  // b·w(hardest) = 10 · 2 = 20: a pass at the first attempt earns 10·w(d)/20 = 0.5 at easy, 0.75 at medium; a failure 0.
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, medium, hard', initialNodes: 'singles', pe1: 1, maxNodes: 12 });

  it('starts from an initial node drawn by the root policy', () => {
    const [first] = grow([], manifest);
    expect(first!.key).toBe('m|0|e0');
    expect(first!.data).toMatchObject({ evaluation: 0, phase: 1, how: 'root', level: 0, difficulty: 'easy' });
    expect(['n0', 'n1']).toContain((first!.data as { node: string }).node);
    expect(grow([], manifest)).toEqual([first]); // the same items, the same next unit
  });

  it('expands a passed node by combine_concepts into a child of both singles, evaluated next; its reward reaches both parents', () => {
    const items = play(manifest, ['pass', 'pass']);
    const s = stateOf(manifest, items);
    const [a, b] = [nodeOf(items[0]!), nodeOf(items[1]!)];
    const other = a === 'n0' ? 'n1' : 'n0';
    // e0: the single passes: v = 0.9 · 0.5 = 0.45 ≥ θ₁ = 0.4 → combine (p_e = 1) with the other single → n2 = a+b at easy.
    expect(b).toBe('n2');
    expect(unitOf(items[1]!)!.how).toBe('expansion');
    const ab = s.tree.get('n2');
    expect([ab.concepts, ab.level, ab.parents.slice().sort(), ab.depth]).toEqual([['a', 'b'], 0, ['n0', 'n1'], 2]);
    // e1: a+b passes (0.5): its value 0.45; each parent gains γ·0.5 = 0.45 and a visit.
    expect(ab.value).toBeCloseTo(0.45, 12);
    expect(s.tree.get(a).value).toBeCloseTo(0.45 + 0.45, 12);
    expect(s.tree.get(other).value).toBeCloseTo(0.45, 12);
    expect([s.tree.get(a).visits, s.tree.get(other).visits, ab.visits]).toEqual([2, 1, 1]);
    // a+b expands too: no node adds a concept to it, so increase_difficulty gives a+b at medium, next in line.
    expect(s.pending).toEqual(['n3']);
    expect(s.tree.get('n3')).toMatchObject({ concepts: ['a', 'b'], level: 1, parents: ['n2'], depth: 3 });
    // The events say what happened.
    expect(s.events.map((e) => [e.node, e.check, e.expansions.map((x) => [x.action, x.child, x.created])])).toEqual([
      [a, null, [['combine', 'n2', true]]],
      ['n2', null, [['increase', 'n3', true]]],
    ]);
  });

  it('covers the initial nodes before the ε-greedy descent, and checks convergence only then', () => {
    const items = play(manifest, ['pass', 'pass', 'fail', 'fail', 'fail']);
    const s = stateOf(manifest, items);
    const nodes = items.map(nodeOf);
    expect(nodes.slice(2, 4)).toEqual(['n3', nodes[0] === 'n0' ? 'n1' : 'n0']); // the pending child, then the last initial node
    expect(items.map((i) => unitOf(i)!.how)).toEqual(['root', 'expansion', 'expansion', 'root', 'traverse']);
    // e3 evaluates the other single (value 0.45 from the backup) and it fails: v = 0.45 + 0.9·(0 − 0.45) = 0.045.
    const other = s.tree.get(nodes[3]!);
    expect(other.value).toBeCloseTo(0.045, 12);
    // Its check is the first (every initial node now has a value): |0.045 − 0.45| = 0.405 > Δ₁ = 0.3 fails.
    expect(s.events.map((e) => e.check)).toEqual([null, null, null, false, s.events[4]!.check]);
  });
});

describe('the convergence rule and the phase switches', () => {
  // Every evaluation fails. K₁ = 2, K₂ = 1, two variations per node.
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, hard', initialNodes: 'singles', checks1: 2, checks2: 1, variations: 2, maxNodes: 20 });

  it('ends Phase 1 after K₁ passed checks, re-scores the tree with R₂, ends Phase 2 after K₂, then evaluates the variations', () => {
    const items = play(manifest, Array(10).fill('fail') as Outcome[]);
    const phases = items.map((i) => unitOf(i)!.phase);
    // e0, e1: the two singles (root policy); e1 closes the root stage: check 1 passes (|0 − 0| ≤ 0.3); e2: check 2 → converged.
    expect(phases).toEqual([1, 1, 1, 2, 3, 3]);
    const s = stateOf(manifest, items);
    expect(s.events.slice(0, 3).map((e) => [e.check, e.streak])).toEqual([[null, 0], [true, 1], [true, 2]]);
    expect(s.phases.map((p) => [p.phase, p.from, p.ended])).toEqual([[1, 0, 'converged'], [2, 3, 'converged'], [3, 4, 'no nodes']]);
    // Phase 2's re-score: R₂ of a failed node (each of its 5 runs passed 2 of 5 tests) = 0.5·(1 − 10/25) + 0.3·min(5/4, 1) + 0.2 = 0.8,
    // so e3 (a Phase-2 evaluation of a node at 0.8) leaves it at 0.8: δ = 0, K₂ reached.
    const e3 = s.events[3]!;
    expect([e3.valueBefore, e3.valueAfter, e3.check, e3.streak]).toEqual([0.8, 0.8, true, 1]);
    expect(s.tree.order.filter((n) => n.phase === 1 && n.evaluations).every((n) => n.history.some((h) => h.why === 'phase' && Math.abs(h.value - 0.8) < 1e-12))).toBe(true);
    // Phase 3: the nodes evaluated in Phase 2 above θ₃ = 0.5 — e3's node — get two variations each, same concepts and level.
    const variations = items.slice(4).map((i) => unitOf(i)!);
    expect(variations.map((u) => [u.how, u.variation, u.concepts, u.level])).toEqual([
      ['variation', 1, unitOf(items[3]!)!.concepts, unitOf(items[3]!)!.level],
      ['variation', 2, unitOf(items[3]!)!.concepts, unitOf(items[3]!)!.level],
    ]);
    expect(variations.map((u) => s.tree.get(u.node).variationOf)).toEqual([e3.node, e3.node]);
    expect(variations.map((u) => u.avoid)).toEqual([['T'], ['T']]); // the titles of earlier challenges of that state, once each
    expect(s.done).toBe(true);
    expect(s.why).toBe('finished');
    expect(grow(items, manifest)).toEqual([]);
  });
});

describe('batches, the cap, several models', () => {
  it('makes a batch of distinct nodes at the run’s concurrency, and stops at the cap', () => {
    const manifest = manifestOf({ maxNodes: 7 }, { concurrency: 3 });
    const batch = grow([], manifest);
    expect(batch.map((u) => u.key)).toEqual(['m|0|e0', 'm|0|e1', 'm|0|e2']);
    expect(new Set(batch.map((u) => (u.data as { node: string }).node)).size).toBe(3);
    const items = batch.map((u) => finished(u, 'fail'));
    const next = grow(items, manifest);
    expect(next).toHaveLength(3);
    items.push(...next.map((u) => finished(u, 'fail')));
    expect(grow(items, manifest).map((u) => u.key)).toEqual(['m|0|e6']); // one left under the cap of 7
    items.push(finished(grow(items, manifest)[0]!, 'fail'));
    expect(grow(items, manifest)).toEqual([]);
    expect(stateOf(manifest, items)).toMatchObject({ done: true, why: 'cap', started: 7 });
  });

  it('an evaluation still running keeps its node out of the next choices, and one that failed is tried again', () => {
    const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, hard', initialNodes: 'singles' }, { concurrency: 2 });
    const [u0, u1] = grow([], manifest) as [Unit, Unit];
    const running: ItemRecord = { ...u0, status: 'running', steps: [] };
    const s = stateOf(manifest, [running, finished(u1, 'fail')]);
    expect([...s.inFlight]).toEqual([(u0.data as { node: string }).node]);
    const errored: ItemRecord = { ...u0, status: 'error', error: 'network', steps: [] };
    const again = grow([errored, finished(u1, 'fail')], manifest);
    expect(again.map((u) => (u.data as { node: string }).node)).toContain((u0.data as { node: string }).node); // its initial node still has no value
  });

  it('gives each model its own tree, with the same draws where their results agree', () => {
    const manifest = manifestOf({}, { concurrency: 2 }, ['x', 'y']);
    const units = grow([], manifest);
    expect(units.map((u) => u.key)).toEqual(['x|0|e0', 'x|0|e1', 'y|0|e0', 'y|0|e1']);
    expect(units.slice(0, 2).map((u) => u.data)).toEqual(units.slice(2).map((u) => u.data));
    const states = searchStates(manifest, units.map((u) => finished(u, u.modelId === 'x' ? 'pass' : 'fail')));
    expect(states.map((t) => [t.modelId, t.state.events.map((e) => e.result?.success)])).toEqual([
      ['x', [true, true]],
      ['y', [false, false]],
    ]);
  });
});
