// A node evaluation's result, read from its stored steps (the paper's Listing 2): the challenge,
// the tests, each attempt's counts, whether it ended in success and whether the Problem Fixer
// was needed. Rewards and every metric start from this.
import * as v from 'valibot';
import type { ItemHead, ItemRecord, Step } from '../../model/runlog.ts';
import {
  PrismStepDataSchema,
  UnitDataSchema,
  type AnalysisData,
  type AttemptData,
  type DesignData,
  type PrismStepData,
  type TestsData,
  type UnitData,
} from './step-data.ts';

export interface AttemptCounts {
  by: 'solver' | 'fixer';
  passed: number;
  failed: number;
  errors: number;
  success: boolean;
}

export interface NodeResult {
  attempts: AttemptCounts[];
  /** The last attempt passed every test it ran. */
  success: boolean;
  fixerUsed: boolean;
  /** The fixer's attempt is the one that succeeded. */
  fixedByFixer: boolean;
  /** Attempts up to the first success (all of them when none succeeded). */
  attemptsTaken: number;
}

/** An attempt succeeds when at least one test ran and none failed or errored. */
export const attemptSucceeded = (c: { passed: number; failed: number; errors: number }) => c.passed > 0 && c.failed === 0 && c.errors === 0;

/** The protocol's record of each stored step, in order (failed steps left out). */
export function stepData(steps: readonly Step[]): PrismStepData[] {
  const out: PrismStepData[] = [];
  for (const s of steps) {
    if (s.error) continue;
    const parsed = v.safeParse(PrismStepDataSchema, s.data);
    if (parsed.success) out.push(parsed.output);
  }
  return out;
}

/** What a unit evaluates, from its item; undefined for an item that is not a Prism unit. */
export function unitOf(item: Pick<ItemHead, 'data'>): UnitData | undefined {
  const parsed = v.safeParse(UnitDataSchema, item.data);
  return parsed.success ? parsed.output : undefined;
}

export interface Evaluation {
  design?: DesignData;
  tests?: TestsData;
  attempts: AttemptData[];
  analysis?: AnalysisData;
}

/** The steps of one evaluation, by kind. */
export function evaluationOf(steps: readonly Step[]): Evaluation {
  const out: Evaluation = { attempts: [] };
  for (const d of stepData(steps)) {
    if (d.kind === 'design') out.design = d;
    else if (d.kind === 'tests') out.tests = d;
    else if (d.kind === 'attempt') out.attempts.push(d);
    else out.analysis = d;
  }
  return out;
}

/** The result of an evaluation's attempts; null when it made none (no challenge, or not finished). */
export function resultOf(attempts: readonly AttemptData[]): NodeResult | null {
  if (!attempts.length) return null;
  const counts: AttemptCounts[] = attempts.map((a) => ({
    by: a.by,
    passed: a.run.passed,
    failed: a.run.failed,
    errors: a.run.errors,
    success: attemptSucceeded(a.run),
  }));
  const first = counts.findIndex((c) => c.success);
  const last = counts.at(-1)!;
  return {
    attempts: counts,
    success: last.success,
    fixerUsed: counts.some((c) => c.by === 'fixer'),
    fixedByFixer: last.by === 'fixer' && last.success,
    attemptsTaken: first < 0 ? counts.length : first + 1,
  };
}

/** A finished evaluation's result: its item is done and its attempts say how it went. */
export function itemResult(item: ItemRecord): NodeResult | null {
  if (item.status !== 'done') return null;
  return resultOf(evaluationOf(item.steps).attempts);
}
