import { describe, expect, it } from 'vitest';
import { applyHunk, changedLines, diffLines, hunks, mergeHunks } from './diff.ts';

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

describe('hunks', () => {
  it('splits a diff into contiguous changes that apply one at a time', () => {
    const before = 'a\nb\nc\nd\ne';
    const after = 'a\nB\nc\nd\nE\nF';
    const hs = hunks(before, after);
    expect(hs).toEqual([
      { start: 1, removed: 1, added: ['B'] },
      { start: 4, removed: 1, added: ['E', 'F'] },
    ]);
    expect(applyHunk(before, hs[0]!)).toBe('a\nB\nc\nd\ne');
    expect(applyHunk(before, hs[1]!)).toBe('a\nb\nc\nd\nE\nF');
    expect(hunks(before, before)).toEqual([]);
  });

  it('merges two hunks into one edit that keeps the lines between them', () => {
    const before = 'a\nb\nc\nd\ne';
    const [first, second] = hunks(before, 'a\nB\nc\nd\nE\nF');
    const both = mergeHunks(before, first!, second!);
    expect(both).toEqual({ start: 1, removed: 4, added: ['B', 'c', 'd', 'E', 'F'] });
    expect(applyHunk(before, both)).toBe('a\nB\nc\nd\nE\nF');
  });
});
