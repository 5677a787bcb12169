import { describe, expect, it } from 'vitest';
import { changedLines, diffLines } from './diff.ts';

describe('diffLines', () => {
  it('marks kept, removed and added lines', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });
  it('counts changed lines', () => {
    expect(changedLines('a\nb\nc', 'a\nb\nc')).toBe(0);
    expect(changedLines('a\nb\nc', 'a\nB\nc')).toBe(1);
    expect(changedLines('a\nb\nc', 'a\nb\nbreak\nc')).toBe(1);
    expect(changedLines('a\nb\nc\nd', 'A\nb\nC\nd')).toBe(2);
  });
});
