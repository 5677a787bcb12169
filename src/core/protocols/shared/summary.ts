// The part of a model's leaderboard row (ModelSummary) every protocol fills the same way: who
// the model is, what its items' calls cost, and its metrics overall and per repeat.
import { callTotals } from '../../llm/totals.ts';
import type { ItemRecord, ModelSpec, ModelSummary } from '../../model/runlog.ts';

type Metrics = ModelSummary['metrics'];

export interface RowMetrics {
  /** Items the metrics count. */
  items: number;
  metrics: Metrics;
  /** The metrics of one repeat (asked for only when the run has more than one). */
  ofRepeat: (repeat: number) => Metrics;
  /** The protocol's own block (ModelSummary.data). */
  data?: unknown;
}

/** A model's row. Every call of the model's items counts, those of failed steps too. */
export function modelRow(model: ModelSpec, records: readonly ItemRecord[], repeats: number, row: RowMetrics): ModelSummary {
  const calls = callTotals(records.filter((r) => r.modelId === model.id).flatMap((r) => r.steps.flatMap((s) => s.calls)));
  return {
    modelId: model.id,
    label: model.label,
    simulated: model.simulated,
    items: row.items,
    promptTokens: calls.promptTokens,
    completionTokens: calls.completionTokens,
    costUsd: calls.costUsd,
    metrics: row.metrics,
    ...(repeats > 1 ? { repeats: Array.from({ length: repeats }, (_, r) => row.ofRepeat(r)) } : {}),
    ...(row.data !== undefined ? { data: row.data } : {}),
  };
}
