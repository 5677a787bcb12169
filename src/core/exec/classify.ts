// Turns a raw sandbox result plus the (app-side) expected output into an outcome and failType.
import type { Test } from '../model/instance.ts';
import type { FailType, Outcome, ProgramError, TestOutcome } from '../model/outcome.ts';
import { parseJsonTree, treeValue, type JsonNode } from '../text/json.ts';
import { jsonMatches, normalizedLines, outputMatches, tokens, type ParsedChecker } from './checkers.ts';
import type { RawTestResult } from './sandbox-api.ts';
import { textShape, valueShape } from './shape.ts';

/** Program output kept on each outcome for display (the sandbox caps output at 1 MiB). */
export const DISPLAY_CAP = 16 * 1024;

export interface ClassifyContext {
  checker: ParsedChecker;
  timeLimitMs: number;
  /** From binaryVocabulary() over the instance's expected outputs. */
  vocabulary: ReadonlySet<string>;
}

/** line-count | token-count | value, for a wrong text answer. */
export function textFailType(actual: string, expected: string): FailType {
  const a = normalizedLines(actual);
  const e = normalizedLines(expected);
  if (a.length !== e.length) return 'line-count';
  return a.some((line, i) => tokens(line).length !== tokens(e[i]!).length) ? 'token-count' : 'value';
}

/** The same distinction for JSON values: outer length = lines, inner length = tokens. */
export function valueFailType(actual: unknown, expected: unknown): FailType {
  if (!Array.isArray(expected) || !Array.isArray(actual)) return 'value';
  const nested = expected.length > 0 && expected.every(Array.isArray);
  if (actual.length !== expected.length) return nested ? 'line-count' : 'token-count';
  if (nested && expected.some((row, i) => !Array.isArray(actual[i]) || (actual[i] as unknown[]).length !== (row as unknown[]).length)) {
    return 'token-count';
  }
  return 'value';
}

function errorOf(raw: RawTestResult): ProgramError | undefined {
  if (!raw.excType) return undefined;
  return { type: raw.excType, message: raw.message ?? '', ...(raw.line != null ? { line: raw.line } : {}) };
}

/** Exception type named on the last line of a traceback ("ValueError: ..."), if any. */
function lastExceptionType(traceback: string): string {
  const last = traceback.trim().split('\n').pop() ?? '';
  return /^([A-Za-z_][\w.]*)(:|$)/.exec(last)?.[1] ?? 'Exception';
}

/** A JSON text as a tree that keeps every number as written; null when absent or not JSON. */
function jsonTree(text: string | undefined): { node: JsonNode } | null {
  if (text === undefined) return null;
  try {
    return { node: parseJsonTree(text) };
  } catch {
    return null;
  }
}

function judge(raw: RawTestResult, test: Test, ctx: ClassifyContext): { outcome: Outcome; failType?: FailType } {
  switch (raw.status) {
    case 'compile-error':
      return { outcome: 'compile-error', failType: `runtime-error:${raw.excType ?? 'SyntaxError'}` };
    case 'crashed':
      return { outcome: 'crashed', failType: 'crashed' };
    case 'memory':
      return { outcome: 'memory', failType: 'memory' };
    case 'output-limit':
      return { outcome: 'output-limit', failType: 'output-limit' };
    case 'timeout':
      return { outcome: 'timeout', failType: 'timeout' };
    case 'not-run':
      return { outcome: 'not-run', failType: 'timeout' };
    case 'exception':
      return { outcome: 'runtime-error', failType: `runtime-error:${raw.excType ?? 'Exception'}` };
    case 'ok':
      break;
  }
  if (raw.durationMs > ctx.timeLimitMs) return { outcome: 'timeout', failType: 'timeout' };
  if ('input' in test) {
    return outputMatches(raw.stdout, test.expected, ctx.checker)
      ? { outcome: 'passed' }
      : { outcome: 'wrong-answer', failType: textFailType(raw.stdout, test.expected) };
  }
  if ('args' in test) {
    // The harness returns json.dumps(value): ints, floats and big integers are compared as Python would.
    const actual = jsonTree(raw.value);
    if (!actual) return { outcome: 'crashed', failType: 'crashed' };
    const expected = jsonTree(test.expectedJson ?? JSON.stringify(test.expected));
    return expected && jsonMatches(actual.node, expected.node, ctx.checker)
      ? { outcome: 'passed' }
      : { outcome: 'wrong-answer', failType: valueFailType(treeValue(actual.node), test.expected) };
  }
  const counts = raw.unittest;
  if (!counts) return { outcome: 'crashed', failType: 'crashed' };
  if (counts.errors > 0) return { outcome: 'runtime-error', failType: `runtime-error:${lastExceptionType(counts.firstFailure)}` };
  if (counts.failures > 0 || counts.run === 0) return { outcome: 'wrong-answer', failType: 'value' };
  return { outcome: 'passed' };
}

export function classify(raw: RawTestResult, test: Test, ctx: ClassifyContext): TestOutcome {
  const { outcome, failType } = judge(raw, test, ctx);
  const shape = 'input' in test ? textShape(test.expected, ctx.vocabulary) : 'args' in test ? valueShape(test.expected) : undefined;
  const error = errorOf(raw);
  return {
    testId: test.id,
    outcome,
    durationMs: Math.round(raw.durationMs * 1000) / 1000,
    ...(failType ? { failType } : {}),
    ...(shape ? { shape } : {}),
    stdout: raw.stdout.slice(0, DISPLAY_CAP),
    stderr: [raw.stderr, raw.traceback, raw.unittest?.firstFailure].filter(Boolean).join('\n').slice(0, DISPLAY_CAP),
    ...(error ? { error } : {}),
    ...(raw.note ? { note: raw.note } : {}),
  };
}
