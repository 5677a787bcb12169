// The PAIR trajectory metrics (PAIR-PROTOCOL.md, "Metrics"), computed from what a run log
// records per turn: the passing test ids, the targeted scenario's tests, the hint level and
// the tests shown in the hint. docs/metrics.md defines each one for users.
import { kendallTau, mean } from '../../stats/stats.ts';
import type { HintLevel } from '../shared/hint-levels.ts';

export interface TrajectoryTurn {
  /** P_t: ids of the tests passing after the turn. */
  passed: readonly string[];
  /** G_t: the targeted scenario (absent on turn 0 and in baselines without scenarios). */
  scenario?: { id: string; testIds: readonly string[] };
  level?: number;
  /** Tests shown to the feedback model for the hint (they make up H). */
  shown?: readonly string[];
}

export interface Trajectory {
  /** T, the instance's tests. */
  tests: readonly string[];
  /** Turn 0 (the initial repair) first. */
  turns: readonly TrajectoryTurn[];
}

/** One attempted scenario: the level it closed at, or null when it never closed. */
export interface Attempt {
  scenarioId: string;
  closedAt: HintLevel | null;
}

export interface InstanceMetrics {
  initialFix: boolean;
  finalFix: boolean;
  /** Initially failing: p_0 < 1 (the per-turn metrics are only defined then). */
  initiallyFailing: boolean;
  p0: number;
  best: number;
  trs: number | null;
  brg: number | null;
  bp: number | null;
  pmr: number | null;
  he: number | null;
  gc: number | null;
  turnsToFix: number | null;
  hcc: number | null;
  repairRate: number | null;
  attempts: Attempt[];
}

/** The attempted scenarios of a trajectory, in order. */
export function attempts(t: Trajectory): Attempt[] {
  const out: Attempt[] = [];
  let open: Attempt | null = null;
  for (const turn of t.turns.slice(1)) {
    if (!turn.scenario) continue;
    if (!open || open.scenarioId !== turn.scenario.id) {
      open = { scenarioId: turn.scenario.id, closedAt: null };
      out.push(open);
    }
    const passed = new Set(turn.passed);
    if (turn.scenario.testIds.every((id) => passed.has(id))) {
      open.closedAt = (turn.level ?? null) as HintLevel | null;
      open = null;
    }
  }
  return out;
}

export function instanceMetrics(t: Trajectory): InstanceMetrics {
  const n = t.tests.length;
  const rate = (passed: readonly string[]) => (n ? passed.length / n : 0);
  const p = t.turns.map((turn) => rate(turn.passed));
  const p0 = p[0] ?? 0;
  const fixedAt = p.findIndex((x) => x === 1);
  const initiallyFailing = p0 < 1;
  const tried = attempts(t);
  const base = { initialFix: p0 === 1, finalFix: fixedAt >= 0, initiallyFailing, p0, best: Math.max(0, ...p), attempts: tried };
  if (!initiallyFailing) return { ...base, trs: null, brg: null, bp: null, pmr: null, he: null, gc: null, turnsToFix: null, hcc: null, repairRate: null };

  const trs: number[] = [];
  const brg: number[] = [];
  const bp: number[] = [];
  const repair: number[] = [];
  let monotone = 0;
  for (let i = 1; i < t.turns.length; i++) {
    const before = new Set(t.turns[i - 1]!.passed);
    const now = new Set(t.turns[i]!.passed);
    const failedBefore = t.tests.filter((id) => !before.has(id));
    const broken = [...before].filter((id) => !now.has(id)).length;
    bp.push(1 - broken / n);
    repair.push(failedBefore.filter((id) => now.has(id)).length / n);
    if (p[i]! >= p[i - 1]!) monotone += 1;
    const g = t.turns[i]!.scenario;
    if (g && g.testIds.length) {
      const inG = new Set(g.testIds);
      trs.push(g.testIds.filter((id) => now.has(id)).length / g.testIds.length);
      brg.push(failedBefore.filter((id) => !inG.has(id) && now.has(id)).length / n);
    }
  }
  const tau = t.turns.length - 1;
  const failed0 = t.tests.filter((id) => !new Set(t.turns[0]?.passed ?? []).has(id));
  const shown = new Set(t.turns.flatMap((turn) => turn.shown ?? []));
  const last = new Set(t.turns.at(-1)?.passed ?? []);
  return {
    ...base,
    trs: mean(trs),
    brg: mean(brg),
    bp: mean(bp),
    pmr: tau > 0 ? monotone / tau : null,
    he: tried.length ? mean(tried.map((a) => (a.closedAt === null ? 0 : 7 - a.closedAt))) : null,
    gc: (base.best - p0) / (1 - p0),
    turnsToFix: fixedAt >= 0 ? fixedAt : null,
    hcc: failed0.length ? failed0.filter((id) => shown.has(id) && last.has(id)).length / failed0.length : null,
    repairRate: mean(repair),
  };
}

/** A model's row of the leaderboard (Table III and the RQ2 rates). */
export interface PairSummary {
  items: number;
  initiallyFailing: number;
  initialFix: number;
  finalFix: number;
  /** Final Fix − Initial Fix. */
  netGain: number;
  trs: number | null;
  brg: number | null;
  bp: number | null;
  pmr: number | null;
  he: number | null;
  gc: number | null;
  turnsToFix: number | null;
  hcc: number | null;
  repairRate: number | null;
  /** Behaviour preservation under the shared protocol (the same values as bp). */
  preservationRate: number | null;
  /** Share of attempted scenarios closed at L1..L6 (indices 0–5) or unresolved (index 6). */
  levelDistribution: number[];
  /** Attempted scenarios, pooled. */
  attempted: number;
}

/** The metrics a leaderboard ranks, with their direction. */
export const RANKED_METRICS = [
  ['initialFix', 'up'],
  ['trs', 'up'],
  ['brg', 'up'],
  ['bp', 'up'],
  ['pmr', 'up'],
  ['he', 'up'],
  ['finalFix', 'up'],
  ['gc', 'up'],
  ['turnsToFix', 'down'],
] as const satisfies readonly (readonly [keyof PairSummary, 'up' | 'down'])[];

export type RankedMetric = (typeof RANKED_METRICS)[number][0];

/** The numbers of a summary, as a run log stores them (the level distribution lives in the summary's data). */
export function numericMetrics(s: PairSummary): Record<string, number | null> {
  const { levelDistribution: _levels, ...numbers } = s;
  return numbers;
}

/** The metrics that are one number per model (possibly undefined). */
export type NumericMetric = { [K in keyof PairSummary]: PairSummary[K] extends number | null ? K : never }[keyof PairSummary];

/**
 * Table VI: for each metric, Kendall's τ of the model ranking between every pair of runs
 * (repeats), averaged. `runs[r][k]` is model k's summary in run r. Direction does not
 * change τ as long as it is the same in both runs.
 */
export function rankingAgreement<K extends NumericMetric>(
  runs: readonly (readonly PairSummary[])[],
  metrics: readonly K[] = RANKED_METRICS.map(([k]) => k) as K[],
): Partial<Record<K, number | null>> {
  const out: Partial<Record<K, number | null>> = {};
  for (const metric of metrics) {
    const taus: number[] = [];
    for (let r = 0; r < runs.length; r++) {
      for (let s = r + 1; s < runs.length; s++) {
        const pairs = runs[r]!.map((x, k) => [x[metric], runs[s]![k]![metric]] as const).filter(
          (p): p is readonly [number, number] => p[0] !== null && p[1] !== null,
        );
        const tau =
          pairs.length >= 2
            ? kendallTau(
                pairs.map((p) => p[0]),
                pairs.map((p) => p[1]),
              )
            : null;
        if (tau !== null) taus.push(tau);
      }
    }
    out[metric] = mean(taus);
  }
  return out;
}
