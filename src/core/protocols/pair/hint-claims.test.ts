// Over the whole built-in set, in Pyodide: every claim the rule-based feedback model makes at
// L1 and L2 (which output is wrong, in which direction, which inputs trigger it) holds on the
// tests it speaks about, for every failure scenario a PAIR turn could target.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrustedNodeExecutor } from '../../../../workers/node-executor.ts';
import { evaluateProgram } from '../../exec/engine.ts';
import { MemoryTraceStore, referenceTraces } from '../../exec/traces.ts';
import type { Instance } from '../../model/instance.ts';
import { expectedText, inputText } from '../shared/evidence.ts';
import { falseClaims, readClaims } from '../shared/simulated/claims.ts';
import { composeHint, type FeedbackContext } from '../shared/simulated/feedback.ts';
import { contrastTests, sampleTests } from './policy.ts';
import { buildScenarios, failingTests } from './scenarios.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);

const NO_DIAGNOSIS = { kind: 'unknown' as const, lines: null, region: '', within: null };

describe('rule-based hints make only claims the tests support', () => {
  const executor = new TrustedNodeExecutor();

  it('on every scenario of every built-in buggy program (L1, L2), and L2 adds a claim', { timeout: 600_000 }, async () => {
    const buggy = builtin.filter((i) => i.buggy.trim() && i.testKind !== 'unittest');
    expect(buggy.length).toBeGreaterThanOrEqual(45);
    const wrong: string[] = [];
    let checked = 0;
    for (const instance of buggy) {
      const { outcomes } = await evaluateProgram(executor, instance, instance.buggy);
      const traces = await referenceTraces(executor, instance, new MemoryTraceStore(), { defaultTimeLimitMs: 10_000 });
      const tests = new Map(instance.tests.map((t) => [t.id, t]));
      for (const scenario of buildScenarios(failingTests(outcomes, traces)).scenarios) {
        const sampleIds = sampleTests(scenario, 3, 0, instance.id, 1);
        const ctx: Omit<FeedbackContext, 'level'> = {
          instance,
          code: instance.buggy,
          samples: outcomes.filter((o) => sampleIds.includes(o.testId)),
          passingIds: contrastTests(outcomes, 0, instance.id, 1),
        };
        const evidence = {
          samples: ctx.samples.map((o) => ({ input: inputText(tests.get(o.testId)!), expected: expectedText(tests.get(o.testId)!), actual: o.stdout })),
          passing: ctx.passingIds!.map((id) => inputText(tests.get(id)!)),
        };
        const [l1, l2] = ([1, 2] as const).map((level) => composeHint(level, { ...ctx, level }, NO_DIAGNOSIS));
        for (const [level, hint] of [
          [1, l1!],
          [2, l2!],
        ] as const) {
          checked++;
          for (const v of falseClaims(hint, evidence)) wrong.push(`${instance.id} ${scenario.id} L${level}: ${v.claim.kind} — ${v.reason}\n  “${hint}”`);
        }
        const added = readClaims(l2!.slice(l1!.length));
        if (!added.some((c) => c.kind !== 'no-pattern')) wrong.push(`${instance.id} ${scenario.id} L2 adds no claim to L1\n  “${l2}”`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
