// Runs jobs in Pyodide inside Node, through the same harness and runner as the browser
// worker — without the browser's isolation. For the project's own trusted programs only
// (dataset building and checking, tests): never for model or student code.
import { Worker } from 'node:worker_threads';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { withWatchedImports } from './bridge-watch.ts';
import type { Executor, JobControl } from '../src/core/exec/engine.ts';
import { SandboxCancelled, type JobRequest, type JobResult, type RawTestResult } from '../src/core/exec/sandbox-api.ts';
import type { RunnerEvent, WorkspaceCarry } from './messages.ts';
import { installHarness, JobRunner, type RunnerOptions, type SliceOptions } from './job-runner.ts';
import { compiledStdlibPath } from './stdlib-bytecode.ts';
import { harnessFiles } from './harness-files.ts';

/** Where a job goes on from after one of its parts: the results so far, the workspace carried over. */
class JobProgress {
  readonly results: RawTestResult[] = [];
  carry: WorkspaceCarry | undefined;
  restarts = 0;
  constructor(readonly job: JobRequest) {}

  get done(): boolean {
    return this.results.length >= this.job.tests.length;
  }

  /** The rest of the job, and how its next part runs. */
  rest(): { job: JobRequest; slice: SliceOptions } {
    const from = this.results.length;
    const slice: SliceOptions = {
      timeouts: this.results.filter((r) => r.status === 'timeout').length,
      firstIndex: from,
      ...(this.carry ? { carry: this.carry } : {}),
    };
    this.carry = undefined;
    return { job: { ...this.job, tests: this.job.tests.slice(from) }, slice };
  }

  /** Take a runner event; at the end of a part, whether the worker must be replaced. */
  take(event: RunnerEvent): boolean | undefined {
    if (event.type === 'test-result') this.results.push(event.result);
    if (event.type !== 'job-end') return undefined;
    if (event.carry) this.carry = event.carry;
    return event.recycle;
  }
}

/** Pyodide started in Node as a worker starts it: the standard library with its bytecode, the bridge watched (bridge-watch.ts). */
export async function loadInterpreter(): Promise<PyodideAPI> {
  const stdLibURL = await compiledStdlibPath();
  return withWatchedImports(() => loadPyodide({ stdLibURL, env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} }));
}

/** A job runner on a fresh interpreter, as a worker has one. */
export async function startRunner(options: RunnerOptions = { memoryLimitMb: 512 }): Promise<JobRunner> {
  const py = await loadInterpreter();
  return new JobRunner(py, installHarness(py, harnessFiles()), options);
}

export class TrustedNodeExecutor implements Executor {
  private runner: JobRunner | null = null;
  constructor(private readonly memoryLimitMb = 512) {}

  private fresh(): Promise<JobRunner> {
    return startRunner({ memoryLimitMb: this.memoryLimitMb });
  }

  /** Run a job part by part; a worker that asks to be recycled is replaced, and the rest of the job continues. */
  async run(job: JobRequest, control: JobControl = {}): Promise<JobResult> {
    const progress = new JobProgress(job);
    while (!progress.done) {
      if (control.signal?.aborted) throw new SandboxCancelled();
      this.runner ??= await this.fresh();
      if (!progress.results.length) control.onStart?.();
      const { job: rest, slice } = progress.rest();
      let recycle = false;
      this.runner.run(rest, (event) => (recycle = progress.take(event) ?? recycle), slice);
      if (recycle) {
        this.runner = null;
        progress.restarts++;
      }
    }
    return { results: progress.results, workerRestarts: progress.restarts };
  }
}

/** Grace past a test's time limit before its thread is terminated (the interrupt gets the first chance). */
const HARD_STOP_GRACE_MS = 3000;
const BETWEEN_TESTS_MS = 30_000;

/**
 * The same, in a worker thread with a hard stop: a program that swallows interrupts or hangs in
 * C code has its thread terminated after its time limit, the test ends as a timeout, and the
 * rest of the job goes on in a fresh thread — as in the browser pool. For runs whose programs
 * are generated (simulated candidates mutate code).
 */
export class ThreadedNodeExecutor implements Executor {
  private worker: Promise<Worker> | null = null;
  /** One job at a time per thread: jobs wait their turn here. */
  private queue: Promise<unknown> = Promise.resolve();
  constructor(private readonly memoryLimitMb = 512) {}

  run(job: JobRequest, control: JobControl = {}): Promise<JobResult> {
    const next = this.queue.then(() => this.runNow(job, control));
    this.queue = next.catch(() => {});
    return next;
  }

  private spawn(): Promise<Worker> {
    // The thread loads its TypeScript through tsx, as the CLI does.
    const entry = new URL('./node-thread.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { memoryLimitMb: this.memoryLimitMb } });
    return new Promise((resolve, reject) => {
      worker.unref();
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await (await w).terminate();
  }

  private async runNow(job: JobRequest, control: JobControl): Promise<JobResult> {
    const progress = new JobProgress(job);
    while (!progress.done) {
      if (control.signal?.aborted) throw new SandboxCancelled();
      this.worker ??= this.spawn();
      const worker = await this.worker;
      if (!progress.results.length) control.onStart?.();
      const { job: rest, slice } = progress.rest();
      const outcome = await new Promise<'done' | 'recycle' | 'hung' | 'cancelled'>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = (how: 'done' | 'recycle' | 'hung' | 'cancelled') => {
          clearTimeout(timer);
          worker.off('message', listen);
          control.signal?.removeEventListener('abort', cancel);
          resolve(how);
        };
        const cancel = () => done('cancelled');
        const listen = (event: RunnerEvent) => {
          if (event.type === 'test-start') timer = setTimeout(() => done('hung'), job.timeLimitMs + HARD_STOP_GRACE_MS);
          else {
            const recycle = progress.take(event);
            clearTimeout(timer);
            if (recycle === undefined)
              timer = setTimeout(() => done('hung'), BETWEEN_TESTS_MS); // restoring state should be quick
            else done(recycle ? 'recycle' : 'done');
          }
        };
        control.signal?.addEventListener('abort', cancel, { once: true });
        worker.on('message', listen);
        worker.postMessage({ job: rest, slice });
      });
      if (outcome === 'hung' && !progress.done) {
        progress.results.push({
          status: 'timeout',
          stdout: '',
          stderr: '',
          durationMs: job.timeLimitMs + HARD_STOP_GRACE_MS,
          note: 'hard stop: the thread was terminated after the time limit',
        });
      }
      if (outcome !== 'done') {
        this.worker = null;
        progress.restarts++;
        void worker.terminate();
      }
      if (outcome === 'cancelled') throw new SandboxCancelled();
    }
    return { results: progress.results, workerRestarts: progress.restarts };
  }
}

/** Several threaded executors; each job goes to the one with the fewest jobs waiting. */
export class NodeExecutorPool implements Executor {
  private readonly executors: ThreadedNodeExecutor[];
  private readonly pending: number[];
  constructor(threads: number) {
    this.executors = Array.from({ length: Math.max(1, threads) }, () => new ThreadedNodeExecutor());
    this.pending = this.executors.map(() => 0);
  }

  async run(job: JobRequest, control: JobControl = {}): Promise<JobResult> {
    const i = this.pending.indexOf(Math.min(...this.pending));
    this.pending[i]! += 1;
    try {
      return await this.executors[i]!.run(job, control);
    } finally {
      this.pending[i]! -= 1;
    }
  }

  close(): Promise<void[]> {
    return Promise.all(this.executors.map((e) => e.close()));
  }
}
