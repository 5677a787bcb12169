import { describe, expect, it } from 'vitest';
import { canonicalJson, floatText, JsonNumber, JsonObject, jsonValuesEqual, numbersEqual, parseJsonTree, parseJsonValue, treeValue } from './json.ts';

const canonical = (text: string) => canonicalJson(parseJsonTree(text));
const num = (text: string) => new JsonNumber(text);

describe('parseJsonTree', () => {
  it('keeps each number as written, with its kind', () => {
    const tree = parseJsonTree('[3, 3.0, -0.0, 1e3, 12345678901234567890]') as JsonNumber[];
    expect(tree.map((n) => [n.text, n.integer])).toEqual([
      ['3', true],
      ['3.0', false],
      ['-0.0', false],
      ['1e3', false],
      ['12345678901234567890', true],
    ]);
  });
  it('keeps object keys in written order; a repeated key keeps its first place and its last value', () => {
    const tree = parseJsonTree('{"b": 1, "1": 2, "b": 3}') as JsonObject;
    expect([...tree.members].map(([k, v]) => [k, (v as JsonNumber).text])).toEqual([
      ['b', '3'],
      ['1', '2'],
    ]);
  });
  it('reads strings with every escape', () => {
    expect(parseJsonTree('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"')).toBe('a"b\\c/d\b\f\n\r\té😀');
    expect(parseJsonTree(' \t\r\n ["x" , true,false ,null] ')).toEqual(['x', true, false, null]);
  });
  it('refuses what JSON.parse refuses, with the position', () => {
    for (const bad of [
      '',
      '[1,]',
      '{"a":1,}',
      '01',
      '1.',
      '.5',
      '+1',
      '[1 2]',
      "'a'",
      '"\t"',
      '"\\x"',
      '"\\u12g4"',
      'NaN',
      'Infinity',
      '-',
      '{"a" 1}',
      '{1: 2}',
      'tru',
      '"abc',
      '[1] x',
    ]) {
      expect(() => parseJsonTree(bad), bad).toThrow(SyntaxError);
      expect(() => JSON.parse(bad), bad).toThrow(SyntaxError);
    }
    expect(() => parseJsonTree('[1, 2')).toThrow("expected ',' or ']' at position 5");
    expect(() => parseJsonTree('{"a": 1} 2')).toThrow('unexpected text after the JSON value at position 9');
  });
  it('refuses nesting deeper than MAX_DEPTH instead of overflowing the stack', () => {
    expect(() => parseJsonTree('['.repeat(5000) + ']'.repeat(5000))).toThrow('nested deeper than 2000 levels');
    expect(parseJsonValue('['.repeat(100) + ']'.repeat(100))).toHaveLength(1);
  });
});

describe('treeValue', () => {
  it('gives what JSON.parse gives', () => {
    const text = '{"n": [1, 2.5, -0.0, 1e3, 12345678901234567890], "s": "x", "o": {"z": null, "a": [true]}, "__proto__": {"p": 1}}';
    const value = parseJsonValue(text);
    expect(value).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype); // "__proto__" is an own key, not the prototype
    expect(Object.keys(value as object)).toEqual(['n', 's', 'o', '__proto__']);
    expect(Object.is((value as { n: number[] }).n[2], -0)).toBe(true);
  });
});

describe('canonicalJson', () => {
  it('keeps floats floats and integers whole', () => {
    expect(canonical('[3.0, 5.0, "+", 2.0, "/"]')).toBe('[3.0,5.0,"+",2.0,"/"]');
    expect(canonical('[1e3, 1E-7, 2.50, -0.0, 1e21, 0.1]')).toBe('[1000.0,1e-07,2.5,-0.0,1e+21,0.1]');
    expect(canonical('[12345678901234567890, -9007199254740993, -0, 0]')).toBe('[12345678901234567890,-9007199254740993,0,0]');
    expect(canonical('[1e400, -1e400, 1e-400]')).toBe('[1e400,-1e400,0.0]'); // Python reads inf, -inf, 0.0 as well
  });
  it('keeps key order, compacts whitespace and re-escapes strings', () => {
    expect(canonical('{ "b" : [1.5, {"1": 2}], "a" : "é\\n" }')).toBe('{"b":[1.5,{"1":2}],"a":"é\\n"}');
  });
  it('equals JSON.stringify for text with nothing JavaScript would lose', () => {
    const text = '{"id": "t1", "args": [[1, -2, 3.5], "x\\u0001", {"k": [null, true]}], "expected": 6}';
    expect(canonical(text)).toBe(JSON.stringify(JSON.parse(text)));
  });
  it('is read back by the same parser as the same values', () => {
    const text = '[3.0, [1e3, -0.0], {"b": 12345678901234567890, "a": 1.25}]';
    expect(canonical(canonical(text))).toBe(canonical(text));
    expect(jsonValuesEqual(parseJsonValue(canonical(text)), JSON.parse(text))).toBe(true);
  });
});

describe('floatText', () => {
  it('writes floats as Python repr does', () => {
    // Each pair: a double and repr() of it in CPython.
    const cases: [number, string][] = [
      [3, '3.0'],
      [-62.5, '-62.5'],
      [0.1, '0.1'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [1.5e-7, '1.5e-07'],
      [1e15, '1000000000000000.0'],
      [2 ** 53, '9007199254740992.0'],
      [1e16, '1e+16'],
      [1.2345678901234567e19, '1.2345678901234567e+19'],
      [1e21, '1e+21'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [123456.789, '123456.789'],
      [-0, '-0.0'],
      [0, '0.0'],
    ];
    for (const [x, repr] of cases) expect(floatText(x), repr).toBe(repr);
  });
});

describe('numbersEqual (Python ==)', () => {
  it('compares across int and float by value', () => {
    expect(numbersEqual(num('2'), num('2.0'))).toBe(true);
    expect(numbersEqual(num('0'), num('-0.0'))).toBe(true);
    expect(numbersEqual(num('1000'), num('1e3'))).toBe(true);
    expect(numbersEqual(num('2'), num('2.5'))).toBe(false);
    expect(numbersEqual(num('1'), num('1e400'))).toBe(false);
  });
  it('compares integers exactly at any size, and an int with a float exactly', () => {
    expect(numbersEqual(num('9007199254740993'), num('9007199254740992'))).toBe(false);
    expect(numbersEqual(num('9007199254740993'), num('9007199254740993'))).toBe(true);
    expect(numbersEqual(num('9007199254740993'), num('9007199254740993.0'))).toBe(false); // the float is 2.0**53
    expect(numbersEqual(num('100000000000000000000'), num('1e20'))).toBe(true);
  });
});

describe('jsonValuesEqual', () => {
  it('compares values deeply, objects in any key order', () => {
    expect(jsonValuesEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(jsonValuesEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonValuesEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonValuesEqual([1], { 0: 1 })).toBe(false);
    expect(jsonValuesEqual(0, -0)).toBe(true);
    expect(jsonValuesEqual(treeValue(parseJsonTree('[3.0]')), [3])).toBe(true);
  });
});
