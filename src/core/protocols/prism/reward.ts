// The phase rewards (Sec. 3.4.2), from execution only: R₁ rewards success at a difficulty minus
// the performance penalty p(s) (Eqs. 10, 16); R₂ rewards failure, repeated attempts and the
// fixer's use (Eq. 11), and Phase 3 reuses it. Both are normalised to the scale of the value
// thresholds θ. docs/prism.md ("Rewards") gives both forms: the paper's, and its code's.
import type { NodeResult } from './outcome.ts';
import type { PrismParams } from './params.ts';

/** w(d): 1 at the lowest level, rising by the weight step per level (the code: 1, 1.5, 2, 2.5, 3). */
export const difficultyWeight = (level: number, p: Pick<PrismParams, 'wStep'>) => 1 + p.wStep * level;

/** The code's cap on passed tests in R₁'s normaliser (max_num_passed). */
const CODE_MAX_PASSED = 10;

function totals(r: NodeResult) {
  const sum = (k: 'passed' | 'failed' | 'errors') => r.attempts.reduce((n, a) => n + a[k], 0);
  const passed = sum('passed');
  const failed = sum('failed');
  const errors = sum('errors');
  return { passed, failed, errors, tests: passed + failed + errors };
}

export interface RewardTerms {
  /** b · w(d) when the challenge was passed, else 0. */
  base: number;
  /** Added to the base (the code's R₁: the passed tests). */
  bonus: number;
  /** What is subtracted (R₁'s p(s)), or each of R₂'s three terms. */
  terms: Record<string, number>;
  raw: number;
  /** The reward the search uses. */
  value: number;
}

/**
 * R₁ (Phase 1). Paper: b·w(d)·[passed] − (r_failed·P_failure + r_errors·P_error + (n − 1)·P_attempt
 * + P_fixer·[fixer used]), the ratios over every test run of every attempt, clamped at 0 and
 * divided by the most it can be, b·w(hardest) — or, bounded, by the node's own b·w(d). Code: absolute counts summed over attempts, plus
 * the passed tests, the fixer counted only when it fixed the node, divided by b·w(hardest) + 10.
 */
export function phase1Reward(r: NodeResult, level: number, levels: number, p: PrismParams): RewardTerms {
  const t = totals(r);
  const base = r.success ? p.b * difficultyWeight(level, p) : 0;
  const top = p.b * difficultyWeight(levels - 1, p);
  if (p.formulas === 'code') {
    const terms = {
      failed: p.pFailure * t.failed,
      errors: p.pError * t.errors,
      attempts: p.pAttempt * (r.attemptsTaken - 1),
      fixer: p.pFixer * (r.fixedByFixer ? 1 : 0),
    };
    const raw = base + t.passed - Object.values(terms).reduce((a, b) => a + b, 0);
    return { base, bonus: t.passed, terms, raw, value: Math.max(0, raw) / (top + CODE_MAX_PASSED) };
  }
  const tests = Math.max(1, t.tests);
  const terms = {
    failed: (t.failed / tests) * p.pFailure,
    errors: (t.errors / tests) * p.pError,
    attempts: (r.attemptsTaken - 1) * p.pAttempt,
    fixer: r.fixerUsed ? p.pFixer : 0,
  };
  const raw = base - Object.values(terms).reduce((a, b) => a + b, 0);
  // Bounded: over the node's own clean pass, so that a clean pass scores 1 at every level.
  const scale = p.formulas === 'bounded' ? p.b * difficultyWeight(level, p) : top;
  return { base, bonus: 0, terms, raw, value: scale > 0 ? Math.min(1, Math.max(0, raw) / scale) : 0 };
}

/**
 * R₂ (Phases 2 and 3): λ·(1 − r_success) + η·min(n / (1 + retries), 1) + β·I_fixer. Paper:
 * r_success the share of passed tests over every attempt, I_fixer whether the fixer was needed.
 * Code: passed tests of successful attempts only, I_fixer whether the fixer fixed it.
 */
export function phase2Reward(r: NodeResult, p: PrismParams): RewardTerms {
  const t = totals(r);
  const tests = Math.max(1, t.tests);
  const passed = p.formulas === 'code' ? r.attempts.filter((a) => a.success).reduce((n, a) => n + a.passed, 0) : t.passed;
  const rSuccess = passed / tests;
  const fixer = p.formulas === 'code' ? r.fixedByFixer : r.fixerUsed;
  const terms = { failure: p.lambda * (1 - rSuccess), attempts: p.eta * Math.min(r.attemptsTaken / (1 + p.retries), 1), fixer: p.beta * (fixer ? 1 : 0) };
  const raw = terms.failure + terms.attempts + terms.fixer;
  return { base: 0, bonus: 0, terms, raw, value: raw };
}

/** The reward of an evaluation in its phase. */
export function rewardOf(r: NodeResult, phase: 1 | 2 | 3, level: number, levels: number, p: PrismParams): RewardTerms {
  return phase === 1 ? phase1Reward(r, level, levels, p) : phase2Reward(r, p);
}
