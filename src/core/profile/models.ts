// Simulated models for the model profile: the same three models, under the same ids, in every
// protocol's tested role. Each has one latent skill s (0–1) that every protocol's own simulated
// model is set from, plus traits of its own: "solo" codes well alone but acts on little feedback,
// "recursion" is weak at the recursion concept, "even" has no trait. They are the known truth the
// profile should recover (docs/metrics.md, "Model profile"). Labelled "simulated" everywhere.
import type { SkillProfile } from '../llm/simulated/candidate.ts';
import type { SimulatedChoice } from '../llm/specs.ts';
import type { IntervieweeSkill } from '../protocols/interview/simulated/interviewee.ts';
import type { CapabilityProfile } from '../protocols/prism/simulated/capability.ts';
import type { CoderSkill } from '../protocols/talk/simulated/coder.ts';

export interface ProfileModel {
  /** Its id (and profile name) in every protocol. */
  id: string;
  /** The latent skill every protocol's model is set from. */
  skill: number;
  /** The share of feedback it acts on (1: all of it). */
  listens: number;
  /** Logits added to its skill at a PrismBench concept. */
  conceptOffsets: Readonly<Record<string, number>>;
  /** Its traits in words. */
  traits: string;
}

export const PROFILE_MODELS: readonly ProfileModel[] = [
  { id: 'profile-solo', skill: 0.85, listens: 0.15, conceptOffsets: {}, traits: 'strong alone (skill 0.85), acts on 15% of feedback' },
  { id: 'profile-recursion', skill: 0.65, listens: 1, conceptOffsets: { recursion: -3 }, traits: 'skill 0.65, weak at recursion (−3 logits in PrismBench)' },
  { id: 'profile-even', skill: 0.45, listens: 1, conceptOffsets: {}, traits: 'skill 0.45, no trait' },
];

export const profileModel = (id: string | undefined): ProfileModel | undefined => PROFILE_MODELS.find((m) => m.id === id);

/** The choice each protocol's tested role offers for a profile model (id = profile = the model's id). */
export const profileChoices = (protocol: string): SimulatedChoice[] =>
  PROFILE_MODELS.map((m) => ({ profile: m.id, id: m.id, label: `Simulated profile model ${m.id.replace('profile-', '')}`, help: `The model profile's known truth (${protocol}): ${m.traits}` }));

const clamp = (x: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));

/**
 * PAIR: the candidate's skill is s, its chance of a new bug 0.15·(1 − s), and it acts on
 * `listens` of the revision turns' hints (the initial repair, which has none, is its own work).
 */
export const pairSkill = (m: ProfileModel): SkillProfile => ({ skill: m.skill, regressRate: 0.15 * (1 - m.skill), ...(m.listens < 1 ? { listens: m.listens } : {}) });

/** Talk: the code model's skill is s; it acts on `listens` of the feedback (Talk's "stubborn" knob). */
export const talkSkill = (m: ProfileModel): CoderSkill => ({ skill: m.skill, ...(m.listens < 1 ? { listens: m.listens } : {}) });

/**
 * Interview: each defect is in the first draft with chance 0.85 − 0.75·s (S_G); a hint fixes its
 * requirement with chance (0.06 + 0.75·s, +0.2, +0.4, each at most 0.95) × listens (S′_G); a
 * revision brings a fixed defect back with chance 0.15·(1 − s).
 */
export function interviewSkill(m: ProfileModel): IntervieweeSkill {
  const fix = (extra: number) => clamp((0.06 + 0.75 * m.skill + extra) * m.listens, 0, 0.95);
  return { defect: clamp(0.85 - 0.75 * m.skill), fix: [fix(0), fix(0.2), fix(0.4)], regress: 0.15 * (1 - m.skill) };
}

/**
 * PrismBench: mean concept logit 4·s − 1.4 (0.85 → 2.0 as "strong", 0.25 → −0.4 as "weak"), a
 * small spread (0.3) so the traits stand out, the concept offsets, and the built-in profiles'
 * other constants.
 */
export const prismCapability = (m: ProfileModel): CapabilityProfile => ({
  id: m.id,
  label: m.id,
  base: 4 * m.skill - 1.4,
  spread: 0.3,
  perLevel: 0.55,
  perConcept: 0.4,
  testsBonus: 1.5,
  retryFactor: 0.35,
  fixerFactor: 0.3,
  conceptOffsets: m.conceptOffsets,
});
