// Stored scores: what scoreRun stamps, when scores count as made elsewhere, and the metric version
// pins. Each protocol's summaries and item scores on a small fixture run are pinned, by digest, to
// the protocol's metrics.version (metric-pins.json): a change of metric code that changes any
// number fails here until the version is raised, so stored scores never change silently.
//
// To update after raising a version: UPDATE_METRIC_PINS=1 npx vitest run src/core/runner/scores.test.ts
// (it rewrites only the pins whose version was raised). When a fixture changes and the metric code
// does not, replace that pin's digest by hand with the one the failure prints.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ItemRecord, RunLog, Scores } from '../model/runlog.ts';
import { interviewItem, interviewManifest, referenceItem } from '../protocols/interview/test-support.ts';
import { evaluationKey, finished, manifestOf, type Outcome } from '../protocols/prism/test-support.ts';
import { legacyLogFormat, PROTOCOLS } from '../protocols/registry.ts';
import { feedbackOf, talkLogOf } from '../protocols/talk/test-support.ts';
import { currentStamp, runsScoredElsewhere, scoredElsewhere, scoreRun } from './scores.ts';

const PINS_FILE = new URL('./metric-pins.json', import.meta.url);
type Pins = Record<string, { version: number; digest: string }>;

/** A version-1 log (PAIR's family), migrated by the protocol that reads that format. */
function pairFixture(name: string): RunLog {
  const raw = JSON.parse(readFileSync(new URL(`../runlog/fixtures/runlog-v1-${name}.json`, import.meta.url), 'utf8')) as {
    manifest: { schema: string };
    items: unknown[];
  };
  return legacyLogFormat(raw.manifest.schema)!.migrate(raw);
}

function talkFixture(): RunLog {
  return talkLogOf({
    setting: 'sentence',
    steps: 3,
    instances: { q: ['t1', 't2', 't3', 't4'], r: ['u1', 'u2'] },
    models: ['m', 'n'],
    items: {
      'q|m': [
        { passed: ['t1'], code: 'x = 1' },
        { passed: ['t1', 't2'], code: 'x = 12', feedback: feedbackOf('sentence', 'incorrect') },
        { passed: ['t1', 't2', 't3', 't4'], code: 'x = 1234', feedback: feedbackOf('sentence', 'correct'), style: 2 },
      ],
      'r|m': [{ passed: ['u1', 'u2'], code: 'y = 0', style: 0 }],
      'q|n': [
        { passed: [], code: 'pass' },
        { passed: ['t3'], code: 'pass # 3', feedback: feedbackOf('sentence', 'unclear') },
        { passed: ['t1'], noCode: true, feedback: feedbackOf('sentence', 'incorrect') },
      ],
      'r|n': [
        { passed: ['u2'], code: 'y = 1' },
        { passed: [], code: 'y = 2', feedback: feedbackOf('sentence', 'correct') },
      ],
    },
  });
}

function prismFixture(): RunLog {
  const manifest = manifestOf({ concepts: 'a, b', difficulties: 'easy, medium, hard', initialNodes: 'singles', maxNodes: 3 }, {}, ['m', 'n']);
  const plan: [string, number, string[], number, Outcome][] = [
    ['m', 0, ['a'], 0, 'pass'],
    ['m', 1, ['b'], 0, 'pass'],
    ['m', 2, ['a', 'b'], 1, 'fail'],
    ['n', 0, ['b'], 0, 'fail'],
    ['n', 1, ['a'], 2, 'pass'],
  ];
  const items: ItemRecord[] = plan.map(([modelId, evaluation, concepts, level, outcome]) =>
    finished(
      {
        key: evaluationKey(modelId, 0, evaluation),
        modelId,
        repeat: 0,
        data: { evaluation, node: `n${evaluation}`, concepts, difficulty: ['easy', 'medium', 'hard'][level]!, level, phase: 1, how: 'root' },
      },
      outcome,
    ),
  );
  return { manifest, items, summaries: [] };
}

function interviewFixture(): RunLog {
  const manifest = interviewManifest(undefined, ['m', 'n']);
  const items = [
    interviewItem({
      unguided: { checks: [true, false, true], judge: [true, true, false] },
      turns: [
        { checks: [true, true, false], review: 'hint' },
        { checks: [true, true, true], review: 'over' },
      ],
      guidedJudge: [true, true, true],
    }),
    interviewItem({
      modelId: 'n',
      unguided: { checks: [false, false, false], judge: [false, true, false] },
      turns: [
        { checks: [true, false, false], review: 'hint' },
        { checks: [true, true, false], review: 'hint', delivered: false },
      ],
      guidedJudge: [true, false, true],
    }),
    referenceItem([true, true, true], [true, true, false]),
  ];
  return { manifest, items, summaries: [] };
}

/** A small run of each protocol, made by the protocols' test support. */
const FIXTURES: Record<string, () => RunLog> = {
  pair: () => pairFixture('pair'),
  vanilla: () => pairFixture('vanilla'),
  'no-hint': () => pairFixture('no-hint'),
  talk: talkFixture,
  prism: prismFixture,
  interview: interviewFixture,
};

/** JSON with every object's keys sorted: the same numbers give the same text, whatever order the code writes keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The digest of everything the protocol's metric code computes on a run: its summaries and its item scores. */
function digestOf(log: RunLog): string {
  const scores = scoreRun(log.manifest, log.items)!;
  return createHash('sha256')
    .update(canonical({ summaries: scores.summaries, items: scores.items }))
    .digest('hex');
}

describe('a summary is the reduction of its item scores, and of nothing else', () => {
  for (const [id, make] of Object.entries(FIXTURES)) {
    it(`${id}: each model's row, overall and per repeat, is reduced again from the stored item scores alone`, () => {
      const log = make();
      const stored = JSON.parse(JSON.stringify(scoreRun(log.manifest, log.items))) as Scores;
      const { reduce } = PROTOCOLS[id]!.metrics;
      expect(stored.summaries.length).toBeGreaterThan(0);
      for (const row of stored.summaries) {
        const mine = log.items.filter((i) => i.modelId === row.modelId);
        const again = reduce(
          log.manifest,
          mine.map((i) => stored.items[i.key]!),
        );
        expect(again.items, row.modelId).toBe(row.items);
        expect(again.metrics, row.modelId).toEqual(row.metrics);
        expect(again.data, row.modelId).toEqual(row.data);
        row.repeats?.forEach((metrics, r) =>
          expect(
            reduce(
              log.manifest,
              mine.filter((i) => i.repeat === r).map((i) => stored.items[i.key]!),
            ).metrics,
          ).toEqual(metrics),
        );
      }
    });
  }
});

describe('metric version pins', () => {
  const pins = JSON.parse(readFileSync(PINS_FILE, 'utf8')) as Pins;
  const update = process.env.UPDATE_METRIC_PINS === '1';

  it('has a fixture run and a pin for every protocol', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(PROTOCOLS).sort());
    if (!update) expect(Object.keys(pins).sort()).toEqual(Object.keys(PROTOCOLS).sort());
  });

  for (const [id, make] of Object.entries(FIXTURES)) {
    it(`${id}: the fixture's numbers are those its metrics version pinned`, () => {
      const protocol = PROTOCOLS[id]!;
      const log = make();
      expect(log.manifest.protocol.id).toBe(id);
      const version = protocol.metrics.version;
      const digest = digestOf(log);
      const pin = pins[id];
      if (update && (!pin || pin.version !== version)) {
        pins[id] = { version, digest };
        writeFileSync(PINS_FILE, `${JSON.stringify(pins, null, 2)}\n`);
        return;
      }
      expect(
        pin,
        `no pin for the "${id}" protocol in src/core/runner/metric-pins.json: run UPDATE_METRIC_PINS=1 npx vitest run src/core/runner/scores.test.ts`,
      ).toBeDefined();
      expect(
        pin!.version,
        `the "${id}" protocol's metrics.version is ${version}, but its pin is for version ${pin!.version}: update the pin (UPDATE_METRIC_PINS=1 npx vitest run src/core/runner/scores.test.ts)`,
      ).toBe(version);
      expect(
        digest,
        `the numbers of the "${id}" metrics changed (summaries or item scores of its fixture run; digest now ${digest}). ` +
          `Stored scores say which metric code made them: raise metrics.version of the "${id}" protocol (now ${version}) in its registry entry, ` +
          `then update its pin (UPDATE_METRIC_PINS=1 npx vitest run src/core/runner/scores.test.ts). See docs/architecture.md, "Where each measure is computed".`,
      ).toBe(pin!.digest);
    });
  }

  it('sees a changed number (the digest covers item scores and summaries alike)', () => {
    const log = prismFixture();
    const before = digestOf(log);
    const last = log.items[4]!.steps.at(-1)!;
    last.data = { ...(last.data as object), run: { status: 'ok', passed: 4, failed: 1, errors: 0, cases: [], durationMs: 1, output: '' } };
    expect(digestOf(log)).not.toBe(before);
  });
});

describe('scoreRun and scoredElsewhere', () => {
  const log = talkFixture();

  it('stamps the protocol and its metrics version, the time, the summaries and every item’s numbers', () => {
    const scores = scoreRun(log.manifest, log.items, new Date('2026-02-03T04:05:06Z'))!;
    expect(scores.metrics).toEqual({ protocol: 'talk', version: PROTOCOLS.talk!.metrics.version });
    expect(scores.scoredAt).toBe('2026-02-03T04:05:06.000Z');
    expect(scores.summaries).toEqual(log.summaries);
    expect(Object.keys(scores.items).sort()).toEqual(log.items.map((i) => i.key).sort());
    expect(scores.items['q|m|0']!.tca).toBe(1);
  });

  it('knows no scores for a protocol this copy does not have', () => {
    expect(scoreRun({ ...log.manifest, protocol: { id: 'later', version: 1 } }, log.items)).toBeUndefined();
    expect(currentStamp('later')).toBeUndefined();
  });

  it('says nothing for scores of this copy’s version; names both versions otherwise', () => {
    const scores = scoreRun(log.manifest, log.items)!;
    expect(scoredElsewhere(scores)).toBeNull();
    const v = scores.metrics.version;
    expect(scoredElsewhere({ ...scores, metrics: { protocol: 'talk', version: v + 1 } })).toBe(
      `scored by version ${v + 1} of the talk metrics; this copy has version ${v}`,
    );
    expect(scoredElsewhere({ ...scores, metrics: { protocol: 'later', version: 3 } })).toMatch(/later protocol \(version 3\), which this copy does not have/);
  });
});

describe('runs set side by side', () => {
  it('names those whose stored scores another version made, by their place in the list', () => {
    const log = talkFixture();
    const now = { ...log, scores: scoreRun(log.manifest, log.items)! };
    const older = { ...log, manifest: { ...log.manifest, name: 'older' }, scores: { ...now.scores, metrics: { ...now.scores.metrics, version: 0 } } };
    const unscored = { manifest: log.manifest };
    expect(runsScoredElsewhere([now, unscored, older])).toEqual([{ index: 2, name: 'older', reason: scoredElsewhere(older.scores)! }]);
    expect(scoredElsewhere(older.scores)).toContain('version 0 of the talk metrics');
  });
});
