// The search (Sec. 3.4): three phases over one tree per model (and repeat), recomputed from the
// stored items alone. Replaying the items in the order they were made — each finished
// evaluation's reward, TD update, backpropagation, convergence check and expansion, with the
// random choices seeded by (seed, repeat, evaluation) — gives the state the next units are
// chosen from, so a reload resumes exactly and no evaluation is made twice. Units are made in
// batches of the run's concurrency: every batch is chosen from the state after the one before.
import type { ItemRecord, Manifest } from '../../model/runlog.ts';
import { randomFor } from '../../random.ts';
import type { Unit } from '../contract.ts';
import { evaluationOf, itemResult, unitOf, type NodeResult } from './outcome.ts';
import { prismParams, type PrismParams } from './params.ts';
import { MODEL_ROLE } from './roles.ts';
import { codeStart, descend, expand, expands, rootPolicy, type Expansion, type Rng } from './policy.ts';
import { phase2Reward, rewardOf, type RewardTerms } from './reward.ts';
import type { UnitData } from './step-data.ts';
import { calibratedCell, fitOutcomes, thompsonCell } from './adaptive.ts';
import { baselineCell, cellsOf, cellTree } from './designs.ts';
import type { SkillFit } from './skill-fit.ts';
import { SearchTree, type Phase, type TreeNode } from './tree.ts';

/** Why a unit's node was chosen. */
export type Selection = NonNullable<UnitData['how']>;

/** What one evaluation did to the search (views and tests read these). */
export interface SearchEvent {
  evaluation: number;
  itemKey: string;
  node: string;
  phase: Phase;
  /** null when the evaluation gave no result (no challenge, or an error). */
  result: NodeResult | null;
  reward: RewardTerms | null;
  valueBefore: number;
  valueAfter: number;
  /** The convergence check (Phases 1–2, once every initial node has a value): passed, failed, or none made. */
  check: boolean | null;
  streak: number;
  expansions: { action: Expansion['action']; child: string; created: boolean; partner?: string }[];
}

export interface SearchState {
  tree: SearchTree;
  params: PrismParams;
  phase: Phase;
  /** The search made every unit it will make. */
  done: boolean;
  why?: 'cap' | 'finished' | 'exhausted';
  /** Consecutive passed convergence checks in the current phase, and whether it reached K. */
  streak: number;
  converged: boolean;
  /** Units made so far (evaluations started), in all and per phase. */
  started: number;
  perPhase: [number, number, number, number];
  /** Nodes an expansion made that wait for their first evaluation, in order. */
  pending: string[];
  /** Phase 3's variation nodes not evaluated yet, in order. */
  variations: string[];
  /** Nodes of units not finished yet. */
  inFlight: Set<string>;
  events: SearchEvent[];
  /** Where each phase began (the evaluation count then), how it ended, and why in words. */
  phases: PhaseSpan[];
  /** The evaluation whose check completed the current phase's K passed checks. */
  convergedAt?: number;
  /** Each node's latest result (Phase 2 re-scores the tree with it), and all its results. */
  latest: Map<string, NodeResult>;
  results: Map<string, NodeResult[]>;
  /** Every result in the order it came (concepts, level, success): what the adaptive designs fit. */
  outcomes: { concepts: string[]; level: number; success: boolean }[];
  /** The adaptive designs' fit of the outcomes, and how many it covers. */
  fit?: { n: number; fit: SkillFit };
  /** Phases in which each node was evaluated. */
  evaluatedIn: Map<string, Set<Phase>>;
  /** Titles of the challenges each state was given (concepts and level). */
  titles: Map<string, string[]>;
}

export interface PhaseSpan {
  phase: Phase;
  from: number;
  ended?: 'converged' | 'cap' | 'no nodes';
  /** Why it ended, as the views and the report print it. */
  reason?: string;
}

const stateKey = (n: Pick<TreeNode, 'concepts' | 'level'>) => `${n.concepts.join('+')}@${n.level}`;

/** A search's random draws: the same for every model, so models meet the same choices where their trees agree. */
export const searchRandom = (seed: number, repeat: number, evaluation: number, purpose: string): Rng => randomFor(seed, 'prism', repeat, evaluation, purpose);

export function initialState(params: PrismParams): SearchState {
  return {
    tree:
      params.design === 'tree'
        ? SearchTree.initial(params.concepts, params.difficulties.length, params.initialNodes === 'singles')
        : cellTree(params.concepts, params.difficulties.length, params.space),
    params,
    phase: 1,
    done: false,
    streak: 0,
    converged: false,
    started: 0,
    perPhase: [0, 0, 0, 0],
    pending: [],
    variations: [],
    inFlight: new Set(),
    events: [],
    phases: [{ phase: 1, from: 0 }],
    latest: new Map(),
    results: new Map(),
    outcomes: [],
    evaluatedIn: new Map(),
    titles: new Map(),
  };
}

const finishedItem = (i: ItemRecord) => i.status === 'done' || i.status === 'error';

/**
 * A phase's evaluation cap: its share of the budget — cumulative, so what an earlier phase left
 * passes on; Phase 3 has the rest — and at most its iteration cap I.
 */
export function phaseCap(s: Pick<SearchState, 'params' | 'phases' | 'started'>, phase: Phase): number {
  const p = s.params;
  const from = s.phases.find((x) => x.phase === phase)?.from ?? s.started;
  const total = p.shares[1] + p.shares[2] + p.shares[3];
  const upTo = phase === 3 || total <= 0 ? 1 : (p.shares[1] + (phase === 2 ? p.shares[2] : 0)) / total;
  return Math.max(0, Math.min(p.phase[phase].iterations, Math.round(p.maxNodes * upTo) - from));
}

/** Why a phase ended, in words. */
function reasonOf(s: SearchState, ended: NonNullable<PhaseSpan['ended']>): string {
  const phase = s.phase;
  const n = s.perPhase[phase];
  if (ended === 'converged' && phase !== 3) {
    const q = s.params.phase[phase];
    return `converged: ${q.checks} checks in a row within Δ${phase === 1 ? '₁' : '₂'} = ${q.delta}${s.convergedAt !== undefined ? ` (the last at evaluation ${s.convergedAt + 1})` : ''}, after ${n} evaluation(s)`;
  }
  if (ended === 'cap')
    return `cap reached: ${n} of ${phaseCap(s, phase)} evaluation(s) (${n >= s.params.phase[phase].iterations ? `the iteration cap I${'₁₂₃'[phase - 1]}` : 'its share of the budget'})`;
  if (phase === 3) return `no nodes: every variation was evaluated (${n})`;
  return 'no nodes';
}

/** Move to the next phase: Phase 2 re-scores every node with R₂ of its latest result; Phase 3 makes the variations. */
export function enterPhase(s: SearchState, to: Phase, ended: NonNullable<PhaseSpan['ended']>): void {
  const p = s.params;
  Object.assign(s.phases.at(-1)!, { ended, reason: reasonOf(s, ended) });
  s.convergedAt = undefined;
  s.phase = to;
  s.streak = 0;
  s.converged = false;
  s.pending = [];
  s.phases.push({ phase: to, from: s.started });
  if (to === 2) {
    for (const node of s.tree.order) {
      const all = s.results.get(node.id) ?? [];
      const used = p.phase2Values === 'all' ? all : all.slice(-1);
      node.value = used.length ? used.reduce((a, r) => a + phase2Reward(r, p).value, 0) / used.length : 0;
      node.history.push({ evaluation: s.started, value: node.value, why: 'phase' });
    }
  } else if (to === 3) addVariations(s);
}

/** The Phase-2 nodes Phase 3 varies: above θ₃, highest value first, one node per state. */
function variationSources(s: SearchState): TreeNode[] {
  const p = s.params;
  const candidates = s.tree.order
    .filter((n) => s.evaluatedIn.get(n.id)?.has(2) && n.phase !== 3 && n.value > p.phase[3].theta)
    .sort((a, b) => b.value - a.value);
  // Variations are of a state (concepts and level): a node of Phase 1 and one of Phase 2 may hold the same one; the higher value gets them.
  const states = new Set<string>();
  return candidates.filter((n) => !states.has(stateKey(n)) && states.add(stateKey(n)));
}

/**
 * A round of variations: V more of each source, numbered on from those it has. Option "spend"
 * makes a further round when the last is evaluated; with no node above θ₃, the round varies the
 * highest-valued Phase-2 node instead.
 */
function addVariations(s: SearchState): void {
  const p = s.params;
  let sources = variationSources(s);
  if (!sources.length && p.treeStop === 'spend') {
    const evaluated = s.tree.order.filter((n) => n.evaluations > 0 && n.phase !== 3);
    const inPhase2 = evaluated.filter((n) => s.evaluatedIn.get(n.id)?.has(2));
    sources = (inPhase2.length ? inPhase2 : evaluated).sort((a, b) => b.value - a.value).slice(0, 1);
  }
  for (const n of sources) {
    const made = s.tree.order.filter((x) => x.variationOf === n.id).length;
    for (let v = made + 1; v <= made + p.phase[3].variations; v++)
      s.variations.push(s.tree.add(n.concepts, n.level, 3, [n.id], { variationOf: n.id, variation: v }).id);
  }
}

/** Whether the current phase is over: converged, at its evaluation cap, or (Phase 3) out of variations. A baseline has one phase, as long as the budget. */
function phaseOver(s: SearchState): PhaseSpan['ended'] | null {
  if (s.params.design !== 'tree') return null;
  if (s.phase === 3) return s.perPhase[3] >= phaseCap(s, 3) ? 'cap' : s.variations.length === 0 && s.inFlight.size === 0 ? 'no nodes' : null;
  if (s.converged) return 'converged';
  return s.perPhase[s.phase] >= phaseCap(s, s.phase) ? 'cap' : null;
}

/** Apply one finished evaluation: reward, TD update and backup, the convergence check, expansion. */
function apply(s: SearchState, item: ItemRecord, unit: UnitData, seed: number, repeat: number): void {
  const p = s.params;
  const node = s.tree.nodes.get(unit.node);
  if (!node) return; // not a node of this tree (a log edited by hand): ignored
  const ev = evaluationOf(item.steps);
  if (ev.design?.challenge) s.titles.set(stateKey(node), [...(s.titles.get(stateKey(node)) ?? []), ev.design.challenge.title]);
  const result = itemResult(item);
  const event: SearchEvent = {
    evaluation: unit.evaluation,
    itemKey: item.key,
    node: node.id,
    phase: unit.phase,
    result,
    reward: null,
    valueBefore: node.value,
    valueAfter: node.value,
    check: null,
    streak: s.streak,
    expansions: [],
  };
  s.events.push(event);
  if (!result) {
    // No result: the node waits for another evaluation (a new node first, a variation in its turn).
    if (unit.phase === 3) s.variations.unshift(node.id);
    else if (node.evaluations === 0 && !node.initial) s.pending.unshift(node.id);
    return;
  }
  s.latest.set(node.id, result);
  s.results.set(node.id, [...(s.results.get(node.id) ?? []), result]);
  s.outcomes.push({ concepts: node.concepts, level: node.level, success: result.success });
  // The node had a value of its own: it was evaluated before (in Phase 2, its Phase-1 value re-scored by R₂).
  const valued = node.evaluations > 0;
  s.evaluatedIn.set(node.id, (s.evaluatedIn.get(node.id) ?? new Set()).add(unit.phase));
  const reward = rewardOf(result, unit.phase, node.level, p.difficulties.length, p);
  const alpha = unit.phase === 1 ? p.phase[1].alpha : p.phase[2].alpha;
  const before = s.tree.backup(node.id, reward.value, alpha, p.gamma, p.formulas, unit.evaluation);
  Object.assign(event, { reward, valueBefore: before, valueAfter: node.value });
  if (p.design !== 'tree' || unit.phase === 3 || unit.phase !== s.phase) return;
  const phase = p.phase[unit.phase];
  // Convergence checks. Code: every evaluation, from the first. Paper and bounded: once every
  // initial node has a value (Phase 1's root policy is over), and only of a node that had a
  // value — a node's first evaluation moves it from nothing, which says nothing of convergence.
  const checks = p.formulas === 'code' || (valued && (unit.phase === 2 || !s.tree.order.some((n) => n.initial && n.evaluations === 0)));
  if (checks) {
    event.check = Math.abs(node.value - before) <= phase.delta;
    s.streak = event.check ? s.streak + 1 : 0;
    if (s.streak >= phase.checks && !s.converged) {
      s.converged = true;
      s.convergedAt = unit.evaluation;
    }
  }
  event.streak = s.streak;
  // Expansion (Eq. 7): while the node qualifies; a new node is evaluated next, an existing one is expanded in turn.
  const rng = searchRandom(seed, repeat, unit.evaluation, 'expand');
  let current: TreeNode = node;
  for (let guard = 0; guard < 20 && expands(current, phase.theta, phase.dMax); guard++) {
    const x = expand(s.tree, current, { phase: unit.phase, pe: phase.pe, maxConcepts: p.maxConcepts, formulas: p.formulas }, rng);
    if (!x) break;
    event.expansions.push({ action: x.action, child: x.child.id, created: x.created, ...(x.partner ? { partner: x.partner.id } : {}) });
    if (x.created) {
      s.pending.push(x.child.id);
      break;
    }
    current = x.child;
  }
}

/** The state of one tree after its items (in the order they were made). */
export function replay(items: readonly ItemRecord[], params: PrismParams, seed: number, repeat: number): SearchState {
  const s = initialState(params);
  advance(s, items, seed, repeat);
  return s;
}

/** Apply items made after those a state holds, then settle it. */
function advance(s: SearchState, items: readonly ItemRecord[], seed: number, repeat: number): void {
  for (const item of items) {
    const unit = unitOf(item);
    if (!unit) continue;
    while (unit.phase > s.phase) enterPhase(s, (s.phase + 1) as Phase, phaseOver(s) ?? 'converged');
    // Option "spend": the unit is of a further round of variations, made when the last ran out.
    if (s.phase === 3 && s.params.treeStop === 'spend' && !s.variations.length && !s.tree.nodes.has(unit.node)) addVariations(s);
    s.started += 1;
    s.perPhase[unit.phase] += 1;
    s.pending = s.pending.filter((id) => id !== unit.node);
    s.variations = s.variations.filter((id) => id !== unit.node);
    if (!finishedItem(item)) {
      s.inFlight.add(unit.node);
      continue;
    }
    apply(s, item, unit, seed, repeat);
  }
  settle(s);
}

/** Close phases that are over and mark the search done when nothing is left to make. */
function settle(s: SearchState): void {
  if (s.started >= s.params.maxNodes) {
    s.done = true;
    s.why = 'cap';
    const last = s.phases.at(-1)!;
    if (!s.inFlight.size && !last.ended)
      Object.assign(last, { ended: 'cap', reason: `the budget is spent: ${s.started} of ${s.params.maxNodes} evaluation(s)` });
    return;
  }
  for (let ended = phaseOver(s); ended && !s.done; ended = phaseOver(s)) {
    if (s.phase === 3) {
      if (s.inFlight.size) return;
      if (ended === 'no nodes' && s.params.treeStop === 'spend') {
        addVariations(s);
        if (s.variations.length) continue;
      }
      s.done = true;
      s.why = 'finished';
      Object.assign(s.phases.at(-1)!, { ended, reason: reasonOf(s, ended) });
    } else enterPhase(s, (s.phase + 1) as Phase, ended);
  }
}

export interface Choice {
  node: TreeNode;
  how: Selection;
}

/** The fitted map of every result so far (computed once per state). */
function fitOf(s: SearchState): SkillFit {
  if (s.fit?.n !== s.outcomes.length) s.fit = { n: s.outcomes.length, fit: fitOutcomes(s.outcomes, s.params) };
  return s.fit.fit;
}

/** The next batch of a design other than the tree: the cells of the next evaluations (a cell may come twice). */
function cellChoices(s: SearchState, k: number, seed: number, repeat: number): Choice[] {
  const p = s.params;
  const design = p.design;
  if (design === 'tree') return [];
  const cells = cellsOf(p.concepts, p.difficulties.length, p.space);
  return Array.from({ length: Math.max(0, Math.min(k, p.maxNodes - s.started)) }, (_, i) => {
    const e = s.started + i;
    const cell =
      design === 'calibrated'
        ? calibratedCell(p, fitOf(s), seed, repeat, e)
        : design === 'thompson'
          ? thompsonCell(p, fitOf(s), seed, repeat, e)
          : baselineCell(design, cells, seed, repeat, e);
    return { node: s.tree.find(cell.concepts, cell.level, 1)!, how: design };
  });
}

/** The next batch of up to k nodes to evaluate (distinct), in order. */
export function nextChoices(s: SearchState, k: number, seed: number, repeat: number): Choice[] {
  const p = s.params;
  const out: Choice[] = [];
  if (s.done) return out;
  if (p.design !== 'tree') return cellChoices(s, k, seed, repeat);
  const room = Math.min(k, p.maxNodes - s.started, phaseCap(s, s.phase) - s.perPhase[s.phase]);
  const taken = new Set<string>(s.inFlight);
  // Paper and bounded: Phase 1 evaluates its initial nodes (root policy, Eq. 12) before the nodes expansions made; the code evaluates an expansion's node at once.
  // Some initial node still has no value (nothing in a batch gives one a value before it ends).
  const initialFirst = p.formulas !== 'code' && s.phase === 1 && s.tree.order.some((n) => n.initial && n.evaluations === 0);
  for (let i = 0; i < room; i++) {
    const rng = searchRandom(seed, repeat, s.started + i, 'select');
    let choice: Choice | undefined;
    if (s.phase === 3) {
      const id = s.variations.find((v) => !taken.has(v));
      if (id) choice = { node: s.tree.get(id), how: 'variation' };
    } else {
      const root = initialFirst ? rootPolicy(s.tree, rng, taken) : undefined;
      const id = s.pending.find((v) => !taken.has(v));
      if (root) choice = { node: root, how: 'root' };
      else if (id) choice = { node: s.tree.get(id), how: 'expansion' };
      else if (initialFirst)
        break; // the rest are being evaluated
      else {
        const epsilon = p.phase[s.phase].epsilon;
        for (let attempt = 0; attempt < 10 && !choice; attempt++) {
          const start = p.formulas === 'code' ? (codeStart(s.tree, s.phase, epsilon, rng) ?? null) : null;
          const node = descend(s.tree, start, epsilon, p.c, p.formulas, rng);
          if (node && !taken.has(node.id) && node.phase !== 3) choice = { node, how: 'traverse' };
        }
      }
    }
    if (!choice) break;
    taken.add(choice.node.id);
    out.push(choice);
  }
  return out;
}

/** The item key of an evaluation of a model's tree. */
export const evaluationKey = (modelId: string, repeat: number, evaluation: number) => `${modelId}|${repeat}|e${evaluation}`;

/** The units of a batch: the chosen nodes, each with what the step needs to evaluate it. */
export function unitsOf(s: SearchState, choices: readonly Choice[], modelId: string, repeat: number): Unit[] {
  const p = s.params;
  return choices.map(({ node, how }, i) => {
    const evaluation = s.started + i;
    const avoid = [...new Set(s.titles.get(stateKey(node)) ?? [])];
    const data: UnitData = {
      evaluation,
      node: node.id,
      concepts: node.concepts,
      difficulty: p.difficulties[node.level]!,
      level: node.level,
      phase: s.phase,
      how,
      ...(node.variation ? { variation: node.variation } : {}),
      ...(node.phase === 3 && avoid.length ? { avoid: avoid.slice(-10) } : {}),
    };
    return { key: evaluationKey(modelId, repeat, evaluation), modelId, repeat, data };
  });
}

/** The items of each tree of a run: by model, then repeat, in the order they were made. */
export function treesOf(manifest: Manifest, items: readonly ItemRecord[]): { modelId: string; repeat: number; items: ItemRecord[] }[] {
  const out: { modelId: string; repeat: number; items: ItemRecord[] }[] = [];
  for (let repeat = 0; repeat < manifest.settings.repeats; repeat++) {
    for (const m of manifest.models.filter((x) => x.role === MODEL_ROLE))
      out.push({ modelId: m.id, repeat, items: items.filter((i) => i.modelId === m.id && i.repeat === repeat) });
  }
  return out;
}

/** What must be unchanged in an item for a state that applied it to stand: its key, status and steps. */
const itemMark = (i: ItemRecord) => `${i.key}|${i.status}|${i.steps.length}`;

/** Each tree's state as `grow` last left it, with the marks of the items it holds (all finished then). */
const grown = new WeakMap<Manifest, Map<string, { state: SearchState; keys: string[] }>>();

/**
 * A tree's state after its items: the state `grow` made last time, advanced by the items made
 * since — when the items it held are still the first ones, unchanged and finished — else a
 * replay from the start. Either gives the same state; the first spares replaying every item at
 * every batch (quadratic in the budget).
 */
function stateAfter(manifest: Manifest, params: PrismParams, key: string, items: readonly ItemRecord[], repeat: number): SearchState {
  const seed = manifest.settings.seed;
  const cache = grown.get(manifest) ?? new Map<string, { state: SearchState; keys: string[] }>();
  grown.set(manifest, cache);
  const last = cache.get(key);
  const reusable = last && last.keys.length <= items.length && last.keys.every((k, i) => itemMark(items[i]!) === k);
  const state = reusable ? last.state : initialState(params);
  advance(state, reusable ? items.slice(last.keys.length) : items, seed, repeat);
  if (items.every(finishedItem)) cache.set(key, { state, keys: items.map(itemMark) });
  else cache.delete(key);
  return state;
}

/** The protocol's `grow`: each tree's next batch, once every unit made so far is finished. */
export function grow(items: readonly ItemRecord[], manifest: Manifest): Unit[] {
  const params = prismParams(manifest.params);
  const seed = manifest.settings.seed;
  const k = Math.max(1, manifest.settings.concurrency);
  return treesOf(manifest, items).flatMap((t) => {
    const s = stateAfter(manifest, params, `${t.modelId}|${t.repeat}`, t.items, t.repeat);
    return unitsOf(s, nextChoices(s, k, seed, t.repeat), t.modelId, t.repeat);
  });
}

/** Every tree of a run as the search sees it now (views, metrics). */
export function searchStates(manifest: Manifest, items: readonly ItemRecord[]) {
  const params = prismParams(manifest.params);
  return treesOf(manifest, items).map((t) => ({ ...t, state: replay(t.items, params, manifest.settings.seed, t.repeat) }));
}
