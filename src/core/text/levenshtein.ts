// Levenshtein distance in characters (insertions, deletions and substitutions, each costing
// one): how much text changed between two versions of a program. The common prefix and suffix
// are set aside first, so that the usual small edit of a long program costs little.

export function levenshtein(a: string, b: string): number {
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  // One row of the dynamic programme over the shorter text.
  const [long, short] = x.length >= y.length ? [x, y] : [y, x];
  const row = new Uint32Array(short.length + 1);
  for (let j = 0; j <= short.length; j++) row[j] = j;
  for (let i = 1; i <= long.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    const c = long.charCodeAt(i - 1);
    for (let j = 1; j <= short.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (c === short.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
    }
  }
  return row[short.length]!;
}
