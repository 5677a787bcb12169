// PAIR's scorer and reducers: an item's trajectory metrics as its score record, and a model's
// leaderboard row (Table III and the RQ2 rates) as their reduction. Pure functions.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import { mean } from '../../stats/stats.ts';
import type { Reduction } from '../contract.ts';
import { measuring, sumOf, valuesOf, where, type ItemScore } from '../reduce.ts';
import { instanceMetrics, numericMetrics, type InstanceMetrics, type PairSummary, type Trajectory } from './metrics.ts';
import { pairItem, testIdsOf, type PairItem } from './view.ts';

/** An item's trajectory as the metrics read it: the recorded passing ids, targets, levels and samples. */
export function trajectoryOf(item: PairItem, testIds: readonly string[]): Trajectory {
  return {
    tests: testIds,
    turns: item.turns.map((t) => ({
      passed: t.passed,
      ...(t.feedback?.scenario ? { scenario: t.feedback.scenario } : {}),
      ...(t.feedback?.level !== undefined ? { level: t.feedback.level } : {}),
      ...(t.feedback?.sampleIds ? { shown: t.feedback.sampleIds } : {}),
    })),
  };
}

/** PAIR's metrics of a summary (its `metrics` block holds nothing else). */
export const pairMetrics = (s: ModelSummary) => s.metrics as unknown as PairSummary;

/** Each instance's test ids, read once per manifest (item scores are asked for item by item). */
const testsByManifest = new WeakMap<Manifest, ReadonlyMap<string, readonly string[]>>();
function testsOf(manifest: Manifest): ReadonlyMap<string, readonly string[]> {
  let tests = testsByManifest.get(manifest);
  if (!tests) testsByManifest.set(manifest, (tests = testIdsOf(manifest)));
  return tests;
}

/** Item-record fields: an item's attempted scenarios by the level that closed them, in Fig. 3's buckets. */
export const CLOSED_AT = ['closedL1', 'closedL2', 'closedL3', 'closedL4', 'closedL5', 'closedL6', 'unclosed'] as const;

/** An item's own numbers, from its per-instance metrics (yes/no as 1/0), with the counts the leaderboard pools. */
const ITEM_SCORES: Record<string, (m: InstanceMetrics) => number | null> = {
  p0: (m) => m.p0,
  best: (m) => m.best,
  initialFix: (m) => Number(m.initialFix),
  finalFix: (m) => Number(m.finalFix),
  failing: (m) => Number(m.initiallyFailing),
  gc: (m) => m.gc,
  trs: (m) => m.trs,
  brg: (m) => m.brg,
  bp: (m) => m.bp,
  pmr: (m) => m.pmr,
  he: (m) => m.he,
  turnsToFix: (m) => m.turnsToFix,
  hcc: (m) => m.hcc,
  repairRate: (m) => m.repairRate,
  attempted: (m) => m.attempts.length,
  ...Object.fromEntries(
    CLOSED_AT.map((key, i) => [key, (m: InstanceMetrics) => m.attempts.filter((a) => (a.closedAt === null ? 6 : a.closedAt - 1) === i).length]),
  ),
};

/** One trajectory's score record (the scorer's work, apart from reading the item). */
export const scoreOf = (m: InstanceMetrics | null): ItemScore =>
  Object.fromEntries(Object.entries(ITEM_SCORES).map(([key, pick]) => [key, m ? pick(m) : null]));

/** One item's PAIR metrics; all null for an item with no evaluated turn (the leaderboard leaves it out too). */
export function itemScores(manifest: Manifest, record: ItemRecord): ItemScore {
  const tests = testsOf(manifest);
  const item = pairItem(record, tests);
  return scoreOf(item.turns.length ? instanceMetrics(trajectoryOf(item, tests.get(item.instanceId) ?? [])) : null);
}

/** Aggregate per the paper: fix rates over all items, the rest over the initially failing ones. */
export function reducePair(scores: readonly ItemScore[]): PairSummary {
  const items = measuring(scores, 'initialFix');
  const failing = where(items, 'failing');
  const over = (key: string) => mean(valuesOf(failing, key));
  const share = (key: string) => (items.length ? where(items, key).length / items.length : 0);
  const attempted = sumOf(items, 'attempted');
  const initialFix = share('initialFix');
  const finalFix = share('finalFix');
  const bp = over('bp');
  return {
    items: items.length,
    initiallyFailing: failing.length,
    initialFix,
    finalFix,
    netGain: finalFix - initialFix,
    trs: over('trs'),
    brg: over('brg'),
    bp,
    pmr: over('pmr'),
    he: over('he'),
    gc: over('gc'),
    turnsToFix: over('turnsToFix'),
    hcc: over('hcc'),
    repairRate: over('repairRate'),
    preservationRate: bp,
    levelDistribution: CLOSED_AT.map((key) => (attempted ? sumOf(items, key) / attempted : 0)),
    attempted,
  };
}

/** A model's leaderboard numbers from its items' score records; the level distribution is the figures' block. */
export function reduce(_manifest: Manifest, scores: readonly ItemScore[]): Reduction {
  const s = reducePair(scores);
  return { items: s.items, metrics: numericMetrics(s), data: { levelDistribution: s.levelDistribution } };
}
