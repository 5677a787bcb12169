// Vanilla feedback (the PAIR paper's ablation): each turn the feedback model writes a free hint
// from the currently failing tests, with no scenario selection and no depth control. Same
// candidate interface, turn 0, budgets and execution as the controlled protocol; like every
// protocol, it never lets hidden test data or reference lines through to the candidate.
import { randomFor } from '../../../random.ts';
import { currentOutcomes, opening, revision } from '../conversation.ts';
import { RULE_BASED_CHOICE, RULE_BASED_FEEDBACK } from '../simulated.ts';
import { CANDIDATE_ROLE, REPAIR_DOCS, repairProtocol, type RepairSpec } from '../family.ts';
import { generateFreeHint } from '../hints/generator.ts';
import type { HintLevel } from '../../shared/hint-levels.ts';
import { FEEDBACK_SYSTEM, FEEDBACK_TEMPLATES, FEEDBACK_TEMPLATES_VERSION } from '../hints/templates.ts';
import { currentCode, type Planner } from '../item-state.ts';
import { VANILLA_FIELDS } from '../params.ts';
import { contrastTests, sampleTests } from '../policy.ts';
import { CANDIDATE_TEMPLATES_VERSION, HINT_REVISION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from '../prompts.ts';

/** Uncontrolled depth: the level the simulated feedback model writes a free hint at, drawn per turn. */
export const freeDepth = (...seed: (string | number)[]) => (1 + Math.floor(randomFor('free-depth', ...seed)() * 6)) as HintLevel;

const plan: Planner = async (state, env) => {
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
    {
      instance: state.instance,
      code: currentCode(state),
      samples: outcomes.filter((o) => sampleIds.includes(o.testId)),
      passingIds: contrastTests(outcomes, p.seed, state.key, t),
      templates: state.templates,
      regenerations: p.regenerations,
    },
    depth,
    env.feedback,
  );
  return revision(
    state,
    hint.text,
    { text: hint.text ?? '', sampleIds, validation: hint.attempts, ...(hint.flagged ? { flagged: hint.flagged } : {}) },
    { level: depth, targetTests: failingIds },
  );
};

export const VANILLA_SPEC: RepairSpec = {
  id: 'vanilla',
  label: 'Vanilla feedback baseline',
  description:
    'The PAIR paper’s ablation: each turn the feedback model writes a free hint about some of the tests still failing, with no scenario selection and no depth control.',
  docs: REPAIR_DOCS,
  roles: [
    CANDIDATE_ROLE,
    {
      name: 'feedback',
      label: 'Feedback model',
      help: 'Writes the free hints. The rule-based model is simulated: offline, free, deterministic.',
      required: true,
      fallback: RULE_BASED_FEEDBACK,
      simulated: [RULE_BASED_CHOICE],
    },
  ],
  params: VANILLA_FIELDS,
  templates: {
    system: SYSTEM,
    initial: INITIAL_REPAIR,
    revision: HINT_REVISION,
    revision_no_hint: NO_HINT_REVISION,
    'feedback.system': FEEDBACK_SYSTEM,
    'hint.free': FEEDBACK_TEMPLATES['hint.free']!,
    'hint.retry': FEEDBACK_TEMPLATES['hint.retry']!,
  },
  templatesVersion: `candidate ${CANDIDATE_TEMPLATES_VERSION}, feedback ${FEEDBACK_TEMPLATES_VERSION}`,
  plan,
  scenarios: false,
  turnsWithout: 'each turn the feedback model writes a free hint about some of the tests still failing.',
};

export const vanilla = repairProtocol(VANILLA_SPEC);
