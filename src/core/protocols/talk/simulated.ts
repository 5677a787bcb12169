// Talk's keyless models, offered per role and labelled "simulated" wherever they appear: code
// models of three skills, the rule-based user, the keyword judge and the summary obfuscator
// (simulated/ holds how they work).
import { simulatedSpec, type SimulatedChoice } from '../../llm/specs.ts';
import type { ChatModel } from '../../llm/types.ts';
import type { ModelSpec } from '../../model/runlog.ts';
import { profileChoices, profileModel, type ProfileModel } from '../../llm/simulated/profile-models.ts';
import type { SimulatedDeps } from '../contract.ts';
import { CODER_SKILLS, SimulatedCoder, type CoderSkill } from './simulated/coder.ts';
import { KeywordJudge } from './simulated/judge.ts';
import { SummaryObfuscator } from './simulated/obfuscator.ts';
import { RuleBasedUser } from './simulated/user.ts';

export type CoderSkillName = keyof typeof CODER_SKILLS;

const coder = (profile: CoderSkillName): SimulatedChoice => ({
  profile,
  label: `Simulated code model, ${profile} skill`,
  help: `Gets a detail of the problem right with a chance that grows with skill (${CODER_SKILLS[profile].skill}) and with what the statement and the feedback tell it`,
});

const unlike = (profile: 'stubborn' | 'attentive', help: string): SimulatedChoice => ({ profile, label: `Simulated code model, ${profile}`, help });

export const SIMULATED_CODERS: readonly SimulatedChoice[] = [
  coder('low'),
  coder('medium'),
  coder('high'),
  unlike('stubborn', 'Solves well alone (skill 0.85) but acts on little feedback (15%): it should drop in rank from static to the feedback settings'),
  unlike('attentive', 'Solves poorly alone (skill 0.25) but uses feedback well (0.95): it should rise in rank from static to the feedback settings'),
  ...profileChoices('Talk'),
];

export const RULE_BASED_USER_CHOICE: SimulatedChoice = {
  profile: 'rule-based',
  id: 'sim-rule-based-user',
  label: 'Rule-based user (simulated)',
  help: 'Writes each feedback type from the failing tests and the reference diff; its claim follows the tests, but for the run’s error rate',
};
export const KEYWORD_JUDGE_CHOICE: SimulatedChoice = {
  profile: 'keyword',
  id: 'sim-keyword',
  label: 'Keyword judge (simulated)',
  help: 'Reads a feedback’s claim (correct or not) from its words',
};
export const SUMMARY_OBFUSCATOR_CHOICE: SimulatedChoice = {
  profile: 'summary',
  id: 'sim-summary',
  label: 'Summary obfuscator (simulated)',
  help: 'The instance’s own one-sentence summary, or its statement’s first sentence without code or names',
};

export const RULE_BASED_USER: ModelSpec = simulatedSpec(RULE_BASED_USER_CHOICE, 'user');
export const KEYWORD_JUDGE: ModelSpec = simulatedSpec(KEYWORD_JUDGE_CHOICE, 'judge');
export const SUMMARY_OBFUSCATOR: ModelSpec = simulatedSpec(SUMMARY_OBFUSCATOR_CHOICE, 'obfuscator');

export function talkSimulatedModel(spec: ModelSpec, deps: SimulatedDeps): ChatModel {
  switch (spec.profile) {
    case 'rule-based':
      return new RuleBasedUser(deps.executor, deps.seed, spec.id, spec.label);
    case 'keyword':
      return new KeywordJudge(spec.id, spec.label);
    case 'summary':
      return new SummaryObfuscator(spec.id, spec.label);
    default: {
      const own = profileModel(spec.profile);
      const profile = CODER_SKILLS[spec.profile as CoderSkillName] ?? (own && talkSkill(own));
      if (!profile) throw new Error(`no simulated model "${spec.profile}" in the Talk protocol`);
      return new SimulatedCoder(spec.id, spec.label, profile, deps);
    }
  }
}

/** Talk: the code model's skill is s; it acts on `listens` of the feedback (Talk's "stubborn" knob). */
export const talkSkill = (m: ProfileModel): CoderSkill => ({ skill: m.skill, ...(m.listens < 1 ? { listens: m.listens } : {}) });
