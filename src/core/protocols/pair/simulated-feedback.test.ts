// The rule-based feedback model: fix kinds on hand-made hunks, and, in Pyodide over the whole
// built-in dataset, hints at every level that stay inside their boundary (and would break the
// boundary of the level below, from L4 up).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrustedNodeExecutor } from '../../../../workers/node-executor.ts';
import { evaluateProgram } from '../../exec/engine.ts';
import type { Instance } from '../../model/instance.ts';
import { validateHint } from './hints/leakage.ts';
import { HINT_LEVELS, type HintLevel } from '../shared/hint-levels.ts';
import { hunks } from '../../text/diff.ts';
import { RuleBasedFeedback, type FeedbackContext } from '../shared/simulated/feedback.ts';
import { classifyHunk } from '../shared/simulated/fixes.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);

describe('fix kinds', () => {
  const kindOf = (before: string, after: string) => {
    const [h] = hunks(before, after);
    return classifyHunk(before.split('\n'), h!);
  };
  it('names the change a hunk makes', () => {
    expect(kindOf('if a > b:\n    x()\n', 'if a >= b:\n    x()\n')).toBe('compare');
    expect(kindOf('for i in range(n - 1):\n    s += a[i]\n', 'for i in range(n):\n    s += a[i]\n')).toBe('bound');
    expect(kindOf('best = 0\nfor x in a:\n    pass\n', 'best = -1\nfor x in a:\n    pass\n')).toBe('init');
    expect(kindOf('x = f()\nprint(x)\n', 'x = f()\nif n == 1:\n    x = 0\nprint(x)\n')).toBe('guard');
    expect(kindOf('for x in a:\n    if x:\n        break\n', 'for x in a:\n    if x:\n        continue\n')).toBe('early-exit');
    expect(kindOf('a.sort()\n', 'a.sort(key=lambda t: t[1])\n')).toBe('order');
    expect(kindOf('print(f"{x:.2f}")\n', 'print(f"{x:.6f}")\n')).toBe('format');
    expect(kindOf('y = max(a)\n', 'y = min(a)\n')).toBe('extreme');
    expect(kindOf('if a and b:\n    x()\n', 'if a or b:\n    x()\n')).toBe('condition');
    expect(kindOf('if len(s) > k:\n    s.pop()\n', 'while len(s) > k:\n    s.pop()\n')).toBe('iteration');
    expect(kindOf('t = rows\n', 't = cols\n')).toBe('variable');
    expect(kindOf('m = total / count\n', 'm = total // count\n')).toBe('arithmetic');
    expect(kindOf('x = 1\nz = 2\n', 'x = 1\nseen.add(z)\nz = 2\n')).toBe('update');
  });
});

describe('rule-based feedback in Pyodide', () => {
  const executor = new TrustedNodeExecutor();
  const model = new RuleBasedFeedback(executor);

  async function hintsFor(instance: Instance): Promise<{ ctx: Omit<FeedbackContext, 'level'>; hints: Map<HintLevel, string> }> {
    const ev = await evaluateProgram(executor, instance, instance.buggy, { defaultTimeLimitMs: 2000 });
    const samples = ev.outcomes.filter((o) => o.outcome !== 'passed').slice(0, 3);
    const passingIds = ev.outcomes
      .filter((o) => o.outcome === 'passed')
      .slice(0, 10)
      .map((o) => o.testId);
    const ctx = { instance, code: instance.buggy, samples, passingIds };
    const hints = new Map<HintLevel, string>();
    for (const level of HINT_LEVELS) hints.set(level, (await model.chat({ model: 'rule-based', messages: [], context: { ...ctx, level } })).content);
    return { ctx, hints };
  }

  it('writes the hint a reader can check by hand (arr-best-window: the window range misses the last window)', async () => {
    const { hints } = await hintsFor(builtin.find((i) => i.id === 'arr-best-window')!);
    // The first three failing tests fail three different ways; the symptom names how many share it.
    expect(hints.get(1)).toBe(
      'On one of these three tests every wrong value of the output is a number smaller than expected. Only some lines of the output are wrong; the others are right. On a wrong line of two values, any of them can be wrong.',
    );
    expect(hints.get(4)).toContain('The issue is likely in the assignment at line 5 of your program, inside the function that starts at line 4.');
    expect(hints.get(6)).toContain('Adjust the limit on line 5 by one so that the element at the edge is treated as the problem requires.');
  });

  it('stays inside each level’s boundary on every built-in instance, and each level says more', { timeout: 300_000 }, async () => {
    const buggy = builtin.filter((i) => i.buggy.trim());
    expect(buggy.length).toBeGreaterThanOrEqual(50);
    for (const instance of buggy) {
      const { hints } = await hintsFor(instance);
      for (const level of HINT_LEVELS) {
        const hint = hints.get(level)!;
        expect(validateHint(hint, level, instance, instance.buggy), `${instance.id} L${level}: ${hint}`).toEqual({ ok: true, leaks: [] });
        if (level > 1) expect(hint.startsWith(hints.get((level - 1) as HintLevel)!), `${instance.id} L${level} extends L${level - 1}`).toBe(true);
        if (level > 1) expect(hint.length).toBeGreaterThan(hints.get((level - 1) as HintLevel)!.length);
      }
      // What L4 and L6 add is exactly what the level below may not reveal.
      const kinds = (level: HintLevel, hint: string) => validateHint(hint, level, instance, instance.buggy).leaks.map((l) => l.kind);
      expect(kinds(3, hints.get(4)!), `${instance.id}: L4 hint judged at L3`).toContain('location');
      expect(kinds(5, hints.get(6)!), `${instance.id}: L6 hint judged at L5`).toContain('direction');
    }
  });
});
