// The Interview protocol's keyless models, by role: simulated interviewees of low, medium and high
// skill and an oracle (the reference itself), the rule-based interviewer, and a judge that follows
// the execution checks with a known share of flipped verdicts. Each is labelled "simulated".
import { simulatedSpec, type SimulatedChoice } from '../../llm/specs.ts';
import type { ChatModel } from '../../llm/types.ts';
import type { ModelSpec } from '../../model/runlog.ts';
import { INTERVIEWEE_SKILLS, SimulatedInterviewee, type IntervieweeSkillName } from './simulated/interviewee.ts';
import { interviewSkill, profileChoices, profileModel } from '../../profile/models.ts';
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
  { profile: 'oracle', id: 'oracle', label: 'Oracle interviewee (simulated: writes the reference)', help: 'Answers with the task’s reference solution: an upper bound' },
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
