// The solver's seat: what the person is shown of a request (the challenge and, on a retry, what
// the run reported: never the tests, the bank problem or its reference), the requests it answers
// itself (the bank's tests; the fixer's turn declined), and a whole practice map played by a
// scripted person through the runner: its stored scores are its items' reduction, and its map's
// weakest concepts are those the person failed.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../workers/node-executor.ts';
import { extractCode } from '../../llm/extract.ts';
import type { ChatRequest } from '../../llm/types.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { PersonSeat } from '../../teach/seat.ts';
import { loadBank } from './bank.ts';
import { unitOf } from './outcome.ts';
import { conceptMap, personOf, practiceParams, weakestConcepts } from './practice.ts';
import { prism } from './prism.ts';
import { readFix } from './replies.ts';
import { FIXER_DECLINED, SOLVER_SEAT, type SolveTurn } from './seats.ts';
import type { ModelContext } from './simulated/contexts.ts';

const bank = await loadBank();
const vowels = bank.problems.find((p) => p.id === 'count-vowels')!;
const challenge = `${vowels.title}\nDifficulty: Very Easy\nConcepts: loops, conditionals\n\n${vowels.statement}`;
const context = (task: ModelContext['task'], attempt: number, previous?: ModelContext['previous']): ModelContext => ({
  task,
  problem: vowels.id,
  concepts: ['loops', 'conditionals'],
  level: 0,
  levels: 5,
  draw: '0|3',
  attempt,
  ...(previous ? { previous } : {}),
});
const system = { role: 'system' as const, content: 'You are an expert Python programmer.' };
const ask = { role: 'user' as const, content: `Solve this problem.\n\n${challenge}` };
const report = 'Ran 6 test(s): 4 passed, 2 failed, 0 error(s).\n\nFAIL: test_upper\nAssertionError: 0 != 2';
const mine = 'def solution(text):\n    return 0\n';
const retry: ChatRequest = {
  model: 'human',
  messages: [
    system,
    ask,
    { role: 'assistant', content: `\`\`\`python\n${mine}\`\`\`` },
    {
      role: 'user',
      content: `Your solution failed the tests. This is what the run reported:\n\n${report}\n\nYour current solution:\n\`\`\`python\n${mine}\`\`\``,
    },
  ],
  context: context('retry', 2, { solution: mine, tests: vowels.tests }),
};
/** Lines only the hidden tests and the reference hold (12 characters or more, not in the statement or the person's program). */
const hidden = [...vowels.tests.split('\n'), ...vowels.reference.split('\n')]
  .map((l) => l.trim())
  .filter((l) => l.length >= 12 && !challenge.includes(l) && !mine.includes(l));

describe('the solver’s seat', () => {
  it('shows a first attempt the challenge, its concepts and level, and nothing hidden', () => {
    const turn = SOLVER_SEAT.turnOf({ model: 'human', messages: [system, ask], context: context('solve', 1) });
    expect(turn).toEqual({ attempt: 1, concepts: ['loops', 'conditionals'], level: 0, levels: 5, problem: challenge, previous: null });
    expect(Object.keys(turn).sort()).toEqual(['attempt', 'concepts', 'level', 'levels', 'previous', 'problem']);
    expect(JSON.stringify(turn)).not.toContain(vowels.id);
    expect(hidden.length).toBeGreaterThanOrEqual(4);
    for (const line of hidden) expect(JSON.stringify(turn)).not.toContain(JSON.stringify(line).slice(1, -1));
  });

  it('shows a retry the person’s last solution and the run’s report, never the tests it ran', () => {
    const turn = SOLVER_SEAT.turnOf(retry);
    expect(turn.previous).toEqual({ solution: mine, report });
    expect(Object.keys(turn.previous!).sort()).toEqual(['report', 'solution']);
    const text = JSON.stringify(turn);
    for (const line of hidden) expect(text).not.toContain(JSON.stringify(line).slice(1, -1));
    expect(text).not.toContain('tests');
  });

  it('refuses a request it does not take', () => {
    expect(() => SOLVER_SEAT.turnOf({ model: 'human', messages: [ask], context: { level: 2 } })).toThrow(/solve or retry/);
  });

  it('answers the tests with the bank’s suite and declines the fixer’s turn, without the person', async () => {
    const seat = new PersonSeat(SOLVER_SEAT);
    const published: (SolveTurn | null)[] = [];
    seat.subscribe((p) => published.push(p));
    const tests = await seat.chat({ model: 'human', messages: [ask], context: context('tests', 0) });
    expect(extractCode(tests.content).code).toBe(vowels.tests.endsWith('\n') ? vowels.tests : `${vowels.tests}\n`);
    const fix = await seat.chat({ model: 'human', messages: [ask], context: context('fix', 3, { solution: mine, tests: vowels.tests }) });
    expect(fix.content).toBe(FIXER_DECLINED);
    expect(readFix(fix.content)).toEqual({ solution: null, tests: null }); // the step keeps the last solution and tests
    expect(published).toEqual([null]); // the person was never asked
    await expect(seat.chat({ model: 'human', messages: [ask], context: { ...context('tests', 0), problem: null } })).rejects.toThrow(/bank designer/);
  });

  it('publishes a solve turn and answers with the person’s program', async () => {
    const seat = new PersonSeat(SOLVER_SEAT);
    const reply = seat.chat({ model: 'human', messages: [system, ask], context: context('solve', 1) });
    expect(seat.pending?.problem).toBe(challenge);
    expect(seat.submit(vowels.reference)).toBe(true);
    expect(extractCode((await reply).content).code).toBe(vowels.reference.endsWith('\n') ? vowels.reference : `${vowels.reference}\n`);
  });
});

const executor = new ThreadedNodeExecutor();
afterAll(() => executor.close());
const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');

describe('a practice map played by a scripted person', () => {
  it('runs the search to its budget; the stored scores are the items’ reduction; the weakest concepts are those failed', { timeout: 240_000 }, async () => {
    const weak = ['functions', 'recursion'];
    const seat = new PersonSeat(SOLVER_SEAT);
    const wrong = 'def solution(*args, **kwargs):\n    return None\n';
    seat.subscribe(
      (turn) =>
        turn &&
        queueMicrotask(() => {
          const title = turn.problem.split('\n')[0];
          const reference = bank.problems.find((p) => p.title === title)!.reference;
          seat.submit(turn.concepts.some((c) => weak.includes(c)) ? wrong : reference);
        }),
    );
    const log = await runInMemory(
      { name: 'practice', protocol: 'prism', candidates: [{ kind: 'human', name: 'Ada' }], params: practiceParams(), settings: { concurrency: 1, seed: 4 } },
      [],
      { executor, mutator: MUTATOR, seat },
    );
    expect(personOf(log)).toMatchObject({ id: 'learner', label: 'Ada', human: true, role: 'model' });
    expect(log.manifest.models.map((m) => m.role)).toEqual(['model', 'designer']);
    expect(log.items).toHaveLength(20);
    expect(log.items.every((i) => i.status === 'done')).toBe(true);
    // Each item ended as the script says: passed at once, or failed the retry and the declined fixer.
    for (const item of log.items) {
      const failing = unitOf(item)!.concepts.some((c) => weak.includes(c));
      expect(item.stopReason, item.key).toBe(failing ? 'failed' : 'solved');
    }
    const scores = log.items.map((i) => prism.metrics.itemScores(log.manifest, i));
    log.items.forEach((i, k) => expect(log.scores!.items[i.key]).toEqual(scores[k]));
    expect(log.summaries[0]!.metrics).toEqual(prism.metrics.reduce(log.manifest, scores).metrics);
    const solved = log.items.filter((i) => i.stopReason === 'solved').length;
    expect(log.summaries[0]!.metrics.success).toBeCloseTo(solved / 20, 10);
    expect(log.summaries[0]!.metrics.fixerRate).toBeCloseTo((20 - solved) / 20, 10); // every failed challenge reached the (declined) fixer

    const map = conceptMap(log, personOf(log)!);
    expect([...map.weakest].sort()).toEqual(weak);
    expect(weakestConcepts([log]).map((p) => [p.what, p.learners, p.stuck])).toEqual([
      ['functions', 1, 1],
      ['recursion', 1, 1],
      ['conditionals', 1, 0],
      ['loops', 1, 0],
    ]);
  });
});
