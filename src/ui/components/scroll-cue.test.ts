import { describe, expect, it } from 'vitest';
import { hintOf, overflowOf } from './scroll-cue.ts';

describe('overflowOf', () => {
  it('a table that fits does not scroll', () => {
    expect(overflowOf({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ scrolls: false, before: false, after: false });
    expect(overflowOf({ scrollLeft: 0, scrollWidth: 300.6, clientWidth: 300 }).scrolls).toBe(false);
  });
  it('a wide table has more after it at the start, before it at the end, both in between', () => {
    expect(overflowOf({ scrollLeft: 0, scrollWidth: 600, clientWidth: 300 })).toEqual({ scrolls: true, before: false, after: true });
    expect(overflowOf({ scrollLeft: 150, scrollWidth: 600, clientWidth: 300 })).toEqual({ scrolls: true, before: true, after: true });
    expect(overflowOf({ scrollLeft: 299.5, scrollWidth: 600, clientWidth: 300 })).toEqual({ scrolls: true, before: true, after: false });
  });
  it('the hint points where there is more', () => {
    expect(hintOf({ scrolls: false, before: false, after: false })).toBe('');
    expect(hintOf({ scrolls: true, before: false, after: true })).toBe('scroll →');
    expect(hintOf({ scrolls: true, before: true, after: true })).toBe('← scroll →');
    expect(hintOf({ scrolls: true, before: true, after: false })).toBe('← scroll');
  });
});
