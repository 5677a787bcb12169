// PAIR, the controlled protocol: turn 0 unaided; then each turn the policy (Algorithm 1) picks a
// failure scenario and a hint level, the feedback model writes a validated hint about m sampled
// tests of the scenario, and the candidate revises. Everything the policy needs is recomputed
// from the stored turns, so a resumed run continues exactly where it stopped.
import { currentOutcomes, opening, revision } from './conversation.ts';
import { CANDIDATE_ROLE, REPAIR_DOCS, repairProtocol, type RepairSpec } from './family.ts';
import { currentCode, type Planner } from './item-state.ts';
import { PAIR_FIELDS } from './params.ts';
import { RULE_BASED_CHOICE, RULE_BASED_FEEDBACK } from './simulated.ts';
import { CANDIDATE_TEMPLATES_VERSION, HINT_REVISION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from './prompts.ts';
import type { TurnFeedback } from './step-data.ts';
import { generateHint } from './hints/generator.ts';
import { JUDGE_TEMPLATES } from './hints/judge.ts';
import { FEEDBACK_TEMPLATES, FEEDBACK_TEMPLATES_VERSION } from './hints/templates.ts';
import { contrastTests, replayPolicy, sampleTests, selectTarget } from './policy.ts';
import { buildScenarios, failingTests, prioritize } from './scenarios.ts';
import { PAIR_TEACH } from './seats.ts';

const plan: Planner = async (state, env) => {
  const start = opening(state);
  if (start) return start;
  if (!env.feedback) throw new Error('PAIR needs a feedback model');
  const p = state.params;
  const t = state.turns.length;
  const outcomes = await currentOutcomes(state, env);
  const failing = outcomes.filter((o) => o.outcome !== 'passed');
  if (failing.length === 0) return { stop: 'fixed' };
  const policy = replayPolicy(
    state.turns,
    outcomes.map((o) => o.testId),
    p.beta,
  );
  const grouping = buildScenarios(failingTests(outcomes, await env.traces()), { kMax: p.kMax, sMin: p.sMin });
  const failingIds = new Set(failing.map((o) => o.testId));
  const target = selectTarget(policy, prioritize(grouping.scenarios, failingIds));
  if (!target) return { stop: 'exhausted' };
  const picked = grouping.scenarios.find((s) => s.id === target.id);
  const earlier = state.turns.at(-1)?.feedback?.scenario;
  const about =
    earlier?.id === target.id
      ? earlier
      : { id: target.id, testIds: target.testIds, grouping: grouping.level, failType: picked?.failType, ...(picked?.shape ? { shape: picked.shape } : {}) };
  const level = policy.level;
  // S_t: representative *failing* tests of the scenario (on a later turn on the same scenario,
  // some of its tests may pass already; completion is still judged on all of them).
  const sampleIds = sampleTests({ id: target.id, testIds: target.testIds.filter((id) => failingIds.has(id)) }, p.m, p.seed, state.key, t);
  const hint = await generateHint(
    {
      instance: state.instance,
      code: currentCode(state),
      level,
      samples: outcomes.filter((o) => sampleIds.includes(o.testId)),
      passingIds: contrastTests(outcomes, p.seed, state.key, t),
      templates: state.templates,
      regenerations: p.regenerations,
      onRejected: p.onHintRejected,
    },
    env.feedback,
    env.judge,
  );
  const feedback: TurnFeedback = {
    text: hint.text ?? '',
    scenario: { ...about, id: target.id, testIds: target.testIds },
    sampleIds,
    level,
    validation: hint.attempts,
    ...(hint.flagged ? { flagged: hint.flagged } : {}),
  };
  return revision(state, hint.text, feedback, { level, targetTests: target.testIds });
};

export const PAIR_SPEC: RepairSpec = {
  id: 'pair',
  label: 'PAIR (controlled feedback)',
  description:
    'A candidate repairs a buggy program. After an unaided first try, each turn the staircase policy picks a failure scenario and a hint depth (L1–L6), the feedback model writes a validated hint about sampled tests of it, and the candidate revises.',
  docs: REPAIR_DOCS,
  roles: [
    CANDIDATE_ROLE,
    {
      name: 'feedback',
      label: 'Feedback model',
      help: 'Writes the hints. The rule-based model is simulated: offline, free, deterministic.',
      required: true,
      fallback: RULE_BASED_FEEDBACK,
      simulated: [RULE_BASED_CHOICE],
    },
    { name: 'judge', label: 'Judge', help: 'Optional: an LLM checks each hint the rule-based validator accepted (docs/hints.md)' },
  ],
  params: PAIR_FIELDS,
  templates: {
    system: SYSTEM,
    initial: INITIAL_REPAIR,
    revision: HINT_REVISION,
    revision_no_hint: NO_HINT_REVISION,
    ...FEEDBACK_TEMPLATES,
    ...JUDGE_TEMPLATES,
  },
  templatesVersion: `candidate ${CANDIDATE_TEMPLATES_VERSION}, feedback ${FEEDBACK_TEMPLATES_VERSION}`,
  plan,
  scenarios: true,
  teach: PAIR_TEACH,
  profile: {
    name: 'PAIR',
    measures: [
      { metric: 'initialFix', name: 'Initial Fix', ranked: true },
      { metric: 'finalFix', name: 'Final Fix', ranked: true },
      { metric: 'trs', name: 'TRS', ranked: false },
      { metric: 'he', name: 'HE', ranked: false },
    ],
  },
  demo: {
    name: 'Demo (simulated models)',
    blurb:
      'Three simulated candidates of low, medium and high skill repair the buggy programs of the built-in demo set, with the rule-based (simulated) feedback model writing the hints.',
    candidates: [
      { kind: 'simulated', profile: 'low' },
      { kind: 'simulated', profile: 'medium' },
      { kind: 'simulated', profile: 'high' },
    ],
    roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
    params: { turns: 10 },
    settings: { concurrency: 2 },
    subset: 'demo',
  },
};

export const pair = repairProtocol(PAIR_SPEC);
