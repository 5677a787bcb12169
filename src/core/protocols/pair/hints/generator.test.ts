// The hint generator's regeneration loop and the optional judge, with scripted feedback and
// judge replies (the validator itself is tested in hints.test.ts).
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../model/instance.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { cleanHint, generateFreeHint, generateHint, type HintRequest } from './generator.ts';
import { judgeMessages, parseVerdict } from './judge.ts';
import { FEEDBACK_TEMPLATES } from './templates.ts';
import { JUDGE_TEMPLATES } from './judge.ts';

const instance = {
  id: 'sum',
  title: 'Sum',
  statement: 'Print the sum of the numbers.',
  testKind: 'stdio',
  buggy: 'vals = list(map(int, input().split()))\nprint(sum(vals[1:]))\n',
  reference: 'vals = list(map(int, input().split()))\nprint(sum(vals))\n',
  tests: [{ id: 'h1', input: '17 250 3999 4 88\n', expected: '4358\n' }],
} as Instance;

const request = (over: Partial<HintRequest> = {}): HintRequest => ({
  instance,
  code: instance.buggy,
  level: 2,
  samples: [],
  passingIds: [],
  templates: { ...FEEDBACK_TEMPLATES, ...JUDGE_TEMPLATES },
  regenerations: 3,
  onRejected: 'best-effort',
  ...over,
});

/** A feedback model that answers from a script, recording what it was sent. */
function scripted(replies: string[]) {
  const sent: ChatMessage[][] = [];
  const ask = async (messages: ChatMessage[]) => {
    sent.push(messages.map((m) => ({ ...m })));
    return replies[sent.length - 1] ?? replies.at(-1)!;
  };
  return { ask, sent };
}

const CLEAN = 'The printed sum is smaller than expected when the first value matters.';
const LOCATION = 'The bug is on line 2.';
const CODE = 'Use sum(vals) there.';

describe('regeneration', () => {
  it('accepts a clean first hint without asking again', async () => {
    const fb = scripted([CLEAN]);
    const r = await generateHint(request(), fb.ask);
    expect(r).toEqual({ text: CLEAN, attempts: [{ text: CLEAN, accepted: true, leaks: [] }] });
    expect(fb.sent).toHaveLength(1);
    expect(fb.sent[0]![1]!.content).toContain('level-2 hint');
  });

  it('regenerates a rejected hint, telling the model why, and logs every rejection', async () => {
    const fb = scripted([LOCATION, CODE, CLEAN]);
    const r = await generateHint(request(), fb.ask);
    expect(r.text).toBe(CLEAN);
    expect(r.flagged).toBeUndefined();
    expect(r.attempts.map((a) => [a.accepted, a.leaks.map((l) => l.kind)])).toEqual([
      [false, ['location']],
      [false, expect.arrayContaining(['code'])],
      [true, []],
    ]);
    // The second request carries the first reply and the reasons it was rejected.
    expect(fb.sent[1]!.at(-2)).toEqual({ role: 'assistant', content: LOCATION });
    expect(fb.sent[1]!.at(-1)!.content).toMatch(/^That hint was rejected: location \(a line number/);
  });

  it('after R regenerations, uses the best-effort hint (fewest leaks) and flags it', async () => {
    const worst = 'Change line 2 so that it uses sum(vals) instead.';
    const fb = scripted([worst, LOCATION]);
    const r = await generateHint(request({ regenerations: 2 }), fb.ask);
    expect(fb.sent).toHaveLength(3); // R + 1 attempts
    expect(r.attempts.every((a) => !a.accepted)).toBe(true);
    expect(r.flagged).toBe('best-effort');
    expect(r.text).toBe(LOCATION);
  });

  it('never uses a best-effort hint that quotes hidden tests or the reference: the turn is skipped', async () => {
    const hidden = 'It fails when the input is 17 250 3999 4 88.';
    const reference = 'The right program ends with print(sum(vals)) and nothing else.';
    const r = await generateHint(request({ regenerations: 1 }), scripted([hidden, reference]).ask);
    expect(r.attempts.map((a) => a.leaks.map((l) => l.kind))).toEqual([expect.arrayContaining(['hidden-data']), expect.arrayContaining(['reference'])]);
    expect(r).toMatchObject({ text: null, flagged: 'skipped' });
  });

  it('or skips the hint and flags the turn, as the setting says', async () => {
    const fb = scripted([LOCATION]);
    const r = await generateHint(request({ regenerations: 0, onRejected: 'skip' }), fb.ask);
    expect(fb.sent).toHaveLength(1);
    expect(r).toMatchObject({ text: null, flagged: 'skipped' });
  });

  it('treats an empty reply as a rejection', async () => {
    const r = await generateHint(request({ regenerations: 1 }), scripted(['  ', CLEAN]).ask);
    expect(r.attempts[0]).toEqual({ text: '', accepted: false, leaks: [{ kind: 'empty', detail: 'the reply held no hint' }] });
    expect(r.text).toBe(CLEAN);
  });

  it('strips the wrapping chat models put around a hint', () => {
    expect(cleanHint('Hint: "The output is too small."')).toBe('The output is too small.');
    expect(cleanHint('Level 2 hint: it fails on long inputs.')).toBe('it fails on long inputs.');
  });
});

describe('free (vanilla) hints', () => {
  it('are not held to a level, but hidden data and reference lines are regenerated, then skipped', async () => {
    const free = (replies: string[]) =>
      generateFreeHint(
        { instance, code: instance.buggy, samples: [], passingIds: [], templates: { ...FEEDBACK_TEMPLATES }, regenerations: 1 },
        3,
        scripted(replies).ask,
      );
    const direct = 'Change line 2 so that the first value is added too.';
    expect(await free([direct])).toEqual({ text: direct, attempts: [{ text: direct, accepted: true, leaks: [] }] });
    const ok = await free(['It fails on 17 250 3999 4 88.', direct]);
    expect(ok.text).toBe(direct);
    expect(ok.attempts[0]!.leaks.map((l) => l.kind)).toEqual(['hidden-data']);
    expect(await free(['It fails on 17 250 3999 4 88.'])).toMatchObject({ text: null, flagged: 'skipped' });
  });
});

describe('the optional judge', () => {
  it('reads PASS and FAIL answers, and calls anything else unclear', () => {
    expect(parseVerdict('PASS')).toEqual({ verdict: 'pass' });
    expect(parseVerdict('**Pass** — within level 2.')).toEqual({ verdict: 'pass' });
    expect(parseVerdict('FAIL: it names the cause (state tracking is level 3).')).toEqual({
      verdict: 'fail',
      reason: 'it names the cause (state tracking is level 3).',
    });
    expect(parseVerdict('Fail\nIt says how to fix it.')).toEqual({ verdict: 'fail', reason: 'It says how to fix it.' });
    expect(parseVerdict('FAIL')).toEqual({ verdict: 'fail', reason: 'no reason given' });
    expect(parseVerdict('I think this hint is fine.')).toEqual({ verdict: 'unclear', reply: 'I think this hint is fine.' });
    expect(parseVerdict('PASSED? no: FAILS')).toEqual({ verdict: 'unclear', reply: 'PASSED? no: FAILS' });
  });

  it('sees the level definitions and the hint, and nothing hidden', () => {
    const [system, user] = judgeMessages({ ...JUDGE_TEMPLATES }, CLEAN, 2);
    expect(system!.role).toBe('system');
    expect(user!.content).toContain(CLEAN);
    expect(user!.content).toContain('L6 Repair direction');
    expect(user!.content).toContain('A hint at level 2 may reveal: only the observed wrong behaviour');
    for (const hidden of ['17 250 3999', '4358', 'sum(vals)', 'vals[1:]']) expect(user!.content).not.toContain(hidden);
  });

  it('is asked only about hints the rules accepted; a FAIL rejects the hint and it is regenerated', async () => {
    const fb = scripted([LOCATION, CLEAN, 'The sum is too small on inputs whose first value is not zero.']);
    const judge = scripted(['FAIL: says which inputs trigger it and why', 'PASS']);
    const r = await generateHint(request({ level: 1 }), fb.ask, judge.ask);
    expect(judge.sent).toHaveLength(2); // not asked about the rule-rejected first attempt
    expect(r.attempts.map((a) => [a.accepted, a.leaks.map((l) => l.kind), a.judge?.verdict])).toEqual([
      [false, ['location'], undefined],
      [false, ['judge'], 'fail'],
      [true, [], 'pass'],
    ]);
    expect(fb.sent[2]!.at(-1)!.content).toContain('judge (says which inputs trigger it and why)');
  });

  it('does not overrule the rules on an unclear answer, but records it', async () => {
    const r = await generateHint(request(), scripted([CLEAN]).ask, scripted(['Looks okay to me.']).ask);
    expect(r.text).toBe(CLEAN);
    expect(r.attempts[0]!.judge).toEqual({ verdict: 'unclear', reason: 'Looks okay to me.' });
  });
});
