import { describe, expect, it } from 'vitest';
import type { RawTestResult } from './sandbox-api.ts';
import { parseChecker } from './checkers.ts';
import { classify, textFailType, valueFailType, type ClassifyContext } from './classify.ts';

const ctx: ClassifyContext = { checker: parseChecker('exact'), timeLimitMs: 1000, vocabulary: new Set() };
const raw = (over: Partial<RawTestResult>): RawTestResult => ({ status: 'ok', stdout: '', stderr: '', durationMs: 5, ...over });
const stdio = { id: 't1', input: '1 2\n', expected: '3\n' };

describe('classify: stdio', () => {
  it('passes a matching output and gives no failType', () => {
    const o = classify(raw({ stdout: '3\n' }), stdio, ctx);
    expect(o).toMatchObject({ testId: 't1', outcome: 'passed', shape: 'single-token', durationMs: 5 });
    expect(o.failType).toBeUndefined();
  });
  it('names the failType of a wrong answer', () => {
    expect(classify(raw({ stdout: '4\n' }), stdio, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'value' });
    expect(classify(raw({ stdout: '3\n4\n' }), stdio, ctx).failType).toBe('line-count');
    expect(classify(raw({ stdout: '3 0\n' }), stdio, ctx).failType).toBe('token-count');
  });
  it('turns a slow normal end into a timeout', () => {
    expect(classify(raw({ stdout: '3\n', durationMs: 1200 }), stdio, ctx)).toMatchObject({ outcome: 'timeout', failType: 'timeout' });
  });
  it('maps sandbox statuses to outcomes and failTypes', () => {
    const cases: [Partial<RawTestResult>, string, string][] = [
      [{ status: 'exception', excType: 'IndexError', message: 'list index out of range', line: 4 }, 'runtime-error', 'runtime-error:IndexError'],
      [{ status: 'compile-error', excType: 'IndentationError' }, 'compile-error', 'runtime-error:IndentationError'],
      [{ status: 'timeout', durationMs: 1000 }, 'timeout', 'timeout'],
      [{ status: 'memory' }, 'memory', 'memory'],
      [{ status: 'output-limit' }, 'output-limit', 'output-limit'],
      [{ status: 'crashed', note: 'worker crashed' }, 'crashed', 'crashed'],
    ];
    for (const [r, outcome, failType] of cases) expect(classify(raw(r), stdio, ctx)).toMatchObject({ outcome, failType });
  });
  it('reports the exception with its line and keeps the traceback as stderr', () => {
    const o = classify(raw({ status: 'exception', excType: 'ValueError', message: 'bad', line: 2, traceback: 'Traceback...\nValueError: bad' }), stdio, ctx);
    expect(o.error).toEqual({ type: 'ValueError', message: 'bad', line: 2 });
    expect(o.stderr).toContain('ValueError: bad');
  });
});

describe('classify: call', () => {
  const call = { id: 'c1', args: [[3, 1]], expected: [1, 3] };
  it('compares the returned JSON value', () => {
    expect(classify(raw({ value: '[1,3]' }), call, ctx)).toMatchObject({ outcome: 'passed', shape: 'single-line' });
    expect(classify(raw({ value: '[3,1]' }), call, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'value' });
    expect(classify(raw({ value: '[1]' }), call, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'token-count' });
  });
  it('compares ints and floats as Python does, and big integers exactly', () => {
    const half = { id: 'c2', args: [[3.0, 5.0]], argsJson: '[[3.0,5.0]]', expected: 4, expectedJson: '4.0' };
    expect(classify(raw({ value: '4.0' }), half, ctx).outcome).toBe('passed');
    expect(classify(raw({ value: '4' }), half, ctx).outcome).toBe('passed'); // 4 == 4.0
    expect(classify(raw({ value: '4.5' }), half, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'value' });
    // 2**64 + 1: as JavaScript numbers, expected and 2**64 would look equal
    const big = { id: 'c3', args: [64], expected: 18446744073709552000, expectedJson: '18446744073709551617' };
    expect(classify(raw({ value: '18446744073709551617' }), big, ctx).outcome).toBe('passed');
    expect(classify(raw({ value: '18446744073709551616' }), big, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'value' });
  });
  it('treats a missing or unreadable value as a sandbox crash', () => {
    expect(classify(raw({}), call, ctx).outcome).toBe('crashed');
    expect(classify(raw({ value: '{oops' }), call, ctx).outcome).toBe('crashed');
  });
});

describe('classify: unittest', () => {
  const ut = { id: 'u1', code: 'assert f() == 1' };
  const counts = (run: number, failures: number, errors: number, firstFailure = '') => ({ run, failures, errors, firstFailure });
  it('passes only when every test ran clean', () => {
    expect(classify(raw({ unittest: counts(3, 0, 0) }), ut, ctx)).toMatchObject({ outcome: 'passed' });
    expect(classify(raw({ unittest: counts(3, 1, 0) }), ut, ctx)).toMatchObject({ outcome: 'wrong-answer', failType: 'value' });
    expect(classify(raw({ unittest: counts(2, 0, 1, 'Traceback\nKeyError: 3') }), ut, ctx)).toMatchObject({
      outcome: 'runtime-error',
      failType: 'runtime-error:KeyError',
    });
    expect(classify(raw({ unittest: counts(0, 0, 0) }), ut, ctx).outcome).toBe('wrong-answer');
  });
  it('has no expected-output shape', () => {
    expect(classify(raw({ unittest: counts(1, 0, 0) }), ut, ctx).shape).toBeUndefined();
  });
});

describe('failTypes', () => {
  it('textFailType looks at line counts, then token counts per line', () => {
    expect(textFailType('1\n2', '1')).toBe('line-count');
    expect(textFailType('1 2\n3', '1\n2 3')).toBe('token-count');
    expect(textFailType('1 2', '1 3')).toBe('value');
    expect(textFailType('1 2   \n', '1 2')).toBe('value'); // wrong under some checker, same structure
  });
  it('valueFailType treats outer length as lines and inner length as tokens', () => {
    expect(valueFailType([[1], [2]], [[1]])).toBe('line-count');
    expect(valueFailType([[1, 2]], [[1]])).toBe('token-count');
    expect(valueFailType([1, 2], [1])).toBe('token-count');
    expect(valueFailType(5, 6)).toBe('value');
    expect(valueFailType('x', [1])).toBe('value');
  });
});
