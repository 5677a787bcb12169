// The warm pool of Python workers, owned by the sandbox host (trusted code in the
// opaque-origin iframe). It runs jobs in parts that take turns (schedule.ts), enforces the
// hard time limit, validates every worker message, cancels jobs on request, and replaces
// workers that crash, hang or ask to be recycled.
import * as v from 'valibot';
import {
  SandboxCancelled,
  type JobRequest,
  type JobResult,
  type RawTestResult,
  type RunOptions,
  type SandboxInfo,
  type StartPhases,
} from '../src/core/exec/sandbox-api.ts';
import type { PyodideFiles } from '../src/sandbox/pyodide-files.ts';
import { WorkerEventSchema, type HostMessage, type SliceMessage, type WorkerEvent, type WorkspaceCarry } from './messages.ts';
import { FairQueue, type Priority } from './schedule.ts';

/** A started worker, as the pool sees it (a real Worker in the browser; a fake in unit tests). */
export interface WorkerHandle {
  post(message: HostMessage, transfer?: Transferable[]): void;
  terminate(): void;
  /** Set by the pool: raw messages from the worker (unvalidated). */
  onMessage: ((data: unknown) => void) | null;
  /** Set by the pool: the worker died or sent something unreadable. */
  onFailure: ((reason: string) => void) | null;
}

export interface PoolConfig {
  /** Workers running jobs at once: min(cores − 1, 4), at least 1. */
  size: number;
  /** Extra warm workers, so a replacement is ready when one dies. */
  spares: number;
  /** The Pyodide runtime files, copied to every worker. */
  files: PyodideFiles;
  memoryLimitMb: number;
  /** After a test's time limit: this long for the soft interrupt, then terminate. */
  graceMs: number;
  loadTimeoutMs: number;
  /** A worker silent this long between tests (or at a job's end, restoring) is hung. */
  settleMs?: number;
  /** Recycle a worker after this many parts of jobs (each starts from a pristine interpreter; this bounds what the realm accumulates). */
  maxJobsPerWorker: number;
  /** A batch job's part ends at the first test boundary after this long (ms): then others take their turn. */
  sliceMs?: number;
  crossOriginIsolated: boolean;
  /** A memory snapshot to start workers from (kept from an earlier visit). */
  snapshot?: ArrayBuffer;
  /** Measurement only: workers reuse their interpreter instead of restoring it before every job. */
  reuseInterpreter?: boolean;
  createWorker(name: string): WorkerHandle;
}

export function defaultPoolSize(cores: number | undefined): number {
  return Math.max(1, Math.min((cores ?? 2) - 1, 4));
}

type WorkerState = 'loading' | 'idle' | 'busy' | 'dead';
type Listener = (event: WorkerEvent | { type: 'failure'; reason: string }) => void;

class PythonWorker {
  state: WorkerState = 'loading';
  jobs = 0;
  listener: Listener | null = null;
  readonly interrupt: Int32Array | undefined;
  readonly ready: Promise<Extract<WorkerEvent, { type: 'ready' }>>;

  constructor(
    readonly handle: WorkerHandle,
    config: PoolConfig,
    snapshot: ArrayBuffer | null,
    makeSnapshot: boolean,
  ) {
    const buffer = config.crossOriginIsolated ? new SharedArrayBuffer(4) : undefined;
    this.interrupt = buffer ? new Int32Array(buffer) : undefined;
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker did not load within ${config.loadTimeoutMs} ms`)), config.loadTimeoutMs);
      this.listener = (event) => {
        clearTimeout(timer);
        this.listener = null;
        if (event.type === 'ready') {
          this.state = 'idle';
          resolve(event);
        } else reject(new Error(event.type === 'init-failed' ? event.error : event.type === 'failure' ? event.reason : 'unexpected message while loading'));
      };
    });
    handle.onMessage = (data) => {
      const parsed = v.safeParse(WorkerEventSchema, data);
      this.listener?.(parsed.success ? parsed.output : { type: 'failure', reason: 'invalid message from worker' });
    };
    handle.onFailure = (reason) => this.listener?.({ type: 'failure', reason });
    handle.post({
      type: 'init',
      files: config.files,
      memoryLimitMb: config.memoryLimitMb,
      ...(config.reuseInterpreter ? { reuseInterpreter: true } : {}),
      ...(buffer ? { interrupt: buffer } : {}),
      ...(snapshot ? { snapshot: snapshot.slice(0) } : { makeSnapshot }),
    });
  }

  kill(): void {
    this.state = 'dead';
    this.listener = null;
    this.handle.onMessage = null;
    this.handle.onFailure = null;
    this.handle.terminate();
  }
}

interface SliceEnd {
  /** Index of the first test not yet run. */
  next: number;
  /** The worker was terminated or crashed. */
  lost: boolean;
  /** The worker asked to be replaced. */
  recycle: boolean;
  /** The job changed the worker's JavaScript realm during this part. */
  realmChanged: boolean;
  /** Why the worker asked to be replaced, when it was the job's doing. */
  why?: string;
  carry?: WorkspaceCarry;
}

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const blank = (status: RawTestResult['status'], durationMs: number, note: string): RawTestResult => ({
  status,
  stdout: '',
  stderr: '',
  durationMs,
  note,
});

/** A job the pool holds: its results so far and where it goes on from. */
interface Held {
  id: string;
  job: JobRequest;
  owner: string;
  priority: Priority;
  results: RawTestResult[];
  next: number;
  restarts: number;
  stalls: number;
  carry?: WorkspaceCarry;
  started: boolean;
  cancelled: boolean;
  /** Ends the part running now at once (cancel): terminates its worker. */
  stop?: () => void;
  onStart?: () => void;
  resolve: (result: JobResult) => void;
  reject: (error: Error) => void;
}

/** Run job tests from index `from` on one worker, until the part ends or the worker is lost. */
function runSlice(worker: PythonWorker, held: Held, slice: SliceMessage, config: PoolConfig): Promise<SliceEnd> {
  const { job, results } = held;
  const from = held.next;
  const id = nonce();
  const count = job.tests.length - from;
  let current = -1; // slice index of the test in progress
  let startedAt = 0;
  let softTimer: ReturnType<typeof setTimeout> | undefined;
  let hardTimer: ReturnType<typeof setTimeout> | undefined;
  const clearTimers = () => {
    clearTimeout(softTimer);
    clearTimeout(hardTimer);
  };
  return new Promise((resolve) => {
    const finish = (end: SliceEnd) => {
      clearTimers();
      worker.listener = null;
      held.stop = undefined;
      resolve(end);
    };
    const lose = (status: RawTestResult['status'], note: string, untrusted = false) => {
      const index = from + current;
      if (current >= 0 && !results[index]) {
        const elapsed = performance.now() - startedAt;
        results[index] = blank(status, status === 'timeout' ? Math.max(job.timeLimitMs, elapsed) : elapsed, note);
      }
      worker.kill();
      finish({ next: current >= 0 ? index + 1 : from, lost: true, recycle: true, realmChanged: untrusted, ...(untrusted ? { why: note } : {}) });
    };
    held.stop = () => lose('crashed', 'cancelled: the worker was stopped');
    const armTimers = () => {
      clearTimers();
      const limit = job.timeLimitMs;
      softTimer = setTimeout(
        () => {
          if (worker.interrupt) Atomics.store(worker.interrupt, 0, 2);
        },
        limit + config.graceMs / 2,
      );
      hardTimer = setTimeout(() => lose('timeout', 'hard stop: the worker was terminated after the time limit'), limit + config.graceMs);
    };
    worker.listener = (event) => {
      if (event.type === 'failure') return lose('crashed', `worker crashed: ${event.reason}`.slice(0, 500));
      if (!('nonce' in event) || event.nonce !== id) return lose('crashed', 'sandbox protocol violation: unexpected message');
      if (event.type === 'test-start') {
        if (event.index !== current + 1 || event.index >= count) return lose('crashed', 'sandbox protocol violation: test order');
        current = event.index;
        startedAt = performance.now();
        armTimers();
      } else if (event.type === 'test-result') {
        if (event.index !== current || results[from + current]) return lose('crashed', 'sandbox protocol violation: result order');
        clearTimers();
        results[from + current] = event.result;
        // Between tests the worker only restores state; if it stalls there, it is hung, and what
        // it reported since the part began cannot be trusted (voided by the caller).
        hardTimer = setTimeout(() => lose('crashed', 'worker stopped responding between tests', true), config.settleMs ?? config.loadTimeoutMs);
      } else {
        if (event.completed !== current + 1 || (current >= 0 && !results[from + current])) {
          return lose('crashed', 'sandbox protocol violation: job end');
        }
        finish({
          next: from + event.completed,
          lost: false,
          recycle: event.recycle,
          realmChanged: event.realmChanged,
          ...(event.why ? { why: event.why } : {}),
          ...(event.carry ? { carry: event.carry } : {}),
        });
      }
    };
    // A worker that never starts the first test is hung: treat it like a hard timeout.
    hardTimer = setTimeout(() => lose('crashed', 'worker did not start the job'), config.loadTimeoutMs);
    worker.state = 'busy';
    worker.jobs++;
    const transfer = (slice.carry?.files ?? []).flatMap(([, data]) => (data ? [data.buffer] : []));
    worker.handle.post({ type: 'job', nonce: id, job: { ...job, tests: job.tests.slice(from) }, slice }, transfer);
  });
}

/** The results of a part that changed the worker's realm: void, whatever they said. */
function voided(results: RawTestResult[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const r = results[i]!;
    results[i] = {
      status: 'exception',
      stdout: r.stdout,
      stderr: r.stderr,
      durationMs: r.durationMs,
      excType: 'SandboxTampering',
      message: "the program changed its worker's JavaScript realm: the results of this part of the job are void",
    };
  }
}

/** Tests of a job that ended as timeouts so far (the evaluation's time budget counts them). */
const timeoutsIn = (results: readonly RawTestResult[], to: number) => results.slice(0, to).filter((r) => r?.status === 'timeout').length;

export class WorkerPool {
  private readonly workers = new Set<PythonWorker>();
  private readonly queue = new FairQueue<Held>();
  private readonly held = new Map<string, Held>();
  private runningBatch = 0;
  private readonly startedAt = performance.now();
  private firstReadyMs: number | null = null;
  private firstPhases: StartPhases | null = null;
  private versions = { pyodideVersion: '', pythonVersion: '' };
  private started = 0;
  private replaced = 0;
  private failures = 0;
  private lastError = '';
  /** Why the last worker replaced at its job's request was replaced. */
  private lastReplacement = '';
  private counter = 0;
  private jobCounter = 0;
  /** Memory snapshot new workers start from: given by the app, or made by the first full start. */
  private snapshot: ArrayBuffer | null;
  private snapshotSource: 'none' | 'given' | 'made';
  private fromSnapshot = 0;
  /** A worker is making the snapshot; or making one failed (then workers start fully). */
  private snapshotPending = false;
  private snapshotFailed = false;

  constructor(private readonly config: PoolConfig) {
    this.snapshot = config.snapshot ?? null;
    this.snapshotSource = this.snapshot ? 'given' : 'none';
    if (this.snapshot) this.fill();
    else this.spawn(false); // the quickest route to a first ready worker; the rest follow
  }

  /**
   * Start workers until there are size + spares. Without a snapshot, one worker makes it
   * first and the others then start from it, which is several times faster.
   */
  private fill(): void {
    if (this.firstReadyMs === null && !this.snapshot) return;
    if (this.failures >= 3) return;
    // Spares wait for the first ready worker, so they do not slow it down.
    const target = this.config.size + (this.firstReadyMs === null ? 0 : this.config.spares);
    while (this.workers.size < target) {
      if (this.snapshot || this.snapshotFailed) this.spawn(false);
      else if (this.snapshotPending) return;
      else {
        this.snapshotPending = true;
        this.spawn(true);
      }
    }
  }

  private spawn(makeSnapshot: boolean): void {
    const handle = this.config.createWorker(`python-${++this.counter}`);
    const worker = new PythonWorker(handle, this.config, this.snapshot, makeSnapshot);
    this.workers.add(worker);
    this.started++;
    worker.ready.then(
      (ready) => {
        this.failures = 0;
        this.versions = { pyodideVersion: ready.pyodideVersion, pythonVersion: ready.pythonVersion };
        if (ready.start === 'snapshot') this.fromSnapshot++;
        if (makeSnapshot) {
          this.snapshotPending = false;
          if (ready.snapshot) {
            this.snapshot = ready.snapshot;
            this.snapshotSource = 'made';
          } else this.snapshotFailed = true;
        }
        this.firstReadyMs ??= performance.now() - this.startedAt;
        this.firstPhases ??= ready.phases;
        worker.state = 'idle';
        this.fill();
        this.pump();
      },
      (err: unknown) => {
        this.lastError = String((err as Error)?.message ?? err);
        worker.kill();
        this.workers.delete(worker);
        if (makeSnapshot) this.snapshotPending = false;
        if (++this.failures < 3) {
          if (this.firstReadyMs === null && !this.snapshot) this.spawn(false);
          else this.fill();
        } else if (![...this.workers].some((w) => w.state !== 'dead')) {
          for (const held of [...this.held.values()]) this.settle(held, this.startError());
        }
      },
    );
  }

  private startError(): Error {
    return new Error(`the Python sandbox failed to start: ${this.lastError}`);
  }

  /** Start parts of waiting jobs on idle workers: interactive first, batch up to the pool's size. */
  private pump(): void {
    for (;;) {
      const worker = [...this.workers].find((w) => w.state === 'idle');
      if (!worker) return;
      const held = this.queue.take(this.runningBatch < this.config.size);
      if (!held) return;
      void this.runPart(worker, held);
    }
  }

  private async runPart(worker: PythonWorker, held: Held): Promise<void> {
    const batch = held.priority === 'batch';
    if (batch) this.runningBatch++;
    if (!held.started) {
      held.started = true;
      held.onStart?.();
    }
    const from = held.next;
    const slice: SliceMessage = {
      timeouts: timeoutsIn(held.results, from),
      firstIndex: from,
      ...(batch && this.config.sliceMs ? { budgetMs: this.config.sliceMs } : {}),
      ...(held.carry ? { carry: held.carry } : {}),
    };
    held.carry = undefined;
    const end = await runSlice(worker, held, slice, this.config);
    if (batch) this.runningBatch--;
    if (end.lost) held.restarts++;
    if (end.why) this.lastReplacement = end.why;
    if (end.realmChanged) voided(held.results, from, end.next);
    if (end.carry) held.carry = end.carry;
    this.release(worker, end.lost || end.recycle || worker.jobs >= this.config.maxJobsPerWorker);
    if (end.next > from) {
      held.next = end.next;
      held.stalls = 0;
    } else if (++held.stalls >= 2) {
      held.results[from] = blank('crashed', 0, 'the sandbox could not run this test');
      held.next = from + 1;
      held.stalls = 0;
    }
    if (held.cancelled) this.settle(held, new SandboxCancelled());
    else if (held.next >= held.job.tests.length) this.settle(held, { results: held.results, workerRestarts: held.restarts });
    else this.queue.push(held);
    this.pump();
  }

  private settle(held: Held, outcome: JobResult | Error): void {
    this.held.delete(held.id);
    this.queue.remove(held);
    if (outcome instanceof Error) held.reject(outcome);
    else held.resolve(outcome);
  }

  private release(worker: PythonWorker, replace: boolean): void {
    if (replace) {
      if (worker.state !== 'dead') worker.kill();
      this.workers.delete(worker);
      this.replaced++;
      this.fill();
    } else worker.state = 'idle';
  }

  /**
   * Run every test of a job; worker deaths are absorbed and reported per test. id names the
   * job for cancel(); onStart is called when its first part starts running.
   */
  run(job: JobRequest, options: RunOptions = {}, onStart?: () => void): Promise<JobResult> {
    if (this.failures >= 3 && this.workers.size === 0) return Promise.reject(this.startError());
    const id = options.id ?? `job-${++this.jobCounter}`;
    return new Promise<JobResult>((resolve, reject) => {
      const held: Held = {
        id,
        job,
        owner: options.owner ?? 'anonymous',
        priority: options.priority ?? 'batch',
        results: new Array(job.tests.length),
        next: 0,
        restarts: 0,
        stalls: 0,
        started: false,
        cancelled: false,
        ...(onStart ? { onStart } : {}),
        resolve,
        reject,
      };
      this.held.set(id, held);
      this.queue.push(held);
      this.pump();
    });
  }

  /** Stop a job: a waiting one is dropped, a running one's worker is terminated. Its run() rejects with SandboxCancelled. */
  cancel(id: string): void {
    const held = this.held.get(id);
    if (!held) return;
    held.cancelled = true;
    if (this.queue.has(held)) this.settle(held, new SandboxCancelled());
    else held.stop?.();
  }

  info(): SandboxInfo {
    const states = [...this.workers].map((w) => w.state);
    const readyWorkers = states.filter((s) => s === 'idle' || s === 'busy').length;
    const failed = this.failures >= 3 && readyWorkers === 0;
    return {
      state: failed ? 'failed' : this.firstReadyMs === null ? 'starting' : 'ready',
      ...(this.lastError ? { error: this.lastError.slice(0, 2000) } : {}),
      poolSize: this.config.size,
      spares: this.config.spares,
      readyWorkers,
      busyWorkers: states.filter((s) => s === 'busy').length,
      waitingJobs: this.queue.size,
      crossOriginIsolated: this.config.crossOriginIsolated,
      interrupts: this.config.crossOriginIsolated ? 'shared-buffer' : 'deadline-only',
      pyodideVersion: this.versions.pyodideVersion,
      pythonVersion: this.versions.pythonVersion,
      firstReadyMs: this.firstReadyMs,
      workersStarted: this.started,
      workersReplaced: this.replaced,
      ...(this.lastReplacement ? { lastReplacement: this.lastReplacement } : {}),
      workersFromSnapshot: this.fromSnapshot,
      snapshot: this.snapshotSource,
      firstWorkerPhases: this.firstPhases,
    };
  }

  /** The snapshot this pool made (for the app to keep for the next visit), if any. */
  madeSnapshot(): ArrayBuffer | null {
    return this.snapshotSource === 'made' && this.snapshot ? this.snapshot.slice(0) : null;
  }

  dispose(): void {
    for (const w of this.workers) w.kill();
    this.workers.clear();
  }
}
