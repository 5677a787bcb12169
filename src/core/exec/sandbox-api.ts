// What crosses the sandbox boundary, both ways. Everything coming out is untrusted
// and validated with these schemas; expected outputs never go in.
import * as v from 'valibot';
import type { TestKind } from '../model/instance.ts';

/** The page-to-sandbox handshake: the sandbox says hello, the app answers with a port. */
export const SANDBOX_HELLO = 'hintbench-sandbox-hello';
export const SANDBOX_CONNECT = 'hintbench-sandbox-connect';

/** What a job runs: a program against an instance's tests, or a workspace step by step (exec/workspace.ts). */
export type JobKind = TestKind | 'workspace';

/** One test as the sandbox sees it: stdin text, JSON-encoded args, test code, or a workspace step (JSON). */
export interface JobTest {
  id: string;
  payload: string;
  /**
   * A workspace step that runs in a fresh interpreter holding only the workspace's files as
   * the earlier steps left them (a requirement check: nothing the project's code did to the
   * interpreter reaches it).
   */
  fresh?: boolean;
}

export interface JobRequest {
  /** The program; for a workspace, JSON of its files ({"files": {path: text}}). */
  program: string;
  kind: JobKind;
  entry?: string;
  tests: JobTest[];
  timeLimitMs: number;
  /** Record the program lines each test executes (reference traces). */
  trace?: boolean;
}

export const JobRequestSchema = v.object({
  program: v.pipe(v.string(), v.maxLength(1 << 20)),
  kind: v.picklist(['stdio', 'call', 'unittest', 'workspace']),
  entry: v.optional(v.string()),
  tests: v.pipe(v.array(v.object({ id: v.string(), payload: v.string(), fresh: v.optional(v.boolean()) })), v.minLength(1)),
  timeLimitMs: v.pipe(v.number(), v.minValue(1), v.maxValue(600_000)),
  trace: v.optional(v.boolean()),
}) satisfies v.GenericSchema<JobRequest>;

/** How the sandbox schedules a job (docs/execution.md, "Fairness"). */
export interface RunOptions {
  /** Names the job, for cancel(). */
  id?: string;
  /** Whose work it is (a run's id): owners take turns, a part of a job at a time. */
  owner?: string;
  /** interactive: the Home sandbox and Teach, ahead of every batch job. */
  priority?: 'interactive' | 'batch';
}

export const RunOptionsSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  owner: v.optional(v.pipe(v.string(), v.maxLength(200))),
  priority: v.optional(v.picklist(['interactive', 'batch'])),
}) satisfies v.GenericSchema<RunOptions>;

/** A job stopped on request before it finished. */
export class SandboxCancelled extends Error {
  override name = 'SandboxCancelled';
  constructor() {
    super('cancelled: the sandbox job was stopped');
  }
}

export const RAW_STATUSES = ['ok', 'exception', 'timeout', 'output-limit', 'memory', 'compile-error', 'crashed', 'not-run'] as const;
export type RawStatus = (typeof RAW_STATUSES)[number];

/**
 * An evaluation's time budget: once this many of its tests timed out, the rest are not run
 * (workers/python/harness.py, TIMEOUTS_BEFORE_CUTOFF; each run's manifest records it).
 */
export const TIMEOUTS_BEFORE_NOT_RUN = 3;

/** What the harness keeps of a program's stdout, and of its stderr (workers/python/harness.py, OUTPUT_CAP). */
export const OUTPUT_CAP_BYTES = 1 << 20;
const TEXT_CAP = OUTPUT_CAP_BYTES + 4096;
const boundedText = (max: number) => v.pipe(v.string(), v.maxLength(max));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const RawTestResultSchema = v.object({
  status: v.picklist(RAW_STATUSES),
  stdout: boundedText(TEXT_CAP),
  stderr: boundedText(TEXT_CAP),
  durationMs: v.pipe(v.number(), v.minValue(0), v.maxValue(3_600_000)),
  excType: v.optional(boundedText(200)),
  message: v.optional(boundedText(4000)),
  line: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  traceback: v.optional(boundedText(10_000)),
  exitCode: v.optional(v.pipe(v.number(), v.integer())),
  value: v.optional(boundedText(TEXT_CAP)),
  unittest: v.optional(v.object({ run: count, failures: count, errors: count, firstFailure: boundedText(4000) })),
  /** A workspace's unittest step: every case with its outcome. */
  cases: v.optional(
    v.pipe(
      v.array(v.object({ name: boundedText(300), outcome: v.picklist(['passed', 'failed', 'error', 'skipped']), message: boundedText(4000) })),
      v.maxLength(1000),
    ),
  ),
  lines: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.maxLength(100_000))),
  note: v.optional(boundedText(500)),
  /** A workspace script step that was not run: an earlier one failed under `set -e`. */
  skipped: v.optional(v.literal(true)),
});
export type RawTestResult = v.InferOutput<typeof RawTestResultSchema>;

export const JobResultSchema = v.object({
  results: v.array(RawTestResultSchema),
  workerRestarts: count,
});
export type JobResult = v.InferOutput<typeof JobResultSchema>;

const phaseMs = v.pipe(v.number(), v.minValue(0), v.maxValue(3_600_000));

/** Where a worker's start went, in ms (workers/python.worker.ts), for benchmarks. */
export const StartPhasesSchema = v.object({
  /** Evaluating Pyodide's JavaScript (pyodide.mjs and pyodide.asm.mjs, from bytes). */
  runtimeImportMs: phaseMs,
  /** Compiling and instantiating pyodide.asm.wasm. */
  wasmMs: phaseMs,
  /** The rest of starting the interpreter: unpacking the standard library, or restoring the memory snapshot. */
  interpreterMs: phaseMs,
  /** Making a memory snapshot for the other workers (0 when none was made). */
  snapshotMakeMs: phaseMs,
  /** Installing and importing the harness. */
  harnessMs: phaseMs,
  /** Locking the realm down and fingerprinting it. */
  lockdownMs: phaseMs,
});
export type StartPhases = v.InferOutput<typeof StartPhasesSchema>;

export const SandboxInfoSchema = v.object({
  state: v.picklist(['starting', 'ready', 'failed']),
  error: v.optional(boundedText(2000)),
  poolSize: count,
  spares: count,
  readyWorkers: count,
  busyWorkers: count,
  /** Jobs waiting for a worker (for their first part or their next one). */
  waitingJobs: count,
  crossOriginIsolated: v.boolean(),
  interrupts: v.picklist(['shared-buffer', 'deadline-only']),
  pyodideVersion: boundedText(50),
  pythonVersion: boundedText(200),
  firstReadyMs: v.nullable(v.number()),
  workersStarted: count,
  workersReplaced: count,
  /** Why the last worker replaced at its job's request was (the job left something that cannot be put back). */
  lastReplacement: v.optional(boundedText(300)),
  /** Workers that started from a memory snapshot instead of a full start. */
  workersFromSnapshot: count,
  /** Where the pool's snapshot came from: none yet, given by the app, or made this session. */
  snapshot: v.picklist(['none', 'given', 'made']),
  /** The first ready worker's start, phase by phase (null until one is ready). */
  firstWorkerPhases: v.nullable(StartPhasesSchema),
});
export type SandboxInfo = v.InferOutput<typeof SandboxInfoSchema>;

/** What the app can ask of the sandbox (exposed over Comlink). */
export interface SandboxApi {
  info(): Promise<SandboxInfo>;
  /** Run a job; onStart (no arguments) is called when its first part starts. */
  run(job: JobRequest, options?: RunOptions, onStart?: () => void): Promise<JobResult>;
  /** Stop a job by its id: a waiting one is dropped, a running one's worker terminated. */
  cancel(id: string): Promise<void>;
  /** The memory snapshot made this session, to speed up the next visit (null if none). */
  takeSnapshot(): Promise<ArrayBuffer | null>;
}

export function parseJobResult(value: unknown, expectedTests: number): JobResult {
  const result = v.parse(JobResultSchema, value);
  if (result.results.length !== expectedTests) {
    throw new Error(`sandbox returned ${result.results.length} results for ${expectedTests} tests`);
  }
  return result;
}
