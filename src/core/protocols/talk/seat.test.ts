// Talk's coder seat: the turn holds only what a code model is shown (never the full statement of
// an under-specified setting, the reference or the tests), the reply is the person's program (or
// critique); and a whole session played by a script through the runner, with the rule-based
// user, is stored and scored as a model's is.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool } from '../../../../workers/node-executor.ts';
import { extractCode } from '../../llm/extract.ts';
import type { Instance } from '../../model/instance.ts';
import type { RunConfig } from '../../runner/setup.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { PersonSeat } from '../../teach/seat.ts';
import { CODER_SEAT, coderSteps, unsolvedInstances, type CoderTurn } from './seat.ts';
import type { CoderContext } from './step.ts';
import { talk } from './talk.ts';
import { talkItems } from './view.ts';

const instance = {
  id: 'x',
  title: 'X',
  statement: 'Read n integers and print their sum, modulo 1000003, on one line (the FULL STATEMENT).',
  summary: 'Add up some numbers.',
  language: 'python',
  buggy: '',
  reference: 'print(sum(map(int, input().split())) % 1000003)  # the reference\n',
  testKind: 'stdio',
  tests: [{ id: 't1', input: 'secret input 9182736', expected: 'secret output 5647382' }],
} as unknown as Instance;

const HIDDEN = ['FULL STATEMENT', 'the reference', 'secret input 9182736', 'secret output 5647382', '1000003'];

const request = (context: Partial<CoderContext>) => ({ model: 'human', messages: [{ role: 'user' as const, content: 'the prompt' }], context });

describe('the coder’s seat', () => {
  it('reads a refinement: the under-specified statement, the program and the feedback; nothing of the instance but how it runs', () => {
    const turn = CODER_SEAT.turnOf(
      request({
        instance,
        task: 'refine',
        question: { kind: 'under', text: 'Add up some numbers.' },
        code: 'print(0)\n',
        feedback: { type: 'paragraph', text: 'The program ignores the input.' },
        step: 1,
        repeat: 0,
      }),
    );
    expect(turn).toEqual({
      step: 1,
      task: 'refine',
      question: { kind: 'under', text: 'Add up some numbers.' },
      code: 'print(0)\n',
      feedback: { type: 'paragraph', text: 'The program ignores the input.' },
      io: 'stdio',
      entry: null,
      starter: null,
    } satisfies CoderTurn);
    const json = JSON.stringify(turn);
    for (const hidden of HIDDEN) expect(json).not.toContain(hidden);
    expect(extractCode(CODER_SEAT.reply('total = 1\nprint(total)', turn)).code).toBe('total = 1\nprint(total)\n');
  });

  it('reads a first attempt and a function instance’s entry and starter; a critique is answered as text', () => {
    const fn = { ...instance, testKind: 'call', entry: 'solve', starter: 'def solve(xs):\n    pass\n' } as Instance;
    const first = CODER_SEAT.turnOf(request({ instance: fn, task: 'generate', question: { kind: 'under', text: 'Add up some numbers.' }, step: 0, repeat: 0 }));
    expect(first).toMatchObject({ step: 0, task: 'generate', code: null, feedback: null, io: 'function', entry: 'solve', starter: fn.starter });
    const critique = CODER_SEAT.turnOf(request({ instance, task: 'critique', question: { kind: 'under', text: 'q' }, code: 'print(1)\n', step: 2, repeat: 0 }));
    expect(CODER_SEAT.reply('  It never reads the input.  \n', critique)).toBe('It never reads the input.');
  });

  it('refuses a request that is not a code model’s step', () => {
    expect(() => CODER_SEAT.turnOf(request({ instance, step: 0 }))).toThrow('coder’s seat');
    expect(() => CODER_SEAT.turnOf({ model: 'human', messages: [] })).toThrow('coder’s seat');
  });
});

describe('a coder’s session, played by a script', () => {
  const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Instance);
  const real = builtin.find((i) => i.id === 'str-word-freq')!;
  const pool = new NodeExecutorPool(1);
  afterAll(() => pool.close());

  it('is stored with the person as the code model, and scored with Talk’s measures', async () => {
    const seat = new PersonSeat(CODER_SEAT);
    const turns: CoderTurn[] = [];
    seat.subscribe((t) => {
      if (!t) return;
      turns.push(t);
      queueMicrotask(() => seat.submit(t.step === 0 ? 'print("no idea yet")\n' : real.reference));
    });
    const config: RunConfig = {
      name: 'Teach, Talk',
      protocol: 'talk',
      candidates: [{ kind: 'human', name: 'Ada' }],
      params: { setting: 'paragraph', steps: 3 },
    };
    const log = await runInMemory(config, [real], { executor: pool, mutator: '', seat });

    expect(log.manifest.models.find((m) => m.role === 'code')).toMatchObject({ id: 'learner', label: 'Ada', human: true });
    expect(turns.map((t) => [t.step, t.task, t.question.kind])).toEqual([
      [0, 'generate', 'under'],
      [1, 'refine', 'under'],
    ]);
    expect(turns[0]!.question.text).toBe(real.summary);
    expect(turns[1]!.feedback?.type).toBe('paragraph');
    expect(turns[1]!.feedback?.text).toBeTruthy();
    const json = JSON.stringify(turns);
    for (const line of real.reference.split('\n').filter((l) => l.trim().length > 20)) expect(json).not.toContain(line.trim());
    expect(json).not.toContain(real.statement.slice(0, 60));

    const item = log.items[0]!;
    expect(item.stopReason).toBe('solved');
    const attempts = talkItems(log)[0]!.attempts;
    expect(attempts.map((a) => a.tca)).toEqual([0, 1]);
    expect(coderSteps(log).map((s) => [s.index, s.question.text, s.feedback?.type ?? null])).toEqual([
      [0, real.summary, null],
      [1, real.summary, 'paragraph'],
    ]);
    const score = talk.metrics.itemScores(log.manifest, item);
    expect(log.scores!.items[item.key]).toEqual(score);
    expect(log.summaries[0]!.metrics).toEqual(talk.metrics.reduce(log.manifest, [score]).metrics);
    expect(log.summaries[0]!.metrics).toMatchObject({ tca: 1, tcaFirst: 0, solved: 1, steps: 1 });
    expect(unsolvedInstances([log])).toEqual([{ key: real.id, what: `${real.title}: not solved`, learners: 1, stuck: 0 }]);
  }, 60_000);
});
