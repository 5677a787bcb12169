// One node evaluation end to end in Pyodide (Node), with scripted models: Algorithm 1's order
// (designer, tests, solver, feedback retries, fixer), who sees what (the solver never the tests,
// the test generator never the solution), every case of the model's unittest suite counted, and
// hostile or broken programs that end as counted errors, never as a stuck or crashed node.
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../workers/node-executor.ts';
import { Budget } from '../../llm/budget.ts';
import { Caller, type ModelBinding } from '../../llm/caller.ts';
import { LimiterRegistry } from '../../llm/limiter.ts';
import type { ChatMessage, ChatModel } from '../../llm/types.ts';
import { loadRunLog, MemoryRunStore } from '../../store/runs.ts';
import { RunController } from '../../runner/runner.ts';
import type { Protocol } from '../contract.ts';
import { evaluationOf } from './outcome.ts';
import { prism } from './prism.ts';
import type { UnitData } from './step-data.ts';
import { manifestOf } from './test-support.ts';

const executor = new ThreadedNodeExecutor();
afterAll(() => executor.close());

type Script = (messages: ChatMessage[], context: unknown) => string;

/** A model that answers from a script, and remembers what it was sent. */
class Scripted implements ChatModel {
  readonly simulated = false;
  readonly seen: ChatMessage[][] = [];
  constructor(
    readonly id: string,
    private readonly script: Script,
  ) {}
  readonly label = 'scripted';
  async chat(request: { messages: ChatMessage[]; context?: unknown }) {
    this.seen.push(request.messages);
    return { content: this.script(request.messages, request.context), usage: { promptTokens: 10, completionTokens: 10 }, model: this.id };
  }
}

const PROBLEM = '<problem_description>\nDouble It\nDifficulty: Easy\nWrite solution(n) that returns 2 * n.\n</problem_description>';
const TESTS =
  'import unittest\nfrom solution import solution\n\nclass T(unittest.TestCase):\n    def test_two(self):\n        self.assertEqual(solution(2), 4)\n    def test_zero(self):\n        self.assertEqual(solution(0), 0)\n    def test_neg(self):\n        self.assertEqual(solution(-3), -6)\n';
const RIGHT = 'def solution(n):\n    return 2 * n\n';
const WRONG = 'def solution(n):\n    return n + 2\n';
const fence = (code: string) => `Here you go.\n\n\`\`\`python\n${code}\`\`\`\n`;
const isTests = (m: ChatMessage[]) => /unittest test suite/.test(m[0]!.content);
const isFixer = (m: ChatMessage[]) => /repairing code/.test(m[0]!.content);

const UNIT: UnitData = { evaluation: 0, node: 'n0', concepts: ['loops'], difficulty: 'easy', level: 1, phase: 1, how: 'root' };

/** Evaluate one node with these models; returns the stored item and the models. */
async function evaluate(model: Script, options: { params?: Record<string, number | string>; unit?: Partial<UnitData>; analyser?: Script } = {}) {
  const manifest = manifestOf({ concepts: 'loops, sorting', ...options.params });
  manifest.models.push({ id: 'designer', label: 'designer', role: 'designer', simulated: false, model: 'd' });
  if (options.analyser) manifest.models.push({ id: 'analyser', label: 'analyser', role: 'analyser', simulated: false, model: 'a' });
  const models = {
    m: new Scripted('m', model),
    designer: new Scripted('designer', () => PROBLEM),
    analyser: new Scripted('analyser', options.analyser ?? (() => '')),
  };
  const bindings = new Map<string, ModelBinding>(
    Object.values(models).map((x) => [x.id, { model: x, modelName: x.id, endpoint: `test:${x.id}`, keyId: 'none', maxConcurrency: 4 }]),
  );
  const store = new MemoryRunStore();
  const record = {
    manifest,
    status: 'running' as const,
    items: [{ key: 'm|0|e0', modelId: 'm', repeat: 0, status: 'queued' as const, data: { ...UNIT, ...options.unit } }],
    updatedAt: '',
  };
  await store.putRun(record);
  const single: Protocol = { ...prism, work: { on: 'none', growth: { units: () => [], planned: () => 1 } } }; // this one unit only
  await new RunController(record, {
    executor,
    store,
    caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
    bindings,
    instances: new Map(),
    protocol: single,
  }).run();
  const log = (await loadRunLog(store, manifest.runId))!;
  return { item: log.items[0]!, ev: evaluationOf(log.items[0]!.steps), models };
}

describe('a node evaluation (Algorithm 1)', () => {
  it('passes at the first attempt: designer, tests, one solution; every case counted', async () => {
    const { item, ev, models } = await evaluate((m) => fence(isTests(m) ? TESTS : RIGHT));
    expect([item.status, item.stopReason]).toEqual(['done', 'solved']);
    expect(item.steps.map((s) => (s.data as { kind: string }).kind)).toEqual(['design', 'tests', 'attempt']);
    expect(ev.design!.challenge).toMatchObject({ title: 'Double It' });
    expect(ev.attempts[0]!.run).toMatchObject({ status: 'ok', passed: 3, failed: 0, errors: 0 });
    expect(ev.attempts[0]!.run.cases.map((c) => c.outcome)).toEqual(['passed', 'passed', 'passed']);
    // The designer was asked for the node's concepts and level.
    expect(models.designer.seen[0]!.at(-1)!.content).toContain('Concepts: loops\nDifficulty level: easy');
  });

  it('retries with the run’s output in the same conversation, and the solver never sees the tests nor the test generator the solution', async () => {
    let solves = 0;
    const { item, ev, models } = await evaluate((m) => fence(isTests(m) ? TESTS : solves++ < 2 ? WRONG : RIGHT));
    expect([item.stopReason, ev.attempts.map((a) => a.run.passed)]).toEqual(['repaired', [1, 1, 3]]); // n + 2 is right for n = 2 only
    const [testsCall, first, second, third] = models.m.seen;
    expect(testsCall!.map((x) => x.content).join('\n')).not.toMatch(/return 2 \* n|n \+ 2/);
    for (const call of [first, second, third]) expect(call!.map((x) => x.content).join('\n')).not.toContain('class T(unittest.TestCase)');
    // The third call carries both earlier replies and both failures.
    expect(third!.map((x) => x.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(third![3]!.content).toContain('FAIL: test_solution.T.test_zero');
    expect(third![3]!.content).toContain('Ran 3 test(s): 1 passed, 2 failed, 0 error(s).');
    expect(third![3]!.content).toContain('AssertionError: 2 != 0'); // unittest's own message: solution(0) gave 2
  });

  it('after the retries, the fixer gets everything once and may mend the tests', async () => {
    const BAD_TESTS = TESTS.replace('solution(2), 4', 'solution(2), 5');
    const { item, ev, models } = await evaluate(
      (m) => (isFixer(m) ? `The test expects 5.\n\nSolution:\n${fence(RIGHT)}\nTests:\n${fence(TESTS)}` : fence(isTests(m) ? BAD_TESTS : RIGHT)),
      { params: { feedbackRetries: 1 } },
    );
    expect(item.stopReason).toBe('fixed');
    expect(ev.attempts.map((a) => [a.by, a.run.passed, a.run.failed])).toEqual([
      ['solver', 2, 1],
      ['solver', 2, 1],
      ['fixer', 3, 0],
    ]);
    expect(ev.attempts[2]!.tests).toBe(TESTS);
    const fixerCall = models.m.seen.find(isFixer)!;
    const text = fixerCall.map((x) => x.content).join('\n');
    for (const part of ['Write solution(n)', 'solution(2), 5', 'return 2 * n', 'FAIL: test_solution.T.test_two']) expect(text).toContain(part);
  });

  it('ends in failure when even the fixer fails; each attempt is counted', async () => {
    const { item, ev } = await evaluate((m) => (isFixer(m) ? 'I cannot fix this.' : fence(isTests(m) ? TESTS : WRONG)), { params: { feedbackRetries: 2 } });
    expect(item.stopReason).toBe('failed');
    expect(ev.attempts.map((a) => a.by)).toEqual(['solver', 'solver', 'solver', 'fixer']);
    expect(ev.attempts[3]!.solution).toBe(WRONG); // the fixer wrote no code: the last solution stands
  });

  it('runs the analysers on a Phase-3 node and keeps only their counts (they never touch the reward)', async () => {
    const analyser: Script = (m) =>
      /test cases, analyze/.test(m[0]!.content)
        ? 'Missing Test Scenarios:\n- edge_case: empty input\n- boundary_values: large n\nIncorrect Assertions:\n- wrong_expectations: none really'
        : /Test output/.test(m[1]!.content)
          ? '- assertion_error: test_two: off by two'
          : '{"algorithm": {"strategy": "Arithmetic"}, "data_structures": []}';
    let solves = 0;
    const { item, ev } = await evaluate((m) => fence(isTests(m) ? TESTS : solves++ ? RIGHT : WRONG), { unit: { phase: 3, variation: 1 }, analyser });
    expect(item.stopReason).toBe('repaired');
    expect(ev.analysis).toEqual({
      kind: 'analysis',
      validation: { issues: { edge_case: 1, boundary_values: 1, wrong_expectations: 1 } },
      errors: { categories: { assertion_error: 1 } },
      patterns: { names: ['strategy: arithmetic'] },
    });
  });
});

describe('broken and hostile programs end as counted errors', () => {
  const run = async (solution: string, tests = TESTS, params: Record<string, number> = {}) =>
    (await evaluate((m) => (isFixer(m) ? 'no' : fence(isTests(m) ? tests : solution)), { params: { feedbackRetries: 0, suiteTimeLimitMs: 1500, ...params } }))
      .ev.attempts[0]!.run;

  it('a solution that never returns times out', async () => {
    const r = await run('def solution(n):\n    while True:\n        pass\n');
    expect([r.status, r.passed, r.errors]).toEqual(['timeout', 0, 1]);
    expect(r.output).toContain('time limit of 1500 ms');
  });

  it('tests that do not compile, a solution that exits on import, and a suite with no test each count one error', async () => {
    const syntax = await run(RIGHT, 'import unittest\nclass T(unittest.TestCase:\n');
    expect([syntax.status, syntax.errors, syntax.error?.type]).toEqual(['exception', 1, 'SyntaxError']);
    const exits = await run('import sys\nsys.exit(3)\n');
    expect([exits.status, exits.passed, exits.errors]).toEqual(['exception', 0, 1]);
    const empty = await run(RIGHT, 'import unittest\n');
    expect([empty.status, empty.errors, empty.error?.type]).toEqual(['ok', 1, 'NoTests']);
  });

  it('a reply without code is an attempt that could not run', async () => {
    const r = await run('');
    expect(r).toMatchObject({ status: 'not-run', errors: 1 });
    const noCode = (await evaluate((m) => (isTests(m) ? fence(TESTS) : 'I would rather not.'), { params: { feedbackRetries: 0 } })).ev.attempts[0]!;
    expect([noCode.solution, noCode.run.status]).toEqual([null, 'not-run']);
  });

  it('a flood of output, and a test that tampers with the solution module, stay inside their run', async () => {
    const flood = await run('def solution(n):\n    print("x" * 100000)\n    return 2 * n\n');
    expect(flood.passed).toBe(3);
    const tamper = await run(RIGHT, TESTS.replace('class T', 'import sys\nsys.modules["solution"].solution = None\nsolution = lambda n: 0\nclass T'));
    expect(tamper.failed).toBe(2); // the suite changed what it tests: its own outcome, counted as such
    const after = await run(RIGHT); // the next run starts clean
    expect(after.passed).toBe(3);
  });
});
