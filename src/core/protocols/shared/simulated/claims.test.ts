// The claim checker, on hand-made evidence whose answers are worked out
// in the comments.
import { describe, expect, it } from 'vitest';
import { checkClaim, falseClaims, readClaims, whichOutputSentences, type ClaimEvidence } from './claims.ts';

// Same Remainder's shape: three numbers per list, one line per list. The program skips the last
// element, so the modulus it finds is a multiple of the right one: on the second list all three
// values are larger (63 > 1, 30 > 0, 8 > 1); the first line is right.
const sameRemainder: ClaimEvidence = {
  samples: [
    { input: '2\n3\n1 4 7\n4\n9 1 5 6\n', expected: '3 1 2\n1 0 1\n', actual: '3 1 2\n63 30 8\n' },
    { input: '1\n5\n1 13 25 37 38\n', expected: '1 0 1\n', actual: '12 1 6\n' },
  ],
  passing: ['1\n2\n5 5\n'],
};

describe('the claim checker', () => {
  it('refuses “the printed number” when the output has three, and any cause', () => {
    const old = 'On these tests the printed number is larger than expected, suggesting that something is counted or included too often.';
    expect(readClaims(old).map((c) => c.kind)).toEqual(['one-number', 'cause']);
    expect(falseClaims(old, sameRemainder).map((v) => v.claim.kind)).toEqual(['one-number', 'cause']);
  });

  it('accepts what the outputs show: larger wrong numbers, only some lines wrong (not on the single-line test)', () => {
    expect(checkClaim({ kind: 'numbers', direction: 'larger', of: 2 }, sameRemainder).holds).toBe(true);
    expect(checkClaim({ kind: 'numbers', direction: 'smaller', of: 1 }, sameRemainder).holds).toBe(false);
    // The second test has one line, all of it wrong: some lines right holds on one of two.
    expect(checkClaim({ kind: 'some-lines', of: 1 }, sameRemainder).holds).toBe(true);
    expect(checkClaim({ kind: 'some-lines', of: 2 }, sameRemainder).holds).toBe(false);
    // Positions 0, 1, 2 are all wrong on the wrong lines; naming only the first is false.
    expect(checkClaim({ kind: 'positions', width: 3, positions: [0, 1, 2], of: 2 }, sameRemainder).holds).toBe(true);
    expect(checkClaim({ kind: 'positions', width: 3, positions: [0], of: 2 }, sameRemainder).holds).toBe(false);
    // Smallest failing input: "1 5 1 13 25 37 38" is 7 values, the other 10.
    expect(checkClaim({ kind: 'smallest', values: 7 }, sameRemainder).holds).toBe(true);
    expect(checkClaim({ kind: 'smallest', values: 10 }, sameRemainder).holds).toBe(false);
  });

  it('writes which output is wrong only as the tests show it', () => {
    // Together, line 2 of the first test and line 1 of the second: every position wrong somewhere.
    expect(whichOutputSentences(sameRemainder.samples)).toEqual(['On a wrong line of three values, any of them can be wrong.']);
    // Only the second value of a line is wrong, on both tests; the first has a right line.
    const second = [
      { input: '1\n', expected: '4 5 6\n7 8 9\n', actual: '4 5 6\n7 2 9\n' },
      { input: '2\n', expected: '1 2 3\n4 5 6\n', actual: '1 9 3\n4 5 6\n' },
    ];
    const said = whichOutputSentences(second);
    expect(said).toEqual(['Only some lines of the output are wrong; the others are right.', 'On a wrong line of three values, only the second is wrong.']);
    // Per test, its one wrong value goes one way (7 2 9: 2 < 8; 1 9 3: 9 > 2), so "mixed" holds on neither.
    const ev = { samples: second, passing: [] };
    expect(falseClaims(`On one of these two tests every wrong value of the output is a number smaller than expected. ${said.join(' ')}`, ev)).toEqual([]);
    expect(falseClaims('On these tests some printed numbers are too large and others too small.', ev).map((v) => v.reason)).toEqual([
      'every wrong value a number, mixed, on 0 of 2 tests (claimed: all)',
    ]);
    expect(readClaims(said[1]!)).toEqual([{ kind: 'positions', width: 3, positions: [1], of: Number.MAX_SAFE_INTEGER }]);
  });

  it('checks an input trait and a size contrast against the failing and passing inputs', () => {
    // Repeated values in 2 of 3 failing inputs (67 %) and in 0 of 2 passing ones: holds.
    const ev: ClaimEvidence = {
      samples: ['3\n2 2 5\n', '3\n7 7 1\n', '3\n1 2 3\n'].map((input) => ({ input, expected: '1\n', actual: '2\n' })),
      passing: ['3\n4 5 6\n', '3\n8 9 1\n'],
    };
    expect(falseClaims('This failure occurs when the input contains repeated values.', ev)).toEqual([]);
    // Negative numbers: in none of them: false.
    expect(falseClaims('This failure occurs when the input contains negative numbers.', ev).map((v) => v.claim.kind)).toEqual(['trait']);
    // Same sizes (4 values each): "smaller inputs" is false.
    expect(falseClaims('This failure occurs on smaller inputs than the ones the program already handles.', ev).map((v) => v.claim.kind)).toEqual(['size']);
  });
});
