// The phase rewards by hand: R₁ (Eqs. 10, 16) and R₂ (Eq. 11), in the paper's form and the code's.
import { describe, expect, it } from 'vitest';
import { resultOf } from './outcome.ts';
import { defaultPrismParams } from './params.ts';
import { phase1Reward, phase2Reward } from './reward.ts';
import type { AttemptData } from './step-data.ts';

const attempt = (by: 'solver' | 'fixer', n: number, passed: number, failed: number, errors: number): AttemptData => ({
  kind: 'attempt',
  by,
  n,
  solution: 'x',
  tests: 'y',
  run: { status: 'ok', passed, failed, errors, cases: [], durationMs: 1, output: '' },
});

// Two failed solver attempts (8 passed + 2 failed; 5 passed + 3 failed + 2 errors), then a passing third (10 passed).
const retried = resultOf([attempt('solver', 1, 8, 2, 0), attempt('solver', 2, 5, 3, 2), attempt('solver', 3, 10, 0, 0)])!;
// Four failed solver attempts, then the fixer passes 6 tests.
const fixed = resultOf([
  attempt('solver', 1, 0, 4, 0),
  attempt('solver', 2, 0, 4, 0),
  attempt('solver', 3, 0, 0, 1),
  attempt('solver', 4, 2, 2, 0),
  attempt('fixer', 5, 6, 0, 0),
])!;

describe('a node result', () => {
  it('counts attempts up to the first success and tells whether the fixer was needed', () => {
    expect(retried).toMatchObject({ success: true, attemptsTaken: 3, fixerUsed: false, fixedByFixer: false });
    expect(fixed).toMatchObject({ success: true, attemptsTaken: 5, fixerUsed: true, fixedByFixer: true });
    expect(resultOf([attempt('solver', 1, 0, 0, 0)])!.success).toBe(false); // no test ran: not a pass
  });
});

describe('R₁ (Phase 1)', () => {
  it('bounded (the default): the same terms over the node’s own b·w(d), so a clean pass scores 1 at every level', () => {
    const p = defaultPrismParams();
    expect(p.formulas).toBe('bounded');
    const r = phase1Reward(retried, 2, 5, p);
    expect(r.raw).toBeCloseTo(20 - (10 / 30 + 6 / 30 + 2), 12);
    expect(r.value).toBeCloseTo(r.raw / 20, 12); // b·w(medium) = 10 · 2: 0.8733
    const clean = resultOf([attempt('solver', 1, 7, 0, 0)])!;
    for (const level of [0, 2, 4]) expect(phase1Reward(clean, level, 5, p).value).toBe(1);
    // The paper-literal scale gives a clean pass at very easy 10/30, below θ₁ = 0.4.
    expect(phase1Reward(clean, 0, 5, defaultPrismParams({ formulas: 'paper' })).value).toBeCloseTo(1 / 3, 12);
  });

  it('paper: b·w(d) for passing, less the ratio-weighted penalty, over b·w(hardest)', () => {
    const p = defaultPrismParams({ formulas: 'paper' });
    // Level 2 (medium): w = 2, base 20. Tests run 30: 5 failed, 2 errors. Penalty 2·5/30 + 3·2/30 + 1·2 + 0 = 2.5333.
    const r = phase1Reward(retried, 2, 5, p);
    expect(r.base).toBe(20);
    expect(r.raw).toBeCloseTo(20 - (10 / 30 + 6 / 30 + 2), 12);
    expect(r.value).toBeCloseTo(r.raw / 30, 12); // b·w(very hard) = 10 · 3
    // The fixer's node at level 0: base 10; 19 tests run (8 passed, 10 failed, 1 error): 2·10/19 + 3/19 + 4 + 5.
    const f = phase1Reward(fixed, 0, 5, p);
    expect(f.raw).toBeCloseTo(10 - (20 / 19 + 3 / 19 + 4 + 5), 12); // −0.21: the penalty outweighs the base
    expect(f.value).toBe(0);
  });

  it('is 0 for a failed node', () => {
    const failed = resultOf([attempt('solver', 1, 1, 1, 0)])!;
    expect(phase1Reward(failed, 4, 5, defaultPrismParams()).value).toBe(0);
  });

  it('code: counts summed over attempts, the passed tests added, the fixer only when it fixed, over b·w(hardest) + 10', () => {
    const p = defaultPrismParams({ formulas: 'code' });
    // 20 + 23 passed − (2·5 + 3·2 + 1·2) = 25; 25 / 40.
    const r = phase1Reward(retried, 2, 5, p);
    expect(r.raw).toBe(25);
    expect(r.value).toBeCloseTo(25 / 40, 12);
  });
});

describe('R₂ (Phases 2 and 3)', () => {
  it('paper: λ(1 − passed share) + η·min(n/(1 + retries), 1) + β·[fixer used]', () => {
    const p = defaultPrismParams(); // λ 0.5, η 0.3, β 0.2, retries 3
    expect(phase2Reward(retried, p).value).toBeCloseTo(0.5 * (1 - 23 / 30) + 0.3 * (3 / 4) + 0, 12);
    expect(phase2Reward(fixed, p).value).toBeCloseTo(0.5 * (1 - 8 / 19) + 0.3 * 1 + 0.2, 12);
  });

  it('code: the passed tests of successful attempts only, the fixer when it fixed', () => {
    const p = defaultPrismParams({ formulas: 'code', feedbackRetries: 2 });
    expect(phase2Reward(retried, p).value).toBeCloseTo(0.5 * (1 - 10 / 30) + 0.3 * 1, 12);
  });
});
