// The scripted learner, on a hand-made program whose edits are worked out in the comments.
import { describe, expect, it } from 'vitest';
import { decoyHunks, learnerEdits, readHint, scriptedChoice } from './scripted-learner.ts';

describe('the scripted learner', () => {
  // Line 3 skips the last element; the fix is `range(1, len(a))`.
  const code = 'def f(a):\n    g = 0\n    for i in range(1, len(a) - 1):\n        if a[i] > g:\n            g = a[i]\n    return g\n';
  const reference = code.replace('len(a) - 1', 'len(a)');

  it('knows the fix and one slip per other line with a comparison or a ±1', () => {
    expect(decoyHunks(code).map((h) => [h.start, h.added[0]])).toEqual([
      [2, '    for i in range(1, len(a)):'],
      [3, '        if a[i] >= g:'],
    ]);
    const edits = learnerEdits(code, reference);
    // The slip on line 3 is the fix itself, so it is not a decoy: the fix (a bound) and line 4's decoy (a comparison).
    expect(edits.map((e) => [e.lines, e.kind, e.fix])).toEqual([
      [[3, 3], 'bound', true],
      [[4, 4], 'compare', false],
    ]);
  });

  it('follows the lines and the kind a hint names, and draws by the seed otherwise', () => {
    const edits = learnerEdits(code, reference);
    expect(readHint('The issue is likely in the loop header at lines 3–4 of your program.')).toEqual({ lines: [3, 4], kind: null });
    expect(scriptedChoice('The issue is likely in the loop header at line 3 of your program.', edits, 0)?.fix).toBe(true);
    expect(scriptedChoice('The issue is likely in the condition at line 4 of your program.', edits, 0)?.fix).toBe(false);
    // L3's sentence for a bound: the bound edit scores 1, the comparison 0.
    expect(scriptedChoice('The solution loses track of an element at the edge of a range: its counting is off by one.', edits, 0)?.kind).toBe('bound');
    // L1 names neither: both edits tie, and the seed decides, the same way every time.
    const picks = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => scriptedChoice('On these tests the printed number is larger than expected.', edits, s)!.fix);
    expect(new Set(picks)).toEqual(new Set([true, false]));
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((s) => scriptedChoice('On these tests the printed number is larger than expected.', edits, s)!.fix)).toEqual(picks);
  });
});
