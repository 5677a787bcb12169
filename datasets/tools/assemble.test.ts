import { describe, expect, it } from 'vitest';
import { parseJsonTree } from '../../src/core/text/json.ts';
import { pyLiteral } from './assemble.ts';

describe('pyLiteral', () => {
  const literal = (json: string) => pyLiteral(parseJsonTree(json));
  it('writes JSON values as Python literals', () => {
    expect(literal('null')).toBe('None');
    expect(literal('[true, false, 1.5, -2, "a\\"b\\n"]')).toBe('[True, False, 1.5, -2, "a\\"b\\n"]');
    expect(literal('{"k": [null], "x y": {}}')).toBe('{"k": [None], "x y": {}}');
  });
  it('keeps floats floats, every digit of big integers, and dict key order', () => {
    expect(literal('[3.0, 1e3, -0.0, 12345678901234567890]')).toBe('[3.0, 1000.0, -0.0, 12345678901234567890]');
    expect(literal('{"b": 1, "1": 2}')).toBe('{"b": 1, "1": 2}');
  });
});
