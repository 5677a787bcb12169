// Evaluates a program on an instance's tests: builds the sandbox job (inputs only),
// runs it through an Executor, and judges each result against the expected output here.
import type { Instance, Test } from '../model/instance.ts';
import type { TestOutcome } from '../model/outcome.ts';
import { parseChecker } from './checkers.ts';
import { classify } from './classify.ts';
import type { JobRequest, JobResult, JobTest } from './sandbox-api.ts';
import { binaryVocabulary } from './shape.ts';

/** How a job is run: whose it is, how urgent, and how to stop it. */
export interface JobControl {
  /** Whose work it is (a run's id): different owners' jobs take turns in the sandbox. */
  owner?: string;
  /** interactive: someone is waiting at the screen (the Home sandbox, Teach). */
  priority?: 'interactive' | 'batch';
  /** Abort: the job is dropped, or its worker stopped; run() rejects with SandboxCancelled. */
  signal?: AbortSignal;
  /** Called when the job starts running (until then it waits for the sandbox). */
  onStart?: () => void;
}

/** Runs jobs in a sandbox (browser iframe pool, or Pyodide in Node for tests). */
export interface Executor {
  run(job: JobRequest, control?: JobControl): Promise<JobResult>;
}

/** An executor whose every job belongs to `owner` (a run) and stops when `signal()` aborts. */
export function ownedExecutor(inner: Executor, owner: string, signal: () => AbortSignal, priority: JobControl['priority'] = 'batch'): Executor {
  return { run: (job, control = {}) => inner.run(job, { owner, priority, signal: signal(), ...control }) };
}

export interface ExecOptions {
  /** Used when the instance has no timeLimitMs. */
  defaultTimeLimitMs: number;
  /** Only these tests (by id), in instance order; all when absent. */
  testIds?: readonly string[];
  /** A lower time limit than the instance's, for quick probes. */
  capTimeLimitMs?: number;
}

export const DEFAULT_TIME_LIMIT_MS = 2000;

export interface ProgramEvaluation {
  outcomes: TestOutcome[];
  passed: number;
  total: number;
  workerRestarts: number;
}

/** What the sandbox gets for a test: never the expected output. Call arguments go as written (argsJson), so floats stay floats. */
export function jobTest(test: Test): JobTest {
  if ('input' in test) return { id: test.id, payload: test.input };
  if ('args' in test) return { id: test.id, payload: test.argsJson ?? JSON.stringify(test.args) };
  return { id: test.id, payload: test.code };
}

export function timeLimitOf(instance: Instance, options: Pick<ExecOptions, 'defaultTimeLimitMs' | 'capTimeLimitMs'>): number {
  return Math.min(instance.timeLimitMs ?? options.defaultTimeLimitMs, options.capTimeLimitMs ?? Infinity);
}

export function selectTests(instance: Instance, testIds?: readonly string[]): Test[] {
  if (!testIds) return instance.tests;
  const wanted = new Set(testIds);
  return instance.tests.filter((t) => wanted.has(t.id));
}

export function buildJob(instance: Instance, program: string, tests: Test[], timeLimitMs: number, trace = false): JobRequest {
  return {
    program,
    kind: instance.testKind,
    ...(instance.entry ? { entry: instance.entry } : {}),
    tests: tests.map(jobTest),
    timeLimitMs,
    ...(trace ? { trace } : {}),
  };
}

export async function evaluateProgram(
  executor: Executor,
  instance: Instance,
  program: string,
  options: ExecOptions = { defaultTimeLimitMs: DEFAULT_TIME_LIMIT_MS },
  control?: JobControl,
): Promise<ProgramEvaluation> {
  const tests = selectTests(instance, options.testIds);
  const timeLimitMs = timeLimitOf(instance, options);
  const result = await executor.run(buildJob(instance, program, tests, timeLimitMs), control);
  if (result.results.length !== tests.length) {
    throw new Error(`sandbox returned ${result.results.length} results for ${tests.length} tests`);
  }
  const ctx = {
    checker: parseChecker(instance.checker),
    timeLimitMs,
    vocabulary: binaryVocabulary(instance.tests.flatMap((t) => ('input' in t ? [t.expected] : []))),
  };
  const outcomes = tests.map((test, i) => classify(result.results[i]!, test, ctx));
  return {
    outcomes,
    passed: outcomes.filter((o) => o.outcome === 'passed').length,
    total: outcomes.length,
    workerRestarts: result.workerRestarts,
  };
}
