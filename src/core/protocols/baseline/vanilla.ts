// Vanilla feedback (the PAIR paper's ablation): each turn the feedback model writes a free hint
// from the currently failing tests, with no scenario selection and no depth control. Same
// candidate interface, turn 0, budgets and execution as the controlled protocol; like every
// protocol, it never lets hidden test data or reference lines through to the candidate.
import type { Protocol } from '../../runner/protocol.ts';
import { currentCode } from '../../runner/protocol.ts';
import { currentOutcomes, opening, revision } from '../conversation.ts';
import { generateFreeHint } from '../pair/hints/generator.ts';
import { FEEDBACK_SYSTEM, FEEDBACK_TEMPLATES, FEEDBACK_TEMPLATES_VERSION } from '../pair/hints/templates.ts';
import type { HintLevel } from '../pair/hints/levels.ts';
import { contrastTests, sampleTests } from '../pair/policy.ts';
import { CANDIDATE_TEMPLATES_VERSION, HINT_REVISION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from '../prompts.ts';
import { randomFor } from '../../random.ts';

/** Uncontrolled depth: the level the simulated feedback model writes a free hint at, drawn per turn. */
export const freeDepth = (...seed: (string | number)[]) => (1 + Math.floor(randomFor('free-depth', ...seed)() * 6)) as HintLevel;

export const vanilla: Protocol = {
  id: 'vanilla',
  label: 'Vanilla feedback baseline',
  templates: { system: SYSTEM, initial: INITIAL_REPAIR, revision: HINT_REVISION, revision_no_hint: NO_HINT_REVISION, 'feedback.system': FEEDBACK_SYSTEM, 'hint.free': FEEDBACK_TEMPLATES['hint.free']!, 'hint.retry': FEEDBACK_TEMPLATES['hint.retry']! },
  templatesVersion: `candidate ${CANDIDATE_TEMPLATES_VERSION}, feedback ${FEEDBACK_TEMPLATES_VERSION}`,
  needsFeedback: true,
  validatesHints: false,
  async plan(state, env) {
    const start = opening(state);
    if (start) return start;
    if (!env.feedback) throw new Error('vanilla feedback needs a feedback model');
    const p = state.params;
    const t = state.turns.length;
    const outcomes = await currentOutcomes(state, env);
    const failingIds = outcomes.filter((o) => o.outcome !== 'passed').map((o) => o.testId);
    if (failingIds.length === 0) return { stop: 'fixed' };
    const sampleIds = sampleTests({ id: 'failing', testIds: failingIds }, p.m, p.seed, state.key, t);
    const depth = freeDepth(p.seed, state.key, t);
    const hint = await generateFreeHint(
      { instance: state.instance, code: currentCode(state), samples: outcomes.filter((o) => sampleIds.includes(o.testId)), passingIds: contrastTests(outcomes, p.seed, state.key, t), templates: state.templates, regenerations: p.regenerations },
      depth,
      env.feedback,
    );
    return revision(state, hint.text, { text: hint.text ?? '', sampleIds, validation: hint.attempts, ...(hint.flagged ? { flagged: hint.flagged } : {}) }, { level: depth, targetTests: failingIds });
  },
};
