// Per-model summaries of a PAIR-family run: tokens and cost, and the PAIR trajectory metrics
// (over all repeats, and per repeat for repeated runs). A pure function of the items.
import { callTotals } from '../../llm/totals.ts';
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import { aggregate, instanceMetrics, numericMetrics, type PairSummary, type Trajectory } from './metrics.ts';
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
      // Every call of the model's items counts, those of failed steps too.
      const calls = callTotals(records.filter((i) => i.modelId === m.id).flatMap((i) => i.steps.flatMap((s) => s.calls)));
      const metrics = metricsOf(mine);
      return {
        modelId: m.id,
        label: m.label,
        simulated: m.simulated,
        items: mine.length,
        promptTokens: calls.promptTokens,
        completionTokens: calls.completionTokens,
        costUsd: calls.costUsd,
        metrics: numericMetrics(metrics),
        ...(repeats > 1 ? { repeats: Array.from({ length: repeats }, (_, r) => numericMetrics(metricsOf(mine.filter((i) => i.repeat === r)))) } : {}),
        data: { levelDistribution: metrics.levelDistribution },
      };
    });
}
