// The Interview protocol's keyless models, by role: simulated interviewees of low, medium and high
// skill and an oracle (the reference itself), the rule-based interviewer, and a judge that follows
// the execution checks with a known share of flipped verdicts. Each is labelled "simulated".
import { simulatedSpec, type SimulatedChoice } from '../../llm/specs.ts';
import type { ChatModel } from '../../llm/types.ts';
import type { ModelSpec } from '../../model/runlog.ts';
import { INTERVIEWEE_SKILLS, SimulatedInterviewee, type IntervieweeSkill, type IntervieweeSkillName } from './simulated/interviewee.ts';
import { profileChoices, profileModel, type ProfileModel } from '../../llm/simulated/profile-models.ts';
import { RuleBasedInterviewer } from './simulated/interviewer.ts';
import { CheckBasedJudge, JUDGE_FLIP } from './simulated/judge.ts';

const skill = (profile: IntervieweeSkillName): SimulatedChoice => ({
  profile,
  label: `Simulated interviewee, ${profile} skill`,
  help: `Starts from the reference with each requirement broken at chance ${INTERVIEWEE_SKILLS[profile].defect}; a hint fixes its requirement at chance ${INTERVIEWEE_SKILLS[profile].fix.join(' / ')} (conceptual / names the place / quotes code)`,
});

export const SIMULATED_INTERVIEWEES: readonly SimulatedChoice[] = [
  skill('low'),
  skill('medium'),
  skill('high'),
  {
    profile: 'oracle',
    id: 'oracle',
    label: 'Oracle interviewee (simulated: writes the reference)',
    help: 'Answers with the task’s reference solution: an upper bound',
  },
  ...profileChoices('Interview'),
];

export const RULE_BASED_INTERVIEWER: SimulatedChoice = {
  profile: 'rule-based',
  id: 'rule-based-interviewer',
  label: 'Rule-based interviewer (simulated)',
  help: 'Hints from the failing execution checks, prerequisites first, more explicit as a failure repeats (then quotes the reference)',
};

export const CHECK_BASED_JUDGE: SimulatedChoice = {
  profile: 'check-based',
  id: 'check-based-judge',
  label: `Simulated judge (follows the checks, ${Math.round(JUDGE_FLIP * 100)}% of verdicts flipped)`,
  help: 'A judge of known accuracy: it follows each requirement’s execution check and flips a fixed share of its verdicts',
};

export const RULE_BASED_INTERVIEWER_SPEC: ModelSpec = simulatedSpec(RULE_BASED_INTERVIEWER, 'interviewer');

export function interviewSimulatedModel(spec: ModelSpec): ChatModel {
  if (spec.profile === RULE_BASED_INTERVIEWER.profile) return new RuleBasedInterviewer(spec.id, spec.label);
  if (spec.profile === CHECK_BASED_JUDGE.profile) return new CheckBasedJudge(spec.id, spec.label);
  if (spec.profile === 'oracle') return new SimulatedInterviewee(spec.id, spec.label, 'oracle');
  const own = profileModel(spec.profile);
  const profile = INTERVIEWEE_SKILLS[spec.profile as IntervieweeSkillName] ?? (own && interviewSkill(own));
  if (!profile) throw new Error(`no simulated model "${spec.profile}" in the Interview protocol`);
  return new SimulatedInterviewee(spec.id, spec.label, profile);
}

const clamp = (x: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, x));

/**
 * Interview: each defect is in the first draft with chance 0.85 − 0.75·s (S_G); a hint fixes its
 * requirement with chance (0.06 + 0.75·s, +0.2, +0.4, each at most 0.95) × listens (S′_G); a
 * revision brings a fixed defect back with chance 0.15·(1 − s).
 */
export function interviewSkill(m: ProfileModel): IntervieweeSkill {
  const fix = (extra: number) => clamp((0.06 + 0.75 * m.skill + extra) * m.listens, 0, 0.95);
  return { defect: clamp(0.85 - 0.75 * m.skill), fix: [fix(0), fix(0.2), fix(0.4)], regress: 0.15 * (1 - m.skill) };
}
