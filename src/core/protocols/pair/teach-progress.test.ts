// The learner's view of a session, on a hand-built trajectory whose staircase is worked out by
// hand below; and nothing hidden in it.
import { describe, expect, it } from 'vitest';
import type { Turn } from './view.ts';
import { learnerProgress, nextHint } from './teach-progress.ts';

const T = ['hidden-test-1', 'hidden-test-2', 'hidden-test-3', 'hidden-test-4', 'hidden-test-5', 'hidden-test-6'];
const [t1, t2, t3, t4, t5, t6] = T as [string, string, string, string, string, string];
const A = { id: 'scenario-aaaa', testIds: [t3, t4], grouping: 'trace', shape: 'single-token', failType: 'value' };
const B = { id: 'scenario-bbbb', testIds: [t5, t6], grouping: 'trace', shape: 'multi-line', failType: 'line-count' };

function turn(index: number, passed: string[], feedback?: { scenario: typeof A; level: number; text: string }): Turn {
  return {
    index,
    prompt: `prompt ${index}`,
    reply: 'reply',
    extraction: 'fenced-python',
    outcome: 'evaluated',
    code: `code ${index}`,
    passed,
    total: T.length,
    ...(feedback
      ? {
          feedback: {
            ...feedback,
            sampleIds: [feedback.scenario.testIds[0]!],
            validation: [
              { text: 'REJECTED quoting SECRET-EXPECTED-OUTPUT', accepted: false, leaks: [{ kind: 'hidden-test', detail: 'SECRET-EXPECTED-OUTPUT' }] },
            ],
          },
        }
      : {}),
    calls: [
      {
        role: 'feedback',
        modelId: 'rule-based',
        model: 'm',
        simulated: true,
        messages: [{ role: 'user', content: 'SECRET-FEEDBACK-PROMPT' }],
        content: 'x',
        usage: null,
        costUsd: 0,
        latencyMs: 1,
        retries: 0,
        startedAt: '',
      },
    ],
    startedAt: '',
    durationMs: 1,
  };
}

// β = 2. Turn 0 passes t1, t2 (p0 = 2/6).
// 1: A at L1 (start), A still fails            → escalated, level 2
// 2: A at L2 (up), t3, t4 pass                 → completed, level 1
// 3: B at L1 (down), B still fails             → escalated, level 2
// 4: B at L2 (up), B still fails, 2 turns = β  → deferred, level stays 2
const turns: Turn[] = [
  turn(0, [t1, t2]),
  turn(1, [t1, t2], { scenario: A, level: 1, text: 'The output is too large.' }),
  turn(2, [t1, t2, t3, t4], { scenario: A, level: 2, text: 'It fails when values repeat.' }),
  turn(3, [t1, t2, t3, t4], { scenario: B, level: 1, text: 'There is an extra line.' }),
  turn(4, [t1, t2, t3, t4], { scenario: B, level: 2, text: 'It fails on empty input.' }),
];

describe('learnerProgress', () => {
  const p = learnerProgress(turns, T, { turns: 10, beta: 2 });

  it('gives the pass rates, the counts and the turns used of α', () => {
    expect(p.passRates).toEqual([2 / 6, 2 / 6, 4 / 6, 4 / 6, 4 / 6]);
    expect(p).toMatchObject({ passed: 4, total: 6, program: 'code 4', closed: 1, deferred: 1, revisionsUsed: 4, alpha: 10, beta: 2 });
  });

  it('walks the staircase: up after a turn that did not close, down after a closed one, deferral after β', () => {
    expect(p.steps.map((s) => [s.turn, s.level, s.move, s.verdict, s.scenarioSize, s.turnOnScenario, s.hint, s.passRate])).toEqual([
      [1, 1, 'start', 'escalated', 2, 1, 'The output is too large.', 2 / 6],
      [2, 2, 'up', 'completed', 2, 2, 'It fails when values repeat.', 4 / 6],
      [3, 1, 'down', 'escalated', 2, 1, 'There is an extra line.', 4 / 6],
      [4, 2, 'up', 'deferred', 2, 2, 'It fails on empty input.', 4 / 6],
    ]);
    expect(p.steps.map((s) => s.levelName)).toEqual(['Symptom', 'Input pattern', 'Symptom', 'Input pattern']);
    expect(p.steps[0]!.why).toBe('Every instance starts at L1 (symptom): the shallowest hint first.');
    expect(p.steps[1]!.outcome).toBe('Closed: every test of the scenario passes. The next hint is one level shallower.');
    expect(p.steps[3]!.outcome).toBe('Deferred: not closed after β = 2 turns. The policy moves on to another scenario at the same level.');
  });

  it('keeps nothing hidden: no test id, scenario id, sampled test, validation log or prompt', () => {
    const text = JSON.stringify(p);
    for (const secret of [...T, A.id, B.id, 'SECRET-EXPECTED-OUTPUT', 'SECRET-FEEDBACK-PROMPT', 'REJECTED', 'line-count', 'single-token'])
      expect(text).not.toContain(secret);
  });

  it('before any turn: nothing passed yet, no steps', () => {
    expect(learnerProgress([], T, { turns: 3, beta: 3 })).toEqual({
      passRates: [],
      passed: null,
      total: 6,
      program: null,
      steps: [],
      closed: 0,
      deferred: 0,
      revisionsUsed: 0,
      alpha: 3,
      beta: 3,
    });
  });
});

describe('nextHint', () => {
  it('follows from the last verdict: start, up on the same scenario, down after a close, carried after a deferral', () => {
    const at = (n: number) => learnerProgress(turns.slice(0, n + 1), T, { turns: 10, beta: 2 });
    expect(nextHint(at(0), 1)).toMatchObject({ level: 1, move: 'start', turnOnScenario: 1 });
    expect(nextHint(at(1), 2)).toMatchObject({
      level: 2,
      levelName: 'Input pattern',
      move: 'up',
      turnOnScenario: 2,
      why: 'One level deeper, to L2 (input pattern): the previous hint did not close its scenario.',
    });
    expect(nextHint(at(2), 1)).toMatchObject({ level: 1, move: 'down', turnOnScenario: 1 });
    expect(nextHint(at(4), 2)).toMatchObject({ level: 2, move: 'carried', turnOnScenario: 1 });
    expect(nextHint(at(4), 0)).toBeNull();
  });
});
