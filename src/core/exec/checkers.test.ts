import { describe, expect, it } from 'vitest';
import { parseJsonTree } from '../text/json.ts';
import { floatsClose, jsonMatches, normalizedLines, outputMatches, parseChecker, tokens } from './checkers.ts';

const exact = parseChecker('exact');
const tok = parseChecker('tokens');
const float6 = parseChecker('float:1e-6');

describe('normalizedLines', () => {
  it('unifies newlines and drops trailing spaces and trailing blank lines', () => {
    expect(normalizedLines('a b  \r\nc\t\n\n\n')).toEqual(['a b', 'c']);
  });
  it('keeps leading spaces and inner blank lines', () => {
    expect(normalizedLines('  x\n\ny\n')).toEqual(['  x', '', 'y']);
  });
  it('gives no lines for empty or whitespace-only output', () => {
    expect(normalizedLines('')).toEqual([]);
    expect(normalizedLines(' \n \n')).toEqual([]);
  });
});

describe('exact checker', () => {
  it('ignores trailing spaces per line and the final newline', () => {
    expect(outputMatches('1 2 3   \n4\n', '1 2 3\n4', exact)).toBe(true);
  });
  it('is sensitive to inner spacing, leading spaces and extra lines', () => {
    expect(outputMatches('1  2', '1 2', exact)).toBe(false);
    expect(outputMatches(' 1', '1', exact)).toBe(false);
    expect(outputMatches('1\n\n2', '1\n2', exact)).toBe(false);
  });
});

describe('tokens checker', () => {
  it('compares whitespace-separated tokens only', () => {
    expect(outputMatches('1  2\n3', '1 2 3\n', tok)).toBe(true);
    expect(outputMatches('1 2', '1 2 3', tok)).toBe(false);
    expect(tokens(' a\tb\n c ')).toEqual(['a', 'b', 'c']);
  });
});

describe('float checker', () => {
  it('parses its epsilon and rejects unknown checkers', () => {
    expect(float6).toEqual({ kind: 'float', epsilon: 1e-6 });
    expect(parseChecker(undefined)).toEqual({ kind: 'exact' });
    expect(() => parseChecker('fuzzy')).toThrow(/unknown checker/);
  });
  it('uses absolute error below 1 and relative error above', () => {
    expect(floatsClose(0.3333334, 1 / 3, 1e-6)).toBe(true); // |Δ| ≈ 6.7e-8
    expect(floatsClose(0.333, 1 / 3, 1e-6)).toBe(false);
    expect(floatsClose(1000000.5, 1000000, 1e-6)).toBe(true); // 0.5 ≤ 1e-6 × 1e6
    expect(floatsClose(1000002, 1000000, 1e-6)).toBe(false); // 2 > 1
  });
  it('compares numeric tokens with tolerance and other tokens exactly', () => {
    expect(outputMatches('2.0000001 YES', '2 YES', float6)).toBe(true);
    expect(outputMatches('2.1 YES', '2 YES', float6)).toBe(false);
    expect(outputMatches('2 yes', '2 YES', float6)).toBe(false);
    expect(outputMatches('abc', '1.0', float6)).toBe(false);
  });
});

describe('jsonMatches', () => {
  // Both sides as JSON text: the sandbox's json.dumps output and the instance's expected value.
  const matches = (actual: string, expected: string, checker = exact) => jsonMatches(parseJsonTree(actual), parseJsonTree(expected), checker);
  it('deep-compares JSON values', () => {
    expect(matches('[1,[2,3],{"a":"x"}]', '[1, [2, 3], {"a": "x"}]')).toBe(true);
    expect(matches('[1,2]', '[2,1]')).toBe(false);
    expect(matches('{"a":1,"b":2}', '{"b":2,"a":1}')).toBe(true); // dicts in any order
    expect(matches('{"a":1}', '{"a":1,"b":2}')).toBe(false);
    expect(matches('{"a":1,"c":2}', '{"a":1,"b":2}')).toBe(false);
    expect(matches('null', '0')).toBe(false);
    expect(matches('[1]', '{"0":1}')).toBe(false);
    expect(matches('true', '1')).toBe(false); // JSON keeps booleans apart from numbers
    expect(matches('"1"', '1')).toBe(false);
  });
  it('compares ints and floats like Python ==', () => {
    expect(matches('2', '2.0')).toBe(true);
    expect(matches('[2.0,-0.0]', '[2,0]')).toBe(true);
    expect(matches('1e3', '1000')).toBe(true);
    expect(matches('2.5', '2')).toBe(false);
  });
  it('compares integers beyond 2^53 exactly, where doubles would round them to the same number', () => {
    expect(matches('9007199254740993', '9007199254740993')).toBe(true);
    expect(matches('9007199254740993', '9007199254740992')).toBe(false);
    expect(matches('12345678901234567890123', '12345678901234567890124')).toBe(false);
    expect(matches('9007199254740993', '9007199254740992.0')).toBe(false); // 2**53 + 1 != 2.0**53
    expect(matches('9007199254740992', '9007199254740992.0')).toBe(true);
  });
  it('applies the float tolerance to numbers at any depth', () => {
    expect(matches('[0.30000000000000004]', '[0.3]')).toBe(false);
    expect(matches('[0.30000000000000004]', '[0.3]', float6)).toBe(true);
    expect(matches('{"k":[1.0000001]}', '{"k":[1]}', float6)).toBe(true);
  });
});
