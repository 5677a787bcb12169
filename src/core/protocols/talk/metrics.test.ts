// Talk's measures on hand-written attempts, every value computed by hand in the comments.
import { describe, expect, it } from 'vitest';
import { levenshtein } from '../../text/levenshtein.ts';
import { itemMeasures, type ItemMeasures } from './metrics.ts';
import { reduceTalk, scoreOf } from './summary.ts';

/** A model's measures over these items, as its summary reduces them from their score records. */
const modelMeasures = (items: readonly ItemMeasures[], steps: number) =>
  reduceTalk(
    items.map((m) => scoreOf(m, steps)),
    steps,
  );
import { feedbackOf, stepsOf } from './test-support.ts';
import { attemptsOf } from './view.ts';

// One item over 4 tests a–d:
//   step 0  "print(1)"   passes a        TCA 0.25
//   step 1  paragraph, claims "incorrect" (the program failed: directionally correct)
//           "print(12)"  passes a, b     TCA 0.5   edit 1 (one insertion), flips {b}: 1 of 4
//   step 2  sentence, claims "correct" (wrong: directionally incorrect); no code in the reply
//           the program stays "print(12)"  TCA 0.5  edit 0, flips 0
//   step 3  code feedback, the judge could not tell; "print(2)" passes all  TCA 1
//           edit 1 (one deletion), flips {c, d}: 2 of 4; style 2 violations
const first = attemptsOf(
  stepsOf([
    { passed: ['a'], code: 'print(1)\n' },
    { passed: ['a', 'b'], code: 'print(12)\n', feedback: feedbackOf('paragraph', 'incorrect') },
    { passed: [], noCode: true, feedback: feedbackOf('sentence', 'correct') },
    { passed: ['a', 'b', 'c', 'd'], code: 'print(2)\n', feedback: feedbackOf('code-feedback', 'unclear'), style: 2 },
  ]),
  4,
);
// A second item, one attempt passing a and b (TCA 0.5), style 5.
const second = attemptsOf(stepsOf([{ passed: ['a', 'b'], code: 'x = 1\n', style: 5 }]), 4);

describe('Levenshtein distance', () => {
  it('counts insertions, deletions and substitutions of characters', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3); // k→s, e→i, +g
    expect(levenshtein('flaw', 'lawn')).toBe(2); // −f, +n
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
    expect(levenshtein('print(12)\n', 'print(1)\n')).toBe(1);
    expect(levenshtein('ab', 'ba')).toBe(2); // no transpositions
    // Symmetric, and long common prefix and suffix cost nothing.
    const long = 'x'.repeat(5000);
    expect(levenshtein(`${long}a${long}`, `${long}bc${long}`)).toBe(2);
    expect(levenshtein('sitting', 'kitten')).toBe(3);
  });
});

describe('one item', () => {
  const m = itemMeasures(first);
  it('has its TCA per step, its final TCA and the step it was solved at', () => {
    expect(m.tca).toEqual([0.25, 0.5, 0.5, 1]);
    expect(m.final).toBe(1);
    expect(m.solvedAt).toBe(3);
  });
  it('judges each claim against the tests of the program before it', () => {
    expect(m.transitions.map((t) => t.directional)).toEqual([true, false, null]);
    expect(m.dc).toBe(0.5); // 1 of the 2 judged claims
  });
  it('measures the change, the edit distance and the flipped tests of each revision', () => {
    expect(m.transitions.map((t) => [t.step, t.type, t.change, t.edit, t.flipped, t.flipShare])).toEqual([
      [1, 'paragraph', 'better', 1, 1, 0.25],
      [2, 'sentence', 'same', 0, 0, 0],
      [3, 'code-feedback', 'better', 1, 2, 0.5],
    ]);
    expect(m.style).toBe(2);
  });
  it('has nothing to say about revisions or claims with one attempt', () => {
    const one = itemMeasures(second);
    expect([one.final, one.solvedAt, one.dc, one.transitions, one.style]).toEqual([0.5, null, null, [], 5]);
  });
});

describe('a model over its items', () => {
  const all = modelMeasures([itemMeasures(first), itemMeasures(second)], 4);
  it('averages final TCA with its standard error', () => {
    // finals 1 and 0.5: mean 0.75; sample std √(0.25² + 0.25²) = 0.35355; se = 0.35355 / √2 = 0.25
    expect(all.tca!.mean).toBe(0.75);
    expect(all.tca!.se).toBeCloseTo(0.25, 12);
    expect(all.tcaFirst).toBe(0.375); // (0.25 + 0.5) / 2
    expect(all.solved).toBe(0.5);
    expect(all.steps).toBe(3); // over the one solved item
    expect(all.dc).toEqual({ mean: 0.5, se: null }); // one item with claims
    expect(all.style).toBe(3.5); // (2 + 5) / 2
    expect(all.styleItems).toBe(2);
  });
  it('says how many items its style covers when a style check failed for some', () => {
    // A third item whose style was not measured (the check failed): Style stays 3.5, over 2 of 3 items.
    const unstyled = attemptsOf(stepsOf([{ passed: ['a'], code: 'y = 2\n' }]), 4);
    const some = modelMeasures([itemMeasures(first), itemMeasures(second), itemMeasures(unstyled)], 4);
    expect([some.items, some.style, some.styleItems]).toEqual([3, 3.5, 2]);
  });
  it('carries an item that stopped early forward in TCA by step', () => {
    // step 0: (0.25 + 0.5)/2; steps 1, 2: (0.5 + 0.5)/2; step 3: (1 + 0.5)/2
    expect(all.tcaByStep).toEqual([0.375, 0.5, 0.5, 0.75]);
  });
  it('pools the revisions for steerability and the change table', () => {
    expect(all.steer.transitions).toBe(3);
    expect(all.steer.edit).toBeCloseTo(2 / 3, 12); // (1 + 0 + 1) / 3
    expect(all.steer.flipShare).toBe(0.25); // (0.25 + 0 + 0.5) / 3
    expect(all.change).toEqual({
      better: { correct: 1, incorrect: 0, none: 1 },
      same: { correct: 0, incorrect: 1, none: 0 },
      worse: { correct: 0, incorrect: 0, none: 0 },
    });
    expect(all.byType).toEqual({
      paragraph: { transitions: 1, edit: 1, flipShare: 0.25, dc: 1 },
      sentence: { transitions: 1, edit: 0, flipShare: 0, dc: 0 },
      'code-feedback': { transitions: 1, edit: 1, flipShare: 0.5, dc: null },
    });
    expect(all.firstRevision).toEqual([{ edit: 1, flipShare: 0.25 }]);
  });
});
