// hiddenData on its own: which test and which quoted piece it reports (the first in suite
// order), windows that cross whitespace, public examples, short distinctive values, and a
// long suite (the scan is one pass per hint, with no index kept).
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../model/instance.ts';
import { hiddenData, protectedLeaks, validateHint, VERBATIM_MIN } from './leakage.ts';

const instance = (tests: { id: string; input: string; expected: string }[], statement = 'Example: 5 5 5 5 5 5 5 5 gives 40.') =>
  ({ id: 'x', title: 'x', source: { name: 't' }, statement, language: 'python', testKind: 'stdio', buggy: '', reference: '', tests }) as Instance;

describe('hiddenData', () => {
  const inst = instance([
    { id: 't1', input: '3\n1 2 3\n', expected: '6\n' },
    { id: 't2', input: '4\n100 200 300 400\n', expected: '1000\n' },
    { id: 't3', input: '2\n7 8\n', expected: 'HELLO WORLD AGAIN\n' },
    { id: 't4', input: '4\n100 200 300 400\n', expected: '1000\n' },
  ]);

  it('reports the first test, in suite order, whose value the hint quotes, and the first quoted window', () => {
    // The value squashes to "4 100 200 300 400": its first window the hint also holds starts at
    // position 1, the space before 100.
    expect(hiddenData('It breaks on 100 200 300 400 here.', inst)).toBe('test t2: “ 100 200 300”');
    expect(hiddenData('The answer should be HELLO WORLD AGAIN.', inst)).toBe('test t3: “HELLO WORLD ”');
  });

  it('matches across line breaks and runs of spaces, as the squashed text does', () => {
    expect(hiddenData('Input:\n4\n100   200 300 400', inst)).toBe('test t2: “4 100 200 30”');
  });

  it('ignores what the statement shows, and short common values', () => {
    expect(hiddenData('Like 5 5 5 5 5 5 5 5 in the example.', instance([{ id: 'a', input: '8\n5 5 5 5 5 5 5 5\n', expected: '40\n' }]))).toBeNull();
    expect(hiddenData('The sum is 6 there.', inst)).toBeNull();
  });

  it('finds a distinctive short value as a whole word, in suite order with the long ones', () => {
    const short = instance([
      { id: 's1', input: '1\n', expected: '987654\n' },
      { id: 's2', input: '2\n', expected: '123 456 789 012 345\n' },
    ]);
    expect(hiddenData('It should print 987654 and 123 456 789 012.', short)).toBe('test s1: “987654”');
    expect(hiddenData('It should print 9876543.', short)).toBeNull(); // not a whole word
  });

  it('scans a long suite, reporting the only test quoted', () => {
    const tests = Array.from({ length: 500 }, (_, i) => ({
      id: `t${i}`,
      input: `${i}\n${Array.from({ length: 40 }, (_, j) => (i * 7919 + j * 104729) % 1000003).join(' ')}\n`,
      expected: `${i * 3}\n`,
    }));
    const big = instance(tests);
    const quote = tests[431]!.input.split('\n')[1]!.slice(30, 30 + VERBATIM_MIN + 5);
    expect(hiddenData(`Look at ${quote} carefully.`, big)).toMatch(/^test t431: /);
    expect(hiddenData('Nothing from the tests here at all, only words.', big)).toBeNull();
  });
});

describe('text normalised before matching (both sides)', () => {
  const inst = {
    ...instance([
      { id: 'h1', input: '17 250 3999 4 88\n', expected: '4358\n' },
      { id: 'h2', input: '2\n5 5\n', expected: '10\n' },
    ]),
    buggy: 'vals = list(map(int, input().split()))\nprint(sum(vals[1:]))\n',
    reference: 'vals = list(map(int, input().split()))\nprint(sum(vals))\n',
  } as Instance;
  const spread = (s: string, sep: string) => [...s].join(sep);

  it('catches a quote with zero-width or other format characters between its characters', () => {
    for (const sep of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']) {
      expect(hiddenData(`It fails on ${spread('17 250 3999 4 88', sep)} here.`, inst), `U+${sep.charCodeAt(0).toString(16)}`).toBe('test h1: “17 250 3999 ”');
      expect(hiddenData(`It should print ${spread('4358', sep)} there.`, inst), `U+${sep.charCodeAt(0).toString(16)}`).toBe('test h1: “4358”');
    }
  });

  it('catches fullwidth digits (NFKC), soft hyphens, no-break spaces and line breaks put inside the values', () => {
    expect(hiddenData('It fails on １７ ２５０ ３９９９ ４ ８８ here.', inst)).toBe('test h1: “17 250 3999 ”');
    expect(hiddenData('It should print ４３５８ there.', inst)).toBe('test h1: “4358”');
    expect(hiddenData('It fails on 17 25\u00AD0 39\u00AD99 4 88 here.', inst)).toBe('test h1: “17 250 3999 ”');
    expect(hiddenData('It fails on 17\u00A0250\u00A03999\u00A04\u00A088 here.', inst)).toBe('test h1: “17 250 3999 ”');
    expect(hiddenData(`It fails on\n${spread('17 250 3999 4 88', '\n')}\nhere.`, inst)).toBe('test h1: “172503999488”');
    expect(hiddenData('It should print 43\n58 there.', inst)).toBe('test h1: “4358”');
    expect(hiddenData('It should print 4 3 5 8.', inst)).toBe('test h1: “4358”');
    expect(hiddenData('It should print 4358.', inst)).toBe('test h1: “4358”'); // at a sentence's end
  });

  it('catches the same tricks in reference lines and in the level checks, and lets an honest hint through', () => {
    expect(protectedLeaks(`The right line is ${spread('print(sum(vals))', '\u200B')}`, inst, inst.buggy).map((l) => l.kind)).toEqual(['reference']);
    expect(validateHint('The bug is on line\u200B 2.', 3, inst, inst.buggy).leaks.map((l) => l.kind)).toEqual(['location']);
    expect(validateHint('The printed total is smaller than expected when the first value is large.', 1, inst, inst.buggy)).toEqual({ ok: true, leaks: [] });
    expect(hiddenData('It should print 43580 or 14358, and 4358.5 is close.', inst)).toBeNull();
  });
});
