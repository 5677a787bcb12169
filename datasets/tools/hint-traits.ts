// `npm run --silent study:hint-traits -- [--json]`: how often the rule-based feedback model's
// L2 (input pattern) hints state a trait of the input, on the built-in set. For every failure
// scenario of every built-in buggy program, the m = 3 failing tests and 3 passing ones a PAIR
// turn would show (seeds 0–4) go through the L2 sentence: does it name a trait, only a size
// contrast, or nothing? A named trait is checked against the whole scenario: does it hold for
// at least 80 % of the scenario's failing tests and for fewer of all passing tests? Side by side:
// the same with the coarse traits only (the rule-based model before digit, word, character and
// layout traits were added). docs/hints.md quotes the figures.
import { readFileSync } from 'node:fs';
import { evaluateProgram } from '../../src/core/exec/engine.ts';
import { MemoryTraceStore, referenceTraces } from '../../src/core/exec/traces.ts';
import type { Instance } from '../../src/core/model/instance.ts';
import { inputText, sizeContrast } from '../../src/core/protocols/shared/evidence.ts';
import { distinctiveTrait, factsOf, TRAITS, type Trait } from '../../src/core/protocols/shared/traits.ts';
import { contrastTests, sampleTests } from '../../src/core/protocols/pair/policy.ts';
import { buildScenarios, failingTests } from '../../src/core/protocols/pair/scenarios.ts';
import { NodeExecutorPool } from '../../workers/node-executor.ts';

const SEEDS = [0, 1, 2, 3, 4];
const M = 3;
/** The traits the model knew before: counts and values only. */
const COARSE_BEFORE = new Set([
  'single-item',
  'no-items',
  'all-equal',
  'duplicates',
  'zeros',
  'negatives',
  'sorted',
  'reverse-sorted',
  'large-values',
  'repeated-letters',
  'tiny',
]);

interface Tally {
  hints: number;
  trait: number;
  sizeOnly: number;
  nothing: number;
  /** Named traits that hold for ≥ 80 % of the scenario's failing tests and fewer passing ones. */
  general: number;
}
const empty = (): Tally => ({ hints: 0, trait: 0, sizeOnly: 0, nothing: 0, general: 0 });

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const builtin = readFileSync(new URL('../builtin.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Instance);
  const pool = new NodeExecutorPool(2);
  const now = empty();
  const before = empty();
  const named = new Map<string, number>();
  const coarseOnly = TRAITS.filter((t) => COARSE_BEFORE.has(t.id));
  try {
    for (const inst of builtin.filter((i) => i.buggy.trim() && i.testKind !== 'unittest')) {
      const { outcomes } = await evaluateProgram(pool, inst, inst.buggy);
      const traces = await referenceTraces(pool, inst, new MemoryTraceStore(), { defaultTimeLimitMs: 10_000 });
      const { scenarios } = buildScenarios(failingTests(outcomes, traces));
      const input = new Map(inst.tests.map((t) => [t.id, inputText(t)]));
      const passingAll = outcomes.filter((o) => o.outcome === 'passed').map((o) => input.get(o.testId)!);
      for (const s of scenarios) {
        const scenarioInputs = s.testIds.map((id) => input.get(id)!);
        for (const seed of SEEDS) {
          const failing = sampleTests(s, M, seed, inst.id, 1).map((id) => input.get(id)!);
          const passing = contrastTests(outcomes, seed, inst.id, 1).map((id) => input.get(id)!);
          for (const [tally, traits] of [
            [now, TRAITS],
            [before, coarseOnly],
          ] as const) {
            tally.hints++;
            const trait = distinctiveTrait(failing, passing, traits);
            if (trait) {
              tally.trait++;
              const share = (xs: string[]) => (xs.length ? xs.filter((x) => trait.holds(factsOf(x))).length / xs.length : 0);
              if (share(scenarioInputs) >= 0.8 && share(passingAll) < share(scenarioInputs)) tally.general++;
              if (tally === now) named.set(trait.id, (named.get(trait.id) ?? 0) + 1);
            } else if (sizeContrast(failing, passing)) tally.sizeOnly++;
            else tally.nothing++;
          }
        }
      }
    }
  } finally {
    await pool.close();
  }
  const rate = (t: Tally, k: keyof Tally) => +(t[k] / Math.max(1, t.hints)).toFixed(3);
  const result = {
    hints: now.hints,
    statesTrait: rate(now, 'trait'),
    statesTraitBefore: rate(before, 'trait'),
    traitHoldsOnScenario: +(now.general / Math.max(1, now.trait)).toFixed(3),
    traitHoldsOnScenarioBefore: +(before.general / Math.max(1, before.trait)).toFixed(3),
    sizeOnly: rate(now, 'sizeOnly'),
    nothing: rate(now, 'nothing'),
    nothingBefore: rate(before, 'nothing'),
    traits: Object.fromEntries([...named].sort((a, b) => b[1] - a[1])),
  };
  if (!json) {
    process.stderr.write(
      `L2 hints on the built-in set: ${result.hints} (every scenario × ${SEEDS.length} seeds)\n` +
        `  state a trait: ${(result.statesTrait * 100).toFixed(1)} % (coarse traits only: ${(result.statesTraitBefore * 100).toFixed(1)} %)\n` +
        `  of those, the trait holds on ≥ 80 % of the scenario's failing tests and fewer passing ones: ${(result.traitHoldsOnScenario * 100).toFixed(1)} % (coarse only: ${(result.traitHoldsOnScenarioBefore * 100).toFixed(1)} %)\n` +
        `  only a size contrast: ${(result.sizeOnly * 100).toFixed(1)} %; nothing: ${(result.nothing * 100).toFixed(1)} % (coarse only: ${(result.nothingBefore * 100).toFixed(1)} %)\n`,
    );
  }
  console.log(JSON.stringify(result));
}

await main();
