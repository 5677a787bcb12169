// Maps with structure to find (docs/prism.md, "Maps with structure"): beside the three additive
// maps, a model with planted weak pairs, one weak at a concept only from a level up, and one
// strong everywhere but one narrow cell. Each map states its truth — a concept's skill plus
// what the planted structure takes from it alone, averaged over the levels — and the margin
// between its k-th and (k+1)-th weakest concepts; the study asks whether a design found the
// planted structure, and after how many evaluations.
import { paperLevel } from '../bank.ts';
import type { EvaluationRecord } from '../metrics.ts';
import { additiveLogit, conceptSkill, nodeChances, plantedApplies, PROFILES, successChance, type CapabilityProfile, type Planted } from './capability.ts';

const COMMON = { perConcept: 0.4, testsBonus: 1.5, retryFactor: 0.35, fixerFactor: 0.3 } as const;

export const STRUCTURED_PROFILES: Record<string, CapabilityProfile> = {
  pairs: {
    id: 'pairs',
    label: 'weak pairs',
    base: 1.0,
    spread: 1.0,
    perLevel: 0.6,
    ...COMMON,
    planted: [
      { kind: 'pair', concepts: ['loops', 'recursion'], logits: -3 },
      { kind: 'pair', concepts: ['sorting', 'searching'], logits: -3 },
      { kind: 'pair', concepts: ['functions', 'error handling'], logits: -3 },
    ],
  },
  steep: {
    id: 'steep',
    label: 'weak from medium up',
    base: 1.5,
    spread: 1.0,
    perLevel: 0.5,
    ...COMMON,
    planted: [{ kind: 'from-level', concept: 'data structures', level: 2, logits: -3 }],
  },
  narrow: {
    id: 'narrow',
    label: 'one narrow cell',
    base: 2.5,
    spread: 0.4,
    perLevel: 0.5,
    ...COMMON,
    planted: [{ kind: 'cell', concept: 'recursion', level: 3, logits: -5 }],
  },
};

/** Every map the study measures: the three additive ones, then those with structure. */
export const ALL_PROFILES: Record<string, CapabilityProfile> = { ...PROFILES, ...STRUCTURED_PROFILES };

/** A concept's true standing: its skill plus the planted logits that apply to it alone, averaged over the run's levels. */
export function conceptTruth(profile: CapabilityProfile, concept: string, levels: number): number {
  let planted = 0;
  for (let l = 0; l < levels; l++) for (const x of profile.planted ?? []) if (plantedApplies(x, [concept], paperLevel(l, levels))) planted += x.logits;
  return conceptSkill(profile, concept) + planted / Math.max(1, levels);
}

/** The gap between the (k+1)-th and the k-th weakest concepts' truth: how hard the weakest k are to tell apart. */
export function weakestMargin(profile: CapabilityProfile, concepts: readonly string[], levels: number, k: number): number {
  const t = concepts.map((c) => conceptTruth(profile, c, levels)).sort((a, b) => a - b);
  return t[k]! - t[k - 1]!;
}

/** A planted structure counts as found once its region has this many evaluations… */
export const FIND_MIN_N = 3;
/** …and their failure rate exceeds what the additive map predicts for them by this much. */
export const FIND_LIFT = 0.3;

/**
 * After how many evaluations each planted structure was found (records in the order they were
 * made): the first point where its region — the evaluations it applies to — holds FIND_MIN_N
 * or more and fails FIND_LIFT more often than the map without it predicts; null if never.
 */
export function discoveries(records: readonly EvaluationRecord[], profile: CapabilityProfile, levels: number, retries: number): (number | null)[] {
  const ordered = [...records].sort((a, b) => a.evaluation - b.evaluation);
  return (profile.planted ?? []).map((x: Planted) => {
    let n = 0;
    let failures = 0;
    let predicted = 0;
    for (const r of ordered) {
      const pl = paperLevel(r.level, levels);
      if (!plantedApplies(x, r.concepts, pl)) continue;
      n += 1;
      failures += r.success ? 0 : 1;
      predicted += 1 - successChance(nodeChances(profile, r.concepts, pl, additiveLogit(profile, r.concepts, pl)), retries);
      if (n >= FIND_MIN_N && (failures - predicted) / n >= FIND_LIFT) return r.evaluation + 1;
    }
    return null;
  });
}
