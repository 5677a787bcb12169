// The no-hint multi-turn baseline (PAIR paper): the shared turn 0, then revisions that only
// hear "hidden tests still fail", for the same number of turns as the controlled protocol.
import type { Protocol } from '../../runner/protocol.ts';
import { opening, revision } from '../conversation.ts';
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
    return opening(state) ?? revision(state, null, { text: NO_HINT_MESSAGE });
  },
};
