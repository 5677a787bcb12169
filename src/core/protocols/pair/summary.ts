// Per-model summaries of a PAIR-family run: tokens and cost, and the PAIR trajectory metrics
// (over all repeats, and per repeat for repeated runs). A pure function of the items.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import { modelRow } from '../shared/summary.ts';
import { aggregate, instanceMetrics, numericMetrics, type InstanceMetrics, type PairSummary, type Trajectory } from './metrics.ts';
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

export function summarize(manifest: Manifest, records: readonly ItemRecord[]): ModelSummary[] {
  const tests = testIdsOf(manifest);
  const items = records.map((i) => pairItem(i, tests));
  const metricsOf = (list: PairItem[]) => aggregate(list.map((i) => instanceMetrics(trajectoryOf(i, tests.get(i.instanceId) ?? []))));
  const repeats = manifest.settings.repeats;
  return manifest.models
    .filter((m) => m.role === 'candidate')
    .map((m) => {
      const mine = items.filter((i) => i.modelId === m.id && i.turns.length > 0);
      const metrics = metricsOf(mine);
      return modelRow(m, records, repeats, {
        items: mine.length,
        metrics: numericMetrics(metrics),
        ofRepeat: (r) => numericMetrics(metricsOf(mine.filter((i) => i.repeat === r))),
        data: { levelDistribution: metrics.levelDistribution },
      });
    });
}

/** Each instance's test ids, read once per manifest (item scores are asked for item by item). */
const testsByManifest = new WeakMap<Manifest, ReadonlyMap<string, readonly string[]>>();
function testsOf(manifest: Manifest): ReadonlyMap<string, readonly string[]> {
  let tests = testsByManifest.get(manifest);
  if (!tests) testsByManifest.set(manifest, (tests = testIdsOf(manifest)));
  return tests;
}

/** An item's own numbers, from the same per-instance metrics the leaderboard aggregates (yes/no as 1/0). */
const ITEM_SCORES: Record<string, (m: InstanceMetrics) => number | null> = {
  p0: (m) => m.p0,
  best: (m) => m.best,
  initialFix: (m) => Number(m.initialFix),
  finalFix: (m) => Number(m.finalFix),
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
};

/** One item's PAIR metrics; all null for an item with no evaluated turn (the leaderboard leaves it out too). */
export function itemScores(manifest: Manifest, record: ItemRecord): Record<string, number | null> {
  const tests = testsOf(manifest);
  const item = pairItem(record, tests);
  const m = item.turns.length ? instanceMetrics(trajectoryOf(item, tests.get(item.instanceId) ?? [])) : null;
  return Object.fromEntries(Object.entries(ITEM_SCORES).map(([key, pick]) => [key, m ? pick(m) : null]));
}
