// The no-hint multi-turn baseline (PAIR paper): the shared turn 0, then revisions that only
// hear "hidden tests still fail", for the same number of turns as the controlled protocol.
import type { Protocol } from '../../runner/protocol.ts';
import { initialRepair, revision, stopReason } from '../conversation.ts';
import { CANDIDATE_TEMPLATES_VERSION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from '../prompts.ts';

export const NO_HINT_MESSAGE = 'Your program still fails some hidden tests.';

export const noHint: Protocol = {
  id: 'no-hint',
  label: 'No-hint multi-turn baseline',
  templates: { system: SYSTEM, initial: INITIAL_REPAIR, revision_no_hint: NO_HINT_REVISION },
  templatesVersion: CANDIDATE_TEMPLATES_VERSION,
  needsFeedback: false,
  validatesHints: false,
  async plan(state) {
    const stop = stopReason(state);
    if (stop) return { stop };
    if (state.turns.length === 0) return initialRepair(state);
    return revision(state, null, { text: NO_HINT_MESSAGE });
  },
};
