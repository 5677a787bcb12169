// What no text shown to a model under test may hold, whatever the protocol: hidden test data
// quoted verbatim, and lines of the reference program the model's own program does not have.
// PAIR's leakage validator (pair/hints/leakage.ts) adds its level boundaries on top; Talk
// checks a simulated user's feedback with it (talk/constraints.ts).
import { tokens } from '../../exec/checkers.ts';
import type { Instance } from '../../model/instance.ts';
import { expectedText, inputText } from '../../model/test-text.ts';

/** A leak of protected data: hidden test data, or a line of the reference. */
export interface ProtectedLeak {
  kind: 'hidden-data' | 'reference';
  /** What was found, for the rejection log. */
  detail: string;
}

/** Quoted substrings of hidden data at least this long are leaks. */
export const VERBATIM_MIN = 12;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Distinctive short values: several tokens, a number of 3+ digits, or a long word. */
function distinctiveShort(value: string, statement: string): boolean {
  const t = tokens(value);
  if (t.length === 0) return false;
  if (statement.includes(value)) return false;
  return t.length >= 2 || /^-?\d{3,}(\.\d+)?$/.test(t[0]!) || /^[A-Za-z]{6,}$/.test(t[0]!);
}

function windows(text: string, size: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= text.length; i++) out.add(text.slice(i, i + size));
  return out;
}

/** An instance's test values, whitespace squashed, in suite order (computed once per instance). */
interface HiddenValues {
  statement: string;
  /** Long values, searched for quoted windows. */
  long: { test: string; value: string }[];
  /** Distinctive short values, searched for as whole words; `before` is how many long values come first. */
  shorts: { test: string; value: string; pattern: RegExp; before: number }[];
}

const hiddenValues = new WeakMap<Instance, HiddenValues>();

function valuesOf(instance: Instance): HiddenValues {
  let values = hiddenValues.get(instance);
  if (values) return values;
  const statement = squash(instance.statement);
  values = { statement, long: [], shorts: [] };
  for (const test of instance.tests) {
    for (const raw of [inputText(test), expectedText(test)]) {
      if (raw === null) continue;
      const value = squash(raw);
      if (value.length >= VERBATIM_MIN) values.long.push({ test: test.id, value });
      else if (distinctiveShort(value, statement)) {
        values.shorts.push({ test: test.id, value, before: values.long.length, pattern: new RegExp(`(^|[^\\w.-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.])`) });
      }
    }
  }
  hiddenValues.set(instance, values);
  return values;
}

// A rolling hash of VERBATIM_MIN-character windows: the hint's few windows are hashed into a
// set, then every test value is scanned once, with no substring made unless a hash matches.
const BASE = 0x01000193;
const TOP = (() => {
  let x = 1;
  for (let i = 1; i < VERBATIM_MIN; i++) x = Math.imul(x, BASE);
  return x;
})();

function windowHashes(text: string, each: (hash: number, start: number) => boolean | void): void {
  let h = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= VERBATIM_MIN) h = (h - Math.imul(text.charCodeAt(i - VERBATIM_MIN), TOP)) | 0;
    h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    if (i >= VERBATIM_MIN - 1 && each(h, i - VERBATIM_MIN + 1) === true) return;
  }
}

/** Hidden test data quoted in the hint (public examples in the statement do not count). */
export function hiddenData(hint: string, instance: Instance): string | null {
  const values = valuesOf(instance);
  const said = squash(hint);
  const heard = windows(said, VERBATIM_MIN);
  const hashes = new Set<number>();
  windowHashes(said, (h) => void hashes.add(h));
  let shortIndex = 0;
  for (let k = 0; k <= values.long.length; k++) {
    // Short values met before this long one in suite order are checked first.
    while (shortIndex < values.shorts.length && values.shorts[shortIndex]!.before <= k) {
      const s = values.shorts[shortIndex++]!;
      if (s.pattern.test(said)) return `test ${s.test}: “${s.value}”`;
    }
    const entry = values.long[k];
    if (!entry) break;
    let found: string | null = null;
    windowHashes(entry.value, (h, start) => {
      if (!hashes.has(h)) return;
      const piece = entry.value.slice(start, start + VERBATIM_MIN);
      if (heard.has(piece) && !values.statement.includes(piece)) {
        found = piece;
        return true;
      }
    });
    if (found) return `test ${entry.test}: “${found}”`;
  }
  return null;
}

/**
 * Lines of the reference (10+ characters, whitespace squashed, in reference order) that the text
 * quotes and the model's own program does not have.
 */
export function referenceLinesQuoted(text: string, instance: Instance, code: string): string[] {
  const candidateLines = new Set(code.split('\n').map(squash));
  const said = squash(text);
  return instance.reference
    .split('\n')
    .map(squash)
    .filter((l) => l.length >= 10 && !candidateLines.has(l) && said.includes(l));
}

/**
 * What no text for the candidate may hold, whatever the protocol or level: hidden test data
 * quoted verbatim, and lines of the reference the candidate's own program does not have (the
 * first one found is named).
 */
export function protectedLeaks(text: string, instance: Instance, code: string): ProtectedLeak[] {
  const leaks: ProtectedLeak[] = [];
  const hidden = hiddenData(text, instance);
  if (hidden) leaks.push({ kind: 'hidden-data', detail: hidden });
  const [refLine] = referenceLinesQuoted(text, instance, code);
  if (refLine) leaks.push({ kind: 'reference', detail: `a line of the reference: “${refLine}”` });
  return leaks;
}
