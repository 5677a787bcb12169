// Execution checks: each requirement's probe observes the workspace in the sandbox and returns
// a JSON value; here, outside the sandbox, the value is judged against the requirement's
// expectation. The expected value never enters the sandbox (docs/security.md).
import type { StepRun } from '../../exec/workspace.ts';
import type { Expectation } from '../../model/task.ts';

export interface ValueVerdict {
  passed: boolean;
  /** Why it failed, in words (the path of the value that did not meet its expectation); empty when it passed. */
  reason: string;
}

/** A value in words, short (values come from the sandbox: never trusted to be small). */
export function shown(value: unknown, max = 80): string {
  let text: string;
  try {
    text = value === undefined ? 'nothing' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Structural equality of JSON values (numbers by value). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

const pass: ValueVerdict = { passed: true, reason: '' };
const fail = (path: string, why: string): ValueVerdict => ({ passed: false, reason: `${path}: ${why}` });
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Whether a value meets an expectation, and if not, why. */
export function judgeValue(value: unknown, e: Expectation, path = 'value'): ValueVerdict {
  switch (e.kind) {
    case 'equals':
      return jsonEqual(value, e.value) ? pass : fail(path, `${shown(value)} is not the expected value`);
    case 'number':
      if (!isNumber(value)) return fail(path, `${shown(value)} is not a number`);
      if (e.min !== undefined && value < e.min) return fail(path, `${shown(value)} is below ${e.min}`);
      if (e.max !== undefined && value > e.max) return fail(path, `${shown(value)} is above ${e.max}`);
      return pass;
    case 'near':
      if (!isNumber(value)) return fail(path, `${shown(value)} is not a number`);
      return Math.abs(value - e.value) <= e.tolerance ? pass : fail(path, `${shown(value)} is not within ${e.tolerance} of the expected value`);
    case 'close': {
      if (!Array.isArray(value)) return fail(path, `${shown(value)} is not a list`);
      if (value.length !== e.values.length) return fail(path, `${value.length} numbers, not ${e.values.length}`);
      const off = value.findIndex((x, i) => !isNumber(x) || Math.abs(x - e.values[i]!) > e.tolerance);
      return off < 0 ? pass : fail(`${path}[${off}]`, `${shown(value[off])} is not within ${e.tolerance} of the expected value`);
    }
    case 'matches':
      if (typeof value !== 'string') return fail(path, `${shown(value)} is not text`);
      return new RegExp(e.pattern).test(value) ? pass : fail(path, `${shown(value)} does not have the expected form`);
    case 'contains':
      if (typeof value === 'string') return typeof e.value === 'string' && value.includes(e.value) ? pass : fail(path, 'the expected text is missing');
      if (Array.isArray(value)) return value.some((x) => jsonEqual(x, e.value)) ? pass : fail(path, 'the expected element is missing');
      return fail(path, `${shown(value)} is neither text nor a list`);
    case 'fields': {
      if (!isObject(value)) return fail(path, `${shown(value)} is not an object`);
      for (const [key, sub] of Object.entries(e.fields)) {
        if (!(key in value)) return fail(`${path}.${key}`, 'missing');
        const v = judgeValue(value[key], sub, `${path}.${key}`);
        if (!v.passed) return v;
      }
      return pass;
    }
    case 'items': {
      if (!Array.isArray(value)) return fail(path, `${shown(value)} is not a list`);
      if (e.length) {
        const v = judgeValue(value.length, e.length, `${path}.length`);
        if (!v.passed) return v;
      }
      if (e.each) {
        for (let i = 0; i < value.length; i++) {
          const v = judgeValue(value[i], e.each, `${path}[${i}]`);
          if (!v.passed) return v;
        }
      }
      return pass;
    }
    case 'all':
      for (const sub of e.of) {
        const v = judgeValue(value, sub, path);
        if (!v.passed) return v;
      }
      return pass;
  }
}

/** A requirement's check after a run: passed or not, what the probe saw, and why it failed. */
export interface CheckResult {
  requirement: number;
  passed: boolean;
  /** What the probe returned, shortened; null when it returned nothing. */
  observed: string | null;
  /** Why the check failed (a probe that did not run, or a value that missed its expectation). */
  reason: string;
}

/** Judge a probe's run (a probe that raised, timed out or returned nothing fails its check). */
export function checkResult(requirement: number, run: StepRun | undefined, expect: Expectation): CheckResult {
  if (!run) return { requirement, passed: false, observed: null, reason: 'the check did not run' };
  if (run.status !== 'ok') {
    const why = run.error ? `${run.error.type}: ${run.error.message}` : run.status;
    return { requirement, passed: false, observed: null, reason: `the check could not observe the workspace (${why})` };
  }
  const verdict = judgeValue(run.value, expect);
  return { requirement, passed: verdict.passed, observed: shown(run.value, 300), reason: verdict.reason };
}
