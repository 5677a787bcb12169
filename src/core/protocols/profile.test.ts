// The profile of hand-made runs: three models a, b, c under the four protocols (x only under
// PAIR), with values chosen so that every number below can be checked by hand.
// It lies beside the protocol folders (as the registry does) because it builds its runs with each
// protocol's own test support.
import { describe, expect, it } from 'vitest';
import { RUNLOG_SCHEMA, type ItemRecord, type Manifest, type RunLog } from '../model/runlog.ts';
import { interviewItem, interviewManifest } from './interview/test-support.ts';
import { logOf } from './pair/test-support.ts';
import { evaluationKey, finished, manifestOf, type Outcome } from './prism/test-support.ts';
import { requireProtocol, summarizeRun } from './registry.ts';
import { talkLogOf } from './talk/test-support.ts';
import { modelProfile, profileGap } from '../profile/profile.ts';
import { profileReport, SINGLE_MODEL } from '../profile/report.ts';
import { fingerprints } from '../profile/fingerprint.ts';

const pairManifest: Manifest = {
  schema: RUNLOG_SCHEMA,
  runId: 'run-pair',
  name: 'PAIR fixture',
  createdAt: '2026-01-01T00:00:00.000Z',
  protocol: { id: 'pair', version: 1 },
  settings: { repeats: 1, concurrency: 1, seed: 3, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
  params: { turns: 1, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' },
  dataset: { id: 'd', name: 'd', hash: 'h', instances: ['i1', 'i2'].map((id) => ({ id, title: id, testIds: ['t1', 't2'] })) },
  models: ['a', 'b', 'c', 'x'].map((id) => ({ id, label: `Model ${id}`, role: 'candidate', simulated: true, model: id })),
  app: { version: 't', pyodide: 't' },
  prompts: {},
};
const full = ['t1', 't2'];
const half = ['t1'];
// Final Fix: a 2/2, b 1/2, c 0/2, x 1/2.
const pairItem = (instanceId: string, modelId: string, passed: string[]) => ({
  instanceId,
  modelId,
  repeat: 0,
  initialPassed: [],
  turns: [{ index: 0, passed }],
});
const pair = logOf(pairManifest, [
  pairItem('i1', 'a', full),
  pairItem('i2', 'a', full),
  pairItem('i1', 'b', full),
  pairItem('i2', 'b', half),
  pairItem('i1', 'c', half),
  pairItem('i2', 'c', half),
  pairItem('i1', 'x', full),
  pairItem('i2', 'x', half),
]);

// Talk TCA: static a 1, b 0.5, c 0; paragraph reversed: a 0, b 0.5, c 1.
const talk = (setting: string, tca: Record<string, string[]>) =>
  talkLogOf({
    setting,
    instances: { i1: full },
    models: ['a', 'b', 'c'],
    items: Object.fromEntries(Object.entries(tca).map(([m, passed]) => [`i1|${m}`, [{ passed }]])),
  });
const talkStatic = talk('static', { a: full, b: half, c: [] });
const talkParagraph = talk('paragraph', { a: [], b: half, c: full });

// PrismBench SR: a 2/2, b 1/2, c 0/2 (concept p passed by a and b, q by a only).
const prismParams = { concepts: 'p, q', difficulties: 'easy, medium, hard', initialNodes: 'singles', maxNodes: 2 };
const prismItems = (modelId: string, plan: [string, Outcome][]): ItemRecord[] =>
  plan.map(([concept, outcome], evaluation) =>
    finished(
      {
        key: evaluationKey(modelId, 0, evaluation),
        modelId,
        repeat: 0,
        data: { evaluation, node: `n${evaluation}`, concepts: [concept], difficulty: 'easy', level: 0, phase: 1, how: 'root' },
      },
      outcome,
    ),
  );
const prismManifest = manifestOf(prismParams, {}, ['a', 'b', 'c']);
const prismRecords = [
  ...prismItems('a', [
    ['p', 'pass'],
    ['q', 'pass'],
  ]),
  ...prismItems('b', [
    ['p', 'pass'],
    ['q', 'fail'],
  ]),
  ...prismItems('c', [
    ['p', 'fail'],
    ['q', 'fail'],
  ]),
];
const prism: RunLog = { manifest: prismManifest, items: prismRecords, summaries: [] };

// Interview on the chain task R0 → R1 → R2: S_G a 1, b 1/3, c 0; S′_G all 1.
const interviewManifestOf = interviewManifest(undefined, ['a', 'b', 'c']);
const interviewItems = [
  interviewItem({ modelId: 'a', unguided: { checks: [true, true, true] }, turns: [{ checks: [true, true, true], review: 'over' }] }),
  interviewItem({ modelId: 'b', unguided: { checks: [true, false, true] }, turns: [{ checks: [true, true, true], review: 'over' }] }),
  interviewItem({ modelId: 'c', unguided: { checks: [false, false, false] }, turns: [{ checks: [true, true, true], review: 'over' }] }),
];
const interview: RunLog = { manifest: interviewManifestOf, items: interviewItems, summaries: summarizeRun(interviewManifestOf, interviewItems) };

const logs = [pair, talkStatic, talkParagraph, prism, interview];

describe('the model profile of hand-made runs', () => {
  const p = modelProfile(logs, { replicates: 200 });
  const measure = (label: string) => p.measures.find((m) => m.label === label)!.values.map((v) => v.value);

  it('needs all four protocols, Talk static and a feedback setting', () => {
    expect(profileGap(logs)).toBeNull();
    expect(profileGap([pair, talkStatic, prism, interview])).toMatch(/a Talk run with feedback/);
    expect(profileGap([pair, talkParagraph, prism, interview])).toMatch(/a Talk static run/);
    expect(profileGap([pair, talkStatic, talkParagraph, interview])).toMatch(/a PrismBench run/);
    expect(() => modelProfile([pair])).toThrow(/missing: a Talk run, a PrismBench run, an Interview run/);
  });

  it('matches models by id: x, only under PAIR, is left out and named', () => {
    expect(p.models.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(p.unmatched).toEqual([{ id: 'x', label: 'Model x', missingFrom: ['Talk static', 'Talk paragraph', 'PrismBench', 'Interview'] }]);
  });

  it('takes each value from the protocol’s own summary', () => {
    expect(measure('PAIR Initial Fix')).toEqual([1, 0.5, 0]);
    expect(measure('PAIR Final Fix')).toEqual([1, 0.5, 0]);
    expect(measure('Talk static TCA')).toEqual([1, 0.5, 0]);
    expect(measure('Talk paragraph TCA')).toEqual([0, 0.5, 1]);
    expect(measure('PrismBench SR')).toEqual([1, 0.5, 0]);
    expect(measure('Interview S_G')).toEqual([1, 1 / 3, 0]);
    expect(measure('Interview S′_G')).toEqual([1, 1, 1]);
    expect(p.measures.every((m) => m.consistent)).toBe(true);
  });

  it('ranks per protocol, and τ, footrule and discordant pairs between the rankings', () => {
    expect(p.columns.map((c) => [c.label, c.ranks])).toEqual([
      ['PAIR Initial Fix', [1, 2, 3]],
      ['PAIR Final Fix', [1, 2, 3]],
      ['Talk static TCA', [1, 2, 3]],
      ['Talk paragraph TCA', [3, 2, 1]],
      ['PrismBench SR', [1, 2, 3]],
      ['Interview S_G', [1, 2, 3]],
      ['Interview S′_G', [2, 2, 2]],
    ]);
    // PAIR's one turn is its initial repair: Initial Fix and Final Fix agree.
    expect(p.tau[0]![1]!.value).toBe(1);
    // PAIR vs Talk static: the same order; PAIR vs paragraph: reversed (footrule 4 / ⌊9/2⌋ = 1).
    expect(p.tau[1]![2]!.value).toBe(1);
    expect(p.footrule[1]![2]!.value).toBe(0);
    expect(p.tau[1]![3]!.value).toBe(-1);
    expect(p.footrule[1]![3]!.value).toBe(1);
    // S′_G ties every model: τ-b is undefined; the footrule is (1 + 0 + 1) / 4.
    expect(p.tau[1]![6]!.value).toBeNull();
    expect(p.footrule[1]![6]!.value).toBe(0.5);
    expect(p.discordant.find((d) => d.a === 1 && d.b === 3)!.pairs.map((x) => [x.first, x.second])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(p.discordant.find((d) => d.a === 1 && d.b === 2)!.pairs).toEqual([]);
    // Talk's own rank change against static: reversed, footrule 4 / (3·2/2).
    const talk = p.sections.find((s) => s.protocol === 'talk')!.data as { byTca: { normalized: number | null }[] };
    expect(talk.byTca[1]!.normalized).toBeCloseTo(4 / 3, 12);
    expect(p.sections.map((s) => s.protocol)).toEqual(['talk', 'prism']);
  });

  it('bootstraps intervals around the values, the same for a seed', () => {
    const finalFix = p.measures.find((m) => m.label === 'PAIR Final Fix')!.values;
    // a fixed both instances: every draw gives 1; c fixed none: 0.
    expect(finalFix[0]!.ci).toEqual({ lo: 1, hi: 1 });
    expect(finalFix[2]!.ci).toEqual({ lo: 0, hi: 0 });
    expect(finalFix[1]!.ci).toEqual({ lo: 0, hi: 1 });
    expect(modelProfile(logs, { replicates: 200 })).toEqual(p);
    expect(p.bootstrap).toEqual({ replicates: 200, seed: 3 });
    expect(modelProfile(logs, { replicates: 200, seed: 4 }).bootstrap.seed).toBe(4);
  });

  it('names the weakest concepts by PrismBench’s fitted skill, with SR(c) beside it', () => {
    const prism = p.sections.find((s) => s.protocol === 'prism')!.data as {
      concepts: { concept: string; success: number | null; n: number }[][];
      weakest: string[][];
    };
    const b = prism.concepts[1]!;
    expect(b.map((c) => [c.concept, c.success, c.n])).toEqual([
      ['q', 0, 1],
      ['p', 1, 1],
    ]);
    // Fewer than 3 evaluations per concept: none is named weakest.
    expect(prism.weakest).toEqual([[], [], []]);
    expect(profileReport(p)).toContain('Kendall');
  });

  it('of one model: its measures and weakest concepts, and no ranks, agreement or rank change', () => {
    const only = (l: RunLog): RunLog => ({
      ...l,
      manifest: { ...l.manifest, models: l.manifest.models.filter((m) => m.id === 'a') },
      items: l.items.filter((i) => i.modelId === 'a'),
      summaries: l.summaries.filter((s) => s.modelId === 'a'),
    });
    const one = modelProfile(logs.map(only), { replicates: 50 });
    expect(one.models.map((m) => m.id)).toEqual(['a']);
    expect(one.ranked).toBe(false);
    expect(one.measures.find((m) => m.label === 'PAIR Final Fix')!.values.map((v) => v.value)).toEqual([1]);
    expect(fingerprints(one)[0]!.rows.every((r) => r.rank === null)).toBe(true);
    const text = profileReport(one);
    expect(text).toContain(SINGLE_MODEL);
    expect(text).not.toContain('Ranks per protocol');
    expect(text).not.toContain("Kendall's τ-b");
    expect(text).toContain('PrismBench: per concept');
    expect(one.sections.map((s) => s.protocol)).toEqual(['prism']);
    expect(p.ranked).toBe(true);
  });
});
