// Failure evidence for hints: comparison features of a failing test (L1) and features of the
// inputs that trigger it (L2). Both are descriptions, never the hidden values themselves.
import { normalizedLines, tokens } from '../../../exec/checkers.ts';
import type { TestOutcome } from '../../../model/outcome.ts';

export type Symptom =
  | { kind: 'crash'; exception: string }
  | { kind: 'timeout' | 'memory' | 'output-limit' | 'no-output' }
  | { kind: 'lines' | 'tokens'; more: boolean }
  | { kind: 'numbers'; direction: 'larger' | 'smaller' | 'mixed' | 'precision' }
  | { kind: 'binary' }
  | { kind: 'values' };

export { expectedText, inputText } from '../../../model/test-text.ts';

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
  if (outcome.outcome === 'timeout') return { kind: 'timeout' };
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

// ---- input patterns (L2) ----

export type InputTrait =
  | 'single-item'
  | 'no-items'
  | 'all-equal'
  | 'duplicates'
  | 'zeros'
  | 'negatives'
  | 'sorted'
  | 'reverse-sorted'
  | 'large-values'
  | 'repeated-letters'
  | 'tiny';

/** Numbers after the first line (the data, in the usual "n, then values" layout). */
function dataNumbers(input: string): number[] {
  const lines = input.replace(/[[\]{},"]/g, ' ').split('\n');
  const body = lines.length > 1 ? lines.slice(1).join(' ') : lines[0]!;
  return tokens(body).filter((t) => NUMBER.test(t)).map(Number);
}

/** Which traits an input has. Features only: nothing here quotes the input. */
export function traitsOf(input: string): Set<InputTrait> {
  const traits = new Set<InputTrait>();
  const all = tokens(input.replace(/[[\]{},"]/g, ' '));
  const first = all[0];
  if (first === '1') traits.add('single-item');
  if (first === '0') traits.add('no-items');
  if (all.length <= 3) traits.add('tiny');
  const data = dataNumbers(input);
  if (data.length >= 2 && data.every((x) => x === data[0])) traits.add('all-equal');
  if (data.length >= 2 && new Set(data).size < data.length) traits.add('duplicates');
  if (data.some((x) => x === 0)) traits.add('zeros');
  if (all.some((t) => NUMBER.test(t) && Number(t) < 0)) traits.add('negatives');
  if (data.length >= 3 && new Set(data).size > 1) {
    if (data.every((x, i) => i === 0 || data[i - 1]! <= x)) traits.add('sorted');
    if (data.every((x, i) => i === 0 || data[i - 1]! >= x)) traits.add('reverse-sorted');
  }
  if (all.some((t) => NUMBER.test(t) && Math.abs(Number(t)) >= 1e9)) traits.add('large-values');
  if (all.some((t) => /^[A-Za-z]{3,}$/.test(t) && /([A-Za-z])\1\1/.test(t))) traits.add('repeated-letters');
  return traits;
}

export const TRAIT_PHRASES: Record<InputTrait, string> = {
  'single-item': 'the input describes a single item (the smallest possible case)',
  'no-items': 'the input describes no items at all',
  'all-equal': 'all the values in the input are equal',
  duplicates: 'the input contains repeated values',
  zeros: 'the input contains zeros',
  negatives: 'the input contains negative numbers',
  sorted: 'the values are already in increasing order',
  'reverse-sorted': 'the values are in decreasing order',
  'large-values': 'the input contains very large numbers',
  'repeated-letters': 'the text contains runs of the same letter',
  tiny: 'the input is very small',
};

/**
 * The trait that best tells the failing inputs from passing ones: present in most failing
 * inputs and as rare as possible among the passing ones. null when nothing stands out.
 */
export function distinctiveTrait(failing: readonly string[], passing: readonly string[]): InputTrait | null {
  if (failing.length === 0) return null;
  const failingTraits = failing.map(traitsOf);
  const passingTraits = passing.map(traitsOf);
  const rate = (traits: readonly Set<InputTrait>[], trait: InputTrait) => (traits.length ? traits.filter((t) => t.has(trait)).length / traits.length : 0);
  let best: { trait: InputTrait; score: number } | null = null;
  for (const trait of Object.keys(TRAIT_PHRASES) as InputTrait[]) {
    const inFailing = rate(failingTraits, trait);
    if (inFailing < 0.6) continue;
    const score = inFailing - rate(passingTraits, trait);
    if (score >= 0.5 && (!best || score > best.score)) best = { trait, score };
  }
  return best?.trait ?? null;
}

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
