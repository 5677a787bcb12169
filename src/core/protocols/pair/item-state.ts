// What the PAIR family plans a turn from: the item's turns so far (read from the stored steps),
// its parameters, templates and the latest per-test outcomes; and what a plan may ask for. A
// plan is the candidate's next prompt, or why the item is done.
import type { CandidateContext } from '../../llm/simulated/context.ts';
import type { ChatMessage } from '../../llm/types.ts';
import type { Instance } from '../../model/instance.ts';
import type { TestOutcome } from '../../model/outcome.ts';
import type { StopReason } from '../../model/runlog.ts';
import type { PairParams } from './params.ts';
import type { TurnFeedback } from './step-data.ts';
import type { Turn } from './view.ts';

export interface ItemState {
  instance: Instance;
  /** The item's key and repeat (seeds for sampling). */
  key: string;
  repeat: number;
  /** Tests the buggy program passes before any turn. */
  initialPassed: string[];
  turns: Turn[];
  /** The protocol's parameters and the run's seed. */
  params: PairParams & { seed: number };
  /** The run's prompt templates (the protocol's defaults, or the run's edited ones). */
  templates: Record<string, string>;
  /** Per-test outcomes of the current program, when known (kept between turns). */
  outcomes?: TestOutcome[];
}

/** What a plan may use; feedback and judge calls are recorded on the turn. */
export interface PlanEnv {
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
  /** The new user message. */
  prompt: string;
  /** What a simulated candidate works from. */
  context: CandidateContext;
  /** The feedback the prompt carries, recorded on the turn. */
  feedback?: TurnFeedback;
}

/** A PAIR-family protocol's decision for the next turn. */
export type Planner = (state: ItemState, env: PlanEnv) => Promise<TurnPlan | { stop: StopReason }>;

/** The program after the last turn (the buggy program before any). */
export const currentCode = (state: ItemState) => state.turns.at(-1)?.code ?? state.instance.buggy;
