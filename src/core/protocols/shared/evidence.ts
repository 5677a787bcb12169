// Failure evidence for hints: comparison features of a failing test (L1) and features of the
// inputs that trigger it (L2). Both are descriptions, never the hidden values themselves.
import { normalizedLines, tokens } from '../../exec/checkers.ts';
import type { TestOutcome } from '../../model/outcome.ts';

export type Symptom =
  | { kind: 'crash'; exception: string }
  | { kind: 'timeout' | 'memory' | 'output-limit' | 'no-output' }
  | { kind: 'lines' | 'tokens'; more: boolean }
  | { kind: 'numbers'; direction: 'larger' | 'smaller' | 'mixed' | 'precision' }
  | { kind: 'binary' }
  | { kind: 'values' };

export { expectedText, inputText } from '../../model/test-text.ts';

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

function valueTokens(text: string): string[] {
  return tokens(text.replace(/[[\]{},"]/g, ' '));
}

const decimals = (x: string) => (x.includes('.') ? x.length - x.indexOf('.') - 1 : 0);

/** Two numbers that differ only in how they are written: precision, or integer vs decimal. */
function samePrinted(x: string, y: string): boolean {
  const d = Math.min(decimals(x), decimals(y));
  if (decimals(x) === decimals(y)) return Math.abs(Number(x) - Number(y)) <= 1e-9 * Math.max(1, Math.abs(Number(y)));
  return Number(x).toFixed(d) === Number(y).toFixed(d);
}

/** How a failing test's output differs from the expected one, in words a symptom hint can use. */
export function symptomOf(outcome: TestOutcome, expected: string | null): Symptom {
  if (outcome.outcome === 'timeout' || outcome.outcome === 'not-run') return { kind: 'timeout' };
  if (outcome.outcome === 'memory') return { kind: 'memory' };
  if (outcome.outcome === 'output-limit') return { kind: 'output-limit' };
  if (outcome.outcome === 'runtime-error' || outcome.outcome === 'crashed' || outcome.outcome === 'compile-error') {
    return { kind: 'crash', exception: outcome.error?.type ?? (outcome.outcome === 'crashed' ? 'crash' : 'error') };
  }
  if (expected === null) return { kind: 'values' }; // unittest: only pass/fail is known
  const actual = outcome.stdout;
  if (normalizedLines(actual).length === 0 && normalizedLines(expected).length > 0) return { kind: 'no-output' };
  if (outcome.failType === 'line-count') return { kind: 'lines', more: normalizedLines(actual).length > normalizedLines(expected).length };
  if (outcome.failType === 'token-count') return { kind: 'tokens', more: valueTokens(actual).length > valueTokens(expected).length };
  if (outcome.shape === 'binary') return { kind: 'binary' };
  const a = valueTokens(actual);
  const e = valueTokens(expected);
  const pairs = a.map((x, i) => [x, e[i]!] as const).filter(([x, y]) => x !== y);
  if (pairs.length > 0 && pairs.every(([x, y]) => NUMBER.test(x) && NUMBER.test(y))) {
    const diffs = pairs.map(([x, y]) => Number(x) - Number(y));
    if (pairs.every(([x, y]) => samePrinted(x, y))) {
      return { kind: 'numbers', direction: 'precision' };
    }
    return { kind: 'numbers', direction: diffs.every((d) => d > 0) ? 'larger' : diffs.every((d) => d < 0) ? 'smaller' : 'mixed' };
  }
  return { kind: 'values' };
}

/** The symptom most failing samples share (ties: the first seen). */
export function commonSymptom(symptoms: readonly Symptom[]): Symptom {
  const counts = new Map<string, { n: number; s: Symptom }>();
  for (const s of symptoms) {
    const key = JSON.stringify(s);
    const entry = counts.get(key) ?? { n: 0, s };
    entry.n++;
    counts.set(key, entry);
  }
  let best: { n: number; s: Symptom } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.s ?? { kind: 'values' };
}

// ---- input patterns (L2): traits.ts ----

export { distinctiveTrait, traitsOf, type Trait } from './traits.ts';

/** Relative size of the failing inputs compared with passing ones, when it differs clearly. */
export function sizeContrast(failing: readonly string[], passing: readonly string[]): 'smaller' | 'larger' | null {
  const mean = (xs: readonly string[]) => xs.reduce((n, x) => n + tokens(x).length, 0) / Math.max(1, xs.length);
  if (failing.length === 0 || passing.length === 0) return null;
  const f = mean(failing);
  const p = mean(passing);
  if (f * 2 <= p) return 'smaller';
  if (f >= p * 2) return 'larger';
  return null;
}
