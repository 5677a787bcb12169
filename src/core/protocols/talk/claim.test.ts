// Directional correctness: the judge's verdict, the paper's rule-based override, and the claim
// against the tests; the keyword judge (simulated) on the rule-based user's words.
import { describe, expect, it } from 'vitest';
import { claimOf, directionallyCorrect, overridePhrase, parseVerdict } from './claim.ts';
import { keywordVerdict } from './simulated/judge.ts';

describe("the judge's verdict", () => {
  it('reads INCORRECT (or "not correct") before CORRECT, and nothing else', () => {
    expect(parseVerdict('INCORRECT')).toBe('incorrect');
    expect(parseVerdict('Correct.')).toBe('correct');
    expect(parseVerdict('The feedback says the program is not correct.')).toBe('incorrect');
    expect(parseVerdict('incorrect, although it says the idea is correct')).toBe('incorrect');
    expect(parseVerdict('I cannot tell.')).toBe('unclear');
  });
});

describe("the paper's override: right logic, but edge cases or formatting missed", () => {
  it('re-reads such feedback as claiming the program is incorrect', () => {
    for (const text of [
      'The logic is correct, but it misses the edge case of an empty list.',
      'Your approach looks right. However, the output format does not match: print one number per line.',
      'The overall structure is basically fine, though it fails on corner cases where n is 1.',
      'The algorithm seems correct but the printed values need two decimals (formatting).',
    ]) {
      expect(overridePhrase(text), text).not.toBeNull();
      expect(claimOf('correct', text)).toMatchObject({ verdict: 'incorrect', judged: 'correct' });
    }
  });
  it('leaves other feedback alone', () => {
    for (const text of [
      'The solution is correct and handles every case.',
      'The logic is correct.',
      'It misses edge cases.', // no claim that the logic is right: the judge decides
      'The output format is right, but the logic is wrong.',
    ])
      expect(overridePhrase(text), text).toBeNull();
    expect(claimOf('correct', 'The solution is correct and handles every case.')).toEqual({ verdict: 'correct', judged: 'correct' });
    // Only a "correct" verdict is overridden.
    expect(claimOf('incorrect', 'The logic is correct, but it misses edge cases.')).toEqual({ verdict: 'incorrect', judged: 'incorrect' });
  });
});

describe('directional correctness', () => {
  it('is a claim that matches whether every test passed', () => {
    expect(directionallyCorrect('incorrect', false)).toBe(true);
    expect(directionallyCorrect('correct', true)).toBe(true);
    expect(directionallyCorrect('correct', false)).toBe(false);
    expect(directionallyCorrect('incorrect', true)).toBe(false);
    expect(directionallyCorrect('unclear', false)).toBeNull();
  });
});

describe('the keyword judge (simulated)', () => {
  it('reads a claim from its words', () => {
    expect(keywordVerdict('The solution is not correct yet: it stops examining the data too early.')).toBe('INCORRECT');
    expect(keywordVerdict('The solution looks correct to me and does what the full problem asks.')).toBe('CORRECT');
    expect(
      keywordVerdict(
        'The solution looks correct to me. It follows the full problem as stated and handles every input the problem describes, so I have nothing to add.',
      ),
    ).toBe('CORRECT');
    expect(keywordVerdict('The line `x = 1` is right, and so is the rest of the solution: it looks correct to me.')).toBe('CORRECT');
    expect(keywordVerdict("It doesn't sort the output.")).toBe('INCORRECT');
    expect(keywordVerdict('Hmm.')).toBe('UNCLEAR');
  });
});
