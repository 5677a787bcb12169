// PAIR, the controlled protocol: turn 0 unaided; then each turn the policy (Algorithm 1) picks a
// failure scenario and a hint level, the feedback model writes a validated hint about m sampled
// tests of the scenario, and the candidate revises. Everything the policy needs is recomputed
// from the stored turns, so a resumed run continues exactly where it stopped.
import type { TestOutcome } from '../../model/outcome.ts';
import type { TurnFeedback } from '../../model/runlog.ts';
import { currentCode, type ItemState, type Protocol, type ProtocolEnv } from '../../runner/protocol.ts';
import { initialRepair, revision, stopReason } from '../conversation.ts';
import { CANDIDATE_TEMPLATES_VERSION, HINT_REVISION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from '../prompts.ts';
import { generateHint } from './hints/generator.ts';
import { JUDGE_TEMPLATES } from './hints/judge.ts';
import { FEEDBACK_TEMPLATES, FEEDBACK_TEMPLATES_VERSION } from './hints/templates.ts';
import { replayPolicy, sampleTests, selectTarget } from './policy.ts';
import { buildScenarios, failingTests, prioritize } from './scenarios.ts';

/** Passing tests shown beside the failing samples, for contrast (L2 input patterns). */
const CONTRAST = 3;

/** The current program's per-test outcomes (kept by the runner, or evaluated after a resume). */
export async function currentOutcomes(state: ItemState, env: ProtocolEnv): Promise<TestOutcome[]> {
  state.outcomes ??= await env.evaluate(currentCode(state));
  return state.outcomes;
}

/** A few passing tests, chosen with a seed, for contrast. */
export function contrastTests(outcomes: readonly TestOutcome[], ...seed: (string | number)[]): string[] {
  const passing = outcomes.filter((o) => o.outcome === 'passed').map((o) => o.testId);
  return sampleTests({ id: 'passing', testIds: passing }, CONTRAST, ...seed);
}

export const pair: Protocol = {
  id: 'pair',
  label: 'PAIR (controlled feedback)',
  templates: { system: SYSTEM, initial: INITIAL_REPAIR, revision: HINT_REVISION, revision_no_hint: NO_HINT_REVISION, ...FEEDBACK_TEMPLATES, ...JUDGE_TEMPLATES },
  templatesVersion: `candidate ${CANDIDATE_TEMPLATES_VERSION}, feedback ${FEEDBACK_TEMPLATES_VERSION}`,
  needsFeedback: true,
  validatesHints: true,
  async plan(state, env) {
    const stop = stopReason(state);
    if (stop) return { stop };
    if (state.turns.length === 0) return initialRepair(state);
    if (!env.feedback) throw new Error('PAIR needs a feedback model');
    const p = state.params;
    const t = state.turns.length;
    const outcomes = await currentOutcomes(state, env);
    const failing = outcomes.filter((o) => o.outcome !== 'passed');
    if (failing.length === 0) return { stop: 'fixed' };
    const policy = replayPolicy(state.turns, outcomes.map((o) => o.testId), p.beta);
    const grouping = buildScenarios(failingTests(outcomes, await env.traces()), { kMax: p.kMax, sMin: p.sMin });
    const failingIds = new Set(failing.map((o) => o.testId));
    const target = selectTarget(policy, prioritize(grouping.scenarios, failingIds));
    if (!target) return { stop: 'exhausted' };
    const picked = grouping.scenarios.find((s) => s.id === target.id);
    const earlier = state.turns.at(-1)?.feedback?.scenario;
    const about = earlier?.id === target.id ? earlier : { id: target.id, testIds: target.testIds, grouping: grouping.level, failType: picked?.failType, ...(picked?.shape ? { shape: picked.shape } : {}) };
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
  },
};
