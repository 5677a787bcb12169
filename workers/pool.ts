// The warm pool of Python workers, owned by the sandbox host (trusted code in the
// opaque-origin iframe). It dispatches jobs, enforces the hard time limit, validates
// every worker message, and replaces workers that crash, hang or ask to be recycled.
import * as v from 'valibot';
import type { JobRequest, JobResult, RawTestResult, SandboxInfo, StartPhases } from '../src/core/exec/sandbox-api.ts';
import type { PyodideFiles } from '../src/sandbox/pyodide-files.ts';
import { WorkerEventSchema, type HostMessage, type WorkerEvent } from './messages.ts';

/** A started worker, as the pool sees it (a real Worker in the browser; a fake in unit tests). */
export interface WorkerHandle {
  post(message: HostMessage): void;
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
  /** Recycle a worker after this many jobs to bound state drift. */
  maxJobsPerWorker: number;
  crossOriginIsolated: boolean;
  /** A memory snapshot to start workers from (kept from an earlier visit). */
  snapshot?: ArrayBuffer;
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

/** Run job tests from index `from` on one worker, until the job ends or the worker is lost. */
function runSlice(worker: PythonWorker, job: JobRequest, from: number, results: RawTestResult[], config: PoolConfig): Promise<SliceEnd> {
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
      resolve(end);
    };
    const lose = (status: RawTestResult['status'], note: string) => {
      const index = from + current;
      if (current >= 0 && !results[index]) {
        const elapsed = performance.now() - startedAt;
        results[index] = blank(status, status === 'timeout' ? Math.max(job.timeLimitMs, elapsed) : elapsed, note);
      }
      worker.kill();
      finish({ next: current >= 0 ? index + 1 : from, lost: true, recycle: true });
    };
    const armTimers = () => {
      clearTimers();
      const limit = job.timeLimitMs;
      softTimer = setTimeout(() => {
        if (worker.interrupt) Atomics.store(worker.interrupt, 0, 2);
      }, limit + config.graceMs / 2);
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
        // Between tests the worker only restores state; if it stalls there, it is hung.
        hardTimer = setTimeout(() => lose('crashed', 'worker stopped responding between tests'), config.loadTimeoutMs);
      } else {
        if (event.completed !== current + 1 || (current >= 0 && !results[from + current])) {
          return lose('crashed', 'sandbox protocol violation: job end');
        }
        finish({ next: from + event.completed, lost: false, recycle: event.recycle });
      }
    };
    // A worker that never starts the first test is hung: treat it like a hard timeout.
    hardTimer = setTimeout(() => lose('crashed', 'worker did not start the job'), config.loadTimeoutMs);
    worker.state = 'busy';
    worker.jobs++;
    worker.handle.post({ type: 'job', nonce: id, job: { ...job, tests: job.tests.slice(from) } });
  });
}

export class WorkerPool {
  private readonly workers = new Set<PythonWorker>();
  private readonly waiting: { resolve: (w: PythonWorker) => void; reject: (e: Error) => void }[] = [];
  private readonly permitsWaiting: (() => void)[] = [];
  private running = 0;
  private readonly startedAt = performance.now();
  private firstReadyMs: number | null = null;
  private firstPhases: StartPhases | null = null;
  private versions = { pyodideVersion: '', pythonVersion: '' };
  private started = 0;
  private replaced = 0;
  private failures = 0;
  private lastError = '';
  private counter = 0;
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
        this.offer(worker);
        this.fill();
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
          for (const waiter of this.waiting.splice(0)) waiter.reject(this.startError());
        }
      },
    );
  }

  private offer(worker: PythonWorker): void {
    worker.state = 'idle';
    const next = this.waiting.shift();
    if (next) {
      worker.state = 'busy';
      next.resolve(worker);
    }
  }

  private startError(): Error {
    return new Error(`the Python sandbox failed to start: ${this.lastError}`);
  }

  private acquireWorker(): Promise<PythonWorker> {
    for (const w of this.workers) {
      if (w.state === 'idle') {
        w.state = 'busy';
        return Promise.resolve(w);
      }
    }
    if (this.failures >= 3 && this.workers.size === 0) return Promise.reject(this.startError());
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(worker: PythonWorker, replace: boolean): void {
    if (replace) {
      if (worker.state !== 'dead') worker.kill();
      this.workers.delete(worker);
      this.replaced++;
      this.fill();
    } else this.offer(worker);
  }

  private async permit(): Promise<void> {
    if (this.running < this.config.size) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.permitsWaiting.push(resolve));
  }

  private releasePermit(): void {
    const next = this.permitsWaiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Run every test of a job; worker deaths are absorbed and reported per test. */
  async run(job: JobRequest): Promise<JobResult> {
    const results: RawTestResult[] = new Array(job.tests.length);
    let restarts = 0;
    await this.permit();
    try {
      let from = 0;
      let stalls = 0;
      while (from < job.tests.length) {
        const worker = await this.acquireWorker();
        const end = await runSlice(worker, job, from, results, this.config);
        if (end.lost) restarts++;
        this.release(worker, end.lost || end.recycle || worker.jobs >= this.config.maxJobsPerWorker);
        if (end.next > from) {
          from = end.next;
          stalls = 0;
        } else if (++stalls >= 2) {
          results[from] = blank('crashed', 0, 'the sandbox could not run this test');
          from++;
          stalls = 0;
        }
      }
    } finally {
      this.releasePermit();
    }
    return { results, workerRestarts: restarts };
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
      crossOriginIsolated: this.config.crossOriginIsolated,
      interrupts: this.config.crossOriginIsolated ? 'shared-buffer' : 'deadline-only',
      pyodideVersion: this.versions.pyodideVersion,
      pythonVersion: this.versions.pythonVersion,
      firstReadyMs: this.firstReadyMs,
      workersStarted: this.started,
      workersReplaced: this.replaced,
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
