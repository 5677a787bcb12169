// What the protocol hands its simulated models besides the messages (never sent to a provider,
// recorded or exported): the hidden data each one works from.
import type { InterviewTask } from '../../../model/task.ts';
import type { CheckResult } from '../checks.ts';
import type { Execution } from '../execution.ts';

/** For an interviewee: the task (its reference and defects), and the key its first draft is drawn by. */
export interface IntervieweeContext {
  kind: 'interviewee';
  /** The unguided attempt, or the guided conversation (a person in the interviewee's seat is told which). */
  phase?: 'unguided' | 'guided';
  task: InterviewTask;
  /** The same for the unguided attempt and the guided start, so both begin from the same draft. */
  draft: string;
  turn: number;
}

/** For the interviewer's review of a solution: the checks of it and of the earlier turns, and how it ran. */
export interface ReviewContext {
  kind: 'review';
  task: InterviewTask;
  checks: CheckResult[];
  execution: Execution;
  /** The checks of the earlier guided turns, in order. */
  earlier: CheckResult[][];
}

/** For the interviewer's report: the checks of every guided turn. */
export interface ReportContext {
  kind: 'report';
  task: InterviewTask;
  turns: CheckResult[][];
}

/** For the judge of one requirement: its check on the same solution, and a key for its draws. */
export interface JudgeContext {
  kind: 'judge';
  requirement: number;
  check: CheckResult | undefined;
  key: string;
}

export type InterviewContext = IntervieweeContext | ReviewContext | ReportContext | JudgeContext;
