// Run logs written before run log version 2 still open. The fixtures were written by the
// version-1 app (PAIR, vanilla and no-hint runs with simulated models, two repeats) together
// with what `hintbench report` printed for them then; the migrated logs must report the same,
// digit for digit, and keep every turn.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool } from '../../../../workers/node-executor.ts';
import { runInMemory } from '../../runner/test-run.ts';
import type { Instance } from '../../model/instance.ts';
import { RUNLOG_SCHEMA, type RunLog } from '../../model/runlog.ts';
import { parseRunLog, toJson, toJsonl } from '../../runner/export.ts';
import { requireProtocol } from '../registry.ts';
import { RUNLOG_V1, type RunLogV1 } from './runlog-v1.ts';
import { pairLog } from './view.ts';

const fixture = (name: string) => readFileSync(new URL(`../../runlog/fixtures/${name}`, import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);

/** Version 1's JSONL export of the same log: the manifest, the items, then one line per turn. */
function v1Jsonl(log: RunLogV1): string {
  const lines: unknown[] = [{ type: 'manifest', manifest: log.manifest }];
  for (const { turns: _t, ...item } of log.items) lines.push({ type: 'item', item });
  for (const item of log.items) for (const turn of item.turns) lines.push({ type: 'turn', item: item.key, turn });
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe.each(['pair', 'vanilla', 'no-hint'])('a version-1 %s log', (protocol) => {
  const text = fixture(`runlog-v1-${protocol}.json`);
  const old = JSON.parse(text) as RunLogV1;
  let log: RunLog;
  beforeAll(async () => {
    log = await parseRunLog(text);
  });

  it('opens as version 2, with settings and the protocol’s own parameters apart', () => {
    expect(old.manifest.schema).toBe(RUNLOG_V1);
    expect(log.manifest.schema).toBe(RUNLOG_SCHEMA);
    expect(log.manifest.protocol).toEqual({ id: protocol, version: 1 });
    expect(log.manifest.settings).toEqual({ repeats: 2, concurrency: 2, seed: 7, budgetUsd: null, maxRetries: 4, requestTimeoutMs: 120_000 });
    const expected = {
      pair: ['turns', 'beta', 'm', 'kMax', 'sMin', 'regenerations', 'onHintRejected'],
      vanilla: ['turns', 'm', 'regenerations'],
      'no-hint': ['turns'],
    }[protocol]!;
    expect(Object.keys(log.manifest.params)).toEqual(expected);
    for (const key of expected) expect(log.manifest.params[key]).toBe(old.manifest.params[key as keyof typeof old.manifest.params]);
  });

  it('reports what version 1 reported, digit for digit', () => {
    expect(requireProtocol(protocol).report.run(log)).toBe(fixture(`runlog-v1-${protocol}.report.txt`));
  });

  it('keeps every turn: prompt, reply, program, passing tests, feedback, calls', () => {
    const items = pairLog(log).items;
    expect(items.map((i) => i.key)).toEqual(old.items.map((i) => i.key));
    items.forEach((item, k) => {
      const before = old.items[k]!;
      expect(item.initialPassed).toEqual(before.initialPassed);
      expect(item.turns).toEqual(before.turns.map(({ feedback, ...t }) => (feedback ? { ...t, feedback } : t)));
    });
  });

  it('reads the buggy program back from turn 0’s prompt as the program each item starts from', () => {
    for (const item of log.items) {
      const buggy = builtin.find((i) => i.id === item.instanceId)!.buggy;
      expect(item.start!.code).toBe(buggy.endsWith('\n') ? buggy : `${buggy}\n`);
    }
  });

  it('opens from version 1’s JSONL too, and writes version 3 that reads back the same', async () => {
    // Scored when read (version 1 stored no scores): the same scores, at another time.
    const unstamped = (l: RunLog) => ({ ...l, scores: { ...l.scores!, scoredAt: '' } });
    expect(unstamped(await parseRunLog(v1Jsonl(old)))).toEqual(unstamped(log));
    expect(await parseRunLog(toJson(log))).toEqual(log);
    expect(await parseRunLog(toJsonl(log))).toEqual(log);
  });

  it('summaries agree with those version 1 recorded', () => {
    const recorded = old.summaries as { modelId: string; metrics: Record<string, unknown> }[];
    expect(log.summaries.map((s) => s.modelId)).toEqual(recorded.map((s) => s.modelId));
    log.summaries.forEach((s, k) => {
      const { levelDistribution, ...numbers } = recorded[k]!.metrics;
      expect(s.metrics).toEqual(numbers);
      expect((s.data as { levelDistribution: unknown }).levelDistribution).toEqual(levelDistribution);
    });
  });
});

describe('parameters a version-1 log did not record', () => {
  it('are filled with the defaults and marked as inferred, not passed off as recorded', async () => {
    const old = JSON.parse(fixture('runlog-v1-pair.json')) as RunLogV1;
    expect((await parseRunLog(JSON.stringify(old))).manifest.inferredParams).toBeUndefined();
    // An older log without s_min and the rejected-hint policy (they came later).
    delete old.manifest.params.sMin;
    delete old.manifest.params.onHintRejected;
    const log = await parseRunLog(JSON.stringify(old));
    expect(log.manifest.inferredParams).toEqual(['sMin', 'onHintRejected']);
    expect(log.manifest.params).toMatchObject({ sMin: 3, onHintRejected: 'best-effort', beta: 3 });
    // Written out and read again, they stay marked.
    expect((await parseRunLog(toJson(log))).manifest.inferredParams).toEqual(['sMin', 'onHintRejected']);
  });
});

describe('the engine reproduces version 1', () => {
  // The fixtures' runs, run again by this version on the same instances with the same seed:
  // every turn and the report come out as version 1 wrote them (version 1's runs used the
  // demo subset's first instances, low and high skill, α = 3 (2 for the baselines), 2 repeats).
  const pool = new NodeExecutorPool(2);
  afterAll(() => pool.close());
  const mutator = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
  const demo = builtin.filter((i) => i.subsets?.includes('demo'));

  it.each([
    ['pair', 3, 3],
    ['vanilla', 2, 2],
  ] as const)(
    '%s: the same turns and the same report',
    async (protocol, turns, instances) => {
      const fresh = await runInMemory(
        {
          name: `v1 fixture (${protocol})`,
          protocol,
          candidates: [
            { kind: 'simulated', profile: 'low' },
            { kind: 'simulated', profile: 'high' },
          ],
          params: { turns },
          settings: { repeats: 2, seed: 7, concurrency: 2 },
        },
        demo.slice(0, instances),
        { executor: pool, mutator },
      );
      const stored = await parseRunLog(fixture(`runlog-v1-${protocol}.json`));
      const timeless = (l: typeof stored) =>
        pairLog(l).items.map((i) => [
          i.key,
          i.stopReason,
          i.turns.map((t) => [t.prompt, t.reply, t.code, t.passed, t.feedback ?? null, t.calls.map((c) => [c.role, c.content])]),
        ]);
      // The rule-based model's words at L1 and L2 changed since version 1 (more input traits;
      // then only claims the tests bear out, and a fact more at L2), so the hint texts are masked
      // (in the feedback, its attempts and the prompts that carry it); every other word, every
      // program, level, test result and call, and the report below are as version 1 wrote them.
      const masked = (l: typeof stored) => {
        const hints = pairLog(l).items.flatMap((i) => i.turns.flatMap((t) => (t.feedback?.text ? [t.feedback.text] : [])));
        let text = JSON.stringify(timeless(l));
        for (const h of [...new Set(hints)].sort((a, b) => b.length - a.length)) text = text.split(JSON.stringify(h).slice(1, -1)).join('<hint>');
        return JSON.parse(text) as unknown;
      };
      expect(masked(fresh)).toEqual(masked(stored));
      const hintCount = (l: typeof stored) => JSON.stringify(masked(l)).split('<hint>').length;
      expect(hintCount(fresh)).toBe(hintCount(stored)); // the same number of hints, in the same places
      expect(hintCount(stored)).toBeGreaterThan(1);
      // The report too, but for the token counts: a hint's length is part of the next prompt.
      const tokensMasked = (report: string) => report.replace(/ +\d+(?= +\$\d)/g, ' <tokens>');
      expect(tokensMasked(requireProtocol(protocol).report.run(fresh))).toBe(tokensMasked(fixture(`runlog-v1-${protocol}.report.txt`)));
    },
    300_000,
  );
});

describe('logs this version cannot read', () => {
  it('say which version they are', async () => {
    await expect(parseRunLog(JSON.stringify({ manifest: { schema: 'hintbench.runlog/4' }, items: [], summaries: [] }))).rejects.toThrow(
      'reads run logs of versions 1 to 3, not "hintbench.runlog/4"',
    );
  });

  it('a step whose protocol data is malformed is named', async () => {
    const log = await parseRunLog(fixture('runlog-v1-pair.json'));
    const broken = structuredClone(log);
    broken.items[0]!.steps[1]!.data = { extraction: 'telepathy' };
    await expect(parseRunLog(toJson(broken))).rejects.toThrow(/item ".*", step 1: field "extraction"/);
  });
});
