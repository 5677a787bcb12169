// The learner's seat: it publishes only what a candidate may see of a turn, answers with the
// learner's program in a block that extraction recovers exactly, and gives way to cancellation.
import { describe, expect, it } from 'vitest';
import { extractCode } from '../llm/extract.ts';
import { LlmError } from '../llm/types.ts';
import { fencedProgram, LearnerSeat, normalizeProgram, PersonSeat, type PendingTurn } from './seat.ts';

const instance = {
  id: 'x',
  title: 'X',
  statement: 's',
  buggy: 'print(1)\n',
  reference: 'print(2)  # the reference\n',
  tests: [{ id: 't1', input: 'secret input', expected: 'secret output' }],
};
const request = (context: object) => ({ model: 'human', messages: [{ role: 'user' as const, content: 'fix it' }], context });

describe('fenced programs', () => {
  const cases = [
    'print("hello")\n',
    'no_final_newline = 1',
    's = "```"\nprint(s)\n',
    'doc = """\n```python\nx = 1\n```\n"""\nprint(doc)\n',
    'ticks = "`````"  # five\nprint(ticks.count("`"))\n',
    'a = 1\r\nb = 2\r\n',
  ];
  it.each(cases)('are recovered exactly by extractCode: %j', (code) => {
    const reply = fencedProgram(code);
    expect(extractCode(reply)).toEqual({ code: normalizeProgram(code), how: 'fenced-python' });
  });

  it('use a fence longer than any run of backticks in the code', () => {
    expect(fencedProgram('x = 1\n')).toBe('```python\nx = 1\n```\n');
    expect(fencedProgram('s = "```"\n')).toBe('````python\ns = "```"\n````\n');
    expect(fencedProgram('s = "`````"\n').startsWith('``````python\n')).toBe(true);
  });
});

describe('LearnerSeat', () => {
  it('publishes the pending turn from the context, with nothing hidden, and answers with the submitted program', async () => {
    const seat = new LearnerSeat();
    const seen: (PendingTurn | null)[] = [];
    seat.subscribe((p) => seen.push(p));
    expect(seen).toEqual([null]);
    expect(seat.submit('too early')).toBe(false);

    const reply = seat.chat(request({ instance, code: 'print(1)\n', turn: 2, level: 3, hint: 'The output is too small.', targetTests: ['t1', 't2', 't5'] }));
    const pending: PendingTurn = { turn: 2, code: 'print(1)\n', hint: 'The output is too small.', level: 3, scenarioSize: 3 };
    expect(seat.pending).toEqual(pending);
    expect(Object.keys(seat.pending!).sort()).toEqual(['code', 'hint', 'level', 'scenarioSize', 'turn']);
    expect(JSON.stringify(seen)).not.toContain('secret');
    expect(JSON.stringify(seen)).not.toContain('reference');

    expect(seat.targetTests).toEqual(['t1', 't2', 't5']); // kept apart, for the instructor view
    expect(seat.submit('s = "```"\nprint(2)')).toBe(true);
    const response = await reply;
    expect(response.usage).toBeNull();
    expect(extractCode(response.content).code).toBe('s = "```"\nprint(2)\n');
    expect(seat.pending).toBeNull();
    expect(seen).toEqual([null, pending, null]);
  });

  it('shows turn 0 without a hint, level or scenario', async () => {
    const seat = new LearnerSeat();
    const reply = seat.chat(request({ instance, code: 'print(1)\n', turn: 0 }));
    expect(seat.pending).toEqual({ turn: 0, code: 'print(1)\n', hint: null, level: null, scenarioSize: null });
    seat.submit('print(1)\n');
    expect((await reply).content).toBe('```python\nprint(1)\n```\n');
  });

  it('rejects with a cancelled LlmError when the run is cancelled, and forgets the turn', async () => {
    const seat = new LearnerSeat();
    const abort = new AbortController();
    const reply = seat.chat(request({ instance, code: 'x', turn: 1, level: 1, hint: 'h', targetTests: ['t1'] }), abort.signal);
    abort.abort();
    await expect(reply).rejects.toBeInstanceOf(LlmError);
    await expect(reply).rejects.toMatchObject({ kind: 'cancelled' });
    expect(seat.pending).toBeNull();
    expect(seat.submit('x')).toBe(false);
    await expect(seat.chat(request({ instance, code: 'x', turn: 1 }), abort.signal)).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('refuses a second turn while one is pending, and a request without a context', async () => {
    const seat = new LearnerSeat();
    void seat.chat(request({ instance, code: 'x', turn: 0 }));
    await expect(seat.chat(request({ instance, code: 'x', turn: 1 }))).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(new LearnerSeat().chat({ model: 'human', messages: [] })).rejects.toMatchObject({ kind: 'bad-request' });
  });
});

describe('PersonSeat', () => {
  it('answers the requests its seat takes itself without publishing a turn, even while the person takes one', async () => {
    const io = {
      turnOf: (r: { messages: { content: string }[] }) => ({ ask: r.messages[0]!.content }),
      reply: (answer: string) => `person: ${answer}`,
      answer: (r: { context?: unknown }) =>
        (r.context as { own?: string } | undefined)?.own ? Promise.resolve(`seat: ${(r.context as { own: string }).own}`) : null,
    };
    const seat = new PersonSeat(io);
    const seen: unknown[] = [];
    seat.subscribe((p) => seen.push(p));
    const mine = seat.chat(request({}));
    expect(seat.pending).toEqual({ ask: 'fix it' });
    expect((await seat.chat(request({ own: 'tests' }))).content).toBe('seat: tests');
    expect(seat.pending).toEqual({ ask: 'fix it' }); // the person's turn is still the one waiting
    seat.submit('done');
    expect((await mine).content).toBe('person: done');
    expect(seen).toEqual([null, { ask: 'fix it' }, null]);
  });
});
