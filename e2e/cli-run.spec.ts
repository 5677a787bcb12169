// The headless runner verbs end to end: `demo`, `run` against a real OpenAI-compatible server
// on 127.0.0.1 (key from the environment), sharding with `merge`, and `report`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseRunLog } from '../src/core/runner/export.ts';
import { expect, test } from './fixtures.ts';
import { startLocalEndpoint } from './local-endpoint.ts';
import { BUILTIN, DEMO } from './mock-llm.ts';

const run = promisify(execFile);
const cli = (args: string[], env: Record<string, string> = {}) =>
  run('node', ['cli/hintbench.js', ...args], { env: { ...process.env, ...env }, timeout: 600_000, maxBuffer: 64 << 20 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

test('hintbench demo runs the demo subset with simulated models, offline, and prints a leaderboard', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'hintbench-demo-')), 'demo.json');
  const r = await cli(['demo', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain('Demo (simulated models)');
  for (const label of ['Simulated candidate, low skill', 'Simulated candidate, medium skill', 'Simulated candidate, high skill']) expect(r.stdout).toContain(label);
  const log = parseRunLog(readFileSync(out, 'utf8'));
  expect(log.items).toHaveLength(DEMO.length * 3);
  expect(log.manifest.models.every((m) => m.simulated)).toBe(true);
  expect(log.items.flatMap((i) => i.turns.flatMap((t) => t.calls)).every((c) => c.simulated && c.costUsd === 0)).toBe(true);
  // The printed Final Fix of each model is the one its items give.
  for (const s of log.summaries) {
    const mine = log.items.filter((i) => i.modelId === s.modelId);
    const fixed = mine.filter((i) => i.turns.some((t) => t.passed.length === t.total)).length;
    expect(r.stdout).toMatch(new RegExp(`${s.label}\\s+${DEMO.length}\\s+\\S+\\s+${((100 * fixed) / mine.length).toFixed(1)}%`));
  }
});

test('hintbench run talks to a local OpenAI-compatible server with the key from the environment', async () => {
  const key = 'sk-local-5e6f7a8b-ENVKEY';
  const endpoint = await startLocalEndpoint(key, BUILTIN);
  try {
    const dir = mkdtempSync(join(tmpdir(), 'hintbench-run-'));
    const config = join(dir, 'run.json');
    writeFileSync(
      config,
      JSON.stringify({
        name: 'local endpoint',
        subset: 'demo',
        models: [{ id: 'local', baseURL: endpoint.baseURL, model: 'local-fixer', apiKeyEnv: 'HINTBENCH_TEST_KEY' }],
        params: { turns: 2 },
        prices: { 'local-fixer': { input: 1, output: 2 } },
      }),
    );
    const missing = await cli(['run', '--config', config, '--out', join(dir, 'x.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('environment variable HINTBENCH_TEST_KEY (the key for local) is not set');

    const out = join(dir, 'results.json');
    const tape = join(dir, 'tape.jsonl');
    const r = await cli(['run', '--config', config, '--out', out, '--record', tape], { HINTBENCH_TEST_KEY: key });
    expect(r.code, r.stderr).toBe(0);
    expect(endpoint.requests).toBe(DEMO.length); // the server answers with the reference: fixed at turn 0
    expect(new Set(endpoint.auth)).toEqual(new Set([`Bearer ${key}`]));
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(key);
    const log = parseRunLog(text);
    expect(log.summaries[0]).toMatchObject({ modelId: 'local', initialFix: 1, finalFix: 1 });
    expect(log.manifest.models[0]!.provider).toEqual({ preset: 'custom', baseURL: endpoint.baseURL });
    expect(r.stdout).toMatch(/local-fixer \(Custom OpenAI-compatible endpoint\)\s+9\s+100\.0%\s+100\.0%/);

    // The cassette holds every answer and no key; replaying it needs neither the server nor the key.
    const recorded = readFileSync(tape, 'utf8');
    expect(recorded.trim().split('\n')).toHaveLength(DEMO.length);
    expect(recorded).not.toContain(key);
    await endpoint.close();
    const again = join(dir, 'replayed.json');
    const replay = await cli(['run', '--config', config, '--out', again, '--replay', tape]);
    expect(replay.code, replay.stderr).toBe(0);
    const replayed = parseRunLog(readFileSync(again, 'utf8'));
    const trajectories = (l: typeof log) => Object.fromEntries(l.items.map((i) => [i.key, i.turns.map((t) => [t.reply, t.passed])]));
    expect(trajectories(replayed)).toEqual(trajectories(log));
    expect(endpoint.requests).toBe(DEMO.length);
  } finally {
    await endpoint.close();
  }
});

test('two shards merged equal the unsharded run, and report prints its leaderboard', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-shards-'));
  const config = join(dir, 'run.json');
  writeFileSync(config, JSON.stringify({ name: 'shards', subset: 'demo', models: [{ simulated: 'medium' }, { simulated: 'no-op' }], params: { turns: 2 } }));
  const [whole, one, two] = await Promise.all([
    cli(['run', '--config', config, '--out', join(dir, 'whole.json')]),
    cli(['run', '--config', config, '--out', join(dir, 's1.json'), '--shard', '1/2']),
    cli(['run', '--config', config, '--out', join(dir, 's2.json'), '--shard', '2/2']),
  ]);
  for (const r of [whole, one, two]) expect(r.code, r.stderr).toBe(0);
  const merged = await cli(['merge', join(dir, 's1.json'), join(dir, 's2.json'), '--out', join(dir, 'merged.json')]);
  expect(merged.code, merged.stderr).toBe(0);
  const a = parseRunLog(readFileSync(join(dir, 'whole.json'), 'utf8'));
  const b = parseRunLog(readFileSync(join(dir, 'merged.json'), 'utf8'));
  const trajectories = (log: typeof a) => Object.fromEntries(log.items.map((i) => [i.key, i.turns.map((t) => t.passed)]));
  expect(trajectories(b)).toEqual(trajectories(a));
  expect(b.manifest.dataset).toEqual(a.manifest.dataset); // same instances, order and hash
  expect(b.items.map((i) => i.key)).toEqual(a.items.map((i) => i.key));
  expect(b.summaries).toEqual(a.summaries);
  const twice = await cli(['merge', join(dir, 's1.json'), join(dir, 's1.json'), '--out', join(dir, 'bad.json')]);
  expect(twice.code).toBe(1);
  expect(twice.stderr).toContain('the same shard is given twice');
  const report = await cli(['report', join(dir, 'merged.json')]);
  expect(report.code).toBe(0);
  expect(report.stdout).toContain('No-op (simulated: returns its input)');
  expect(report.stdout).toMatch(/No-op \(simulated: returns its input\)\s+9\s+0\.0%\s+0\.0%/);
});
