// The progressive, adaptive hinting policy (PAIR Algorithm 1): which failure scenario to target
// and at which hint level. After a turn the targeted scenario is completed (all its tests
// pass: the level steps down), deferred (at L6, or after β turns on it: the level stays), or
// not yet solved (the level steps up). The level carries over to the next scenario.
import { randomFor } from '../../random.ts';
import type { HintLevel } from '../shared/hint-levels.ts';
import type { Scenario } from './scenarios.ts';

export const START_LEVEL: HintLevel = 1;
export const MAX_LEVEL: HintLevel = 6;

/** A targeted scenario: its id and its tests, fixed while it is being worked on. */
export interface Target {
  id: string;
  testIds: string[];
}

export interface PolicyState {
  level: HintLevel;
  /** Completed scenarios, with the tests they had. */
  completed: Map<string, string[]>;
  deferred: Set<string>;
  /** The scenario being worked on, and the turns spent on it so far. */
  active: { target: Target; turns: number } | null;
}

export type TurnVerdict = 'completed' | 'deferred' | 'escalated';

export function initialPolicy(): PolicyState {
  return { level: START_LEVEL, completed: new Map(), deferred: new Set(), active: null };
}

/**
 * Lines 3–6: the scenario to target now, or null when none is selectable (exhausted). The
 * active scenario stays until completed or deferred. Deferred scenarios never come back; a
 * completed one is reopened when any of its tests fails again.
 */
export function selectTarget(state: PolicyState, prioritized: readonly Scenario[]): Target | null {
  if (state.active) return state.active.target;
  for (const s of prioritized) {
    if (state.deferred.has(s.id)) continue;
    const closed = state.completed.get(s.id);
    if (closed && !s.testIds.some((id) => closed.includes(id))) continue;
    state.completed.delete(s.id);
    const target = { id: s.id, testIds: [...s.testIds] };
    state.active = { target, turns: 0 };
    return target;
  }
  return null;
}

/** Lines 8–10: update the state after the turn that targeted the active scenario. */
export function afterTurn(state: PolicyState, failingAfter: ReadonlySet<string>, beta: number): TurnVerdict {
  const active = state.active;
  if (!active) throw new Error('afterTurn without an active scenario');
  active.turns += 1;
  if (!active.target.testIds.some((id) => failingAfter.has(id))) {
    state.completed.set(active.target.id, active.target.testIds);
    state.level = Math.max(1, state.level - 1) as HintLevel;
    state.active = null;
    return 'completed';
  }
  if (state.level === MAX_LEVEL || active.turns >= beta) {
    state.deferred.add(active.target.id);
    state.active = null;
    return 'deferred';
  }
  state.level = (state.level + 1) as HintLevel;
  return 'escalated';
}

/** S_t: up to m tests of the target, drawn with a seeded shuffle, listed in suite order. */
export function sampleTests(target: Target, m: number, ...seed: (string | number)[]): string[] {
  const rng = randomFor('sample', ...seed, target.id);
  const pool = [...target.testIds];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const picked = new Set(pool.slice(0, Math.max(0, m)));
  return target.testIds.filter((id) => picked.has(id));
}

/** Passing tests shown beside the failing samples, for contrast (L2 input patterns). */
const CONTRAST = 3;

/** A few passing tests, chosen with a seed, for contrast. */
export function contrastTests(outcomes: readonly { testId: string; outcome: string }[], ...seed: (string | number)[]): string[] {
  const passing = outcomes.filter((o) => o.outcome === 'passed').map((o) => o.testId);
  return sampleTests({ id: 'passing', testIds: passing }, CONTRAST, ...seed);
}

/** What the policy needs of a stored turn. */
export interface PolicyTurn {
  passed: readonly string[];
  feedback?: { scenario?: Target; level?: number };
}

/**
 * The state after a run of stored turns (turn 0 first): Algorithm 1 replayed on the recorded
 * targets and outcomes. A run resumed after a reload continues from exactly here.
 */
export function replayPolicy(turns: readonly PolicyTurn[], allTests: readonly string[], beta: number): PolicyState {
  const state = initialPolicy();
  for (const turn of turns.slice(1)) {
    const scenario = turn.feedback?.scenario;
    if (!scenario) continue;
    if (!state.active || state.active.target.id !== scenario.id) {
      state.completed.delete(scenario.id);
      state.active = { target: { id: scenario.id, testIds: [...scenario.testIds] }, turns: 0 };
    }
    const passed = new Set(turn.passed);
    afterTurn(state, new Set(allTests.filter((id) => !passed.has(id))), beta);
  }
  return state;
}
