// How much of the reference a text quotes. The paper's interviewer may paste snippets of the
// reference when a mistake persists, but the reference itself must never reach the interviewee:
// a hint quoting more than `quoteLines` consecutive lines of it is cut before it is delivered,
// and tests measure every interviewee message with the same yardstick.

/** A line as compared: trimmed, inner spaces collapsed. */
const normal = (line: string) => line.trim().replace(/\s+/g, ' ');

/** Lines too short or too common to tell a quote ("else:", "return x", ")"). */
const trivial = (line: string) => line.length < 12;

/** The reference's lines that count as quotable. */
export function referenceLines(reference: Readonly<Record<string, string>>): Set<string> {
  const out = new Set<string>();
  for (const text of Object.values(reference)) for (const l of text.split('\n')) if (!trivial(normal(l))) out.add(normal(l));
  return out;
}

/** Runs of consecutive lines of `text` found in the reference (blank and trivial lines inside a run do not break it). */
function runs(lines: readonly string[], known: ReadonlySet<string>): { from: number; to: number; count: number }[] {
  const out: { from: number; to: number; count: number }[] = [];
  let current: { from: number; to: number; count: number } | null = null;
  lines.forEach((raw, i) => {
    const l = normal(raw);
    if (trivial(l)) {
      if (current) current.to = i;
      return;
    }
    if (known.has(l)) {
      current ??= { from: i, to: i, count: 0 };
      current.to = i;
      current.count++;
      return;
    }
    if (current) out.push(current);
    current = null;
  });
  if (current) out.push(current);
  return out;
}

/** The most reference lines a text quotes in one run. */
export function longestQuote(text: string, reference: Readonly<Record<string, string>>): number {
  return Math.max(0, ...runs(text.split('\n'), referenceLines(reference)).map((r) => r.count));
}

/** The text with each quote of the reference longer than `max` lines cut to its first `max`, and how many lines were cut. */
export function capQuotes(text: string, reference: Readonly<Record<string, string>>, max: number): { text: string; cut: number } {
  const lines = text.split('\n');
  const known = referenceLines(reference);
  let cut = 0;
  const drop = new Set<number>();
  const notes = new Map<number, number>();
  for (const run of runs(lines, known)) {
    if (run.count <= max) continue;
    let kept = 0;
    for (let i = run.from; i <= run.to; i++) {
      const l = normal(lines[i]!);
      if (!trivial(l) && known.has(l)) kept++;
      if (kept > max) drop.add(i);
    }
    const removed = run.count - max;
    cut += removed;
    notes.set(run.to, removed);
  }
  if (!cut) return { text, cut: 0 };
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (!drop.has(i)) out.push(l);
    const removed = notes.get(i);
    if (removed) out.push(`[… ${removed} more line${removed > 1 ? 's' : ''} of the reference left out …]`);
  });
  return { text: out.join('\n'), cut };
}
