// The search stepped by hand on a small tree: the root policy, expansion into a multi-parent
// node, TD updates with backups along both parent paths, the convergence rule, the phase
// switches (Phase 2's re-scoring, Phase 3's variations), batches, the cap, and replay giving
// the same next units.
import { describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../model/runlog.ts';
import type { Unit } from '../contract.ts';
import { unitOf } from './outcome.ts';
import { prismParams } from './params.ts';
import { enterPhase, grow, initialState, phaseCap, replay, searchStates } from './search.ts';
import { phase2Reward } from './reward.ts';
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

describe('Phase 1 by hand (concepts a, b; levels easy, medium, hard; single concepts first; bounded values)', () => {
  // Bounded R₁: a clean pass scores 1 at every level, a failure 0. α₁ = γ = 0.9, θ₁ = 0.4.
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, medium, hard', initialNodes: 'singles', pe1: 1, maxNodes: 12 });

  it('starts from an initial node drawn by the root policy', () => {
    const [first] = grow([], manifest);
    expect(first!.key).toBe('m|0|e0');
    expect(first!.data).toMatchObject({ evaluation: 0, phase: 1, how: 'root', level: 0, difficulty: 'easy' });
    expect(['n0', 'n1']).toContain((first!.data as { node: string }).node);
    expect(grow([], manifest)).toEqual([first]); // the same items, the same next unit
  });

  it('evaluates the initial nodes before the node an expansion made; that node is a child of both singles and its reward reaches both', () => {
    const items = play(manifest, ['pass', 'fail', 'pass']);
    const s = stateOf(manifest, items);
    const [x, y, z] = items.map(nodeOf);
    // e0: x passes, v = 0.9 ≥ θ₁ → combine (p_e = 1) with the other single → n2 = a+b at easy, waiting.
    // e1: the root policy comes first: the other single, y, which fails (v = 0).
    expect([x, y].sort()).toEqual(['n0', 'n1']);
    expect(z).toBe('n2');
    expect(items.map((i) => unitOf(i)!.how)).toEqual(['root', 'root', 'expansion']);
    const ab = s.tree.get('n2');
    expect([ab.concepts, ab.level, ab.parents.slice().sort(), ab.depth]).toEqual([['a', 'b'], 0, ['n0', 'n1'], 2]);
    // e2: a+b passes: 0.9. Each parent takes one TD step towards γ·1 = 0.9: x stays 0.9, y 0 + 0.9·0.9 = 0.81.
    expect(ab.value).toBeCloseTo(0.9, 12);
    expect(s.tree.get(x!).value).toBeCloseTo(0.9, 12);
    expect(s.tree.get(y!).value).toBeCloseTo(0.81, 12);
    expect([s.tree.get(x!).visits, s.tree.get(y!).visits, ab.visits]).toEqual([2, 2, 1]);
    // a+b expands: no node adds a concept to it, so increase_difficulty makes a+b at medium, next in line.
    expect(s.pending).toEqual(['n3']);
    expect(s.tree.get('n3')).toMatchObject({ concepts: ['a', 'b'], level: 1, parents: ['n2'], depth: 3 });
    // No check yet: each evaluation so far was its node's first.
    expect(s.events.map((e) => [e.node, e.check, e.expansions.map((x) => [x.action, x.child, x.created])])).toEqual([
      [x, null, [['combine', 'n2', true]]],
      [y, null, []],
      ['n2', null, [['increase', 'n3', true]]],
    ]);
    for (const n of s.tree.order) expect(n.value).toBeLessThanOrEqual(1);
  });

  it('checks convergence only on a node evaluated before', () => {
    const items = play(manifest, ['pass', 'fail', 'pass', 'fail', 'fail']);
    const s = stateOf(manifest, items);
    // e3: a+b at medium fails (its first evaluation: no check); e4: the descent from the root can only reach it, the one leaf; it fails again: |0 − 0| ≤ Δ₁ passes.
    expect(items.map((i) => unitOf(i)!.how)).toEqual(['root', 'root', 'expansion', 'expansion', 'traverse']);
    expect(items.slice(3).map(nodeOf)).toEqual(['n3', 'n3']);
    expect(s.events.map((e) => e.check)).toEqual([null, null, null, null, true]);
    // e3's zero reaches a+b at easy (distance 1): 0.9 + 0.9·(0 − 0.9) = 0.09.
    expect(s.tree.get('n2').history.find((h) => h.evaluation === 3)).toMatchObject({ why: 'backup' });
    expect(s.tree.get('n2').history.find((h) => h.evaluation === 3)!.value).toBeCloseTo(0.09, 12);
  });
});

describe('the convergence rule and the phase switches', () => {
  // Every evaluation fails. K₁ = 2, K₂ = 1, two variations per node; shares 50/30/20 of 20: Phase 1 at most 10.
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, hard', initialNodes: 'singles', checks1: 2, checks2: 1, variations: 2, maxNodes: 20 });

  it('ends Phase 1 after K₁ passed checks, re-scores the tree with R₂, ends Phase 2 after K₂, then evaluates the variations', () => {
    const items = play(manifest, Array(10).fill('fail') as Outcome[]);
    const phases = items.map((i) => unitOf(i)!.phase);
    // e0, e1: the two singles (root policy), first evaluations: no check. e2, e3: re-evaluations that stay at 0: two passed checks → converged.
    expect(phases).toEqual([1, 1, 1, 1, 2, 3, 3]);
    const s = stateOf(manifest, items);
    expect(s.events.slice(0, 4).map((e) => [e.check, e.streak])).toEqual([
      [null, 0],
      [null, 0],
      [true, 1],
      [true, 2],
    ]);
    expect(s.phases.map((p) => [p.phase, p.from, p.ended])).toEqual([
      [1, 0, 'converged'],
      [2, 4, 'converged'],
      [3, 5, 'no nodes'],
    ]);
    expect(s.phases[0]!.reason).toBe('converged: 2 checks in a row within Δ₁ = 0.3 (the last at evaluation 4), after 4 evaluation(s)');
    // Phase 2's re-score: R₂ of a failed node (each of its 5 runs passed 2 of 5 tests) = 0.5·(1 − 10/25) + 0.3·min(5/4, 1) + 0.2 = 0.8,
    // so e4 (a Phase-2 evaluation of a node at 0.8) leaves it at 0.8: δ = 0, K₂ reached.
    const e4 = s.events[4]!;
    expect([e4.valueBefore, e4.valueAfter, e4.check, e4.streak]).toEqual([0.8, 0.8, true, 1]);
    expect(
      s.tree.order.filter((n) => n.phase === 1 && n.evaluations).every((n) => n.history.some((h) => h.why === 'phase' && Math.abs(h.value - 0.8) < 1e-12)),
    ).toBe(true);
    // Phase 3: the nodes evaluated in Phase 2 above θ₃ = 0.5 — e4's node — get two variations each, same concepts and level.
    const variations = items.slice(5).map((i) => unitOf(i)!);
    expect(variations.map((u) => [u.how, u.variation, u.concepts, u.level])).toEqual([
      ['variation', 1, unitOf(items[4]!)!.concepts, unitOf(items[4]!)!.level],
      ['variation', 2, unitOf(items[4]!)!.concepts, unitOf(items[4]!)!.level],
    ]);
    expect(variations.map((u) => s.tree.get(u.node).variationOf)).toEqual([e4.node, e4.node]);
    expect(variations.map((u) => u.avoid)).toEqual([['T'], ['T']]); // the titles of earlier challenges of that state, once each
    expect(s.done).toBe(true);
    expect(s.why).toBe('finished');
    expect(s.phases[2]!.reason).toBe('no nodes: every variation was evaluated (2)');
    expect(grow(items, manifest)).toEqual([]);
  });

  it('gives a state its Phase-3 variations once, when a Phase-1 and a Phase-2 node hold it (the higher value gets them)', () => {
    const params = prismParams(manifestOf({ concepts: 'a, b', difficulties: 'easy, hard', initialNodes: 'singles', variations: 2 }).params);
    const s = initialState(params);
    s.phase = 2;
    s.phases.push({ phase: 2, from: 0 });
    const p1 = s.tree.get('n0'); // a at easy, made in Phase 1
    const p2 = s.tree.add(['a'], 0, 2, ['n1']); // a at easy again, made in Phase 2
    [p1.value, p2.value] = [0.7, 0.9];
    for (const n of [p1, p2]) s.evaluatedIn.set(n.id, new Set([2]));
    enterPhase(s, 3, 'converged');
    expect(s.variations.map((id) => [s.tree.get(id).variationOf, s.tree.get(id).variation])).toEqual([
      [p2.id, 1],
      [p2.id, 2],
    ]);
  });

  it('ends a phase at its share of the budget, and passes what a phase leaves on to the next', () => {
    // Every evaluation passes at easy and hard alike: Phase 1 never converges (values keep moving as nodes expand).
    const capped = manifestOf({
      concepts: 'a, b',
      difficulties: 'easy, hard',
      initialNodes: 'singles',
      maxNodes: 10,
      share1: 30,
      share2: 30,
      share3: 40,
      checks1: 50,
    });
    const items = play(capped, Array(10).fill('pass') as Outcome[]);
    const s = stateOf(capped, items);
    expect(s.phases[0]).toMatchObject({ phase: 1, from: 0, ended: 'cap', reason: 'cap reached: 3 of 3 evaluation(s) (its share of the budget)' });
    expect(items.filter((i) => unitOf(i)!.phase === 1)).toHaveLength(3); // 30% of 10
    // Phase 2 may use up to 60% of 10 less what Phase 1 used: 3.
    expect(phaseCap(s, 2)).toBe(3);
  });

  it('phase caps: cumulative shares of the budget, the rest to Phase 3, never above the iteration caps', () => {
    const params = prismParams(manifestOf({ maxNodes: 20, share1: 50, share2: 30, share3: 20, iterations2: 5 }).params);
    const phases = [
      { phase: 1 as const, from: 0 },
      { phase: 2 as const, from: 6 },
      { phase: 3 as const, from: 11 },
    ];
    expect(phaseCap({ params, phases, started: 11 }, 1)).toBe(10); // 50% of 20
    expect(phaseCap({ params, phases, started: 11 }, 2)).toBe(5); // 80% of 20 − 6 = 10, but I₂ = 5
    expect(phaseCap({ params, phases, started: 11 }, 3)).toBe(9); // the rest: 20 − 11
    const halves = prismParams(manifestOf({ maxNodes: 20, share1: 1, share2: 1, share3: 2 }).params); // shares relative to their sum
    expect(phaseCap({ params: halves, phases: [{ phase: 1, from: 0 }], started: 0 }, 1)).toBe(5);
  });
});

describe('baseline designs over concept × level cells', () => {
  it('stratified: every cell once per round, the same cells for every model and at any concurrency', () => {
    const manifest = manifestOf({ design: 'stratified', concepts: 'a, b', difficulties: 'easy, hard', maxNodes: 8 }, { concurrency: 3 }, ['x', 'y']);
    const items: ItemRecord[] = [];
    for (let units = grow(items, manifest); units.length; units = grow(items, manifest))
      items.push(...units.map((u) => finished(u, u.modelId === 'x' ? 'pass' : 'fail')));
    const cells = (model: string) => items.filter((i) => i.modelId === model).map((i) => `${unitOf(i)!.concepts.join('+')}@${unitOf(i)!.level}`);
    expect(cells('x')).toHaveLength(8);
    expect(new Set(cells('x').slice(0, 4)).size).toBe(4);
    expect(new Set(cells('x').slice(4)).size).toBe(4);
    expect(cells('y')).toEqual(cells('x'));
    expect(items.every((i) => unitOf(i)!.how === 'stratified' && unitOf(i)!.phase === 1 && unitOf(i)!.concepts.length === 1)).toBe(true);
    const one = manifestOf({ design: 'stratified', concepts: 'a, b', difficulties: 'easy, hard', maxNodes: 8 }, { concurrency: 1 }, ['x']);
    expect(play(one, Array(8).fill('fail') as Outcome[]).map((i) => `${unitOf(i)!.concepts.join('+')}@${unitOf(i)!.level}`)).toEqual(cells('x'));
    const s = searchStates(manifest, items)[0]!.state;
    expect(s).toMatchObject({ done: true, why: 'cap', phase: 1 });
  });

  it('uniform: a cell drawn for each evaluation, a budget’s first draws those of any larger one', () => {
    const small = play(manifestOf({ design: 'uniform', maxNodes: 6 }), Array(6).fill('fail') as Outcome[]).map(nodeOf);
    const large = play(manifestOf({ design: 'uniform', maxNodes: 12 }, { concurrency: 4 }), Array(12).fill('fail') as Outcome[]).map(nodeOf);
    expect(large.slice(0, 6)).toEqual(small);
    expect(new Set(large).size).toBeGreaterThan(1);
  });
});

describe('batches, the cap, several models', () => {
  it('makes a batch of distinct nodes at the run’s concurrency, and stops at the cap', () => {
    const manifest = manifestOf({ maxNodes: 7, share1: 100, share2: 0, share3: 0 }, { concurrency: 3 });
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
    const states = searchStates(
      manifest,
      units.map((u) => finished(u, u.modelId === 'x' ? 'pass' : 'fail')),
    );
    expect(states.map((t) => [t.modelId, t.state.events.map((e) => e.result?.success)])).toEqual([
      ['x', [true, true]],
      ['y', [false, false]],
    ]);
  });
});

describe('the options beside the paper, and grow advancing its last state', () => {
  const base = { concepts: 'a, b, c', difficulties: 'easy, medium, hard', initialNodes: 'singles', maxNodes: 150 };
  const outcomes = (n: number): Outcome[] => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 'pass' : 'fail'));

  it('the paper stops when Phase 3 runs out of variations; "spend" makes more until the budget is spent', () => {
    const paper = play(manifestOf(base), outcomes(200));
    const spend = play(manifestOf({ ...base, treeStop: 'spend' }), outcomes(200));
    const ps = stateOf(manifestOf(base), paper);
    expect(paper.length).toBeLessThan(150);
    expect(ps.phases.at(-1)).toMatchObject({ phase: 3, ended: 'no nodes' });
    expect(spend).toHaveLength(150);
    // The same search up to where the paper stopped.
    expect(spend.slice(0, paper.length).map(nodeOf)).toEqual(paper.map(nodeOf));
    const ss = stateOf(manifestOf({ ...base, treeStop: 'spend' }), spend);
    expect(ss.why).toBe('cap');
    expect(Math.max(...ss.tree.order.map((n) => n.variation ?? 0))).toBeGreaterThan(ps.params.phase[3].variations);
  });

  it('entering Phase 2, "all" scores a node by R₂ averaged over its results, the paper by its latest', () => {
    const m = manifestOf({ ...base, phase2Values: 'all' });
    const items = play(m, outcomes(200));
    const s = stateOf(m, items);
    const from = s.phases.find((p) => p.phase === 2)!.from;
    const n = s.tree.order.find((x) => (s.results.get(x.id)?.length ?? 0) >= 2 && x.history.some((h) => h.why === 'phase'))!;
    const entry = n.history.find((h) => h.why === 'phase')!;
    expect(entry.evaluation).toBe(from);
    // R₂ of each of its results before Phase 2, averaged; the paper's takes the last alone, and the two differ here.
    const before = s.events.filter((e) => e.node === n.id && e.evaluation < from && e.result).map((e) => phase2Reward(e.result!, s.params).value);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(entry.value).toBeCloseTo(before.reduce((a, b) => a + b, 0) / before.length, 12);
    const paper = stateOf(manifestOf(base), play(manifestOf(base), outcomes(200)));
    const latest = paper.tree.get(n.id).history.find((h) => h.why === 'phase')!.value;
    expect(latest).toBeCloseTo(before.at(-1)!, 12);
    expect(latest).not.toBeCloseTo(entry.value, 6);
  });

  it('grow advancing its last state chooses what a replay from the start chooses', () => {
    for (const params of [{ ...base }, { ...base, treeStop: 'spend' }, { ...base, design: 'calibrated' }, { ...base, design: 'thompson', concurrency: 3 }]) {
      const m = manifestOf(params, { concurrency: 2 });
      const items = play(m, outcomes(120));
      // A manifest grow has not seen replays every item.
      expect(grow(items, { ...m })).toEqual(grow(items, m));
      expect(items.length).toBeGreaterThan(60);
    }
  });

  it('every design other than the tree spends its whole budget', () => {
    for (const design of ['uniform', 'stratified', 'calibrated', 'thompson'])
      expect(play(manifestOf({ ...base, design, maxNodes: 40 }), outcomes(60)), design).toHaveLength(40);
  });
});
