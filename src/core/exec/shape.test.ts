import { describe, expect, it } from 'vitest';
import { binaryVocabulary, textShape, valueShape } from './shape.ts';

describe('textShape', () => {
  it('classifies each shape of the PAIR signature', () => {
    expect(textShape('')).toBe('empty');
    expect(textShape('  \n\n')).toBe('empty');
    expect(textShape('42\n')).toBe('single-token');
    expect(textShape('YES\n')).toBe('binary');
    expect(textShape('impossible')).toBe('binary');
    expect(textShape('1 2 3')).toBe('single-line');
    expect(textShape('1 2\n3 4\n5 6\n')).toBe('grid');
    expect(textShape('1\n2\n3')).toBe('grid'); // several lines of one token each
    expect(textShape('3\n1 2 3\n')).toBe('multi-line');
    expect(textShape('a\n\nb')).toBe('multi-line'); // an inner blank line breaks the grid
  });
  it('treats answers from a two-value vocabulary as binary', () => {
    const vocab = binaryVocabulary(['-1\n', '1', '-1', '1\n']);
    expect([...vocab].sort()).toEqual(['-1', '1']);
    expect(textShape('-1', vocab)).toBe('binary');
    expect(textShape('7', vocab)).toBe('single-token');
  });
  it('finds no vocabulary when single-token answers take more than two values', () => {
    expect(binaryVocabulary(['1', '2', '3']).size).toBe(0);
    expect(binaryVocabulary(['1', '1']).size).toBe(0);
    expect(binaryVocabulary(['1', '2', '1 2 3']).size).toBe(2); // multi-token outputs do not count
  });
});

describe('valueShape', () => {
  it('maps JSON values onto the same shapes', () => {
    expect(valueShape(null)).toBe('empty');
    expect(valueShape([])).toBe('empty');
    expect(valueShape({})).toBe('empty');
    expect(valueShape(true)).toBe('binary');
    expect(valueShape(5)).toBe('single-token');
    expect(valueShape('abc')).toBe('single-token');
    expect(valueShape('a b')).toBe('single-line');
    expect(valueShape([1, 2, 3])).toBe('single-line');
    expect(
      valueShape([
        [1, 2],
        [3, 4],
      ]),
    ).toBe('grid');
    expect(valueShape([[1], [2, 3]])).toBe('multi-line');
    expect(valueShape({ a: 1 })).toBe('multi-line');
  });
});
