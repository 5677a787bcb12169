// The part of a model's leaderboard row (ModelSummary) every protocol fills the same way: who
// the model is, what its items' calls cost, and its metrics overall and per repeat.
import { callTotals } from '../llm/totals.ts';
import type { ItemRecord, ModelSpec, ModelSummary } from '../model/runlog.ts';

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
  const all = records.filter((r) => r.modelId === model.id).flatMap((r) => r.steps.flatMap((s) => s.calls));
  const calls = callTotals(all);
  const own = callTotals(all.filter((c) => c.modelId === model.id));
  const changed = Object.keys(own.settingsChanged).length > 0;
  const notes = {
    truncated: own.truncated,
    adjusted: own.adjusted,
    reasoningTokens: own.reasoningTokens,
    ...(own.refused ? { refused: own.refused } : {}),
    ...(changed ? { settingsChanged: own.settingsChanged } : {}),
  };
  return {
    modelId: model.id,
    label: model.label,
    simulated: model.simulated,
    items: row.items,
    promptTokens: calls.promptTokens,
    completionTokens: calls.completionTokens,
    costUsd: calls.costUsd,
    ...(notes.truncated || notes.adjusted || notes.reasoningTokens || own.refused || changed ? { notes } : {}),
    metrics: row.metrics,
    ...(repeats > 1 ? { repeats: Array.from({ length: repeats }, (_, r) => row.ofRepeat(r)) } : {}),
    ...(row.data !== undefined ? { data: row.data } : {}),
  };
}

/** What a model's replies met that its metrics do not show, in words (leaderboards, the CLI's report); '' when nothing. */
export function notesText(notes: ModelSummary['notes']): string {
  if (!notes) return '';
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return [
    notes.truncated ? `${plural(notes.truncated, 'reply', 'replies')} cut off by the token limit` : '',
    notes.adjusted ? `${plural(notes.adjusted, 'request', 'requests')} changed after the provider refused a parameter` : '',
    notes.refused ? `${plural(notes.refused, 'reply', 'replies')} refused (no answer)` : '',
    ...Object.entries(notes.settingsChanged ?? {}).map(([change, n]) => `${change} on ${plural(n, 'request', 'requests')}`),
    notes.reasoningTokens ? `${plural(notes.reasoningTokens, 'reasoning token', 'reasoning tokens')} (counted in the output tokens)` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
