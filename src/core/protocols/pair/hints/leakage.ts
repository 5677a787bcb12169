// The leakage validator: a deterministic check that a hint stays inside its level's boundary.
// It rejects code or pseudocode (any level), code locations below L4, repair directions below
// L6, hidden test data quoted verbatim, and lines of the reference program.
import { tokens } from '../../../exec/checkers.ts';
import type { Instance } from '../../../model/instance.ts';
import { expectedText, inputText } from './evidence.ts';
import { LEVELS, type HintLevel } from './levels.ts';

export type LeakKind = 'code' | 'location' | 'direction' | 'hidden-data' | 'reference';

export interface Leak {
  kind: LeakKind;
  /** What was found, for the rejection log. */
  detail: string;
}

export interface Verdict {
  ok: boolean;
  leaks: Leak[];
}

/** Quoted substrings of hidden data at least this long are leaks. */
export const VERBATIM_MIN = 12;

const CODE_PATTERNS: [RegExp, string][] = [
  [/```/, 'a code fence'],
  [/`[^`\n]*[=()[\]<>+*/%:][^`\n]*`/, 'inline code'],
  [/^\s*(for|while|if|elif|def|return|print|import)\b[^\n]*[:(]\s*$/m, 'a Python statement'],
  [/\b[A-Za-z_]\w*\s*(\+=|-=|\*=|\/\/=|=(?!=))\s*[\w([-]/, 'an assignment'],
  [/\b[A-Za-z_]\w*\s*(<=|>=|==|!=)\s*[\w(-]/, 'a comparison written as code'],
  [/\b(range|len|print|sorted|min|max|int|sum|append)\s*\([^)]*\)/, 'a function call'],
  [/\b[A-Za-z_]\w*\[[^\]\s]*\]/, 'an indexing expression'],
  [/\bset\s+\w+\s+to\b|\bfor each\b[^.]*\bdo\b|\bif\b[^.]*\bthen\b|\bend (if|for|while)\b/i, 'pseudocode'],
];

const LOCATION_PATTERNS: [RegExp, string][] = [
  [/\blines?\s*\d+/i, 'a line number'],
  [/\bL\d+\b|:\d+\b/, 'a line reference'],
  [/\b(first|second|third|last|inner|outer|main|nested)\s+(loop|condition|branch|function)\b/i, 'a named region'],
  [/\bthe\s+(loop|if|else|elif|while|for)\s+(header|body|statement|branch|block|condition)\b/i, 'a named region'],
  [/\b(loop|function|branch|condition|statement)\s+(that|which)\s+(starts|begins|updates|checks|reads|computes)\b/i, 'a described region'],
  [/\bin (your|the) (code|program) (near|around|at)\b/i, 'a region of the code'],
];

const IMPERATIVE = 'revise|rework|rewrite|replace|swap|adjust|modify|insert|delete|remove|add|change|increase|decrease|extend|shorten|initiali[sz]e|reset|move|use|start|keep|make|compare|sort|loop|iterate|return|print|check|handle|include|exclude|skip|stop|break';

const DIRECTION_PATTERNS: [RegExp, string][] = [
  [new RegExp(`(^|[.!?;:]\\s+|\\n\\s*)(${IMPERATIVE}|do not|don't|never|try)\\b`, 'i'), 'an instruction'],
  [/\binstead\b/i, 'a replacement'],
  [new RegExp(`\\b(you|we|it|the (program|solution|code))\\s+(should|must|need to|needs to|has to|have to|can|could)\\s+(${IMPERATIVE})\\b`, 'i'), 'an instruction'],
  [/\b(should|must|needs? to) be (changed|replaced|removed|added|initiali[sz]ed|set|moved|swapped|rewritten|sorted)\b/i, 'an instruction'],
  [/(?<!\boff )\bby one\b|\bplus one\b|\bminus one\b|[+-]\s?1\b/i, 'an exact adjustment'],
];

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Names defined or used in a program (identifiers of 3+ characters, not keywords or builtins). */
function identifiers(code: string): Set<string> {
  const common = new Set(['for', 'while', 'if', 'elif', 'else', 'def', 'return', 'print', 'import', 'from', 'and', 'not', 'the', 'int', 'str', 'len', 'range', 'input', 'sys', 'main', 'True', 'False', 'None', 'list', 'set', 'map', 'sum', 'min', 'max', 'sorted', 'split', 'strip', 'append', 'data', 'read', 'stdin', 'line', 'lines', 'value', 'values', 'count', 'total', 'answer', 'result', 'out', 'pos', 'key', 'item', 'items']);
  return new Set((code.match(/\b[A-Za-z_]\w{2,}\b/g) ?? []).filter((x) => !common.has(x) && /[_\d]|[a-z][A-Z]/.test(x)));
}

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

/** Validate a hint against a level's boundary. `code` is the candidate's current program. */
export function validateHint(hint: string, level: HintLevel, instance: Instance, code: string): Verdict {
  const leaks: Leak[] = [];
  const boundary = LEVELS[level].boundary;
  for (const [re, what] of CODE_PATTERNS) {
    const m = re.exec(hint);
    if (m) leaks.push({ kind: 'code', detail: `${what}: “${m[0].trim()}”` });
  }
  if (!boundary.location) {
    for (const [re, what] of LOCATION_PATTERNS) {
      const m = re.exec(hint);
      if (m) leaks.push({ kind: 'location', detail: `${what}: “${m[0]}”` });
    }
    const named = [...identifiers(code)].find((name) => new RegExp(`\\b${name}\\b`).test(hint));
    if (named) leaks.push({ kind: 'location', detail: `names the program's variable “${named}”` });
    const quoted = code.split('\n').map(squash).find((l) => l.length >= 10 && squash(hint).includes(l));
    if (quoted) leaks.push({ kind: 'location', detail: `quotes the program: “${quoted}”` });
  }
  if (!boundary.direction) {
    for (const [re, what] of DIRECTION_PATTERNS) {
      const m = re.exec(hint);
      if (m) leaks.push({ kind: 'direction', detail: `${what}: “${m[0]}”` });
    }
  }
  leaks.push(...protectedLeaks(hint, instance, code));
  return { ok: leaks.length === 0, leaks };
}

/**
 * What no text for the candidate may hold, whatever the protocol or level: hidden test data
 * quoted verbatim, and lines of the reference the candidate's own program does not have.
 */
export function protectedLeaks(text: string, instance: Instance, code: string): Leak[] {
  const leaks: Leak[] = [];
  const hidden = hiddenData(text, instance);
  if (hidden) leaks.push({ kind: 'hidden-data', detail: hidden });
  const candidateLines = new Set(code.split('\n').map(squash));
  const said = squash(text);
  const refLine = instance.reference
    .split('\n')
    .map(squash)
    .find((l) => l.length >= 10 && !candidateLines.has(l) && said.includes(l));
  if (refLine) leaks.push({ kind: 'reference', detail: `a line of the reference: “${refLine}”` });
  return leaks;
}
