// One model's program never changes another evaluation's verdict, nor games its own through the
// interpreter: `hintbench run` against a local endpoint scripted as a hostile model, beside an
// honest one, in PAIR, PrismBench and the Interview (docs/execution.md, "Isolation between
// evaluations"). Each run has one batch worker, so every evaluation lands in the interpreter the
// hostile one ran in.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { renderSolution } from '../../src/core/protocols/interview/solution.ts';
import { parseRunLog } from '../../src/core/runner/export.ts';
import { expect, test } from '../fixtures.ts';
import { fence, startScriptedEndpoint, type ScriptedRequest } from '../scripted-endpoint.ts';

const run = promisify(execFile);
const KEY = 'sk-isolation-4b2e-SECRET';
const cli = (args: string[]) =>
  run('node', ['cli/hintbench.js', ...args], { env: { ...process.env, HINTBENCH_ISOLATION_KEY: KEY }, timeout: 400_000, maxBuffer: 64 << 20 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

async function runConfig(config: object): Promise<RunLog> {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-isolation-'));
  const file = join(dir, 'run.json');
  writeFileSync(file, JSON.stringify(config));
  const out = join(dir, 'results.json');
  const r = await cli(['run', '--config', file, '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  return parseRunLog(readFileSync(out, 'utf8'));
}

const model = (baseURL: string, id: string) => ({ id, baseURL, model: id, apiKeyEnv: 'HINTBENCH_ISOLATION_KEY' });
const metric = (log: RunLog, modelId: string, key: string) => log.summaries.find((s) => s.modelId === modelId)!.metrics[key];

test('PAIR: a candidate whose program breaks the harness of later programs leaves the oracle at 100%', async () => {
  test.setTimeout(300_000);
  // A class attribute of the harness, whichever it has: every later program's output would go
  // nowhere (the first is the attack as first found, on a harness that captured output in Python).
  const hostile = [
    'import io, sys',
    'harness = sys.modules["harness"]',
    'def nowhere(self):',
    '    self.sinks = None',
    '    self.streams = (io.TextIOWrapper(io.BytesIO()), io.TextIOWrapper(io.BytesIO()))',
    'if hasattr(harness, "_CappedSink"):',
    '    harness._CappedSink.write = lambda self, b: len(b)',
    'else:',
    '    harness._Output.__init__ = nowhere',
    '',
  ].join('\n');
  const endpoint = await startScriptedEndpoint(KEY, () => `Here is the fix.\n\n${fence(hostile)}`);
  try {
    const log = await runConfig({
      protocol: 'pair',
      instances: ['math-roman-numerals'],
      models: [model(endpoint.baseURL, 'cand'), { simulated: 'oracle' }],
      params: { turns: 0, concurrency: 1 },
    });
    expect(endpoint.requests.length).toBeGreaterThan(0);
    expect(metric(log, 'oracle', 'initialFix')).toBe(1);
    expect(metric(log, 'oracle', 'finalFix')).toBe(1);
    expect(metric(log, 'cand', 'initialFix')).toBe(0);
  } finally {
    await endpoint.close();
  }
});

const DESIGN =
  '<problem_description>\nAdd Two Numbers\nDifficulty: Easy\nConcepts: loops\nWrite solution(a, b) that returns a + b.\nExamples:\n1. Input: a = 2, b = 3\n   Output: 5\n</problem_description>';
const HONEST_TESTS =
  'import unittest\nfrom solution import solution\n\nclass TestAdd(unittest.TestCase):\n    def test_small(self):\n        self.assertEqual(solution(2, 3), 5)\n    def test_zero(self):\n        self.assertEqual(solution(0, 1), 1)\n';
// Disables assertions for itself and, were the interpreter reused, for every later suite.
const GAMING_TESTS = `import unittest\nunittest.case.TestCase.assertEqual = lambda self, *a, **k: None\n${HONEST_TESTS.replace('import unittest\n', '')}`;
const WRONG = 'def solution(a, b):\n    return a - b\n';

function prismRole(r: ScriptedRequest): string {
  if (r.system.startsWith('You are an expert computer science educator')) return 'designer';
  if (r.system.startsWith('You are an expert in software testing')) return 'tests';
  if (r.system.startsWith('You are an expert at repairing code')) return 'fixer';
  return 'solver';
}

test("PrismBench: a suite that disables unittest's assertions earns no success, and an honest failing suite run after it still fails", async () => {
  test.setTimeout(300_000);
  const endpoint = await startScriptedEndpoint(KEY, (r) => {
    const role = prismRole(r);
    const tests = r.model === 'gamer' ? GAMING_TESTS : HONEST_TESTS;
    if (role === 'designer') return DESIGN;
    if (role === 'tests') return `Tests:\n\n${fence(tests)}`;
    if (role === 'fixer') return `Solution:\n${fence(WRONG)}\n\nTests:\n${fence(tests)}`;
    return `Here is my solution.\n\n${fence(WRONG)}`;
  });
  try {
    const log = await runConfig({
      protocol: 'prism',
      models: [model(endpoint.baseURL, 'gamer'), model(endpoint.baseURL, 'honest')],
      roles: { designer: model(endpoint.baseURL, 'designer') },
      params: { concepts: 'loops, sorting', maxNodes: 2, iterations1: 2, iterations2: 1, variations: 1, feedbackRetries: 0, concurrency: 1 },
    });
    expect(metric(log, 'honest', 'success')).toBe(0);
    expect(metric(log, 'gamer', 'success')).toBe(0);
    // The gamer's runs were caught, and say why.
    const gamerRuns = log.items
      .filter((i) => i.modelId === 'gamer')
      .flatMap((i) => i.steps.map((s) => s.data as { kind: string; run?: { error?: { type: string; message: string } } }));
    const caught = gamerRuns.filter((d) => d.kind === 'attempt' && d.run?.error?.type === 'Tampering');
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]!.run!.error!.message).toContain('unittest.case.TestCase.assertEqual');
  } finally {
    await endpoint.close();
  }
});

const TASK = {
  id: 'count-task',
  title: 'Write a count',
  query: 'Write src/main.py, run by execute_workspace.sh, that writes out.json holding {"n": 3}.',
  requirements: [
    {
      id: 0,
      prerequisites: [],
      criteria: 'out.json holds n = 3',
      category: 'Output',
      check: {
        probe: 'import json\n\ndef probe():\n    return json.load(open("out.json"))["n"]\n',
        expect: { kind: 'equals', value: 3 },
        explain: 'the n of out.json',
      },
    },
  ],
  preferences: [],
  tags: [],
  source: { name: 'isolation test' },
  reference: { 'execute_workspace.sh': 'python src/main.py\n', 'src/main.py': 'import json\njson.dump({"n": 3}, open("out.json", "w"))\n' },
};
// Writes n = 1, then makes the decoder read 3; and leaves a file whose 5,000-character name
// the next project's workspace would trip over, were anything of this one kept.
const CHEAT = {
  'execute_workspace.sh': 'python src/main.py\n',
  'src/main.py': 'import json, json.decoder\njson.dump({"n": 1}, open("out.json", "w"))\njson.decoder.JSONDecoder.decode = lambda self, s, *a, **k: {"n": 3}\n',
  [`src/${'a'.repeat(5000)}.py`]: 'x = 1\n',
};

test('Interview: a project that patches the JSON decoder earns nothing from it, and the next project is unaffected', async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-isolation-task-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, `${JSON.stringify(TASK)}\n`);
  const endpoint = await startScriptedEndpoint(KEY, (r) => `Here is the project.\n\n${renderSolution(r.model === 'cheat' ? CHEAT : TASK.reference)}`);
  try {
    const log = await runConfig({
      protocol: 'interview',
      dataset: tasks,
      models: [model(endpoint.baseURL, 'cheat'), model(endpoint.baseURL, 'honest')],
      roles: { interviewer: { simulated: 'rule-based' }, judge: { simulated: 'check-based' } },
      params: { iterations: 1, concurrency: 1 },
    });
    const checks = (modelId: string) =>
      log.items
        .filter((i) => i.modelId === modelId)
        .flatMap((i) => i.steps.flatMap((s) => (s.data as { run?: { checks?: { passed: boolean; reason?: string }[] } }).run?.checks ?? []));
    expect(checks('honest').length).toBeGreaterThan(0);
    expect(checks('honest').every((c) => c.passed)).toBe(true);
    expect(checks('cheat').length).toBeGreaterThan(0);
    expect(checks('cheat').some((c) => c.passed)).toBe(false);
  } finally {
    await endpoint.close();
  }
});
