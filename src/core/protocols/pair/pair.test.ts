// PAIR end to end in Pyodide (Node) with simulated models: the policy the turns record is
// Algorithm 1's, hints are validated, candidate prompts carry nothing hidden, bounds hold,
// turn 0 is shared with the baselines, and a run is reproducible bit for bit.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../workers/node-executor.ts';
import type { Instance } from '../../model/instance.ts';
import type { RunLog } from '../../model/runlog.ts';
import { parseRunLog, toJson, toJsonl } from '../../runner/export.ts';
import { runInMemory } from '../../runner/test-run.ts';
import type { RunConfig } from '../../runner/setup.ts';
import { expectedText, inputText } from '../shared/evidence.ts';
import { hiddenData } from './hints/leakage.ts';
import { afterTurn, initialPolicy, selectTarget } from './policy.ts';
import { pairLog, type PairItem } from './view.ts';

const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const instances = ['str-run-length', 'arr-best-window', 'algo-island-count'].map((id) => builtin.find((i) => i.id === id)!);
const deps = { executor: new ThreadedNodeExecutor(), mutator: MUTATOR };
const byId = new Map(instances.map((i) => [i.id, i]));

const config = (protocol: string, profiles: ('low' | 'medium' | 'high' | 'oracle' | 'no-op')[], params = {}): RunConfig => ({
  protocol,
  candidates: profiles.map((profile) => ({ kind: 'simulated', profile })),
  params: { turns: 6, ...params },
  settings: { seed: 11, concurrency: 2 },
});

/** The items of a log as turns. */
const items = (log: RunLog) => pairLog(log).items;

/** A turn without its wall-clock fields. */
const timeless = (item: PairItem) =>
  item.turns.map(({ startedAt, durationMs, calls, ...rest }) => ({ ...rest, calls: calls.map(({ latencyMs, startedAt: s, ...c }) => c) }));

describe('PAIR with simulated models', () => {
  let log: RunLog;
  beforeAll(async () => {
    log = await runInMemory(config('pair', ['medium', 'oracle', 'no-op']), instances, deps);
  }, 300_000);

  it('records a rule-based feedback model in the manifest, and template hashes and texts', () => {
    expect(log.manifest.models.map((m) => [m.id, m.role])).toEqual([
      ['sim-medium', 'candidate'],
      ['oracle', 'candidate'],
      ['no-op', 'candidate'],
      ['rule-based', 'feedback'],
    ]);
    expect(Object.keys(log.manifest.prompts)).toContain('pair.hint.L4');
    expect(log.manifest.templates?.edited).toEqual([]);
    expect(log.manifest.templates?.texts['hint.L1']).toContain('level-1 hint');
  });

  it('bounds: the oracle fixes everything at turn 0; no-op never moves (Final Fix 0, GC 0)', () => {
    const oracle = log.summaries.find((s) => s.modelId === 'oracle')!;
    expect(oracle.metrics.initialFix).toBe(1);
    const noop = log.summaries.find((s) => s.modelId === 'no-op')!;
    expect(noop.metrics.finalFix).toBe(0);
    expect(noop.metrics.gc).toBe(0);
    expect(noop.metrics.trs).toBe(0);
  });

  it('every revision targets a scenario at the level Algorithm 1 gives, with validated hints about sampled scenario tests', () => {
    let turns = 0;
    for (const item of items(log)) {
      const instance = byId.get(item.instanceId)!;
      const all = instance.tests.map((t) => t.id);
      const policy = initialPolicy();
      for (const turn of item.turns.slice(1)) {
        const f = turn.feedback!;
        expect(f.level).toBe(policy.level);
        expect(f.scenario!.testIds.length).toBeGreaterThan(0);
        // S_t: up to m of the scenario's tests that still failed before the turn.
        const before = new Set(item.turns[turn.index - 1]!.passed);
        const stillFailing = f.scenario!.testIds.filter((id) => !before.has(id));
        expect(stillFailing.length).toBeGreaterThan(0);
        expect(f.sampleIds!.length).toBe(Math.min(3, stillFailing.length));
        expect(f.sampleIds!.every((id) => stillFailing.includes(id))).toBe(true);
        expect(f.validation!.at(-1)!.accepted || f.flagged !== undefined).toBe(true);
        expect(turn.prompt).toContain(f.text);
        // Algorithm 1: the target is the active scenario or a new one; replay the step.
        const target = selectTarget(policy, [{ id: f.scenario!.id, level: 'failType', testIds: f.scenario!.testIds, failType: 'value', traceCoverage: 0 }]);
        expect(target?.id).toBe(f.scenario!.id);
        const passed = new Set(turn.passed);
        afterTurn(policy, new Set(all.filter((id) => !passed.has(id))), 3);
        turns += 1;
      }
      const stop = item.stopReason;
      expect(['fixed', 'turns', 'exhausted']).toContain(stop);
      if (stop === 'fixed') expect(item.turns.at(-1)!.passed.length).toBe(all.length);
    }
    expect(turns).toBeGreaterThan(10);
  });

  it('candidate prompts never hold hidden inputs, hidden outputs or reference lines', () => {
    let scanned = 0;
    for (const item of items(log)) {
      const instance = byId.get(item.instanceId)!;
      const ownLines = new Set([instance.buggy, ...item.turns.map((t) => t.code)].flatMap((c) => c.split('\n').map((l) => l.trim())));
      const statement = instance.statement;
      for (const turn of item.turns) {
        for (const call of turn.calls.filter((c) => c.role === 'candidate')) {
          for (const message of call.messages.filter((m) => m.role !== 'assistant')) {
            scanned += 1;
            expect(hiddenData(message.content, instance), `${item.key} turn ${turn.index}`).toBeNull();
            for (const test of instance.tests) {
              const expected = expectedText(test);
              for (const value of [inputText(test), expected ?? ''].map((v) => v.trim()).filter((v) => v.length >= 12 && !statement.includes(v))) {
                expect(message.content.includes(value)).toBe(false);
              }
            }
            const refLines = instance.reference
              .split('\n')
              .map((l) => l.trim())
              .filter((l) => l.length >= 10 && !ownLines.has(l) && !statement.includes(l));
            for (const line of refLines) expect(message.content.includes(line), `${item.key}: ${line}`).toBe(false);
          }
        }
      }
    }
    expect(scanned).toBeGreaterThan(20);
  });

  it('a third party recomputes every metric from the results file alone (docs/recompute_metrics.py)', async (ctx) => {
    if (spawnSync('python3', ['--version']).status !== 0) ctx.skip();
    const script = new URL('../../../../docs/recompute_metrics.py', import.meta.url).pathname;
    const recompute = (file: string) =>
      JSON.parse(execFileSync('python3', [script, file, '--json'], { encoding: 'utf8' })) as Record<string, Record<string, number | number[] | null>>;
    /** The script's numbers on `file` equal the app's summaries, metric by metric. */
    const sameAsApp = (file: string, summaries: RunLog['summaries']) => {
      const recomputed = recompute(file);
      expect(Object.keys(recomputed).sort(), file).toEqual(summaries.map((x) => x.modelId).sort());
      for (const s of summaries) {
        const theirs = recomputed[s.modelId]!;
        const mine: Record<string, unknown> = { ...s.metrics, ...(s.data as object) };
        expect(Object.keys(theirs)).toEqual(
          expect.arrayContaining([
            'items',
            'initialFix',
            'finalFix',
            'trs',
            'brg',
            'bp',
            'pmr',
            'he',
            'gc',
            'hcc',
            'turnsToFix',
            'repairRate',
            'levelDistribution',
          ]),
        );
        for (const [key, value] of Object.entries(theirs)) {
          const ours = mine[key];
          const where = `${file}: ${s.modelId} ${key}`;
          if (Array.isArray(value)) {
            expect(ours, where).toHaveLength(value.length);
            value.forEach((x, i) => expect((ours as number[])[i]!, where).toBeCloseTo(x, 12));
          } else if (value === null) expect(ours, where).toBeNull();
          else expect(ours as number, where).toBeCloseTo(value, 12);
        }
      }
    };
    // Version 3 as the app writes it: JSON, JSONL, and gzip copies (per-test outcomes as codes).
    const dir = mkdtempSync(join(tmpdir(), 'hintbench-recompute-'));
    const json = toJson(log);
    const jsonl = toJsonl(log);
    for (const text of [json, jsonl]) {
      expect(text).toContain('"schema":"hintbench.runlog/3"');
      expect(text).toMatch(/"tests":"/);
    }
    const files = { 'results.json': json, 'results.jsonl': jsonl, 'results.json.gz': gzipSync(json), 'results.jsonl.gz': gzipSync(jsonl) };
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(join(dir, name), content);
      sameAsApp(join(dir, name), log.summaries);
    }
    // Version 2 (a PAIR demo run written by the previous version), gzip, and as plain JSON.
    const v2 = new URL('../../runlog/fixtures/v2-pair.json.gz', import.meta.url).pathname;
    const v2Text = gunzipSync(readFileSync(v2)).toString('utf8');
    expect(v2Text).toContain('"schema": "hintbench.runlog/2"');
    const v2Log = await parseRunLog(v2Text);
    expect(v2Log.summaries.map((s) => s.modelId).sort()).toEqual(['sim-high', 'sim-low', 'sim-medium']);
    sameAsApp(v2, v2Log.summaries);
    writeFileSync(join(dir, 'v2.json'), v2Text);
    sameAsApp(join(dir, 'v2.json'), v2Log.summaries);
  });

  it('is reproducible bit for bit with the same seed', async () => {
    const again = await runInMemory(config('pair', ['medium', 'oracle', 'no-op']), instances, deps);
    expect(items(again).map(timeless)).toEqual(items(log).map(timeless));
    expect(again.summaries).toEqual(log.summaries);
  }, 300_000);

  it('shares turn 0 with the vanilla and no-hint baselines', async () => {
    for (const protocol of ['vanilla', 'no-hint']) {
      const other = await runInMemory(config(protocol, ['medium', 'oracle', 'no-op'], { turns: 1 }), instances, deps);
      for (const item of items(other)) {
        const same = items(log).find((i) => i.key === item.key)!;
        expect(timeless(item)[0]).toEqual(timeless(same)[0]);
      }
      expect(other.summaries.map((s) => s.metrics.initialFix)).toEqual(log.summaries.map((s) => s.metrics.initialFix));
    }
  }, 300_000);
});

describe('the budget α', () => {
  it('only cuts a trajectory short: a run with a smaller α is a prefix of one with a larger α', async () => {
    const short = await runInMemory(config('pair', ['low'], { turns: 2 }), instances.slice(0, 2), deps);
    const long = await runInMemory(config('pair', ['low'], { turns: 5 }), instances.slice(0, 2), deps);
    for (const item of items(short)) {
      const longer = items(long).find((i) => i.key === item.key)!;
      expect(timeless(item)).toEqual(timeless(longer).slice(0, item.turns.length));
      if (item.stopReason === 'turns') expect(item.turns).toHaveLength(3);
    }
  }, 300_000);
});

describe('an LLM judge over HTTP', () => {
  it('checks the hints the rules accepted, fails the first one, and never sees hidden data', async () => {
    const bodies: { messages: { role: string; content: string }[] }[] = [];
    const fetchFn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { model: string; messages: { role: string; content: string }[] };
      bodies.push(body);
      const content = bodies.length === 1 ? 'FAIL: it hints at the cause, which is level 3.' : 'PASS';
      return new Response(
        JSON.stringify({
          id: 'j',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 50, completion_tokens: 3 },
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as typeof fetch;
    const judged = await runInMemory(
      {
        ...config('pair', ['medium'], { turns: 2 }),
        roles: { judge: { kind: 'provider', id: 'judge', preset: 'custom', baseURL: 'http://judge.test/v1', model: 'judge-model' } },
      },
      instances.slice(0, 1),
      { ...deps, fetch: fetchFn },
    );
    expect(judged.manifest.models.map((m) => m.role)).toEqual(['candidate', 'feedback', 'judge']);
    const revisions = items(judged).flatMap((i) => i.turns.slice(1));
    expect(revisions.length).toBeGreaterThan(0);
    const first = revisions[0]!;
    expect(first.feedback!.validation!.slice(0, 2).map((a) => [a.accepted, a.judge?.verdict, a.leaks.map((l) => l.kind)])).toEqual([
      [false, 'fail', ['judge']],
      [true, 'pass', []],
    ]);
    expect(first.calls.map((c) => c.role)).toEqual(['feedback', 'judge', 'feedback', 'judge', 'candidate']);
    expect(first.calls.find((c) => c.role === 'judge')!.usage).toEqual({ promptTokens: 50, completionTokens: 3 });
    const judgeCalls = revisions.flatMap((t) => t.calls.filter((c) => c.role === 'judge'));
    expect(judgeCalls).toHaveLength(bodies.length);
    const instance = instances[0]!;
    for (const body of bodies) {
      const text = body.messages.map((m) => m.content).join('\n');
      expect(hiddenData(text, instance)).toBeNull();
      for (const line of instance.reference
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length >= 10))
        expect(text.includes(line), line).toBe(false);
    }
  }, 300_000);
});

describe('vanilla feedback', () => {
  it('gives free hints about failing tests, with no scenario and no level', async () => {
    const log = await runInMemory(config('vanilla', ['medium'], { turns: 3 }), instances.slice(0, 2), deps);
    const revisions = items(log).flatMap((i) => i.turns.slice(1));
    expect(revisions.length).toBeGreaterThan(0);
    for (const t of revisions) {
      expect(t.feedback!.scenario).toBeUndefined();
      expect(t.feedback!.level).toBeUndefined();
      expect(t.feedback!.text.length).toBeGreaterThan(10);
      expect(t.calls.map((c) => c.role)).toEqual(['feedback', 'candidate']);
    }
    expect(log.summaries[0]!.metrics.trs).toBeNull();
    expect(log.summaries[0]!.metrics.he).toBeNull();
  }, 300_000);
});
