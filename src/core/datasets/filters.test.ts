import { describe, expect, it } from 'vitest';
import { filterViolations, tagClashes, type InstanceMeasures } from './filters.ts';

const ok: InstanceMeasures = {
  tests: 120,
  buggyPassRate: 0.3,
  buggyLoc: 30,
  buggyComplexity: 9,
  referencePassRate: 1,
  referenceDeterministic: true,
  referenceSlowestMs: 40,
  timeLimitMs: 2000,
};

describe('filterViolations', () => {
  it('accepts an instance inside every filter, bounds included', () => {
    expect(filterViolations(ok)).toEqual([]);
    expect(filterViolations({ ...ok, tests: 100, buggyPassRate: 0.1, buggyLoc: 15, buggyComplexity: 8 })).toEqual([]);
    expect(filterViolations({ ...ok, buggyPassRate: 0.55, buggyLoc: 80 })).toEqual([]);
  });
  it('names each violated filter with the measured value', () => {
    expect(
      filterViolations({
        tests: 99,
        buggyPassRate: 0.6,
        buggyLoc: 81,
        buggyComplexity: 7,
        referencePassRate: 0.99,
        referenceDeterministic: false,
        referenceSlowestMs: 2500,
        timeLimitMs: 2000,
      }),
    ).toEqual([
      '99 tests, fewer than 100',
      'buggy pass rate 60.0% outside 10.0%–55.0%',
      'buggy program has 81 lines of code, outside 15–80',
      'buggy cyclomatic complexity 7, below 8',
      'reference passes only 99.0%',
      'reference output differs between runs',
      "reference's slowest test takes 2500 ms, over the 2000 ms limit",
    ]);
    expect(filterViolations({ ...ok, buggyPassRate: 0.05 })).toEqual(['buggy pass rate 5.0% outside 10.0%–55.0%']);
  });
});

describe('tags', () => {
  it('that differ only in case or a plural s are reported as one thing named twice', () => {
    expect(tagClashes([{ tags: ['sorting', 'greedy'] }, { tags: ['sortings'] }, { tags: ['Greedy', 'math'] }, {}])).toEqual([
      'tags "sorting" and "sortings" name one thing: use one of them',
      'tags "greedy" and "Greedy" name one thing: use one of them',
    ]);
    expect(tagClashes([{ tags: ['dp', 'graphs'] }])).toEqual([]);
  });
});
