// The coarse structure of an expected output (PAIR scenario signature, docs/execution.md).
import type { Shape } from '../model/outcome.ts';
import { normalizedLines, tokens } from './checkers.ts';

/** Answers that are binary whatever the instance: YES/NO and friends (case-insensitive). */
const BINARY_WORDS = new Set(['yes', 'no', 'true', 'false', 'possible', 'impossible']);

/**
 * The single-token answers an instance uses, when there are exactly two of them
 * (e.g. {"-1", "1"} or {"Alice", "Bob"}): such answers count as binary.
 */
export function binaryVocabulary(expectedOutputs: readonly string[]): ReadonlySet<string> {
  const seen = new Set<string>();
  for (const text of expectedOutputs) {
    const t = tokens(text);
    if (t.length === 1) seen.add(t[0]!);
    if (seen.size > 2) return new Set();
  }
  return seen.size === 2 ? seen : new Set();
}

export function textShape(expected: string, vocabulary: ReadonlySet<string> = new Set()): Shape {
  const lines = normalizedLines(expected);
  if (lines.length === 0 || lines.every((l) => l.trim() === '')) return 'empty';
  const counts = lines.map((l) => tokens(l).length);
  if (lines.length === 1) {
    if (counts[0] !== 1) return 'single-line';
    const token = tokens(lines[0]!)[0]!;
    return BINARY_WORDS.has(token.toLowerCase()) || vocabulary.has(token) ? 'binary' : 'single-token';
  }
  return counts.every((c) => c === counts[0]) && counts[0]! > 0 ? 'grid' : 'multi-line';
}

const isScalar = (x: unknown) => x === null || ['number', 'string', 'boolean'].includes(typeof x);

/** Shape of an expected `call` return value, by analogy with text outputs. */
export function valueShape(expected: unknown): Shape {
  if (expected === null || expected === '') return 'empty';
  if (typeof expected === 'object' && Object.keys(expected).length === 0) return 'empty';
  if (typeof expected === 'boolean') return 'binary';
  if (typeof expected === 'string') return tokens(expected).length > 1 ? 'single-line' : 'single-token';
  if (isScalar(expected)) return 'single-token';
  if (Array.isArray(expected)) {
    if (expected.every(isScalar)) return 'single-line';
    if (expected.every((row) => Array.isArray(row) && row.length === (expected[0] as unknown[]).length)) return 'grid';
  }
  return 'multi-line';
}
