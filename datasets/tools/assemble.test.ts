import { describe, expect, it } from 'vitest';
import { pyLiteral } from './assemble.ts';

describe('pyLiteral', () => {
  it('writes JSON values as Python literals', () => {
    expect(pyLiteral(null)).toBe('None');
    expect(pyLiteral([true, false, 1.5, -2, 'a"b\n'])).toBe('[True, False, 1.5, -2, "a\\"b\\n"]');
    expect(pyLiteral({ k: [null], 'x y': {} })).toBe('{"k": [None], "x y": {}}');
  });
});
