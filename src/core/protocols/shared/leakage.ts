// What no text shown to a model under test may hold, whatever the protocol: hidden test data
// quoted verbatim, and lines of the reference program the model's own program does not have.
// PAIR's leakage validator (pair/hints/leakage.ts) adds its level boundaries on top; Talk
// checks a simulated user's feedback and the obfuscator's statement with it (talk/constraints.ts,
// talk/obfuscation.ts). Every check compares texts normalised alike (normalizeForMatching).
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

// Format characters (zero-width spaces and joiners, U+2060, U+FEFF, the soft hyphen, …), other
// default-ignorable ones, and control characters that are not whitespace.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]|(?![\t\n\v\f\r\u0085])\p{Cc}/gu;
const COMBINING = /[\p{Mn}\p{Me}]/gu;

/** The text as the checks read it: invisible characters removed, NFKC, the combining marks NFKC leaves (overlays such as U+0336) removed; line breaks kept. */
export const visibleText = (text: string) => text.replace(INVISIBLE, '').normalize('NFKC').replace(COMBINING, '');

/**
 * A text as every leak check compares it, applied to both sides: invisible characters removed,
 * NFKC (fullwidth digits, ligatures, no-break spaces), combining marks left after it removed,
 * whitespace (line breaks included) collapsed to single spaces. Case is kept.
 */
export const normalizeForMatching = (text: string) =>
  visibleText(text)
    .replace(/[\s\u0085]+/g, ' ')
    .trim();

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

/** An instance's test values, normalised, in suite order (computed once per instance). */
interface HiddenValues {
  statement: string;
  statementUnspaced: string;
  /** Long values, searched for quoted windows, with spaces and without. */
  long: { test: string; value: string; unspaced: string }[];
  /** Distinctive short values, searched for as whole words; `before` is how many long values come first. */
  shorts: { test: string; value: string; pattern: RegExp; before: number }[];
}

const hiddenValues = new WeakMap<Instance, HiddenValues>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A short value as a whole word; one of a single token (4+ characters) also with spaces put between its characters ("43 58", "4 3 5 8"). */
function shortPattern(value: string): RegExp {
  const spaced = !value.includes(' ') && value.length >= 4;
  const body = spaced ? [...value].map(escapeRegExp).join(' ?') : escapeRegExp(value);
  return new RegExp(`(^|[^\\w.-])${body}($|[^\\w.]|\\.(?!\\d))`);
}

function valuesOf(instance: Instance): HiddenValues {
  let values = hiddenValues.get(instance);
  if (values) return values;
  const statement = normalizeForMatching(instance.statement);
  values = { statement, statementUnspaced: statement.replace(/ /g, ''), long: [], shorts: [] };
  for (const test of instance.tests) {
    for (const raw of [inputText(test), expectedText(test)]) {
      if (raw === null) continue;
      const value = normalizeForMatching(raw);
      if (value.length >= VERBATIM_MIN) values.long.push({ test: test.id, value, unspaced: value.replace(/ /g, '') });
      else if (distinctiveShort(value, statement)) {
        const pattern = shortPattern(value);
        if (!pattern.test(statement)) values.shorts.push({ test: test.id, value, before: values.long.length, pattern });
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

/** A text's VERBATIM_MIN-character windows, and their hashes. */
function heardIn(text: string): { windows: Set<string>; hashes: Set<number> } {
  const hashes = new Set<number>();
  windowHashes(text, (h) => void hashes.add(h));
  return { windows: windows(text, VERBATIM_MIN), hashes };
}

/** The first window of `value` the text holds and the statement does not. */
function quotedWindow(value: string, heard: { windows: Set<string>; hashes: Set<number> }, statement: string): string | null {
  let found: string | null = null;
  windowHashes(value, (h, start) => {
    if (!heard.hashes.has(h)) return;
    const piece = value.slice(start, start + VERBATIM_MIN);
    if (heard.windows.has(piece) && !statement.includes(piece)) {
      found = piece;
      return true;
    }
  });
  return found;
}

/** Hidden test data quoted in the hint (public examples in the statement do not count); both sides normalised. */
export function hiddenData(hint: string, instance: Instance): string | null {
  const values = valuesOf(instance);
  const said = normalizeForMatching(hint);
  const heard = heardIn(said);
  const heardUnspaced = heardIn(said.replace(/ /g, ''));
  let shortIndex = 0;
  for (let k = 0; k <= values.long.length; k++) {
    // Short values met before this long one in suite order are checked first.
    while (shortIndex < values.shorts.length && values.shorts[shortIndex]!.before <= k) {
      const s = values.shorts[shortIndex++]!;
      if (s.pattern.test(said)) return `test ${s.test}: “${s.value}”`;
    }
    const entry = values.long[k];
    if (!entry) break;
    const found = quotedWindow(entry.value, heard, values.statement) ?? quotedWindow(entry.unspaced, heardUnspaced, values.statementUnspaced);
    if (found) return `test ${entry.test}: “${found}”`;
  }
  return null;
}

/**
 * Lines of the reference (10+ characters, normalised, in reference order) that the text quotes
 * and the model's own program does not have.
 */
export function referenceLinesQuoted(text: string, instance: Instance, code: string): string[] {
  const candidateLines = new Set(code.split('\n').map(normalizeForMatching));
  const said = normalizeForMatching(text);
  return instance.reference
    .split('\n')
    .map(normalizeForMatching)
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
