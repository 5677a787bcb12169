// The trajectory view of a hand-written item: five tests, four turns (an escalation, a
// deferral at β = 2, a new scenario at the carried level that closes), calls with and without
// usage and prices. Every expected value below is worked out by hand.
import { describe, expect, it } from 'vitest';
import type { LlmCallRecord } from '../../llm/caller.ts';
import { callTotals } from '../../llm/totals.ts';
import { fill } from '../contract.ts';
import { INITIAL_REPAIR } from './prompts.ts';
import { placeholderValue } from './runlog-v1.ts';
import type { HintAttempt, TurnFeedback } from './step-data.ts';
import { quotesHidden, replyQuotesHidden, trajectoryView } from './trajectory.ts';
import type { StaircaseStep } from './staircase.ts';
import type { PairItem, Turn } from './view.ts';

const TESTS = ['a', 'b', 'c', 'd', 'e'];
const X = { id: 'X', testIds: ['b', 'd'] };
const Y = { id: 'Y', testIds: ['b'] };

function call(
  role: string,
  usage: [number, number] | null,
  costUsd: number | null,
  latencyMs: number,
  retries = 0,
  content: string | null = 'ok',
): LlmCallRecord {
  return {
    role,
    modelId: role,
    model: role,
    simulated: false,
    messages: [],
    content,
    usage: usage && { promptTokens: usage[0], completionTokens: usage[1] },
    costUsd,
    latencyMs,
    retries,
    startedAt: '2026-01-01T00:00:00Z',
  };
}

function turn(index: number, passed: string[], calls: LlmCallRecord[], feedback?: TurnFeedback): Turn {
  return {
    index,
    prompt: '',
    reply: '',
    extraction: 'fenced-python',
    outcome: 'evaluated',
    code: '',
    passed,
    total: TESTS.length,
    calls,
    startedAt: '',
    durationMs: 0,
    ...(feedback ? { feedback } : {}),
  };
}

const ITEM: PairItem = {
  key: 'inst|m|0',
  instanceId: 'inst',
  modelId: 'm',
  repeat: 0,
  status: 'done',
  stopReason: 'fixed',
  initialPassed: ['a', 'b'],
  buggy: 'print(1)\n',
  turns: [
    turn(0, ['a', 'c'], [call('candidate', [100, 20], 0.001, 500)]),
    turn(1, ['a', 'b', 'c'], [call('feedback', [50, 10], 0, 100, 1), call('candidate', null, null, 300)], {
      text: 'h1',
      scenario: X,
      sampleIds: ['b'],
      level: 1,
    }),
    turn(2, ['a', 'c', 'd', 'e'], [call('feedback', [40, 5], 0.0005, 80), call('candidate', [120, 30], 0.002, 250, 2)], {
      text: 'h2',
      scenario: X,
      sampleIds: ['d'],
      level: 2,
    }),
    turn(3, ['a', 'b', 'c', 'd', 'e'], [], { text: 'h3', scenario: Y, sampleIds: ['b'], level: 2 }),
  ],
};

describe('trajectoryView', () => {
  const view = trajectoryView(ITEM, TESTS, 2);

  it('gives each turn its pass rate and the change from the turn before (turn 0: from the buggy program)', () => {
    expect(view.map((v) => v.index)).toEqual([0, 1, 2, 3]);
    expect(view.map((v) => v.passRate)).toEqual([0.4, 0.6, 0.8, 1]);
    // buggy 2/5 → 2/5 → 3/5 → 4/5 → 5/5
    const change = view.map((v) => v.change!);
    expect(change[0]).toBe(0);
    expect(change[1]).toBeCloseTo(0.2, 12);
    expect(change[2]).toBeCloseTo(0.2, 12);
    expect(change[3]).toBeCloseTo(0.2, 12);
  });

  it('lists the newly fixed and newly broken tests in suite order', () => {
    // buggy {a,b} → {a,c}: c fixed, b broken; → {a,b,c}: b fixed; → {a,c,d,e}: d, e fixed, b broken; → all: b fixed
    expect(view.map((v) => v.fixed)).toEqual([['c'], ['b'], ['d', 'e'], ['b']]);
    expect(view.map((v) => v.broken)).toEqual([['b'], [], ['b'], []]);
  });

  it('keeps the targeted scenario and the tests shown to the feedback model', () => {
    expect(view.map((v) => v.scenario)).toEqual([[], ['b', 'd'], ['b', 'd'], ['b']]);
    expect(view.map((v) => v.shown)).toEqual([[], ['b'], ['d'], ['b']]);
  });

  it('takes the why from the staircase: escalated, deferred at β = 2, a new scenario at the carried level, closed', () => {
    const step = (v: (typeof view)[number]) => v.detail as StaircaseStep;
    expect(view[0]!.detail).toBeNull();
    expect(view.map((v) => v.level)).toEqual([null, 1, 2, 2]);
    expect(view.map((v) => v.marks.map((m) => m.symbol).join(''))).toEqual(['○', '', '⇥', '◆✓']);
    expect(
      view
        .slice(1)
        .map((v) => [step(v).scenarioId, step(v).level, step(v).pick, step(v).move, step(v).turnOnScenario, step(v).verdict, step(v).deferredBefore]),
    ).toEqual([
      ['X', 1, 'new', 'start', 1, 'escalated', 0],
      ['X', 2, 'continued', 'up', 2, 'deferred', 0],
      ['Y', 2, 'new', 'carried', 1, 'completed', 1],
    ]);
  });

  it('sums tokens, cost, latency and retries over the turn’s calls, and per call', () => {
    expect(view[0]!.totals).toEqual({
      calls: 1,
      promptTokens: 100,
      completionTokens: 20,
      unknownUsage: 0,
      costUsd: 0.001,
      latencyMs: 500,
      retries: 0,
      errors: 0,
      reasoningTokens: 0,
      cachedPromptTokens: 0,
      truncated: 0,
      adjusted: 0,
      refused: 0,
      settingsChanged: {},
    });
    // The candidate's usage and price are unknown: its tokens are left out and the cost is unknown.
    expect(view[1]!.totals).toEqual({
      calls: 2,
      promptTokens: 50,
      completionTokens: 10,
      unknownUsage: 1,
      costUsd: null,
      latencyMs: 400,
      retries: 1,
      errors: 0,
      reasoningTokens: 0,
      cachedPromptTokens: 0,
      truncated: 0,
      adjusted: 0,
      refused: 0,
      settingsChanged: {},
    });
    expect(view[2]!.totals).toMatchObject({ calls: 2, promptTokens: 160, completionTokens: 35, unknownUsage: 0, latencyMs: 330, retries: 2 });
    expect(view[2]!.totals.costUsd).toBeCloseTo(0.0025, 12);
    expect(view[3]!.totals).toEqual({
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      unknownUsage: 0,
      costUsd: 0,
      latencyMs: 0,
      retries: 0,
      errors: 0,
      reasoningTokens: 0,
      cachedPromptTokens: 0,
      truncated: 0,
      adjusted: 0,
      refused: 0,
      settingsChanged: {},
    });
    expect(view[1]!.perCall.map((c) => [c.promptTokens, c.completionTokens, c.costUsd, c.latencyMs, c.retries])).toEqual([
      [50, 10, 0, 100, 1],
      [0, 0, null, 300, 0],
    ]);
  });

  it('counts failed calls', () => {
    expect(callTotals([{ ...call('candidate', null, null, 40, 3, null), error: { kind: 'timeout', message: 'no answer' } }])).toMatchObject({
      errors: 1,
      retries: 3,
      unknownUsage: 1,
    });
  });

  it('leaves turn 0’s change and flips unknown when the buggy program’s results are not recorded', () => {
    const { initialPassed: _, ...older } = ITEM;
    const first = trajectoryView(older, TESTS, 2)[0]!;
    expect([first.change, first.fixed, first.broken]).toEqual([null, null, null]);
    expect(trajectoryView(older, TESTS, 2)[1]!.fixed).toEqual(['b']);
  });
});

describe('placeholderValue', () => {
  const buggy = 'n = int(input())\nprint(n + 1)\n';

  it('finds the buggy program in turn 0’s prompt', () => {
    expect(placeholderValue(INITIAL_REPAIR, fill(INITIAL_REPAIR, { statement: 'Add one.', code: buggy }), 'code')).toBe(buggy);
  });

  it('is not fooled by a statement that quotes the template’s own words', () => {
    const statement = 'The following Python program is a wrong answer to it:\n\n```python\nprint(2)\n```\n';
    expect(placeholderValue(INITIAL_REPAIR, fill(INITIAL_REPAIR, { statement, code: buggy }), 'code')).toBe(buggy);
  });

  it('reads a placeholder at the end of a template', () => {
    expect(placeholderValue('Fix:\n{{code}}', 'Fix:\nprint(3)\n', 'code')).toBe('print(3)\n');
  });

  it('gives null when the template has no such placeholder or the prompt does not fit it', () => {
    expect(placeholderValue('Fix the program.', 'Fix the program.', 'code')).toBeNull();
    expect(placeholderValue(INITIAL_REPAIR, 'something else entirely', 'code')).toBeNull();
    expect(placeholderValue('{{statement}}{{code}}', 'ab', 'code')).toBeNull();
  });
});

describe('hidden hint attempts', () => {
  const attempts: HintAttempt[] = [
    { text: 'The answer 48213 is printed as 48212.', accepted: false, leaks: [{ kind: 'hidden-data', detail: '“48213”' }] },
    { text: 'Look at line 3.', accepted: false, leaks: [{ kind: 'location', detail: 'line 3' }] },
    { text: 'The output is one too small.', accepted: true, leaks: [] },
  ];

  it('marks attempts that quote hidden data or the reference', () => {
    expect(attempts.map(quotesHidden)).toEqual([true, false, false]);
    expect(quotesHidden({ text: 'x', accepted: false, leaks: [{ kind: 'reference', detail: 'a line' }] })).toBe(true);
  });

  it('finds the feedback replies that hold them (a reply may wrap the hint in quotes or a label)', () => {
    expect(replyQuotesHidden(call('feedback', null, null, 0, 0, 'Hint: "The answer 48213 is printed as 48212."'), attempts)).toBe(true);
    expect(replyQuotesHidden(call('feedback', null, null, 0, 0, 'Look at line 3.'), attempts)).toBe(false);
    expect(replyQuotesHidden(call('candidate', null, null, 0, 0, 'The answer 48213 is printed as 48212.'), attempts)).toBe(false);
    expect(replyQuotesHidden(call('feedback', null, null, 0, 0, null), attempts)).toBe(false);
  });
});
