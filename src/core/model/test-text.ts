// A test's input and expected answer as text, whatever its kind: what leakage checks search
// for, and what evidence and estimates measure.
import type { Test } from './instance.ts';

/** The expected answer of a test as text (stdout, or the JSON of a return value); null for unittest code. */
export function expectedText(test: Test): string | null {
  if ('input' in test) return test.expected;
  if ('args' in test) return test.expectedJson ?? JSON.stringify(test.expected);
  return null;
}

/** The input of a test as text (stdin, the JSON of the arguments, or the test code). */
export function inputText(test: Test): string {
  if ('input' in test) return test.input;
  if ('args' in test) return test.argsJson ?? JSON.stringify(test.args);
  return test.code;
}
