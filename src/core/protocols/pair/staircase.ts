// The staircase, turn by turn: why each revision turn targeted its scenario and used its hint
// level, and what the policy decided after it (Algorithm 1 replayed on the stored turns). The
// trajectory viewer and Teach mode both show it.
import { LEVELS, type HintLevel } from '../shared/hint-levels.ts';
import { afterTurn, initialPolicy, type PolicyTurn, type TurnVerdict } from './policy.ts';

/** How the turn's scenario came to be the target. */
export type Pick = 'new' | 'continued' | 'reopened';
/** How the turn's level follows from the turn before it. */
/** How the level came from the turn before: `floor` is a close at L1, where the hints cannot fade further. */
export type LevelMove = 'start' | 'up' | 'down' | 'floor' | 'carried';

export interface StaircaseStep {
  /** The turn's index (1 for the first revision). */
  turn: number;
  scenarioId: string;
  scenarioSize: number;
  level: HintLevel;
  pick: Pick;
  move: LevelMove;
  /** Turns spent on this scenario so far, this one included. */
  turnOnScenario: number;
  /** What the policy decided after this turn. */
  verdict: TurnVerdict;
  /** Scenarios closed and deferred before this turn. */
  completedBefore: number;
  deferredBefore: number;
}

/**
 * One step per revision turn that targeted a scenario (turn 0 and baseline turns have none).
 * `allTests` is the instance's suite; β decides deferral exactly as in the run.
 */
export function staircase(turns: readonly PolicyTurn[], allTests: readonly string[], beta: number): StaircaseStep[] {
  const state = initialPolicy();
  const everCompleted = new Set<string>();
  const steps: StaircaseStep[] = [];
  let previous: TurnVerdict | null = null;
  let previousLevel: HintLevel | null = null;
  turns.forEach((turn, index) => {
    const scenario = turn.feedback?.scenario;
    if (index === 0 || !scenario) return;
    const completedBefore = state.completed.size;
    const deferredBefore = state.deferred.size;
    let pick: Pick = 'continued';
    if (!state.active || state.active.target.id !== scenario.id) {
      pick = everCompleted.has(scenario.id) ? 'reopened' : 'new';
      state.completed.delete(scenario.id);
      state.active = { target: { id: scenario.id, testIds: [...scenario.testIds] }, turns: 0 };
    }
    const level = (turn.feedback?.level ?? state.level) as HintLevel;
    const move = moveOf(previous, previousLevel);
    const turnOnScenario = state.active.turns + 1;
    const passed = new Set(turn.passed);
    const verdict = afterTurn(state, new Set(allTests.filter((id) => !passed.has(id))), beta);
    if (verdict === 'completed') everCompleted.add(scenario.id);
    steps.push({
      turn: index,
      scenarioId: scenario.id,
      scenarioSize: scenario.testIds.length,
      level,
      pick,
      move,
      turnOnScenario,
      verdict,
      completedBefore,
      deferredBefore,
    });
    previous = verdict;
    previousLevel = level;
  });
  return steps;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a turn's level follows from the verdict (and level) of the turn before. */
export function moveOf(previous: TurnVerdict | null, previousLevel: HintLevel | null): LevelMove {
  if (previous === null) return 'start';
  if (previous === 'escalated') return 'up';
  if (previous === 'completed') return previousLevel === 1 ? 'floor' : 'down';
  return 'carried';
}

/** Why this scenario was targeted, in a sentence. */
export function explainPick(step: StaircaseStep, beta: number): string {
  if (step.pick === 'continued')
    return `Still the same scenario: turn ${step.turnOnScenario} of at most β = ${beta} on it, because the previous turn did not make all of its tests pass.`;
  const before =
    step.completedBefore + step.deferredBefore > 0 ? ` (${plural(step.completedBefore, 'scenario')} closed and ${step.deferredBefore} deferred before it)` : '';
  if (step.pick === 'reopened') return `A scenario closed earlier was reopened: some of its ${plural(step.scenarioSize, 'test')} failed again${before}.`;
  return `The largest group of failing tests that was neither closed nor deferred: ${plural(step.scenarioSize, 'test')} with the same failure signature${before}.`;
}

/** Why the hint has this level, in a sentence. */
export function explainLevel(step: { level: HintLevel; move: LevelMove }): string {
  const name = `L${step.level} (${LEVELS[step.level].name.toLowerCase()})`;
  switch (step.move) {
    case 'start':
      return `Every instance starts at ${name}: the shallowest hint first.`;
    case 'up':
      return `One level deeper, to ${name}: the previous hint did not close its scenario.`;
    case 'floor':
      return `The level stays at ${name}, the shallowest: the previous scenario closed.`;
    case 'down':
      return `One level shallower, to ${name}: the previous scenario closed, so the hints fade.`;
    case 'carried':
      return `The level stays at ${name}: the previous scenario was deferred, and the level carries over to the next one.`;
  }
}

/** What the policy decided after the turn, in a sentence. */
export function explainVerdict(step: StaircaseStep, beta: number): string {
  if (step.verdict === 'completed')
    return `Closed: every test of the scenario passes. ${step.level === 1 ? 'The next hint stays at L1, the shallowest.' : 'The next hint is one level shallower.'}`;
  if (step.verdict === 'escalated') return 'Not closed: the next hint on this scenario is one level deeper.';
  return step.level === 6
    ? 'Deferred: not closed even at L6. The policy moves on to another scenario at the same level.'
    : `Deferred: not closed after β = ${beta} turns. The policy moves on to another scenario at the same level.`;
}
