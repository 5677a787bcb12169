// Per-test outcome of running a program (docs/formats.md, docs/execution.md).

export const OUTCOMES = ['passed', 'wrong-answer', 'runtime-error', 'timeout', 'memory', 'output-limit', 'compile-error', 'crashed', 'not-run'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * Why a test failed, as the PAIR scenario signature needs it:
 * timeout | runtime-error:<ExceptionType> | line-count | token-count | value |
 * memory | output-limit, plus `crashed` when the sandbox worker died. A test not run
 * because the evaluation's time budget was spent (`not-run`) has failType `timeout`.
 */
export type FailType = 'timeout' | `runtime-error:${string}` | 'line-count' | 'token-count' | 'value' | 'memory' | 'output-limit' | 'crashed';

/** Coarse structure of a test's expected output (PAIR scenario signature). */
export type Shape = 'empty' | 'single-token' | 'binary' | 'single-line' | 'grid' | 'multi-line';

export interface ProgramError {
  type: string;
  message: string;
  /** Line in the program where it was raised, when known. */
  line?: number;
}

export interface TestOutcome {
  testId: string;
  outcome: Outcome;
  durationMs: number;
  /** Absent when the test passed. */
  failType?: FailType;
  /** Shape of the expected output; absent for unittest tests, which have none. */
  shape?: Shape;
  /** Bounded program output, kept for display. */
  stdout: string;
  stderr: string;
  error?: ProgramError;
  /** Extra context from the sandbox, e.g. "hard stop: worker terminated". */
  note?: string;
}
