// Hint evidence and the leakage validator, on hand-made fixtures.
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../model/instance.ts';
import type { TestOutcome } from '../../../model/outcome.ts';
import { distinctiveTrait, symptomOf, traitsOf } from '../../shared/evidence.ts';
import { validateHint } from './leakage.ts';
import { LEVELS } from '../../shared/hint-levels.ts';

const outcome = (o: Partial<TestOutcome>): TestOutcome => ({ testId: 't', outcome: 'wrong-answer', durationMs: 1, stdout: '', stderr: '', ...o });

describe('levels', () => {
  it('widen the evidence and the boundary one step at a time', () => {
    expect(LEVELS[1].evidence).toEqual({ symptoms: true, failingInputs: false, reference: false, candidateCode: false });
    expect(LEVELS[3].evidence).toEqual({ symptoms: true, failingInputs: true, reference: true, candidateCode: false });
    expect(LEVELS[4].evidence.candidateCode).toBe(true);
    expect(LEVELS[3].boundary).toEqual({ inputPattern: true, state: true, location: false, concept: false, direction: false });
    expect(LEVELS[6].boundary).toEqual({ inputPattern: true, state: true, location: true, concept: true, direction: true });
  });
});

describe('symptoms', () => {
  it('describe how the output differs, without the values', () => {
    expect(symptomOf(outcome({ stdout: '12\n', failType: 'value', shape: 'single-token' }), '10\n')).toEqual({ kind: 'numbers', direction: 'larger' });
    expect(symptomOf(outcome({ stdout: '3 1\n', failType: 'value', shape: 'single-line' }), '5 4\n')).toEqual({ kind: 'numbers', direction: 'smaller' });
    expect(symptomOf(outcome({ stdout: '3 9\n', failType: 'value', shape: 'single-line' }), '5 4\n')).toEqual({ kind: 'numbers', direction: 'mixed' });
    expect(symptomOf(outcome({ stdout: '0.333\n', failType: 'value' }), '0.333333\n')).toEqual({ kind: 'numbers', direction: 'precision' });
    expect(symptomOf(outcome({ stdout: '0.5\n', failType: 'value' }), '0.25\n')).toEqual({ kind: 'numbers', direction: 'larger' });
    expect(symptomOf(outcome({ stdout: '2\n', failType: 'value' }), '2.00\n')).toEqual({ kind: 'numbers', direction: 'precision' });
    expect(symptomOf(outcome({ stdout: 'a\nb\nc\n', failType: 'line-count' }), 'a\nb\n')).toEqual({ kind: 'lines', more: true });
    expect(symptomOf(outcome({ stdout: '1\n', failType: 'token-count' }), '1 2\n')).toEqual({ kind: 'tokens', more: false });
    expect(symptomOf(outcome({ stdout: 'NO\n', failType: 'value', shape: 'binary' }), 'YES\n')).toEqual({ kind: 'binary' });
    expect(symptomOf(outcome({ stdout: '', failType: 'line-count' }), '4\n')).toEqual({ kind: 'no-output' });
    expect(symptomOf(outcome({ outcome: 'runtime-error', failType: 'runtime-error:IndexError', error: { type: 'IndexError', message: 'x' } }), '1\n')).toEqual({
      kind: 'crash',
      exception: 'IndexError',
    });
    expect(symptomOf(outcome({ outcome: 'timeout', failType: 'timeout' }), '1\n')).toEqual({ kind: 'timeout' });
    expect(symptomOf(outcome({ stdout: 'abc\n', failType: 'value' }), 'abd\n')).toEqual({ kind: 'values' });
  });
});

describe('input patterns', () => {
  it('finds features of an input', () => {
    const has = (input: string, ...ids: string[]) => ids.filter((id) => !traitsOf(input).has(id));
    expect(has('1\n5\n', 'single-item', 'tiny', 'digits-1')).toEqual([]);
    expect(traitsOf('1\n5\n').has('duplicates')).toBe(false);
    expect(has('4\n3 3 3 3\n', 'all-equal', 'duplicates', 'all-odd')).toEqual([]);
    expect(has('5\n1 2 2 7 9\n', 'duplicates', 'sorted')).toEqual([]);
    expect(has('3\n-4 0 2000000000\n', 'large-values', 'millions', 'thousands', 'negatives', 'sorted', 'zeros', 'digits-10')).toEqual([]);
    expect(has('2\n44\n1994\n', 'tens-digit-4', 'tens-digit-9', 'digits-2', 'digits-4', 'thousands')).toEqual([]);
    expect(has('aaab Xy-z  HELLO\n\n', 'repeated-letters', 'double-letters', 'mixed-case', 'upper-case', 'char--', 'double-spaces', 'empty-line')).toEqual([]);
    expect(has('007 0.5\n', 'leading-zeros', 'fractions')).toEqual([]);
  });

  it('picks the trait that tells failing inputs from passing ones', () => {
    const failing = ['4\n2 2 5 1\n', '3\n7 7 1\n', '5\n1 9 9 3 2\n'];
    const passing = ['4\n2 3 5 1\n', '3\n7 8 1\n', '2\n5 4\n'];
    expect(distinctiveTrait(failing, passing)?.id).toBe('duplicates');
    expect(distinctiveTrait(failing, failing)).toBeNull(); // nothing tells them apart
  });

  it('finds a digit that every failing input has and no passing one does (a tens digit of 4)', () => {
    // Roman Ledger: the buggy table lacks 40 (XL), so every number with tens digit 4 comes out wrong.
    const failing = ['3\n44\n1994\n7\n', '2\n3949\n12\n', '1\n40\n'];
    const passing = ['3\n3\n9\n14\n', '2\n2024\n58\n', '2\n400\n3999\n'];
    const trait = distinctiveTrait(failing, passing);
    expect(trait?.id).toBe('tens-digit-4');
    expect(trait?.phrase).toBe('a number in the input has four (4) as its tens digit');
  });

  it('states a fine trait only on a clean split', () => {
    const failing = ['2\n44\n1\n', '1\n40\n', '1\n12\n'];
    const passing = ['1\n3\n', '1\n58\n'];
    expect(distinctiveTrait(failing, passing)?.id).not.toBe('tens-digit-4'); // 2 of 3 is not enough for a digit
  });
});

describe('leakage validator', () => {
  const instance: Instance = {
    id: 'leak',
    title: 'Leak',
    statement: 'Print the sum of the numbers.\n\nExample input: 1 2 3\n',
    testKind: 'stdio',
    buggy:
      'def main():\n    vals = list(map(int, input().split()))\n    running_total = 0\n    for v in vals[1:]:\n        running_total += v\n    print(running_total)\nmain()\n',
    reference:
      'def main():\n    vals = list(map(int, input().split()))\n    running_total = 0\n    for v in vals:\n        running_total += v\n    print(running_total)\nmain()\n',
    tests: [
      { id: 'h1', input: '17 250 3999 4 88\n', expected: '4358\n' },
      { id: 'h2', input: '5 5\n', expected: '10\n' },
    ],
  } as Instance;
  const check = (hint: string, level: 1 | 2 | 3 | 4 | 5 | 6) => validateHint(hint, level, instance, instance.buggy).leaks.map((l) => l.kind);

  it('passes clean hints at their level', () => {
    expect(check('On these tests the printed number is smaller than expected.', 1)).toEqual([]);
    expect(check('This failure occurs when the first value matters to the answer.', 2)).toEqual([]);
    expect(check('The solution loses track of an element at the edge of a range: its counting is off by one.', 3)).toEqual([]);
    expect(check('The issue is likely in the loop header at line 4 of your program.', 4)).toEqual([]);
    expect(check('The range must cover both of its end points.', 5)).toEqual([]);
    expect(check('Adjust the limit on line 4 by one so that the first element is included.', 6)).toEqual([]);
  });

  it('catches code and pseudocode at every level', () => {
    expect(check('Write ```python\nfor v in vals:\n```', 6)).toContain('code');
    expect(check('The loop should read `for v in vals:`.', 6)).toContain('code');
    expect(check('It needs running_total = 0 before the loop.', 6)).toContain('code');
    expect(check('Loop over range(len(vals)) to see every value.', 6)).toContain('code');
    expect(check('The slice vals[1:] skips a value.', 6)).toContain('code');
    expect(check('For each value do: set total to total plus the value.', 6)).toContain('code');
  });

  it('catches locations below L4 and directions below L6', () => {
    expect(check('The bug is on line 4.', 3)).toContain('location');
    expect(check('The problem is in the first loop of the program.', 3)).toContain('location');
    expect(check('Look at how running_total is computed.', 3)).toContain('location');
    expect(check('Look at the loop header in your program.', 2)).toContain('location');
    expect(check('The bug is on line 4.', 4)).not.toContain('location');
    expect(check('Change the loop so that it starts at the first value.', 5)).toContain('direction');
    expect(check('The solution should use every value instead of skipping one.', 5)).toContain('direction');
    expect(check('You need to include the first element.', 4)).toContain('direction');
    expect(check('The limit must move by one.', 5)).toContain('direction');
    expect(check('Change the loop so that it starts at the first value.', 6)).not.toContain('direction');
  });

  it('catches hidden data quoted verbatim, but not the public example', () => {
    expect(check('It fails on the input 17 250 3999 4 88.', 6)).toContain('hidden-data');
    expect(check('The expected answer is 4358 there.', 6)).toContain('hidden-data');
    expect(check('Try an input like 1 2 3 from the statement.', 6)).not.toContain('hidden-data');
    expect(check('The answer is 10 there.', 6)).not.toContain('hidden-data'); // short and common: not distinctive
  });

  it('catches lines of the reference', () => {
    expect(check('The right version reads: for v in vals:', 6)).toEqual(expect.arrayContaining(['reference']));
  });
});
