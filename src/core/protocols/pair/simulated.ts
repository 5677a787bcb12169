// The PAIR family's keyless models: simulated candidates of known skill (and the oracle and
// no-op bounds) in the candidate role, and the rule-based feedback model. Each is labelled
// "simulated" wherever it appears; simulated/ (and shared/simulated/ for the feedback model) holds how they work.
import { NoOpCandidate, OracleCandidate, SimulatedCandidate, SKILL_PROFILES, type SkillProfile } from './simulated/candidate.ts';
import { RuleBasedFeedback } from '../shared/simulated/feedback.ts';
import { simulatedSpec, type SimulatedChoice } from '../../llm/specs.ts';
import type { ChatModel } from '../../llm/types.ts';
import type { ModelSpec } from '../../model/runlog.ts';
import { profileChoices, profileModel, type ProfileModel } from '../../llm/simulated/profile-models.ts';
import type { SimulatedDeps } from '../contract.ts';

export type SkillName = keyof typeof SKILL_PROFILES;

const skill = (profile: SkillName): SimulatedChoice => ({
  profile,
  label: `Simulated candidate, ${profile} skill`,
  help: `Applies the reference's fixes with a chance that grows with skill (${SKILL_PROFILES[profile].skill}) and hint level; may regress`,
});

export const SIMULATED_CANDIDATES: readonly SimulatedChoice[] = [
  skill('low'),
  skill('medium'),
  skill('high'),
  skill('expert'),
  { profile: 'oracle', id: 'oracle', label: 'Oracle (simulated: returns the reference)', help: 'Returns the reference: an upper bound' },
  { profile: 'no-op', id: 'no-op', label: 'No-op (simulated: returns its input)', help: 'Returns the program it was given: a lower bound' },
  ...profileChoices('PAIR'),
];

export const RULE_BASED_CHOICE: SimulatedChoice = {
  profile: 'rule-based',
  id: 'rule-based',
  label: 'Rule-based feedback (simulated)',
  help: 'Writes hints at every level from execution evidence and the buggy-vs-reference diff',
};

export const RULE_BASED_FEEDBACK: ModelSpec = simulatedSpec(RULE_BASED_CHOICE, 'feedback');

/** The live model of a PAIR-family simulated choice. */
export function pairSimulatedModel(spec: ModelSpec, deps: SimulatedDeps): ChatModel {
  switch (spec.profile) {
    case 'rule-based':
      return new RuleBasedFeedback(deps.executor, spec.id, spec.label);
    case 'oracle':
      return new OracleCandidate();
    case 'no-op':
      return new NoOpCandidate();
    default: {
      const own = profileModel(spec.profile);
      const profile = SKILL_PROFILES[spec.profile as SkillName] ?? (own && pairSkill(own));
      if (!profile) throw new Error(`no simulated model "${spec.profile}" in the PAIR family`);
      return new SimulatedCandidate(spec.id, spec.label, profile, { executor: deps.executor, mutator: deps.mutator, seed: deps.seed });
    }
  }
}

/**
 * PAIR: the candidate's skill is s, its chance of a new bug 0.15·(1 − s), and it acts on
 * `listens` of the revision turns' hints (the initial repair, which has none, is its own work).
 */
export const pairSkill = (m: ProfileModel): SkillProfile => ({
  skill: m.skill,
  regressRate: 0.15 * (1 - m.skill),
  ...(m.listens < 1 ? { listens: m.listens } : {}),
});
