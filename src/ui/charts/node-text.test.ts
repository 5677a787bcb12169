import { describe, expect, it } from 'vitest';
import { flowMarks, wrapLabel } from './node-text.ts';

const measure = (s: string) => s.length * 7;

describe('wrapLabel', () => {
  it('breaks between words, and cuts only a word longer than a line', () => {
    expect(wrapLabel('R1 · Data preprocessing', 70, measure)).toEqual(['R1 · Data', 'preprocess', 'ing']);
    expect(wrapLabel('R0 · Visualization', 140, measure)).toEqual(['R0 · Visualization']);
    expect(wrapLabel('', 70, measure)).toEqual(['']);
  });
});

describe('flowMarks', () => {
  it('puts marks side by side while they fit, then on the next line', () => {
    expect(flowMarks(['check ✗', 'judge ·'], 200, measure)).toEqual([
      { x: 0, line: 0 },
      { x: 59, line: 0 },
    ]);
    expect(flowMarks(['check ✗', 'judge ·'], 70, measure)).toEqual([
      { x: 0, line: 0 },
      { x: 0, line: 1 },
    ]);
  });
});
