// What the runner asks of a protocol: the candidate's next prompt, or why the item is done.
// Protocols are siblings over one runner (no-hint baseline now; PAIR and others beside it).
import type { CandidateContext } from '../llm/simulated/context.ts';
import type { ChatMessage } from '../llm/types.ts';
import type { Instance } from '../model/instance.ts';
import type { RunParams, StopReason, Turn, TurnFeedback } from '../model/runlog.ts';

export interface ItemState {
  instance: Instance;
  /** Tests the buggy program passes before any turn. */
  initialPassed: string[];
  turns: Turn[];
  params: RunParams;
}

export interface TurnPlan {
  /** The whole conversation for this turn, ending with the new user message. */
  messages: ChatMessage[];
  /** The new user message (recorded on the turn). */
  prompt: string;
  /** What a simulated candidate works from. */
  context: CandidateContext;
  /** The feedback the prompt carries, recorded on the turn. */
  feedback?: TurnFeedback;
}

export interface Protocol {
  readonly id: string;
  readonly label: string;
  /** Templates whose hashes go into the run manifest. */
  readonly templates: Record<string, string>;
  plan(state: ItemState): TurnPlan | { stop: StopReason };
}

/** Fill {{name}} placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The program after the last turn (the buggy program before any). */
export const currentCode = (state: ItemState) => state.turns.at(-1)?.code ?? state.instance.buggy;
export const currentPassed = (state: ItemState) => state.turns.at(-1)?.passed ?? state.initialPassed;
