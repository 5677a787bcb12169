// What the runner asks of a protocol: the candidate's next prompt, or why the item is done.
// Protocols are siblings over one runner: PAIR and its two baselines (vanilla, no-hint).
import type { CandidateContext } from '../llm/simulated/context.ts';
import type { ChatMessage } from '../llm/types.ts';
import type { Instance } from '../model/instance.ts';
import type { TestOutcome } from '../model/outcome.ts';
import type { RunParams, StopReason, Turn, TurnFeedback } from '../model/runlog.ts';

export interface ItemState {
  instance: Instance;
  /** The item's key and repeat (seeds for sampling). */
  key: string;
  repeat: number;
  /** Tests the buggy program passes before any turn. */
  initialPassed: string[];
  turns: Turn[];
  params: RunParams;
  /** The run's prompt templates (the protocol's defaults, or the run's edited ones). */
  templates: Record<string, string>;
  /** Per-test outcomes of the current program, when known (the runner keeps the latest). */
  outcomes?: TestOutcome[];
}

/** What a protocol may use to plan a turn; feedback calls are recorded on the turn. */
export interface ProtocolEnv {
  /** Per-test outcomes of a program on the instance's tests. */
  evaluate(code: string): Promise<TestOutcome[]>;
  /** Lines of the reference each test executes (cached). */
  traces(): Promise<Map<string, number[]>>;
  /** Ask the run's feedback model; null when the run has none. */
  feedback: ((messages: ChatMessage[], context: unknown) => Promise<string>) | null;
  /** Ask the run's judge (the optional LLM check of hints); null when the run has none. */
  judge: ((messages: ChatMessage[]) => Promise<string>) | null;
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
  /** Default templates; their hashes (or the edited ones') go into the run manifest. */
  readonly templates: Record<string, string>;
  /** Version of the default templates. */
  readonly templatesVersion: string;
  /** Whether the protocol asks a feedback model. */
  readonly needsFeedback: boolean;
  /** Whether its hints are validated (and so may also be checked by a judge). */
  readonly validatesHints: boolean;
  plan(state: ItemState, env: ProtocolEnv): Promise<TurnPlan | { stop: StopReason }>;
}

/** Fill {{name}} placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The program after the last turn (the buggy program before any). */
export const currentCode = (state: ItemState) => state.turns.at(-1)?.code ?? state.instance.buggy;
export const currentPassed = (state: ItemState) => state.turns.at(-1)?.passed ?? state.initialPassed;
