// A leaderboard over any protocol's metrics (its MetricSpec columns): each metric marks its best
// and worst models — the top three and bottom three as in the PAIR paper when there are at
// least seven models, fewer when there are fewer (k = min(3, ⌊n/2⌋)), ties marked alike — and
// metric-wise ranks (PAIR Table IV). The Results page and the CLI share it.
import type { ModelSummary } from '../model/runlog.ts';
import type { MetricSpec } from './contract.ts';

export type MetricRow = Readonly<Record<string, number | null | undefined>>;

/** A metric's anchor in docs/metrics.md: its name in kebab case (initialFix → initial-fix). */
export const metricAnchor = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export type Mark = 'top' | 'bottom' | null;

const valueOf = (row: MetricRow, key: string): number | null => row[key] ?? null;

/** For each metric, which models are marked top or bottom. */
export function marks(columns: readonly MetricSpec[], rows: readonly MetricRow[]): Record<string, Mark[]> {
  const k = Math.min(3, Math.floor(rows.length / 2));
  const out: Record<string, Mark[]> = {};
  for (const col of columns) {
    const values = rows.map((r) => valueOf(r, col.key));
    const known = values.filter((x): x is number => x !== null);
    const better = (a: number, b: number) => (col.direction === 'up' ? b - a : a - b);
    const sorted = [...new Set(known)].sort(better);
    const top = new Set(k ? sortedCut(known, sorted, k, better) : []);
    const bottom = new Set(k ? sortedCut(known, [...sorted].reverse(), k, (a, b) => -better(a, b)) : []);
    out[col.key] = values.map((x) => (x === null || sorted.length < 2 ? null : top.has(x) ? 'top' : bottom.has(x) ? 'bottom' : null));
  }
  return out;
}

/** The values held by the first k models in this order (ties at the cut included). */
function sortedCut(values: number[], distinct: number[], k: number, order: (a: number, b: number) => number): number[] {
  const ranked = [...values].sort(order);
  const cut = ranked[k - 1]!;
  return distinct.filter((x) => order(x, cut) <= 0);
}

/** Each model's rank per metric (1 = best, ties share the best rank) and its average rank. */
export function ranks(
  columns: readonly MetricSpec[],
  rows: readonly MetricRow[],
): { perMetric: Record<string, (number | null)[]>; average: (number | null)[] } {
  const perMetric: Record<string, (number | null)[]> = {};
  for (const col of columns) {
    const values = rows.map((r) => valueOf(r, col.key));
    perMetric[col.key] = values.map((x) => (x === null ? null : 1 + values.filter((y) => y !== null && (col.direction === 'up' ? y > x : y < x)).length));
  }
  const average = rows.map((_, i) => {
    const rs = columns.map((c) => perMetric[c.key]![i]).filter((x): x is number => x !== null && x !== undefined);
    return rs.length ? rs.reduce((a, b) => a + b, 0) / rs.length : null;
  });
  return { perMetric, average };
}

export function formatMetric(col: Pick<MetricSpec, 'format'>, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return col.format === 'pct' ? (value * 100).toFixed(1) : value.toFixed(2);
}

/** Which of a table's measures rank lower values higher, in words (from the columns' directions). */
export function lowerRanksHigher(columns: readonly Pick<MetricSpec, 'label' | 'direction'>[]): string {
  const lower = columns.filter((c) => c.direction === 'down').map((c) => c.label);
  if (!lower.length) return 'Every measure ranks higher values higher.';
  const names = lower.length === 1 ? lower[0]! : `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)!}`;
  return `${names} rank${lower.length === 1 ? 's' : ''} lower values higher.`;
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
