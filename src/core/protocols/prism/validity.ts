// How well a search recovered a simulated model's hidden capability map (the known truth):
// rank agreement (Spearman's ρ) between each concept's truth (its skill, less what a planted
// weakness takes from it alone: simulated/maps.ts) and the success rate the
// search measured for it, recall of the truly weakest concepts among those measured weakest,
// and how much more likely to fail the nodes of the failure-seeking phases are than those of
// Phase 1. The validity test and `npm run study:prism` report these (docs/prism.md, "Validity").
import { spearman } from '../../stats/stats.ts';
import { paperLevel } from './bank.ts';
import { difficultyGroup } from './concepts.ts';
import { byConcept, type EvaluationRecord } from './metrics.ts';
import { fitSkills, type SkillFit } from './skill-fit.ts';
import type { PrismParams } from './params.ts';
import { nodeChances, successChance, type CapabilityProfile } from './simulated/capability.ts';
import { conceptTruth } from './simulated/maps.ts';

export interface Recovery {
  /** ρ between the true skills and the fitted skills (skill-fit.ts: every evaluation at once, levels and combinations accounted for) — the main measure. */
  rhoFit: number | null;
  /** Share of the k truly weakest concepts among the k weakest by fitted skill. */
  recallFit: number;
  /** The fitted map itself. */
  fit: SkillFit;
  /**
   * ρ between the true skills and the level-adjusted success per concept: each evaluation's
   * success less the model's success rate at that level, averaged over the concept's
   * evaluations — concepts compared at equal difficulty.
   */
  rhoAdjusted: number | null;
  /** ρ with SR(c) as the paper defines it, over every evaluation (strong concepts are probed at harder levels, which lowers theirs). */
  rhoAll: number | null;
  /** ρ with SR(c) over the lowest level group only (where every concept is mapped, but a strong model rarely fails). */
  rhoLow: number | null;
  /** Share of the k truly weakest concepts among the k weakest by level-adjusted success. */
  recallWeakest: number;
  k: number;
  /** Mean true failure chance of the nodes evaluated in Phases 2–3, minus that of Phase 1's. */
  failureLift: number | null;
  truth: number[];
  adjusted: (number | null)[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The k lowest by value (ties by order). */
const lowest = (values: readonly (number | null)[], k: number) =>
  values
    .map((v, i) => [v ?? Infinity, i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i);

/** The same measures over the concept × level cells (the map a design is asked for), from the fitted skills. */
export interface CellRecovery {
  /** ρ between each cell's true success chance and its estimate (fitted skill less fitted level difficulty); a cell of an unmeasured concept or level is estimated at the mean of the others. */
  rho: number | null;
  /** Share of the k truly weakest cells among the k measured weakest (a cell of an unmeasured concept or level is never among those). */
  recall: number;
  k: number;
}

/** `fit`: the records' fitted skills, when the caller has them already (recovery() returns them). */
export function cellRecovery(
  records: readonly EvaluationRecord[],
  profile: CapabilityProfile,
  params: PrismParams,
  k = 5,
  fit: SkillFit = fitSkills(records, params.concepts, params.difficulties.length),
): CellRecovery {
  const levels = params.difficulties.length;
  const truth: number[] = [];
  const estimate: (number | null)[] = [];
  params.concepts.forEach((c, ci) => {
    for (let level = 0; level < levels; level++) {
      truth.push(successChance(nodeChances(profile, [c], paperLevel(level, levels)), params.retries));
      const a = fit.skills[ci];
      const d = fit.difficulty[level];
      estimate.push(a === null || a === undefined || d === null || d === undefined ? null : a - d);
    }
  });
  const overall = mean(estimate.filter((e): e is number => e !== null)) ?? 0;
  const trueWeak = new Set(lowest(truth, k));
  const found = lowest(estimate, k).filter((i) => estimate[i] !== null && trueWeak.has(i)).length;
  return {
    rho: spearman(
      truth,
      estimate.map((e) => e ?? overall),
    ),
    recall: found / k,
    k,
  };
}

export function recovery(records: readonly EvaluationRecord[], profile: CapabilityProfile, params: PrismParams, k = 3): Recovery {
  const concepts = params.concepts;
  const levels = params.difficulties.length;
  const truth = concepts.map((c) => conceptTruth(profile, c, levels));
  const low = records.filter((r) => difficultyGroup(r.level, levels) === 0);
  const measured = byConcept(low, concepts).map((m) => m.success);
  const all = byConcept(records, concepts).map((m) => m.success);
  const atLevel = Array.from({ length: levels }, (_, i) => mean(records.filter((r) => r.level === i).map((r) => (r.success ? 1 : 0))) ?? 0);
  const adjusted = concepts.map((c) => mean(records.filter((r) => r.concepts.includes(c)).map((r) => (r.success ? 1 : 0) - atLevel[r.level]!)));
  const paired = (est: (number | null)[]) => {
    const idx = est.map((e, i) => (e === null ? -1 : i)).filter((i) => i >= 0);
    return spearman(
      idx.map((i) => truth[i]!),
      idx.map((i) => est[i]!),
    );
  };
  const trueWeak = new Set(lowest(truth, k));
  const found = lowest(adjusted, k).filter((i) => trueWeak.has(i)).length;
  const fit = fitSkills(records, concepts, levels);
  const failure = (r: EvaluationRecord) => 1 - successChance(nodeChances(profile, r.concepts, paperLevel(r.level, levels)), params.retries);
  const p1 = mean(records.filter((r) => r.phase === 1).map(failure));
  const p23 = mean(records.filter((r) => r.phase !== 1).map(failure));
  const recallFit = lowest(fit.skills, k).filter((i) => fit.skills[i] !== null && trueWeak.has(i)).length / k;
  return {
    rhoFit: paired(fit.skills),
    recallFit,
    fit,
    rhoLow: paired(measured),
    rhoAll: paired(all),
    rhoAdjusted: paired(adjusted),
    recallWeakest: found / k,
    k,
    failureLift: p1 === null || p23 === null ? null : p23 - p1,
    truth,
    adjusted,
  };
}
