// What simulated models share about running their own programs: a quick probe for programs
// that hang (a simulated model never answers with one: a real model's infinite loop is
// possible, but a simulated one would only make runs slow), and one realistic mistake taken
// from the synthesis mutations (workers/python/mutate.py), run in the sandbox.
import type { Executor } from '../../../exec/engine.ts';
import { evaluateProgram } from '../../../exec/engine.ts';
import type { Instance } from '../../../model/instance.ts';

/** Programs are probed for hangs on this many tests spread over the suite, with this limit. */
const PROBE_TESTS = 6;
const PROBE_LIMIT_MS = 500;
/** At most this many mutants are probed. */
const MAX_PROBED_MUTANTS = 5;

/** Up to n test ids spread evenly over the suite. */
export function spread(tests: readonly { id: string }[], n: number): string[] {
  const step = Math.max(1, Math.floor(tests.length / n));
  return tests
    .filter((_, i) => i % step === 0)
    .slice(0, n)
    .map((t) => t.id);
}

/** Whether a program runs out of time on a quick probe (two of `first`, then tests spread over the suite). */
export async function hangs(executor: Executor, instance: Instance, code: string, first: readonly string[] = []): Promise<boolean> {
  const probe = [...new Set([...first.slice(0, 2), ...spread(instance.tests, PROBE_TESTS)])];
  const ev = await evaluateProgram(executor, instance, code, { defaultTimeLimitMs: PROBE_LIMIT_MS, capTimeLimitMs: PROBE_LIMIT_MS, testIds: probe });
  return ev.outcomes.some((o) => o.outcome === 'timeout');
}

/**
 * One realistic mistake in `code` (a synthesis mutation), chosen by `pick` in [0, 1): a wrong
 * answer, not a hang. The program unchanged when no mutant fits.
 */
export async function realisticMistake(
  deps: { executor: Executor; mutator: string },
  instance: Instance,
  code: string,
  pick: number,
  first: readonly string[] = [],
): Promise<string> {
  const { results } = await deps.executor.run({
    program: deps.mutator,
    kind: 'call',
    entry: 'mutants',
    tests: [{ id: 'm', payload: JSON.stringify([code, 0, 0]) }],
    timeLimitMs: 30_000,
  });
  const r = results[0];
  if (r?.status !== 'ok' || !r.value) return code;
  const mutants = JSON.parse(r.value) as { source: string }[];
  const start = Math.floor(pick * mutants.length);
  for (let i = 0; i < Math.min(MAX_PROBED_MUTANTS, mutants.length); i++) {
    const mutant = mutants[(start + i) % mutants.length]!.source;
    if (!(await hangs(deps.executor, instance, mutant, first))) return mutant;
  }
  return code;
}
