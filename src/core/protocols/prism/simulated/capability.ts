// The hidden capability map of a simulated model under test: a skill per concept (a logit, drawn
// once from the profile's seed), from which the chance of a correct solution to a node falls with
// the difficulty level and with every concept added. It is the known truth the validity test
// asks the search to recover (docs/prism.md, "Simulated models").
import { randomFor } from '../../../random.ts';
import { PAPER_CONCEPTS } from '../concepts.ts';

export interface CapabilityProfile {
  id: string;
  label: string;
  /** Mean concept skill (logit of the chance at the lowest level, for one concept). */
  base: number;
  /** Spread of the concepts' skills around the mean (standard deviation, logits). */
  spread: number;
  /** Logits lost per level on the paper's five-level scale. */
  perLevel: number;
  /** Logits lost per concept beyond the first. */
  perConcept: number;
  /** Writing tests comes easier than solving: logits added for the test generator. */
  testsBonus: number;
  /** A feedback retry's chance is this share of the first try's. */
  retryFactor: number;
  /** The Problem Fixer's chance is this share of the first try's. */
  fixerFactor: number;
  /** Logits added to named concepts' skills (a model weak at one concept); none when absent. */
  conceptOffsets?: Readonly<Record<string, number>>;
  /** Structure planted beside the additive skills (maps.ts); none when absent. */
  planted?: readonly Planted[];
}

/**
 * Structure a map hides beside its additive skills, as logits added to a node's solve logit:
 * a weak pair (a node holding both concepts), a weakness from a level up (a node holding the
 * concept at that paper level or harder), or one narrow cell (the concept at exactly that level).
 */
export type Planted =
  | { kind: 'pair'; concepts: readonly [string, string]; logits: number }
  | { kind: 'from-level'; concept: string; level: number; logits: number }
  | { kind: 'cell'; concept: string; level: number; logits: number };

/** Whether a planted structure applies to a node (concepts at a paper level). */
export function plantedApplies(x: Planted, concepts: readonly string[], paperLevel: number): boolean {
  if (x.kind === 'pair') return x.concepts.every((c) => concepts.includes(c));
  if (!concepts.includes(x.concept)) return false;
  return x.kind === 'from-level' ? paperLevel >= x.level : paperLevel === x.level;
}

export const PROFILES: Record<string, CapabilityProfile> = {
  strong: { id: 'strong', label: 'strong', base: 2.0, spread: 1.2, perLevel: 0.55, perConcept: 0.4, testsBonus: 1.5, retryFactor: 0.35, fixerFactor: 0.3 },
  medium: { id: 'medium', label: 'medium', base: 1.0, spread: 1.2, perLevel: 0.6, perConcept: 0.4, testsBonus: 1.5, retryFactor: 0.35, fixerFactor: 0.3 },
  weak: { id: 'weak', label: 'weak', base: -0.4, spread: 1.2, perLevel: 0.5, perConcept: 0.4, testsBonus: 1.5, retryFactor: 0.35, fixerFactor: 0.3 },
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A standard normal draw (Box–Muller) from a seeded generator. */
function normal(rng: () => number): number {
  const u = Math.max(1e-12, rng());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/**
 * Each concept's skill (logit): the profile's mean plus its spread times a draw seeded by the
 * profile and the concept, so a profile's map is the same in every run. Concepts outside the
 * paper's ten get the mean.
 */
export function conceptSkill(profile: CapabilityProfile, concept: string): number {
  const offset = profile.conceptOffsets?.[concept] ?? 0;
  if (!(PAPER_CONCEPTS as readonly string[]).includes(concept)) return profile.base + offset;
  return profile.base + offset + profile.spread * normal(randomFor('prism-capability', profile.id, concept));
}

/** The additive part of a node's solve logit: the mean skill of its concepts, less the level's and the combination's cost. */
export function additiveLogit(profile: CapabilityProfile, concepts: readonly string[], paperLevel: number): number {
  const skills = concepts.map((c) => conceptSkill(profile, c));
  const mean = skills.reduce((a, b) => a + b, 0) / Math.max(1, skills.length);
  return mean - profile.perLevel * paperLevel - profile.perConcept * Math.max(0, concepts.length - 1);
}

/** The logit of a correct first solution to a node: the additive part plus every planted structure that applies. */
export function solveLogit(profile: CapabilityProfile, concepts: readonly string[], paperLevel: number): number {
  const planted = (profile.planted ?? []).filter((x) => plantedApplies(x, concepts, paperLevel)).reduce((a, x) => a + x.logits, 0);
  return additiveLogit(profile, concepts, paperLevel) + planted;
}

export interface NodeChances {
  /** A correct first solution. */
  solve: number;
  /** Correct tests. */
  tests: number;
  /** A correct solution on a feedback retry, after a wrong one. */
  retry: number;
  /** The fixer repairs both the solution and the tests. */
  fixer: number;
}

export function nodeChances(
  profile: CapabilityProfile,
  concepts: readonly string[],
  paperLevel: number,
  logit = solveLogit(profile, concepts, paperLevel),
): NodeChances {
  const solve = sigmoid(logit);
  return { solve, tests: sigmoid(logit + profile.testsBonus), retry: solve * profile.retryFactor, fixer: solve * profile.fixerFactor };
}

/** The true chance that a node ends in success (first try, a retry, or the fixer), for `retries` feedback retries. */
export function successChance(c: NodeChances, retries: number): number {
  // Correct tests: the solution passes on the first try, a retry, or through the fixer.
  const solved = 1 - (1 - c.solve) * (1 - c.retry) ** retries * (1 - c.fixer);
  // Wrong tests: only the fixer (who mends both) can make the run pass.
  return c.tests * solved + (1 - c.tests) * c.fixer;
}
