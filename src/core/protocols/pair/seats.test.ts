// PAIR's seats: the hint writer's reads a graded hint request as the level and what a feedback
// model is shown, with every refused try and its reasons; a hint's level as the validator reads
// it; and what each hint of a session did, from hand-built turns.
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../model/instance.ts';
import { hintEffects, levelAsRead } from './hint-writing.ts';
import { FEEDBACK_SEAT } from './seats.ts';
import type { Turn } from './view.ts';

const instance = {
  id: 'x',
  title: 'X',
  statement: 'Print the sum of the numbers.',
  language: 'python',
  buggy: 'n = int(input())\nprint(n)\n',
  reference: 'nums = list(map(int, input().split()))\nprint(sum(nums))\n',
  testKind: 'stdio',
  tests: [
    { id: 't1', input: '1 2 3\n', expected: '6\n' },
    { id: 't2', input: '40 2\n', expected: '42\n' },
  ],
} as unknown as Instance;

describe('the hint writer’s seat', () => {
  const request = (messages: { role: 'system' | 'user' | 'assistant'; content: string }[], level: unknown = 2) => ({
    model: 'human',
    messages,
    context: { instance, code: instance.buggy, level, samples: [] },
  });

  it('reads the level and the prompt, nothing from the context but the level', () => {
    const turn = FEEDBACK_SEAT.turnOf(
      request([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Write a level-2 hint…' },
      ]),
    );
    expect(turn).toEqual({ level: 2, prompt: 'Write a level-2 hint…', refused: [] });
    expect(JSON.stringify(turn)).not.toContain(instance.reference);
  });

  it('reads every refused try with the validator’s words after it', () => {
    const turn = FEEDBACK_SEAT.turnOf(
      request([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'prompt' },
        { role: 'assistant', content: 'print 42' },
        { role: 'user', content: 'That hint was rejected: hidden-data (quotes a test’s output "42").' },
        { role: 'assistant', content: 'second try' },
        { role: 'user', content: 'That hint was rejected: level (names a line).' },
      ]),
    );
    expect(turn.refused).toEqual([
      { text: 'print 42', reasons: 'That hint was rejected: hidden-data (quotes a test’s output "42").' },
      { text: 'second try', reasons: 'That hint was rejected: level (names a line).' },
    ]);
    expect(FEEDBACK_SEAT.reply('  The sum is wrong.  \n', turn)).toBe('The sum is wrong.');
  });

  it('refuses a request that is not a graded hint (no level, or no prompt)', () => {
    expect(() =>
      FEEDBACK_SEAT.turnOf(
        request(
          [
            { role: 'system', content: 's' },
            { role: 'user', content: 'p' },
          ],
          null,
        ),
      ),
    ).toThrow('graded hint request');
    expect(() => FEEDBACK_SEAT.turnOf(request([{ role: 'system', content: 's' }], 2))).toThrow('graded hint request');
  });
});

describe('a hint’s level as the validator reads it', () => {
  it('is the shallowest level whose rules the words keep to', () => {
    expect(levelAsRead('The printed total is too small.', instance, instance.buggy)).toBe(1);
    // A line number is a location: L4 (fault location) is the first level that allows one.
    expect(levelAsRead('The problem is on line 2, where the total is printed.', instance, instance.buggy)).toBe(4);
    // Code is never allowed, at any level.
    expect(levelAsRead('Use print(sum(nums)) instead.', instance, instance.buggy)).toBeNull();
  });
});

describe('what each hint did', () => {
  const turn = (index: number, passed: string[], code: string, feedback?: Turn['feedback']): Turn => ({
    index,
    prompt: '',
    reply: '',
    extraction: 'fenced-python',
    outcome: 'evaluated',
    code,
    passed,
    total: 3,
    ...(feedback ? { feedback } : {}),
    calls: [],
    startedAt: '',
    durationMs: 0,
  });
  const scenario = { id: 's1', testIds: ['t2', 't3'] };

  it('counts the scenario’s tests that pass after the turn, and every test fixed or broken', () => {
    const turns = [
      turn(0, ['t1'], instance.buggy),
      turn(1, ['t2'], 'v1', {
        text: 'The printed total is too small.',
        scenario,
        level: 1,
        validation: [
          { text: 'Print 42.', accepted: false, leaks: [{ kind: 'hidden-data', detail: '42' }] },
          { text: 'The printed total is too small.', accepted: true, leaks: [] },
        ],
      }),
      turn(2, ['t1', 't2', 't3'], 'v2', { text: '', scenario, level: 2, flagged: 'skipped', validation: [] }),
    ];
    const [first, second] = hintEffects(turns, instance);
    expect(first).toMatchObject({ turn: 1, level: 1, levelName: 'Symptom', readsAs: 1, scenarioSize: 2, scenarioPassing: 1, fixed: ['t2'], broken: ['t1'] });
    expect(first!.attempts.filter((a) => !a.accepted)).toHaveLength(1);
    expect(first!.passRate).toBeCloseTo(1 / 3, 12);
    expect(second).toMatchObject({ turn: 2, hint: null, flagged: 'skipped', readsAs: null, scenarioPassing: 2, fixed: ['t1', 't3'], broken: [] });
  });
});
