// Line diffs (longest common subsequence): how far a program is from another.

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the LCS of a[i:] and b[j:]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i++]! });
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ kind: 'removed', text: a[i++]! });
    else out.push({ kind: 'added', text: b[j++]! });
  }
  while (i < n) out.push({ kind: 'removed', text: a[i++]! });
  while (j < m) out.push({ kind: 'added', text: b[j++]! });
  return out;
}

/** Lines touched by the edit: a changed line counts once (max of removed and added). */
export function changedLines(before: string, after: string): number {
  const d = diffLines(before, after);
  const removed = d.filter((x) => x.kind === 'removed').length;
  const added = d.filter((x) => x.kind === 'added').length;
  return Math.max(removed, added);
}

/** A contiguous change turning some lines of `before` into other lines. */
export interface Hunk {
  /** 0-based index of the first replaced line in `before`. */
  start: number;
  /** How many lines of `before` it replaces (0 for a pure insertion). */
  removed: number;
  added: string[];
}

/** The changes from `before` to `after`, as hunks in order. */
export function hunks(before: string, after: string): Hunk[] {
  const out: Hunk[] = [];
  let line = 0;
  let current: Hunk | null = null;
  for (const d of diffLines(before, after)) {
    if (d.kind === 'same') {
      if (current) out.push(current);
      current = null;
      line++;
      continue;
    }
    current ??= { start: line, removed: 0, added: [] };
    if (d.kind === 'removed') {
      current.removed++;
      line++;
    } else current.added.push(d.text);
  }
  if (current) out.push(current);
  return out;
}

/** Two hunks of the same text as one edit, the unchanged lines between them kept. */
export function mergeHunks(before: string, a: Hunk, b: Hunk): Hunk {
  const between = before.split('\n').slice(a.start + a.removed, b.start);
  return { start: a.start, removed: b.start + b.removed - a.start, added: [...a.added, ...between, ...b.added] };
}

/** Apply one hunk to the text it was computed from. */
export function applyHunk(before: string, hunk: Hunk): string {
  const lines = before.split('\n');
  lines.splice(hunk.start, hunk.removed, ...hunk.added);
  return lines.join('\n');
}

/** Apply several hunks of the same text (computed from it, in order, not overlapping). */
export function applyHunks(before: string, chosen: readonly Hunk[]): string {
  const lines = before.split('\n');
  for (const hunk of [...chosen].sort((a, b) => b.start - a.start)) lines.splice(hunk.start, hunk.removed, ...hunk.added);
  return lines.join('\n');
}
