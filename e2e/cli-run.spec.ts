// The headless runner verbs end to end: `demo`, `run` against a real OpenAI-compatible server
// on 127.0.0.1 (key from the environment), sharding with `merge`, and `report`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pairLog } from '../src/core/protocols/pair/view.ts';
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

/** The rows of the first printed table that has a "Model" column, as {column header: cell}. */
function printedTable(stdout: string, after = ''): Record<string, string>[] {
  const lines = stdout.slice(stdout.indexOf(after)).split('\n');
  const head = lines.findIndex((l) => l.startsWith('Model  '));
  const widths = lines[head + 1]!.split('  ').map((d) => d.length);
  const cut = (line: string) => {
    let at = 0;
    return widths.map((w) => {
      const cell = line.slice(at, at + w).trim();
      at += w + 2;
      return cell;
    });
  };
  const headers = cut(lines[head]!);
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.trim()) break;
    rows.push(Object.fromEntries(cut(line).map((c, i) => [headers[i]!, c])));
  }
  return rows;
}

const TABLE_III = [
  'Model',
  'Items',
  'Initial Fix % ↑',
  'TRS % ↑',
  'BRG % ↑',
  'BP % ↑',
  'PMR % ↑',
  'HE ↑',
  'Final Fix % ↑',
  'GC % ↑',
  'Turns ↓',
  'Tokens',
  'Cost',
];
/** A printed metric cell without its ▲/▼ mark. */
const value = (cell: string | undefined) => (cell ?? '').replace(/[▲▼]$/, '').trim();

test('hintbench demo runs PAIR on the demo subset with simulated models, offline, and prints the Table III leaderboard', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'hintbench-demo-')), 'demo.json');
  const r = await cli(['demo', '--out', out]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain('Demo (simulated models) — pair, α = 10, β = 3, m = 3');
  expect(r.stdout).toContain('Feedback model: Rule-based feedback (simulated)');
  const rows = printedTable(r.stdout);
  expect(Object.keys(rows[0]!)).toEqual(TABLE_III);
  expect(rows.map((x) => x.Model).sort()).toEqual(['Simulated candidate, high skill', 'Simulated candidate, low skill', 'Simulated candidate, medium skill']);
  const log = await parseRunLog(readFileSync(out, 'utf8'));
  const items = pairLog(log).items;
  expect(log.manifest.protocol).toEqual({ id: 'pair', version: 1 });
  expect(log.items).toHaveLength(DEMO.length * 3);
  expect(log.manifest.models.every((m) => m.simulated)).toBe(true);
  expect(log.items.flatMap((i) => i.steps.flatMap((t) => t.calls)).every((c) => c.simulated && c.costUsd === 0)).toBe(true);
  // Revisions carry PAIR hints: a scenario, a level, validated text.
  const revisions = items.flatMap((i) => i.turns.slice(1));
  expect(revisions.length).toBeGreaterThan(0);
  expect(revisions.every((t) => t.feedback?.scenario && t.feedback.level && t.feedback.validation?.length)).toBe(true);
  // Each printed number is the one the items give.
  for (const s of log.summaries) {
    const row = rows.find((x) => x.Model === s.label)!;
    const mine = items.filter((i) => i.modelId === s.modelId);
    const fixed = mine.filter((i) => i.turns.some((t) => t.passed.length === t.total)).length;
    expect(row.Items).toBe(String(DEMO.length));
    expect(value(row['Final Fix % ↑'])).toMatch(new RegExp(`^${((100 * fixed) / mine.length).toFixed(1)} \\(\\+`));
    const { he, trs } = s.metrics;
    expect(value(row['HE ↑'])).toBe(he === null || he === undefined ? '—' : he.toFixed(2));
    expect(value(row['TRS % ↑'])).toBe(trs === null || trs === undefined ? '—' : (trs * 100).toFixed(1));
  }
  expect(r.stdout).toContain('Metric-wise ranks');
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
        models: [
          {
            id: 'local',
            baseURL: endpoint.baseURL,
            model: 'local-fixer',
            apiKeyEnv: 'HINTBENCH_TEST_KEY',
            headers: { 'x-team': 'team-7f3c-SECRET' },
            maxConcurrency: 1,
          },
        ],
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
    // The config's extra header went with every request; the results name it but never hold its value.
    expect(new Set(endpoint.headers.map((h) => h['x-team']))).toEqual(new Set(['team-7f3c-SECRET']));
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('team-7f3c-SECRET');
    const log = await parseRunLog(text);
    expect(log.summaries[0]).toMatchObject({ modelId: 'local', metrics: { initialFix: 1, finalFix: 1 } });
    expect(log.manifest.models[0]!.provider).toEqual({ preset: 'custom', baseURL: endpoint.baseURL, headerNames: ['x-team'] });
    expect(log.manifest.models[0]!.maxConcurrency).toBe(1);
    const row = printedTable(r.stdout)[0]!;
    expect(row.Model).toBe('local-fixer (Custom OpenAI-compatible endpoint)');
    expect([row.Items, value(row['Initial Fix % ↑']), value(row['Final Fix % ↑'])]).toEqual(['9', '100.0', '100.0 (+0.0)']);
    expect(value(row['TRS % ↑'])).toBe('—'); // nothing left to repair after turn 0

    // The cassette holds every answer and no key; replaying it needs neither the server nor the key.
    const recorded = readFileSync(tape, 'utf8');
    expect(recorded.trim().split('\n')).toHaveLength(DEMO.length);
    expect(recorded).not.toContain(key);
    await endpoint.close();
    const again = join(dir, 'replayed.json');
    const replay = await cli(['run', '--config', config, '--out', again, '--replay', tape]);
    expect(replay.code, replay.stderr).toBe(0);
    const replayed = await parseRunLog(readFileSync(again, 'utf8'));
    const trajectories = (l: typeof log) => Object.fromEntries(pairLog(l).items.map((i) => [i.key, i.turns.map((t) => [t.reply, t.passed])]));
    expect(trajectories(replayed)).toEqual(trajectories(log));
    expect(endpoint.requests).toBe(DEMO.length);
  } finally {
    await endpoint.close();
  }
});

test('three shards started at once (as a Kubernetes Indexed Job starts them) merged equal the unsharded run, and report prints its leaderboard', async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-shards-'));
  const config = join(dir, 'run.json');
  writeFileSync(config, JSON.stringify({ name: 'shards', subset: 'demo', models: [{ simulated: 'medium' }, { simulated: 'no-op' }], params: { turns: 2 } }));
  // Each shard is its own process, through the container's entry point: the Job's completion
  // index (0-based) picks the shard, the output folder gets part-k-of-3.json.
  const shard = (index: number) =>
    run('bash', ['deploy/shard.sh'], {
      env: { ...process.env, HINTBENCH_CONFIG: config, HINTBENCH_OUT: dir, JOB_COMPLETION_INDEX: String(index), HINTBENCH_SHARDS: '3' },
      timeout: 600_000,
    });
  const [whole] = await Promise.all([cli(['run', '--config', config, '--out', join(dir, 'whole.json')]), shard(0), shard(1), shard(2)]);
  expect(whole.code, whole.stderr).toBe(0);
  const parts = [1, 2, 3].map((k) => join(dir, `part-${k}-of-3.json`));
  expect((await Promise.all(parts.map((p) => parseRunLog(readFileSync(p, 'utf8'))))).map((l) => l.manifest.dataset.instances.length)).toEqual([3, 3, 3]);
  const merged = await cli(['merge', parts[2]!, parts[0]!, parts[1]!, '--out', join(dir, 'merged.json')]);
  expect(merged.code, merged.stderr).toBe(0);
  const a = await parseRunLog(readFileSync(join(dir, 'whole.json'), 'utf8'));
  const b = await parseRunLog(readFileSync(join(dir, 'merged.json'), 'utf8'));
  const trajectories = (log: typeof a) => Object.fromEntries(pairLog(log).items.map((i) => [i.key, i.turns.map((t) => t.passed)]));
  expect(trajectories(b)).toEqual(trajectories(a));
  expect(b.manifest.dataset).toEqual(a.manifest.dataset); // same instances, order and hash
  expect(b.items.map((i) => i.key)).toEqual(a.items.map((i) => i.key));
  expect(b.summaries).toEqual(a.summaries);
  const missing = await cli(['merge', parts[0]!, parts[1]!, '--out', join(dir, 'bad.json')]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('shard(s) 3 of 3 are missing');
  const twice = await cli(['merge', parts[0]!, parts[0]!, '--out', join(dir, 'bad.json')]);
  expect(twice.code).toBe(1);
  expect(twice.stderr).toContain('the same shard is given twice');
  const report = await cli(['report', join(dir, 'merged.json')]);
  expect(report.code).toBe(0);
  expect(report.stdout).toContain('No-op (simulated: returns its input)');
  const noop = printedTable(report.stdout).find((x) => x.Model === 'No-op (simulated: returns its input)')!;
  expect([noop.Items, value(noop['Initial Fix % ↑']), value(noop['Final Fix % ↑']), value(noop['GC % ↑'])]).toEqual(['9', '0.0', '0.0 (+0.0)', '0.0']);

  // Gzip-compressed parts merge to the same log, and a .jsonl.gz output holds the plain .jsonl output compressed.
  const gzParts = parts.map((p) => {
    writeFileSync(`${p}.gz`, gzipSync(readFileSync(p)));
    return `${p}.gz`;
  });
  const fromGz = await cli(['merge', gzParts[2]!, gzParts[0]!, gzParts[1]!, '--out', join(dir, 'merged-from-gz.json')]);
  expect(fromGz.code, fromGz.stderr).toBe(0);
  // The same log, scored by each merge at its own time.
  const unstamped = (f: string) => readFileSync(join(dir, f), 'utf8').replace(/"scoredAt":"[^"]*"/, '"scoredAt":""');
  expect(unstamped('merged-from-gz.json')).toBe(unstamped('merged.json'));
  expect(fromGz.stdout).toBe(merged.stdout);
  const plainJsonl = await cli(['merge', ...parts, '--out', join(dir, 'merged.jsonl')]);
  const gzJsonl = await cli(['merge', ...gzParts, '--out', join(dir, 'merged.jsonl.gz')]);
  expect([plainJsonl.code, gzJsonl.code], plainJsonl.stderr + gzJsonl.stderr).toEqual([0, 0]);
  const jsonlText = readFileSync(join(dir, 'merged.jsonl'), 'utf8');
  expect(jsonlText.startsWith('{"type":"manifest"')).toBe(true);
  const jsonlGz = readFileSync(join(dir, 'merged.jsonl.gz'));
  expect([jsonlGz[0], jsonlGz[1]]).toEqual([0x1f, 0x8b]);
  const stampless = (text: string) => text.replace(/"scoredAt":"[^"]*"/, '"scoredAt":""');
  expect(stampless(gunzipSync(jsonlGz).toString('utf8'))).toBe(stampless(jsonlText));
  // report reads .json.gz (and .jsonl.gz) to the same tables.
  writeFileSync(join(dir, 'merged.json.gz'), gzipSync(readFileSync(join(dir, 'merged.json'))));
  const reportGz = await cli(['report', join(dir, 'merged.json.gz')]);
  expect(reportGz.code, reportGz.stderr).toBe(0);
  expect(reportGz.stdout).toBe(report.stdout);
  expect((await cli(['report', join(dir, 'merged.jsonl.gz')])).stdout).toBe(report.stdout);
  // A truncated gzip file is refused by name, as gzip, not as JSON.
  const truncated = join(dir, 'truncated.json.gz');
  writeFileSync(truncated, jsonlGz.subarray(0, jsonlGz.length >> 1));
  for (const verb of [
    ['report', truncated],
    ['merge', truncated, gzParts[0]!, '--out', join(dir, 'bad.json')],
  ]) {
    const r = await cli(verb);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${truncated}: not a valid gzip file (unexpected end of file)`);
    expect(r.stderr).not.toContain('invalid JSON');
  }
});

test('hintbench study runs the settings side by side and report compares them again from the files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-study-'));
  const config = join(dir, 'study.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'Main',
      instances: ['str-run-length', 'arr-best-window'],
      models: [{ simulated: 'low' }, { simulated: 'high' }],
      params: { turns: 3, repeats: 2 },
      settings: [
        { name: 'Vanilla feedback', protocol: 'vanilla' },
        { name: 'Smaller scenario budget', params: { beta: 1 } },
      ],
    }),
  );
  const r = await cli(['study', '--config', config, '--out', join(dir, 'out')]);
  expect(r.code, r.stderr).toBe(0);
  const files = ['1-main.json', '2-vanilla-feedback.json', '3-smaller-scenario-budget.json'].map((f) => join(dir, 'out', f));
  const logs = await Promise.all(files.map((f) => parseRunLog(readFileSync(f, 'utf8'))));
  expect(logs.map((l) => [l.manifest.protocol.id, l.manifest.params.beta, l.manifest.settings.repeats])).toEqual([
    ['pair', 3, 2],
    ['vanilla', undefined, 2], // vanilla feedback has no scenarios, so no β
    ['pair', 1, 2],
  ]);
  // Turn 0 is shared: the same initial repairs under every setting.
  const turn0 = (l: (typeof logs)[number]) => Object.fromEntries(pairLog(l).items.map((i) => [i.key, i.turns[0]!.passed]));
  expect(turn0(logs[1]!)).toEqual(turn0(logs[0]!));
  expect(r.stdout).toContain('Settings compared (the first is the reference for τ):');
  expect(r.stdout).toContain('[2] Vanilla feedback (vanilla, α = 3');
  expect(r.stdout).toContain('τ of [3] vs [1]');
  expect(r.stdout).toContain('Ranking stability (Table VI)');
  expect(r.stdout).toMatch(/Simulated candidate, low skill\s+\[1\]\s+\d+\.\d\d ± \d+\.\d\d/);
  const report = await cli(['report', ...files]);
  expect(report.code, report.stderr).toBe(0);
  // Each file's own repeated-run table: every metric, mean ± std over its 2 repeats, and τ.
  expect(report.stdout).toContain('Repeated runs: mean ± std over 2 repeats');
  expect(report.stdout).toMatch(/\nHE ↑\s+\d+\.\d\d ± \d+\.\d\d\s+\d+\.\d\d ± \d+\.\d\d\s+(-?\d\.\d{3}|—)\n/);
  expect(report.stdout.slice(report.stdout.indexOf('Settings compared'))).toBe(r.stdout.slice(r.stdout.indexOf('Settings compared')));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ models: [{ simulated: 'low' }], params: { beta: 0 }, settings: [{ name: 'x' }] }));
  const refused = await cli(['study', '--config', bad, '--out', join(dir, 'bad')]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Turns per scenario (β) must be a whole number of at least 1 (got 0)');
});

test('a run log written by version 1 still reports, digit for digit; a config field this version does not know is refused', async () => {
  const fixtures = 'src/core/runlog/fixtures';
  for (const protocol of ['pair', 'vanilla']) {
    const r = await cli(['report', `${fixtures}/runlog-v1-${protocol}.json`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(`${fixtures}/runlog-v1-${protocol}.report.txt`, 'utf8'));
  }
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-config-'));
  const refuse = async (config: unknown, message: string) => {
    writeFileSync(join(dir, 'c.json'), JSON.stringify(config));
    const r = await cli(['run', '--config', join(dir, 'c.json'), '--out', join(dir, 'out.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
  };
  await refuse({ models: [{ simulated: 'low' }], params: { bta: 2 } }, 'the pair protocol has no parameter "bta"');
  await refuse({ models: [{ simulated: 'low' }], protocol: 'no-hint', feedback: { simulated: 'rule-based' } }, 'the no-hint protocol has no feedback role');
  await refuse({ models: [{ id: 'x', baseURL: 'http://127.0.0.1:9/v1', model: 'm', preset: 'opneai' }] }, 'unknown preset "opneai"');
  await refuse({ models: [{ id: 'x', baseURL: 'http://127.0.0.1:9/v1', model: 'm', maxConcurency: 2 }] }, 'maxConcurency');
});
