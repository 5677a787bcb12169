// Instance synthesis: turns a problem with a reference and tests into code-improvement
// instances by realistic mutation of the reference (workers/python/mutate.py, run in the
// sandbox). A variant is kept only when its pass rate lands in the paper's band, it is a
// small edit of the reference, and it behaves differently from every variant kept before.
import type { Instance } from '../../model/instance.ts';
import { evaluateProgram, type Executor, type ProgramEvaluation } from '../../exec/engine.ts';
import { changedLines } from '../../text/diff.ts';
import { PAPER_FILTERS } from '../filters.ts';

export interface SynthesisOptions {
  /** The mutation program's source (workers/python/mutate.py). */
  mutator: string;
  passBand: readonly [number, number];
  /** At most this many changed lines versus the reference. */
  maxChangedLines: number;
  /** Keep at most this many variants per problem. */
  maxKept: number;
  /** Pairs of mutations to try besides single ones. */
  maxPairs: number;
  seed: number;
  defaultTimeLimitMs: number;
}

export const defaultSynthesisOptions = (mutator: string): SynthesisOptions => ({
  mutator,
  passBand: PAPER_FILTERS.passRate,
  maxChangedLines: 4,
  maxKept: 3,
  maxPairs: 40,
  seed: 0,
  defaultTimeLimitMs: 2000,
});

export interface Mutant {
  operators: string[];
  descriptions: string[];
  source: string;
}

export interface Variant extends Mutant {
  passRate: number;
  changedLines: number;
}

export type SkipReason = 'pass rate outside the band' | 'edit too large' | 'equivalent to a kept variant';

export interface SynthesisResult {
  instances: Instance[];
  variants: Variant[];
  /** Mutants tried, and why the others were not kept. */
  tried: number;
  skipped: Record<SkipReason, number>;
}

export type SynthesisProgress = (done: number, total: number) => void;

/** Why a problem cannot be synthesized from, or null when it can. */
export function unusable(instance: Instance): string | null {
  if (!instance.reference.trim()) return 'it has no reference solution';
  if (instance.testKind === 'unittest') return 'unittest instances are not supported';
  return null;
}

async function mutantsOf(executor: Executor, instance: Instance, options: SynthesisOptions): Promise<Mutant[]> {
  const args = JSON.stringify([instance.reference, options.maxPairs, options.seed]);
  const { results } = await executor.run({
    program: options.mutator,
    kind: 'call',
    entry: 'mutants',
    tests: [{ id: 'mutants', payload: args }],
    timeLimitMs: 60_000,
  });
  const r = results[0];
  if (r?.status !== 'ok' || !r.value) {
    throw new Error(
      r?.status === 'exception' ? `the reference could not be parsed (${r.excType}: ${r.message})` : `mutation failed (${r?.status ?? 'no result'})`,
    );
  }
  return JSON.parse(r.value) as Mutant[];
}

/** Same outcome and failType on every test: the two programs are observably equivalent. */
const behaviour = (e: ProgramEvaluation) => e.outcomes.map((o) => `${o.outcome}:${o.failType ?? ''}`).join('|');

export async function synthesize(executor: Executor, instance: Instance, options: SynthesisOptions, onProgress?: SynthesisProgress): Promise<SynthesisResult> {
  const problem = unusable(instance);
  if (problem) throw new Error(`cannot synthesize from ${instance.id}: ${problem}`);
  const exec = { defaultTimeLimitMs: options.defaultTimeLimitMs };
  const reference = await evaluateProgram(executor, instance, instance.reference, exec);
  if (reference.passed < reference.total) {
    throw new Error(`cannot synthesize from ${instance.id}: its reference fails ${reference.total - reference.passed} of ${reference.total} tests`);
  }
  const mutants = await mutantsOf(executor, instance, options);
  const skipped: Record<SkipReason, number> = { 'pass rate outside the band': 0, 'edit too large': 0, 'equivalent to a kept variant': 0 };
  const variants: Variant[] = [];
  const kept = new Set<string>();
  let tried = 0;
  for (const mutant of mutants) {
    if (variants.length >= options.maxKept) break;
    tried++;
    onProgress?.(tried, mutants.length);
    const lines = changedLines(instance.reference, mutant.source);
    if (lines > options.maxChangedLines) {
      skipped['edit too large']++;
      continue;
    }
    const evaluation = await evaluateProgram(executor, instance, mutant.source, exec);
    const passRate = evaluation.passed / evaluation.total;
    if (passRate < options.passBand[0] || passRate > options.passBand[1]) {
      skipped['pass rate outside the band']++;
      continue;
    }
    const key = behaviour(evaluation);
    if (kept.has(key)) {
      skipped['equivalent to a kept variant']++;
      continue;
    }
    kept.add(key);
    variants.push({ ...mutant, passRate, changedLines: lines });
  }
  const instances = variants.map((v, k): Instance => ({
    ...instance,
    id: `${instance.id}~syn${k + 1}`,
    title: `${instance.title} (synthesized ${k + 1})`,
    source: { name: 'synthesized', ...(instance.source.url ? { url: instance.source.url } : {}) },
    buggy: v.source,
    bugNotes: v.descriptions,
    synthesis: { from: instance.id, operators: v.operators, descriptions: v.descriptions },
  }));
  return { instances, variants, tried, skipped };
}
