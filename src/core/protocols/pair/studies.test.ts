// Studies over runs (Tables V, VI, VII) on hand-made summaries: mean ± std over repeats, τ
// between repeats, and settings compared with τ against the first.
import { describe, expect, it } from 'vitest';
import type { ModelSummary, RunLog } from '../../model/runlog.ts';
import { numericMetrics, type PairSummary } from './metrics.ts';
import { compareSettings, rankingStability, SENSITIVITY_METRICS, settingOf, SHARED_METRICS, spreadRows } from './studies.ts';

const metrics = (over: Partial<PairSummary>): PairSummary =>
  ({
    items: 1,
    initiallyFailing: 1,
    initialFix: 0,
    finalFix: 0,
    netGain: 0,
    trs: null,
    brg: null,
    bp: null,
    pmr: null,
    he: null,
    gc: null,
    turnsToFix: null,
    hcc: null,
    repairRate: null,
    preservationRate: null,
    levelDistribution: [],
    attempted: 0,
    ...over,
  }) as PairSummary;

const summary = (modelId: string, repeats: Partial<PairSummary>[]): ModelSummary =>
  ({
    modelId,
    label: modelId.toUpperCase(),
    simulated: true,
    metrics: numericMetrics(metrics(repeats[0]!)),
    ...(repeats.length > 1 ? { repeats: repeats.map((r) => numericMetrics(metrics(r))) } : {}),
  }) as ModelSummary;

const log = (protocol: string, params: Record<string, number>, summaries: ModelSummary[], feedback = 'Rule-based feedback (simulated)'): RunLog =>
  ({
    manifest: {
      name: protocol,
      protocol: { id: protocol, version: 1 },
      settings: { repeats: summaries[0]!.repeats?.length ?? 1 },
      params: protocol === 'pair' ? { turns: 10, beta: 3, m: 3, ...params } : { turns: 10, m: 3, ...params },
      models: [{ id: 'fb', role: 'feedback', label: feedback }],
    },
    items: [],
    summaries,
  }) as unknown as RunLog;

describe('repeated runs', () => {
  // Three repeats, three models. Final Fix: A .9 .8 1.0 (mean .9, std .1); B .5 .7 .6 (mean .6, std .1); C .1 .2 .3.
  // Turns to Fix: A 2 2 2; B 3 4 3; C 4 3 null.
  const run = log('pair', {}, [
    summary('a', [
      { finalFix: 0.9, turnsToFix: 2, repairRate: 0.3 },
      { finalFix: 0.8, turnsToFix: 2, repairRate: 0.3 },
      { finalFix: 1, turnsToFix: 2, repairRate: 0.3 },
    ]),
    summary('b', [
      { finalFix: 0.5, turnsToFix: 3, repairRate: 0.2 },
      { finalFix: 0.7, turnsToFix: 4, repairRate: 0.2 },
      { finalFix: 0.6, turnsToFix: 3, repairRate: 0.2 },
    ]),
    summary('c', [
      { finalFix: 0.1, turnsToFix: 4, repairRate: 0.1 },
      { finalFix: 0.2, turnsToFix: 3, repairRate: 0.1 },
      { finalFix: 0.3, turnsToFix: null, repairRate: 0.1 },
    ]),
  ]);

  it('mean ± sample std per model, skipping undefined values', () => {
    const rows = spreadRows(run, SHARED_METRICS);
    expect(rows.map((r) => r.modelId)).toEqual(['a', 'b', 'c']);
    expect(rows[0]!.values.finalFix!.mean).toBeCloseTo(0.9, 12);
    expect(rows[0]!.values.finalFix!.std).toBeCloseTo(0.1, 12);
    expect(rows[1]!.values.turnsToFix!.mean).toBeCloseTo(10 / 3, 12);
    expect(rows[1]!.values.turnsToFix!.std).toBeCloseTo(Math.sqrt(1 / 3), 12);
    expect(rows[2]!.values.turnsToFix).toEqual({ mean: 3.5, std: Math.sqrt(0.5) });
    expect(rows[0]!.values.preservationRate).toBeNull();
  });

  it('τ between every pair of repeats, averaged; the mean over metrics with a τ', () => {
    const s = rankingStability(run);
    expect(s.repeats).toBe(3);
    expect(s.tau.finalFix).toBe(1);
    expect(s.tau.repairRate).toBe(1);
    expect(s.tau.preservationRate).toBeNull(); // never defined
    // Turns: r1 (2,3,4) vs r2 (2,4,3): τ = 1/3; r1 vs r3 (2,3,—): 1; r2 vs r3: 1.
    expect(s.tau.turnsToFix).toBeCloseTo(7 / 9, 12);
    expect(s.average).toBeCloseTo((1 + 1 + 7 / 9) / 3, 12);
  });

  it('one repeat has no τ', () => {
    const single = log('pair', {}, [summary('a', [{ finalFix: 1 }]), summary('b', [{ finalFix: 0 }])]);
    expect(rankingStability(single)).toEqual({
      tau: { repairRate: null, preservationRate: null, finalFix: null, turnsToFix: null },
      average: null,
      repeats: 1,
    });
    expect(spreadRows(single, SHARED_METRICS)[0]!.values.finalFix).toEqual({ mean: 1, std: 0 });
  });
});

describe('settings compared', () => {
  const main = log('pair', {}, [summary('a', [{ finalFix: 0.9, he: 4 }]), summary('b', [{ finalFix: 0.6, he: 3 }]), summary('c', [{ finalFix: 0.3, he: 2 }])]);
  const longer = log('pair', { turns: 15, beta: 4 }, [
    summary('c', [{ finalFix: 0.5, he: 2.5 }]),
    summary('a', [{ finalFix: 1, he: 3.9 }]),
    summary('b', [{ finalFix: 0.8, he: 3.95 }]),
  ]);
  const other = log('vanilla', {}, [summary('a', [{ finalFix: 0.9 }]), summary('b', [{ finalFix: 0.9 }])], 'deepseek-chat (DeepSeek)');

  it('lines models up by id, in the first run’s order, with τ against the first run', () => {
    const c = compareSettings([main, longer], SENSITIVITY_METRICS);
    expect(c.models.map((m) => m.modelId)).toEqual(['a', 'b', 'c']);
    expect(c.rows[1]!.map((r) => r.values.finalFix!.mean)).toEqual([1, 0.8, 0.5]);
    expect(c.tau[0]).toBeNull();
    expect(c.tau[1]!.finalFix).toBe(1);
    // HE: main a > b > c; longer b > a > c: one discordant pair of three → τ = 1/3.
    expect(c.tau[1]!.he).toBeCloseTo(1 / 3, 12);
    expect(c.tau[1]!.pmr).toBeNull();
  });

  it('leaves out models missing from a run; ties give τ-b', () => {
    const c = compareSettings([main, other], SENSITIVITY_METRICS);
    expect(c.models.map((m) => m.modelId)).toEqual(['a', 'b']);
    expect(c.tau[1]!.finalFix).toBeNull(); // b ties a in the second run: no τ over one pair with a tie
    expect(c.tau[1]!.he).toBeNull(); // vanilla has no HE
  });

  it('describes each setting by what can differ', () => {
    expect(settingOf(longer.manifest)).toBe('pair, α = 15, β = 4, m = 3, feedback: Rule-based feedback (simulated)');
    expect(settingOf(other.manifest)).toBe('vanilla, α = 10, feedback: deepseek-chat (DeepSeek)');
  });
});
