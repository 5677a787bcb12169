// Expectations judged outside the sandbox: each kind, and the reasons that say what missed.
import { describe, expect, it } from 'vitest';
import type { StepRun } from '../../exec/workspace.ts';
import { checkResult, judgeValue } from './checks.ts';

describe('expectations', () => {
  it('judge each kind of expectation', () => {
    expect(judgeValue({ a: [1, 2] }, { kind: 'equals', value: { a: [1, 2] } }).passed).toBe(true);
    expect(judgeValue({ a: [1, 2], b: 1 }, { kind: 'equals', value: { a: [1, 2] } }).passed).toBe(false);
    expect(judgeValue(0.5, { kind: 'number', min: 0, max: 1 }).passed).toBe(true);
    expect(judgeValue(1.5, { kind: 'number', max: 1 })).toEqual({ passed: false, reason: 'value: 1.5 is above 1' });
    expect(judgeValue('1', { kind: 'number', min: 0 })).toEqual({ passed: false, reason: 'value: "1" is not a number' });
    expect(judgeValue(3.1416, { kind: 'near', value: 3.14159, tolerance: 1e-3 }).passed).toBe(true);
    expect(judgeValue(3.2, { kind: 'near', value: 3.14159, tolerance: 1e-3 }).reason).toBe('value: 3.2 is not within 0.001 of the expected value');
    expect(judgeValue([1, 2.004], { kind: 'close', values: [1, 2], tolerance: 0.01 }).passed).toBe(true);
    expect(judgeValue([1, 2.1], { kind: 'close', values: [1, 2], tolerance: 0.01 }).reason).toBe('value[1]: 2.1 is not within 0.01 of the expected value');
    expect(judgeValue([1], { kind: 'close', values: [1, 2], tolerance: 0.01 }).reason).toBe('value: 1 numbers, not 2');
    expect(judgeValue('Loaded 117 rows\n', { kind: 'matches', pattern: '^Loaded 117 rows' }).passed).toBe(true);
    expect(judgeValue(['a', 'b'], { kind: 'contains', value: 'b' }).passed).toBe(true);
    expect(judgeValue('abc', { kind: 'contains', value: 'x' }).passed).toBe(false);
    expect(judgeValue([0.2, 0.9], { kind: 'items', length: { kind: 'equals', value: 2 }, each: { kind: 'number', min: 0, max: 1 } }).passed).toBe(true);
    expect(judgeValue([0.2, 1.9], { kind: 'items', each: { kind: 'number', max: 1 } }).reason).toBe('value[1]: 1.9 is above 1');
    expect(
      judgeValue(0.5, {
        kind: 'all',
        of: [
          { kind: 'number', min: 0 },
          { kind: 'number', max: 0.4 },
        ],
      }).passed,
    ).toBe(false);
  });

  it('name the field that missed, and never show the expected value', () => {
    const e = { kind: 'fields', fields: { m: { kind: 'fields', fields: { rmse: { kind: 'near', value: 16.29, tolerance: 0.05 } } } } } as const;
    expect(judgeValue({ m: { rmse: 265.4 } }, e)).toEqual({ passed: false, reason: 'value.m.rmse: 265.4 is not within 0.05 of the expected value' });
    expect(judgeValue({ m: {} }, e).reason).toBe('value.m.rmse: missing');
    expect(judgeValue(null, e).reason).toBe('value: null is not an object');
  });

  it('a probe that did not run, or raised, fails its check; a huge value is shortened', () => {
    const run = (over: Partial<StepRun>): StepRun => ({ step: { kind: 'probe', code: '' }, status: 'ok', stdout: '', stderr: '', durationMs: 1, ...over });
    expect(checkResult(2, undefined, { kind: 'equals', value: 1 })).toEqual({ requirement: 2, passed: false, observed: null, reason: 'the check did not run' });
    expect(
      checkResult(2, run({ status: 'exception', error: { type: 'KeyError', message: "'x'", line: 3, traceback: '' } }), { kind: 'equals', value: 1 }).reason,
    ).toBe("the check could not observe the workspace (KeyError: 'x')");
    const big = checkResult(0, run({ value: 'x'.repeat(5000) }), { kind: 'matches', pattern: 'y' });
    expect(big.observed!.length).toBe(300);
  });
});
