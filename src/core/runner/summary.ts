// Per-model summaries of a run: fix rates, tokens and cost, and the PAIR trajectory metrics
// (over all repeats, and per repeat for repeated runs).
import { callTotals } from '../llm/totals.ts';
import type { ItemRecord, Manifest, ModelSummary } from '../model/runlog.ts';
import { aggregate, instanceMetrics, type Trajectory } from '../protocols/pair/metrics.ts';

/** An item's trajectory as the metrics read it: the recorded passing ids, targets, levels and samples. */
export function trajectoryOf(item: ItemRecord, testIds: readonly string[]): Trajectory {
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

const passRate = (passed: string[], total: number) => (total === 0 ? 0 : passed.length / total);

export function summarize(manifest: Manifest, items: ItemRecord[]): ModelSummary[] {
  const tests = new Map(manifest.dataset.instances.map((i) => [i.id, i.testIds]));
  const metricsOf = (list: ItemRecord[]) => aggregate(list.map((i) => instanceMetrics(trajectoryOf(i, tests.get(i.instanceId) ?? []))));
  return manifest.models
    .filter((m) => m.role === 'candidate')
    .map((m) => {
      const mine = items.filter((i) => i.modelId === m.id && i.turns.length > 0);
      const calls = callTotals(mine.flatMap((i) => i.turns.flatMap((t) => t.calls)));
      const metrics = metricsOf(mine);
      const repeats = manifest.params.repeats > 1 ? Array.from({ length: manifest.params.repeats }, (_, r) => metricsOf(mine.filter((i) => i.repeat === r))) : undefined;
      return {
        modelId: m.id,
        label: m.label,
        simulated: m.simulated,
        items: mine.length,
        initialFix: metrics.initialFix,
        finalFix: metrics.finalFix,
        meanBestPassRate: mine.length ? mine.reduce((sum, i) => sum + Math.max(...i.turns.map((t) => passRate(t.passed, t.total))), 0) / mine.length : 0,
        meanTurnsToFix: metrics.turnsToFix,
        promptTokens: calls.promptTokens,
        completionTokens: calls.completionTokens,
        costUsd: calls.costUsd,
        metrics,
        ...(repeats ? { repeats } : {}),
      };
    });
}
