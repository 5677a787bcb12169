// The no-hint multi-turn baseline (PAIR paper): the shared turn 0, then revisions that only
// hear "hidden tests still fail", for the same number of turns as the controlled protocol.
import { opening, revision } from '../conversation.ts';
import { CANDIDATE_ROLE, REPAIR_DOCS, repairProtocol, type RepairSpec } from '../family.ts';
import { NO_HINT_FIELDS } from '../params.ts';
import { CANDIDATE_TEMPLATES_VERSION, INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from '../prompts.ts';

export const NO_HINT_MESSAGE = 'Your program still fails some hidden tests.';

export const NO_HINT_SPEC: RepairSpec = {
  id: 'no-hint',
  label: 'No-hint multi-turn baseline',
  description: 'The same turns as PAIR, but each revision only hears that hidden tests still fail: how far a model gets on its own.',
  docs: REPAIR_DOCS,
  roles: [CANDIDATE_ROLE],
  params: NO_HINT_FIELDS,
  templates: { system: SYSTEM, initial: INITIAL_REPAIR, revision_no_hint: NO_HINT_REVISION },
  templatesVersion: CANDIDATE_TEMPLATES_VERSION,
  plan: async (state) => opening(state) ?? revision(state, null, { text: NO_HINT_MESSAGE }),
  scenarios: false,
  turnsWithout: 'each revision only hears that hidden tests still fail.',
  fixedMessage: true,
};

export const noHint = repairProtocol(NO_HINT_SPEC);
