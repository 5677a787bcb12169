// The `hintbench exec` output format (docs/formats.md).
import type { FailType, Outcome } from '../model/outcome.ts';
import type { ProgramEvaluation } from './engine.ts';

export type ProgramRole = 'buggy' | 'reference';

export interface ExecOutcome {
  testId: string;
  outcome: Outcome;
  durationMs: number;
  failType?: FailType;
}

export interface ExecResult {
  instanceId: string;
  program: ProgramRole;
  outcomes: ExecOutcome[];
}

export interface ExecReport {
  results: ExecResult[];
}

export function execResult(instanceId: string, program: ProgramRole, evaluation: ProgramEvaluation): ExecResult {
  return {
    instanceId,
    program,
    outcomes: evaluation.outcomes.map(({ testId, outcome, durationMs, failType }) => ({
      testId,
      outcome,
      durationMs,
      ...(failType ? { failType } : {}),
    })),
  };
}
