// How much of the reference a text quotes. The paper's interviewer may paste snippets of the
// reference when a mistake persists, but the reference itself must never reach the interviewee:
// over one interview, at most `quoteLines` distinct lines of it are delivered in hints (a line
// quoted again costs nothing); any further line is cut before the interviewee sees the hint.
// Tests measure every interviewee message with the same yardstick.
import { normalizeForMatching } from '../shared/leakage.ts';

/** Reference lines shorter than this, normalised, are too common to tell a quote ("else:", "return x", "}"): they never count. */
const QUOTABLE_MIN = 12;

/** A reference line with a code symbol counts wherever the text holds it; one without, only as a line of its own. */
const CODE_SYMBOL = /[=()[\]{}<>+*/%#@_]/;

const trivial = (line: string) => normalizeForMatching(line).length < QUOTABLE_MIN;

/** The reference's lines that count as quotable, normalised (shared/leakage.ts: invisible characters, NFKC, whitespace). */
export function referenceLines(reference: Readonly<Record<string, string>>): Set<string> {
  const out = new Set<string>();
  for (const text of Object.values(reference)) {
    for (const l of text.split('\n')) {
      const n = normalizeForMatching(l);
      if (n.length >= QUOTABLE_MIN) out.add(n);
    }
  }
  return out;
}

/** One quote of a reference line: the hint lines `from`..`to` hold it. */
interface Quote {
  line: string;
  from: number;
  to: number;
}

const word = (c: string | undefined) => c !== undefined && /\w/.test(c);

/**
 * Every quote of a reference line in `lines`, in reading order: a line equal to it, or (for a
 * line with code symbols) its text anywhere, with anything around it and across line breaks.
 */
function quotesIn(lines: readonly string[], known: ReadonlySet<string>): Quote[] {
  const normal = lines.map(normalizeForMatching);
  const out: Quote[] = [];
  normal.forEach((l, i) => {
    if (known.has(l) && !CODE_SYMBOL.test(l)) out.push({ line: l, from: i, to: i });
  });
  // The non-empty lines joined by spaces, with where each starts.
  const starts: number[] = [];
  const lineOf: number[] = [];
  let joined = '';
  normal.forEach((l, i) => {
    if (!l) return;
    if (joined) joined += ' ';
    starts.push(joined.length);
    lineOf.push(i);
    joined += l;
  });
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lineOf[lo]!;
  };
  for (const l of known) {
    if (!CODE_SYMBOL.test(l)) continue;
    for (let at = joined.indexOf(l); at >= 0; at = joined.indexOf(l, at + 1)) {
      // Not part of a longer name ("grand_total = …" does not quote "total = …").
      if ((word(joined[at - 1]) && word(l[0])) || (word(joined[at + l.length]) && word(l.at(-1)))) continue;
      out.push({ line: l, from: lineAt(at), to: lineAt(at + l.length - 1) });
    }
  }
  return out.sort((a, b) => a.from - b.from || a.to - b.to);
}

/** The distinct reference lines a text quotes (normalised). */
export function quotedReferenceLines(text: string, reference: Readonly<Record<string, string>>): Set<string> {
  return new Set(quotesIn(text.split('\n'), referenceLines(reference)).map((q) => q.line));
}

/** The most reference lines a text quotes in one run of lines (blank and trivial lines inside a run do not break it). */
export function longestQuote(text: string, reference: Readonly<Record<string, string>>): number {
  const lines = text.split('\n');
  const quotes = quotesIn(lines, referenceLines(reference));
  const covered = new Set(quotes.flatMap((q) => Array.from({ length: q.to - q.from + 1 }, (_, k) => q.from + k)));
  let best = 0;
  let run = 0;
  lines.forEach((l, i) => {
    if (covered.has(i)) {
      run += quotes.filter((q) => q.from === i).length;
      best = Math.max(best, run);
    } else if (!trivial(l)) run = 0;
  });
  return best;
}

/**
 * The hint with every reference line beyond the interview's budget cut: `max` distinct lines
 * over the hints already delivered in this interview (`earlier`) and this one, in reading order.
 * A cut line takes the trivial lines between it and the next cut one with it, and a note says
 * how many lines were left out. `cut` counts the distinct reference lines withheld.
 */
export function capQuotes(
  text: string,
  reference: Readonly<Record<string, string>>,
  max: number,
  earlier: readonly string[] = [],
): { text: string; cut: number } {
  const known = referenceLines(reference);
  const delivered = new Set(earlier.flatMap((h) => quotesIn(h.split('\n'), known).map((q) => q.line)));
  const lines = text.split('\n');
  const withheld = new Map<number, Set<string>>();
  const drop = new Set<number>();
  for (const q of quotesIn(lines, known)) {
    if (delivered.has(q.line)) continue;
    if (delivered.size < max) {
      delivered.add(q.line);
      continue;
    }
    for (let i = q.from; i <= q.to; i++) drop.add(i);
    withheld.set(q.from, (withheld.get(q.from) ?? new Set()).add(q.line));
  }
  if (!drop.size) return { text, cut: 0 };
  // Trivial lines between two cut lines go with them.
  const cutBefore: boolean[] = [];
  let last = false;
  lines.forEach((l, i) => {
    if (drop.has(i) || !trivial(l)) last = drop.has(i);
    cutBefore[i] = last;
  });
  let next = false;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (drop.has(i) || !trivial(lines[i]!)) next = drop.has(i);
    else if (next && cutBefore[i]) drop.add(i);
  }
  const out: string[] = [];
  let stretch = new Set<string>();
  lines.forEach((l, i) => {
    if (!drop.has(i)) {
      out.push(l);
      return;
    }
    for (const x of withheld.get(i) ?? []) stretch.add(x);
    if (!drop.has(i + 1) && stretch.size) {
      out.push(`[… ${stretch.size} more line${stretch.size > 1 ? 's' : ''} of the reference left out …]`);
      stretch = new Set();
    }
  });
  return { text: out.join('\n'), cut: new Set([...withheld.values()].flatMap((s) => [...s])).size };
}
