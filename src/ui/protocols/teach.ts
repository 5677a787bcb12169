// Teach mode's pages of each seat, by the key its protocol names (view-keys.ts): its setup form
// and its session, each its own chunk, loaded the first time it is shown.
import type { Component } from 'svelte';
import type { AnyProtocol, SeatSpec } from '../../core/protocols/contract.ts';
import type { TeachViewKey } from '../../core/protocols/view-keys.ts';

export interface SeatPages {
  setup: () => Promise<{ default: Component<{ protocol: AnyProtocol; seat: SeatSpec }> }>;
  session: () => Promise<{ default: Component<{ runId: string }> }>;
}

export const TEACH_VIEWS = {
  'repair-candidate': { setup: () => import('./pair/teach/TeachSetup.svelte'), session: () => import('./pair/teach/TeachSession.svelte') },
  'repair-feedback': { setup: () => import('./pair/teach/FeedbackSetup.svelte'), session: () => import('./pair/teach/FeedbackSession.svelte') },
  'talk-coder': { setup: () => import('./talk/teach/CoderSetup.svelte'), session: () => import('./talk/teach/CoderSession.svelte') },
  'interview-interviewee': {
    setup: () => import('./interview/teach/IntervieweeSetup.svelte'),
    session: () => import('./interview/teach/IntervieweeSession.svelte'),
  },
  'interview-interviewer': {
    setup: () => import('./interview/teach/InterviewerSetup.svelte'),
    session: () => import('./interview/teach/InterviewerSession.svelte'),
  },
  'prism-solver': { setup: () => import('./prism/teach/SolverSetup.svelte'), session: () => import('./prism/teach/SolverSession.svelte') },
} satisfies Record<TeachViewKey, SeatPages>;
