// CSV (RFC 4180): cells with a comma, quote or line break are quoted, quotes doubled.

export function csvCell(x: unknown): string {
  const s = x === null || x === undefined ? '' : String(x);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header row and data rows as CSV text, ending with a line break. */
export function csvTable(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
