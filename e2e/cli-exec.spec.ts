// `npx hintbench exec` end to end: the CLI builds/serves the site, drives headless
// Chromium, and its per-test outcomes agree with native CPython on deterministic programs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseChecker } from '../src/core/exec/checkers.ts';
import { classify } from '../src/core/exec/classify.ts';
import type { RawTestResult } from '../src/core/exec/sandbox-api.ts';
import type { ExecReport } from '../src/core/exec/report.ts';
import { binaryVocabulary } from '../src/core/exec/shape.ts';
import { parseDatasetText, validateInstances, type Instance } from '../src/core/model/instance.ts';
import { expect, test } from './fixtures.ts';

const DATASET = 'e2e/fixtures/agreement.json';
// Read as the CLI reads it: call tests keep their floats (3.0) and big integers as written.
const instances = validateInstances(parseDatasetText(readFileSync(DATASET, 'utf8'))).instances;
const hasPython = spawnSync('python3', ['--version']).status === 0;

interface NativeRun {
  results: { instanceId: string; tests: (Omit<RawTestResult, 'stderr'> & { testId: string })[] }[];
}

/** Outcomes of native CPython (one process per test), judged by the same app-side classifier. */
function nativeOutcomes(program: 'buggy' | 'reference'): Map<string, [string, string | undefined]> {
  const out = execFileSync('python3', ['bench/native.py', '--mode', 'subprocess', '--dataset', DATASET, '--program', program], { encoding: 'utf8' });
  const run = JSON.parse(out) as NativeRun;
  const verdicts = new Map<string, [string, string | undefined]>();
  for (const inst of instances) {
    const ctx = {
      checker: parseChecker(inst.checker),
      timeLimitMs: 60_000, // native speed differs; agreement is about answers, not timing
      vocabulary: binaryVocabulary(inst.tests.flatMap((t) => ('input' in t ? [t.expected] : []))),
    };
    const native = run.results.find((r) => r.instanceId === inst.id)!;
    inst.tests.forEach((t, i) => {
      const o = classify({ ...native.tests[i]!, stderr: '' }, t, ctx);
      verdicts.set(t.id, [o.outcome, o.failType]);
    });
  }
  return verdicts;
}

for (const program of ['buggy', 'reference'] as const) {
  test(`hintbench exec --program ${program} agrees with native CPython`, async ({ isolated }) => {
    test.skip(!hasPython, 'python3 is not installed');
    const out = join(mkdtempSync(join(tmpdir(), 'hintbench-exec-')), `${program}.json`);
    const args = ['cli/hintbench.js', 'exec', '--dataset', DATASET, '--program', program, '--out', out, ...(isolated ? [] : ['--no-isolation'])];
    const run = spawnSync('node', args, { encoding: 'utf8', timeout: 300_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(instances).toHaveLength(11); // including QuixBugs-style call instances: float arguments, a generator, a raised recursion limit
    expect(run.stderr).toMatch(/sandbox ready in .* running 11 instance\(s\)/);
    const report = JSON.parse(readFileSync(out, 'utf8')) as ExecReport;
    expect(report.results.map((r) => [r.instanceId, r.program])).toEqual(instances.map((i) => [i.id, program]));
    const native = nativeOutcomes(program);
    const sandbox = new Map(report.results.flatMap((r) => r.outcomes.map((o) => [o.testId, [o.outcome, o.failType]] as const)));
    expect(sandbox.size).toBe(59);
    expect(Object.fromEntries(sandbox)).toEqual(Object.fromEntries(native));
    const outcomes = [...sandbox.values()].map(([o]) => o);
    if (program === 'reference') expect(new Set(outcomes)).toEqual(new Set(['passed']));
    else expect(new Set(outcomes)).toEqual(new Set(['passed', 'wrong-answer', 'runtime-error'])); // the fixtures mix all three
    for (const r of report.results) for (const o of r.outcomes) expect(o.durationMs).toBeGreaterThanOrEqual(0);
  });
}

test('hintbench exec names the file, instance, field and reason of bad input', async ({ isolated }) => {
  test.skip(!isolated, 'input validation does not depend on isolation');
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-bad-'));
  const bad = join(dir, 'bad.jsonl');
  const good = instances[0]!;
  writeFileSync(bad, `${JSON.stringify(good)}\n${JSON.stringify({ ...good, id: 'broken', testKind: 'stdio', tests: [{ id: 'x', input: 1 }] })}\n`);
  const run = spawnSync('node', ['cli/hintbench.js', 'exec', '--dataset', bad, '--program', 'buggy', '--out', join(dir, 'o.json')], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`${bad}: instance 1 (id "broken"), field "tests.0.input"`);
  expect(run.stderr).toContain(`field "tests.0.expected"`);
  const usage = spawnSync('node', ['cli/hintbench.js', 'exec', '--dataset', bad], { encoding: 'utf8' });
  expect(usage.status).toBe(2);
  expect(usage.stderr).toContain('usage: hintbench exec');
});

test('hintbench synth makes instances from an imported APPS problem, through the sandbox', async ({ isolated }) => {
  test.skip(!isolated, 'one run is enough');
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-synth-'));
  const problems = join(dir, 'apps.jsonl');
  const out = join(dir, 'synth.jsonl');
  expect(
    spawnSync('node', ['cli/hintbench.js', 'import', '--format', 'apps', 'src/core/datasets/importers/fixtures/apps-synthesis.jsonl', '--out', problems])
      .status,
  ).toBe(0);
  const run = spawnSync('node', ['cli/hintbench.js', 'synth', '--dataset', problems, '--out', out], { encoding: 'utf8', timeout: 300_000 });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toMatch(/apps-4242: kept [1-9] of \d+ mutants tried: [a-z-]+/);
  const made = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Instance);
  expect(made.length).toBeGreaterThanOrEqual(1);
  for (const inst of made) expect(inst).toMatchObject({ source: { name: 'synthesized' }, synthesis: { from: 'apps-4242' } });
});
