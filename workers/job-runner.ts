// Runs one job (a program and its tests) on a loaded Pyodide with the harness.
// Environment-agnostic: the browser worker and the Node harness tests use this same code.
import type { PyodideAPI } from 'pyodide';
import type { PyCallable, PyProxy } from 'pyodide/ffi';
import type { JobRequest, RawTestResult } from '../src/core/exec/sandbox-api.ts';
import type { RunnerEvent, WorkspaceCarry } from './messages.ts';
import { Pristine } from './pristine.ts';

export const HARNESS_DIR = '/hintbench';
/** Directories whose new files are removed after each test. */
const CLEAN_DIRS = ['/tmp', '/home/pyodide'];
/** Pyodide polls the interrupt buffer every 50 eval-loop checks; the clock is read every this many polls. */
const CLOCK_EVERY = 16;
/** Once over the limit, the interrupt re-fires at this interval until the test ends. */
const REFIRE_MS = 50;
/** Cap on what a test writes to stdout, and to stderr (docs/execution.md, "Limits"). */
const FD_OUTPUT_CAP = 1 << 20;

export interface HarnessFiles {
  'harness.py': string;
  'isolation.py': string;
  'workspace.py': string;
  'tamper.py': string;
  'jobs.py': string;
}

/** Write the harness into the Pyodide filesystem and capture the interpreter baseline. */
export function installHarness(py: PyodideAPI, files: HarnessFiles): PyProxy {
  py.FS.mkdirTree(HARNESS_DIR);
  for (const [name, source] of Object.entries(files)) py.FS.writeFile(`${HARNESS_DIR}/${name}`, source);
  py.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})
import jobs
jobs.init(${JSON.stringify(CLEAN_DIRS)})
`);
  return py.pyimport('jobs') as PyProxy;
}

/** How one part (slice) of a job runs: the pool splits a job into parts (docs/execution.md, "Fairness"). */
export interface SliceOptions {
  /** End the part at the first test boundary after this long (ms), if tests remain. */
  budgetMs?: number;
  /** Tests of the job that timed out in its earlier parts (they count against its time budget). */
  timeouts?: number;
  /** A workspace's files from the job's earlier part, and the index of this part's first step in the whole job. */
  carry?: WorkspaceCarry;
  firstIndex?: number;
}

export interface RunnerOptions {
  memoryLimitMb: number;
  /** Shared Int32Array(1): the host writes 2 to interrupt (cross-origin isolated only). */
  sharedInterrupt?: Int32Array;
  /**
   * Before and after each job: did a program tamper with the JavaScript realm? Then recycle.
   * crashed: the interpreter failed fatally (Pyodide then changes its own API; only the rest counts).
   */
  realmChanged?: (crashed: boolean) => boolean;
  /**
   * Put the interpreter back to its recorded state before every job (docs/execution.md,
   * "Isolation between evaluations"). Off only to measure what it costs (bench:exec).
   */
  reuseInterpreter?: boolean;
}

/**
 * Captures what a program writes to file descriptor 1 or 2, up to a cap. The program's stdout
 * and stderr write there, so its output is read here, outside Python, where nothing the program
 * does can change it.
 */
class FdCapture {
  private chunks: Uint8Array[] = [];
  private size = 0;
  exceeded = false;
  write(buffer: Uint8Array): number {
    const room = FD_OUTPUT_CAP - this.size;
    if (buffer.length > room) {
      this.exceeded = true;
      if (room > 0) this.chunks.push(buffer.slice(0, room));
      this.size = FD_OUTPUT_CAP;
    } else {
      this.chunks.push(buffer.slice());
      this.size += buffer.length;
    }
    return buffer.length;
  }
  take(): string {
    const text = this.size === 0 ? '' : new TextDecoder().decode(concat(this.chunks, this.size));
    this.chunks = [];
    this.size = 0;
    return text;
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

type LimitReason = 'time' | 'memory' | 'output' | null;

export class JobRunner {
  private deadline = Infinity;
  private lastFire = 0;
  private reason: LimitReason = null;
  private readonly memoryLimitBytes: number;
  private readonly fdOut = new FdCapture();
  private readonly fdErr = new FdCapture();
  private readonly disarm = () => {
    this.deadline = Infinity;
  };
  /** Called by the harness when the test's own clock starts. */
  private readonly arm = (limitMs: number) => {
    this.deadline = performance.now() + limitMs;
  };

  /** The harness's entry points, taken once so that no proxy made per job outlives its job. */
  private readonly makeProgram: PyCallable;
  private readonly recoverHarness: PyCallable;
  private readonly pristine: Pristine | null;

  constructor(
    private readonly py: PyodideAPI,
    harness: PyProxy,
    private readonly options: RunnerOptions,
  ) {
    this.memoryLimitBytes = options.memoryLimitMb * 1024 * 1024;
    py.setStdout({ write: (b: Uint8Array) => this.fdOut.write(b) });
    py.setStderr({ write: (b: Uint8Array) => this.fdErr.write(b) });
    py.setInterruptBuffer(this.signal() as unknown as Int32Array);
    this.makeProgram = harness.program as PyCallable;
    this.recoverHarness = harness.recover as PyCallable;
    this.pristine = options.reuseInterpreter ? null : new Pristine(py); // last: everything above is part of the record
  }

  heapBytes(): number {
    return (this.py as unknown as { _module: { HEAP8: Int8Array } })._module.HEAP8.length;
  }

  /**
   * The array Pyodide polls for signals. Reading index 0 returns 2 (SIGINT) when the
   * host wrote 2 into the shared buffer, or when the test passed its deadline, the
   * heap passed the memory limit or the output passed its cap.
   */
  private signal(): { 0: number } {
    const shared = this.options.sharedInterrupt;
    const self = this;
    let countdown = CLOCK_EVERY;
    return {
      get 0() {
        if (shared && shared[0] === 2) {
          Atomics.store(shared, 0, 0);
          self.reason ??= 'time';
          return 2;
        }
        if (self.deadline === Infinity) return 0;
        // The heap's size is a cheap read, so it is checked at every poll: a loop of few
        // bytecodes that allocates a lot per iteration reaches a poll rarely. The clock is
        // read only every so often, or when the heap is over the limit.
        const overMemory = self.heapBytes() > self.memoryLimitBytes;
        const overOutput = self.fdOut.exceeded || self.fdErr.exceeded;
        if (--countdown > 0 && !overMemory && !overOutput) return 0;
        countdown = CLOCK_EVERY;
        const now = performance.now();
        if (now - self.lastFire < REFIRE_MS) return 0;
        if (now > self.deadline) self.reason ??= 'time';
        else if (overMemory) self.reason = 'memory';
        else if (overOutput) self.reason ??= 'output';
        else return 0;
        self.lastFire = now;
        return 2;
      },
      set 0(_value: number) {
        // Pyodide clears the flag after reading; the getter decides each time.
      },
    };
  }

  /**
   * Run the job's tests, emitting events as they happen; synchronous by design. A part of a job
   * (slice) ends early at a test boundary when its time is up, when the next step asks for a
   * fresh interpreter, or when the heap has grown large; a workspace's files then travel with
   * the job-end event, for the next part to start from (in a fresh interpreter).
   */
  run(job: JobRequest, emit: (event: RunnerEvent) => void, slice: SliceOptions = {}): void {
    let program: PyProxy | null = null;
    let completed = 0;
    let recycle = false;
    let carry: WorkspaceCarry | undefined;
    let crashed = false;
    let runTest: (PyCallable & PyProxy) | null = null;
    const heapMb = () => this.heapBytes() / (1024 * 1024);
    // The realm is checked when a job ends. Nothing of a job runs after it (a job that leaves
    // JavaScript anything to call back gets its worker replaced), so it cannot change between jobs.
    this.pristine?.touch();
    const started = performance.now();
    const workspace = job.kind === 'workspace';
    try {
      if (workspace && slice.carry) writeCarry(this.py, slice.carry);
      try {
        const resume = workspace && slice.carry ? JSON.stringify({ next: slice.firstIndex ?? 0, scriptFailed: slice.carry.scriptFailed }) : null;
        program = this.makeProgram.callKwargs(job.program, {
          kind: job.kind,
          entry: job.entry ?? null,
          trace: job.trace ?? false,
          timeouts: slice.timeouts ?? 0,
          ...(resume ? { resume } : {}),
        }) as PyProxy;
      } catch (err) {
        // The harness could not take the program: every test gets a clear result anyway.
        const note = `harness error: ${String((err as Error)?.message ?? err).slice(-400)}`;
        for (const index of job.tests.keys()) {
          emit({ type: 'test-start', index });
          emit({ type: 'test-result', index, result: { status: 'crashed', stdout: '', stderr: '', durationMs: 0, note } });
        }
        completed = job.tests.length;
        recycle = true;
        return;
      }
      for (const [index, test] of job.tests.entries()) {
        const more = index > 0;
        const timeUp = slice.budgetMs !== undefined && performance.now() - started >= slice.budgetMs;
        if (more && (timeUp || (test.fresh && workspace) || recycle)) {
          if (workspace) carry = readCarry(this.py, program.script_failed === true);
          break;
        }
        emit({ type: 'test-start', index });
        runTest ??= program.run_test as PyCallable & PyProxy; // one proxy for the whole job
        const { result, fatal } = this.runTest(runTest, test.payload, job.timeLimitMs);
        emit({ type: 'test-result', index, result });
        completed++;
        if (fatal) {
          recycle = crashed = true;
          program = runTest = null; // the interpreter is gone; nothing to clean up
          break;
        }
        if (this.heapBytes() > this.memoryLimitBytes * 0.75) recycle = true; // the rest runs on a worker with a small heap
      }
    } catch (err) {
      recycle = true; // harness failure between tests: state unknown
      if (isFatal(err)) {
        program = runTest = null;
        crashed = true;
      }
    } finally {
      const end = this.endJob(program, runTest, crashed);
      emit({
        type: 'job-end',
        completed,
        recycle: recycle || end.why !== undefined,
        heapMb: heapMb(),
        realmChanged: end.realmChanged,
        ...(end.why ? { why: end.why } : {}),
        ...(carry?.files ? { carry } : {}),
      });
    }
  }

  /**
   * Finish the program, cut loose what it gave JavaScript, put the interpreter back and check the
   * realm. Any of that failing means the job broke what this worker runs on: its results are
   * void, as for a changed realm, and the worker is replaced.
   */
  private endJob(program: PyProxy | null, runTest: PyProxy | null, crashed: boolean): { realmChanged: boolean; why?: string } {
    try {
      runTest?.destroy();
      if (program) {
        let finished = true;
        // The harness's own restoration (every module, then a collection) is only needed when
        // the interpreter is reused; otherwise it is put back whole just below.
        if (!this.pristine) {
          try {
            program.finish();
          } catch {
            finished = false;
          }
        }
        program.destroy();
        if (!finished) return { realmChanged: false, why: 'the harness could not restore the interpreter after the job' };
      }
      const unrestorable = this.pristine ? (this.pristine.release() ?? this.pristine.restore()) : null;
      const realmChanged = this.options.realmChanged?.(crashed) ?? false;
      const why = unrestorable ?? (realmChanged ? 'the job changed the JavaScript realm' : undefined);
      return { realmChanged, ...(why ? { why } : {}) };
    } catch {
      return { realmChanged: true, why: 'the worker failed while ending the job (its JavaScript realm was changed)' };
    }
  }

  private runTest(runTest: PyCallable, payload: string, timeLimitMs: number): { result: RawTestResult; fatal: boolean } {
    this.reason = null;
    this.lastFire = 0;
    this.fdOut.take();
    this.fdErr.take();
    if (this.options.sharedInterrupt) Atomics.store(this.options.sharedInterrupt, 0, 0);
    let result: RawTestResult;
    let fatal = false;
    // The deadline starts with the test's own clock (the harness calls arm), not before the
    // harness's set-up: a slow set-up must not make a timeout look like an early interrupt.
    this.deadline = Infinity;
    try {
      const proxy = runTest(payload, timeLimitMs, this.disarm, this.arm) as PyProxy;
      result = proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false }) as RawTestResult;
      proxy.destroy();
    } catch (err) {
      // An exception escaped the harness: an interrupt that landed in harness code,
      // or a fatal error (e.g. the wasm stack overflowed).
      this.disarm();
      fatal = isFatal(err);
      result = this.escapedResult(err, timeLimitMs, fatal);
      if (!fatal) fatal = !this.recover();
    } finally {
      this.disarm();
    }
    const stdout = this.fdOut.take();
    const stderr = this.fdErr.take();
    const overOutput = this.fdOut.exceeded || this.fdErr.exceeded;
    this.fdOut.exceeded = this.fdErr.exceeded = false;
    const { durationMs } = result;
    if (this.reason === 'memory') {
      const limit = this.options.memoryLimitMb;
      result = { status: 'memory', stdout, stderr, durationMs, excType: 'MemoryError', message: `memory limit exceeded (${limit} MiB)` };
    } else if (overOutput) {
      result = { status: 'output-limit', stdout, stderr, durationMs };
    } else {
      result.stdout = (result.stdout ?? '') + stdout;
      result.stderr = (result.stderr ?? '') + stderr;
    }
    return { result, fatal };
  }

  private escapedResult(err: unknown, timeLimitMs: number, fatal: boolean): RawTestResult {
    const base = { stdout: '', stderr: '', durationMs: timeLimitMs };
    if (isStackOverflow(err)) {
      return {
        ...base,
        status: 'exception',
        excType: 'RecursionError',
        message: 'maximum recursion depth exceeded (WebAssembly stack overflow)',
        note: 'the interpreter hit the WebAssembly stack limit; worker replaced',
      };
    }
    if (this.reason === 'time') return { ...base, status: 'timeout' };
    if (this.reason === 'memory') return { ...base, status: 'memory' };
    const message = String((err as Error)?.message ?? err).slice(-1000);
    return { ...base, status: 'crashed', note: `${fatal ? 'interpreter failed' : 'harness error'}: ${message}`.slice(0, 500) };
  }

  /** Restore interpreter state after an escape; false when that is impossible. */
  private recover(): boolean {
    try {
      this.recoverHarness();
      return true;
    } catch {
      return false;
    }
  }
}

function isFatal(err: unknown): boolean {
  return Boolean((err as { pyodide_fatal_error?: boolean })?.pyodide_fatal_error) || isStackOverflow(err);
}

function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError || /Maximum call stack size exceeded/.test(String((err as Error)?.message));
}

/** The most a workspace may hold to be carried into a fresh interpreter. */
export const CARRY_CAP_BYTES = 64 * 1024 * 1024;
const CARRY_CAP_ENTRIES = 10_000;
const WORKSPACE_ROOT = '/workspace';

/** Everything under the workspace (null for a directory); files: null when it is too large to carry. */
function readCarry(py: PyodideAPI, scriptFailed: boolean): WorkspaceCarry {
  const FS = py.FS;
  const entries: [string, Uint8Array<ArrayBuffer> | null][] = [];
  let bytes = 0;
  const walk = (dir: string, prefix: string): boolean => {
    for (const name of FS.readdir(dir) as string[]) {
      if (name === '.' || name === '..') continue;
      const full = `${dir}/${name}`;
      const mode = FS.lstat(full).mode as number;
      if (FS.isDir(mode)) {
        entries.push([`${prefix}${name}`, null]);
        if (!walk(full, `${prefix}${name}/`)) return false;
      } else if (FS.isFile(mode)) {
        const data = FS.readFile(full) as Uint8Array<ArrayBuffer>;
        bytes += data.length;
        entries.push([`${prefix}${name}`, data]);
      }
      if (bytes > CARRY_CAP_BYTES || entries.length > CARRY_CAP_ENTRIES) return false;
    }
    return true;
  };
  let fits = false;
  try {
    fits = walk(WORKSPACE_ROOT, '');
  } catch {
    fits = false; // no workspace, or one the program made unreadable
  }
  return { files: fits ? entries : null, scriptFailed };
}

function writeCarry(py: PyodideAPI, carry: WorkspaceCarry): void {
  const FS = py.FS;
  FS.mkdirTree(WORKSPACE_ROOT);
  for (const [path, data] of carry.files ?? []) {
    const full = `${WORKSPACE_ROOT}/${path}`;
    if (data === null) FS.mkdirTree(full);
    else {
      FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
      FS.writeFile(full, data);
    }
  }
}
