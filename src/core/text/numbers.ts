// Numbers as the reports print them: a percentage with one decimal, or a number with two, and
// an interval as "[lo, hi]".

export type NumberFormat = 'pct' | 'num';

/** A value as the reports print it: '—' for none. */
export function formatValue(format: NumberFormat, x: number | null): string {
  if (x === null) return '—';
  return format === 'pct' ? (x * 100).toFixed(1) : x.toFixed(2);
}

/** An interval as the reports print it, "[lo, hi]", or '' without one. */
export const formatInterval = (format: NumberFormat, ci: { lo: number; hi: number } | null): string =>
  ci ? `[${formatValue(format, ci.lo)}, ${formatValue(format, ci.hi)}]` : '';
