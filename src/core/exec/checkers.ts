// Output comparison. Runs in the app realm, never inside the sandbox.
import type { Checker } from '../model/instance.ts';
import { JsonNumber, JsonObject, numbersEqual, type JsonNode } from '../text/json.ts';

/** Lines of an output with "\r\n" unified, trailing spaces per line and trailing blank lines removed. */
export function normalizedLines(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\r]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function tokens(text: string): string[] {
  return text.split(/\s+/).filter((t) => t !== '');
}

/** Parsed checker: exact, tokens, or float with tolerance epsilon. */
export type ParsedChecker = { kind: 'exact' } | { kind: 'tokens' } | { kind: 'float'; epsilon: number };

export function parseChecker(checker: Checker | undefined): ParsedChecker {
  if (checker === undefined || checker === 'exact') return { kind: 'exact' };
  if (checker === 'tokens') return { kind: 'tokens' };
  const match = /^float:(.+)$/.exec(checker);
  const epsilon = match ? Number(match[1]) : NaN;
  if (!Number.isFinite(epsilon) || epsilon < 0) throw new Error(`unknown checker "${checker}"`);
  return { kind: 'float', epsilon };
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** |a - b| ≤ ε·max(1, |b|): absolute error for small values, relative for large ones. */
export function floatsClose(actual: number, expected: number, epsilon: number): boolean {
  if (actual === expected) return true;
  return Math.abs(actual - expected) <= epsilon * Math.max(1, Math.abs(expected));
}

function tokenMatches(actual: string, expected: string, epsilon: number): boolean {
  if (actual === expected) return true;
  if (!NUMBER.test(expected) || !NUMBER.test(actual)) return false;
  return floatsClose(Number(actual), Number(expected), epsilon);
}

/** Does a program's stdout match the expected output under the checker? */
export function outputMatches(actual: string, expected: string, checker: ParsedChecker): boolean {
  if (checker.kind === 'exact') {
    const a = normalizedLines(actual);
    const e = normalizedLines(expected);
    return a.length === e.length && a.every((line, i) => line === e[i]);
  }
  const a = tokens(actual);
  const e = tokens(expected);
  if (a.length !== e.length) return false;
  if (checker.kind === 'tokens') return a.every((t, i) => t === e[i]);
  return a.every((t, i) => tokenMatches(t, e[i]!, checker.epsilon));
}

/**
 * Deep equality of two JSON trees, as Python's `==` compares the values json.loads gives:
 * numbers by value whatever their type (2 == 2.0) and exactly at any size (big integers keep
 * every digit), lists in order, dicts in any key order. Under a float checker numbers match within ε.
 */
export function jsonMatches(actual: JsonNode, expected: JsonNode, checker: ParsedChecker): boolean {
  if (expected instanceof JsonNumber) {
    if (!(actual instanceof JsonNumber)) return false;
    return checker.kind === 'float' ? floatsClose(actual.value, expected.value, checker.epsilon) : numbersEqual(actual, expected);
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => jsonMatches(actual[i]!, item, checker));
  }
  if (expected instanceof JsonObject) {
    if (!(actual instanceof JsonObject) || actual.members.size !== expected.members.size) return false;
    for (const [key, item] of expected.members) {
      const other = actual.members.get(key);
      if (other === undefined || !jsonMatches(other, item, checker)) return false;
    }
    return true;
  }
  return actual === expected;
}
