// Scores in two steps (docs/metrics.md, "Item scores and their reductions"): a protocol's scorer
// gives each item a record of named numbers, and its summary metrics are reductions of those
// records alone, so that a leaderboard row always agrees with the items it counts. Pure helpers.

/** One item's score record: named numbers, null where the item does not measure it. */
export type ItemScore = Readonly<Record<string, number | null>>;

/** The numbers a key holds over some records, in record order (nulls and absent keys left out). */
export function valuesOf(scores: readonly ItemScore[], key: string): number[] {
  const out: number[] = [];
  for (const s of scores) {
    const v = s[key];
    if (v !== null && v !== undefined) out.push(v);
  }
  return out;
}

/** The records whose `key` is 1 (a yes/no score). */
export const where = (scores: readonly ItemScore[], key: string): ItemScore[] => scores.filter((s) => s[key] === 1);

/** The records that measure `key` (non-null). */
export const measuring = (scores: readonly ItemScore[], key: string): ItemScore[] => scores.filter((s) => s[key] !== null && s[key] !== undefined);

/** The sum of a key over the records (nulls count nothing). */
export const sumOf = (scores: readonly ItemScore[], key: string): number => valuesOf(scores, key).reduce((a, b) => a + b, 0);

/** Σ numerator over Σ denominator (a pooled rate); null when the denominator sums to 0. */
export function ratioOf(scores: readonly ItemScore[], numerator: string, denominator: string): number | null {
  const d = sumOf(scores, denominator);
  return d ? sumOf(scores, numerator) / d : null;
}
