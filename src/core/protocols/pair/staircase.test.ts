// The staircase replayed on a hand-written trajectory: escalation, closure with a step down,
// deferral at β with the level carried over, and a reopened scenario.
import { describe, expect, it } from 'vitest';
import { explainLevel, explainPick, explainVerdict, moveOf, staircase } from './staircase.ts';
import type { PolicyTurn } from './policy.ts';

const T = ['a', 'b', 'c', 'd', 'e'];
const X = { id: 'X', testIds: ['b', 'c'] };
const Y = { id: 'Y', testIds: ['d', 'e'] };
const turn = (passed: string[], scenario?: { id: string; testIds: string[] }, level?: number): PolicyTurn => ({
  passed,
  ...(scenario ? { feedback: { scenario, level } } : {}),
});

const TURNS: PolicyTurn[] = [
  turn(['a']),
  turn(['a'], X, 1), // X not closed: up
  turn(['a', 'b', 'c'], X, 2), // X closed: down
  turn(['a', 'b', 'c'], Y, 1),
  turn(['a', 'b', 'c'], Y, 2),
  turn(['a', 'c'], Y, 3), // third turn on Y = β: deferred; b broken again
  turn(['a', 'b', 'c', 'd'], X, 3), // X reopened at the carried level, closed
];

describe('staircase', () => {
  const steps = staircase(TURNS, T, 3);

  it('gives one step per targeted turn with the pick, the move and the verdict', () => {
    expect(steps.map((s) => [s.turn, s.scenarioId, s.level, s.pick, s.move, s.turnOnScenario, s.verdict, s.completedBefore, s.deferredBefore])).toEqual([
      [1, 'X', 1, 'new', 'start', 1, 'escalated', 0, 0],
      [2, 'X', 2, 'continued', 'up', 2, 'completed', 0, 0],
      [3, 'Y', 1, 'new', 'down', 1, 'escalated', 1, 0],
      [4, 'Y', 2, 'continued', 'up', 2, 'escalated', 1, 0],
      [5, 'Y', 3, 'continued', 'up', 3, 'deferred', 1, 0],
      [6, 'X', 3, 'reopened', 'carried', 1, 'completed', 1, 1],
    ]);
  });

  it('skips turn 0 and turns without a scenario (baselines)', () => {
    expect(staircase([turn([]), turn(['a']), turn(['a', 'b'])], T, 3)).toEqual([]);
  });

  it('explains each step in words', () => {
    expect(explainPick(steps[0]!, 3)).toBe('The largest group of failing tests that was neither closed nor deferred: 2 tests with the same failure signature.');
    expect(explainPick(steps[1]!, 3)).toBe(
      'Still the same scenario: turn 2 of at most β = 3 on it, because the previous turn did not make all of its tests pass.',
    );
    expect(explainPick(steps[5]!, 3)).toBe(
      'A scenario closed earlier was reopened: some of its 2 tests failed again (1 scenario closed and 1 deferred before it).',
    );
    expect(explainLevel(steps[0]!)).toBe('Every instance starts at L1 (symptom): the shallowest hint first.');
    expect(explainLevel(steps[1]!)).toBe('One level deeper, to L2 (input pattern): the previous hint did not close its scenario.');
    expect(explainLevel(steps[2]!)).toBe('One level shallower, to L1 (symptom): the previous scenario closed, so the hints fade.');
    // At L1 already, a closed scenario leaves the level where it is, and says so.
    expect(moveOf('completed', 1)).toBe('floor');
    expect(moveOf('completed', 2)).toBe('down');
    expect(explainLevel({ level: 1, move: moveOf('completed', 1) })).toBe('The level stays at L1 (symptom), the shallowest: the previous scenario closed.');
    expect(explainLevel(steps[5]!)).toBe(
      'The level stays at L3 (state tracking): the previous scenario was deferred, and the level carries over to the next one.',
    );
    expect(explainVerdict(steps[4]!, 3)).toBe('Deferred: not closed after β = 3 turns. The policy moves on to another scenario at the same level.');
    expect(explainVerdict(steps[1]!, 3)).toBe('Closed: every test of the scenario passes. The next hint is one level shallower.');
  });
});
