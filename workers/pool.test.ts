// Pool logic with scripted workers: dispatch, hard stops, crashes, validation, replacement.
// The real workers are exercised end to end in e2e/; here each worker follows a script.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxCancelled, type JobRequest } from '../src/core/exec/sandbox-api.ts';
import type { HostMessage, JobMessage } from './messages.ts';
import { defaultPoolSize, WorkerPool, type PoolConfig, type WorkerHandle } from './pool.ts';

type Behaviour = (job: JobMessage, worker: ScriptedWorker) => void;

class ScriptedWorker implements WorkerHandle {
  onMessage: ((data: unknown) => void) | null = null;
  onFailure: ((reason: string) => void) | null = null;
  terminated = false;
  terminateCalls = 0;
  interrupt: Int32Array | undefined;
  init: Extract<HostMessage, { type: 'init' }> | undefined;
  constructor(
    readonly name: string,
    private readonly behaviour: Behaviour,
    private readonly failInit = false,
  ) {}
  post(message: HostMessage): void {
    if (message.type === 'init') {
      this.init = message;
      if (message.interrupt) this.interrupt = new Int32Array(message.interrupt);
      const ready = {
        type: 'ready',
        pyodideVersion: '1',
        pythonVersion: '3.14',
        loadMs: 5,
        start: message.snapshot ? 'snapshot' : 'full',
        phases: { runtimeImportMs: 1, wasmMs: 2, interpreterMs: 3, snapshotMakeMs: 0, harnessMs: 4, lockdownMs: 5 },
        ...(message.makeSnapshot ? { snapshot: new ArrayBuffer(8) } : {}),
      };
      setTimeout(() => this.send(this.failInit ? { type: 'init-failed', error: 'no wasm' } : ready), 10);
    } else setTimeout(() => this.behaviour(message, this), 0);
  }
  send(data: unknown): void {
    if (!this.terminated) this.onMessage?.(data);
  }
  /** Reply ok for tests [from, to) of a job, then end it. */
  answer(job: JobMessage, stdout = (i: number) => `${i}\n`, end = true): void {
    job.job.tests.forEach((_, i) => {
      this.send({ type: 'test-start', nonce: job.nonce, index: i });
      this.send({ type: 'test-result', nonce: job.nonce, index: i, result: { status: 'ok', stdout: stdout(i), stderr: '', durationMs: 1 } });
    });
    if (end) this.send({ type: 'job-end', nonce: job.nonce, completed: job.job.tests.length, recycle: false, heapMb: 30, realmChanged: false });
  }
  terminate(): void {
    this.terminated = true;
    this.terminateCalls++;
  }
}

const job = (n: number, timeLimitMs = 1000): JobRequest => ({
  program: 'print(1)',
  kind: 'stdio',
  tests: Array.from({ length: n }, (_, i) => ({ id: `t${i}`, payload: String(i) })),
  timeLimitMs,
});

let workers: ScriptedWorker[];
function pool(behaviours: Behaviour[], over: Partial<PoolConfig> = {}, failInit = false): WorkerPool {
  let n = 0;
  return new WorkerPool({
    size: 1,
    spares: 1,
    files: {
      'pyodide.mjs': new ArrayBuffer(1),
      'pyodide.asm.mjs': new ArrayBuffer(1),
      'pyodide.asm.wasm': new ArrayBuffer(1),
      'python_stdlib.zip': new ArrayBuffer(1),
      'pyodide-lock.json': new ArrayBuffer(1),
    },
    memoryLimitMb: 256,
    graceMs: 200,
    loadTimeoutMs: 5000,
    maxJobsPerWorker: 100,
    crossOriginIsolated: false,
    createWorker: (name) => {
      const w = new ScriptedWorker(name, behaviours[Math.min(n++, behaviours.length - 1)]!, failInit);
      workers.push(w);
      return w;
    },
    ...over,
  });
}

const healthy: Behaviour = (m, w) => w.answer(m);

beforeEach(() => {
  workers = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const out = promise.finally(() => (done = true));
  out.catch(() => {}); // the caller inspects the rejection after the timers ran
  for (let i = 0; i < 200 && !done; i++) await vi.advanceTimersByTimeAsync(50);
  return out;
}

describe('WorkerPool', () => {
  it('sizes itself to min(cores - 1, 4), at least 1', () => {
    expect([1, 2, 3, 4, 8, 64, undefined].map(defaultPoolSize)).toEqual([1, 1, 2, 3, 4, 4, 1]);
  });

  it('runs a job and returns results in test order; spares start once the first worker is ready', async () => {
    const p = pool([healthy]);
    expect(workers).toHaveLength(1);
    const result = await settle(p.run(job(3)));
    expect(result.results.map((r) => r.stdout)).toEqual(['0\n', '1\n', '2\n']);
    expect(result.workerRestarts).toBe(0);
    expect(workers).toHaveLength(2);
    expect(p.info()).toMatchObject({ state: 'ready', readyWorkers: 2, workersReplaced: 0, pythonVersion: '3.14' });
  });

  it("reports no start phases before a worker is ready, then the first ready worker's", async () => {
    const p = pool([healthy]);
    expect(p.info().firstWorkerPhases).toBeNull();
    await settle(p.run(job(1)));
    expect(p.info().firstWorkerPhases).toEqual({ runtimeImportMs: 1, wasmMs: 2, interpreterMs: 3, snapshotMakeMs: 0, harnessMs: 4, lockdownMs: 5 });
  });

  it('starts one worker fully, then one that makes a snapshot, then the rest from it', async () => {
    const p = pool([healthy], { size: 2, spares: 1 });
    expect(workers).toHaveLength(1);
    await settle(p.run(job(1)));
    await vi.advanceTimersByTimeAsync(100);
    expect(workers.map((w) => [Boolean(w.init?.makeSnapshot), w.init?.snapshot?.byteLength ?? 0])).toEqual([
      [false, 0],
      [true, 0],
      [false, 8],
    ]);
    expect(p.info()).toMatchObject({ snapshot: 'made', workersFromSnapshot: 1, readyWorkers: 3 });
    expect(p.madeSnapshot()?.byteLength).toBe(8);
  });

  it('starts every worker from a snapshot the app kept', async () => {
    const p = pool([healthy], { size: 2, spares: 1, snapshot: new ArrayBuffer(4) });
    expect(workers).toHaveLength(2);
    await settle(p.run(job(1)));
    expect(workers).toHaveLength(3);
    expect(workers.every((w) => w.init?.snapshot?.byteLength === 4 && !w.init.makeSnapshot)).toBe(true);
    expect(p.info()).toMatchObject({ snapshot: 'given', workersFromSnapshot: 3 });
    expect(p.madeSnapshot()).toBeNull();
  });

  it('replaces a worker that crashes mid-test and runs the remaining tests on another', async () => {
    const crashAtSecond: Behaviour = (m, w) => {
      w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
      w.send({ type: 'test-result', nonce: m.nonce, index: 0, result: { status: 'ok', stdout: 'first\n', stderr: '', durationMs: 1 } });
      w.send({ type: 'test-start', nonce: m.nonce, index: 1 });
      w.onFailure?.('boom');
      // Late messages from the dead worker must be ignored.
      w.terminated = false;
      w.send({ type: 'test-result', nonce: m.nonce, index: 1, result: { status: 'ok', stdout: 'forged\n', stderr: '', durationMs: 1 } });
    };
    const p = pool([crashAtSecond, healthy]);
    const result = await settle(p.run(job(4)));
    expect(result.results.map((r) => r.status)).toEqual(['ok', 'crashed', 'ok', 'ok']);
    expect(result.results[1]!.note).toContain('worker crashed: boom');
    expect(result.results[2]!.stdout).toBe('0\n'); // the new worker got tests 2..3 as a fresh slice
    expect(result.workerRestarts).toBe(1);
    expect(workers[0]!.terminateCalls).toBe(1);
    expect(p.info().workersReplaced).toBe(1);
  });

  it('hard-stops a test that outlives its limit plus the grace period', async () => {
    const hang: Behaviour = (m, w) => w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
    const p = pool([hang, healthy], { crossOriginIsolated: true });
    const run = p.run(job(2, 500));
    await vi.advanceTimersByTimeAsync(20); // workers ready, job dispatched
    await vi.advanceTimersByTimeAsync(600); // past limit + grace/2: the soft interrupt
    expect(workers[0]!.interrupt?.[0]).toBe(2);
    expect(workers[0]!.terminated).toBe(false);
    const result = await settle(run);
    expect(result.results[0]).toMatchObject({ status: 'timeout', note: expect.stringContaining('hard stop') });
    expect(result.results[0]!.durationMs).toBeGreaterThanOrEqual(500);
    expect(result.results[1]).toMatchObject({ status: 'ok' });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('treats malformed messages, wrong nonces and out-of-order events as protocol violations', async () => {
    const cases: Behaviour[] = [
      (m, w) => w.send({ type: 'test-result', nonce: m.nonce, index: 0, result: { status: 'passed!' } }),
      (m, w) => w.send({ type: 'test-start', nonce: 'guessed', index: 0 }),
      (m, w) => w.send({ type: 'test-start', nonce: m.nonce, index: 1 }),
      (m, w) => {
        w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
        w.send({ type: 'job-end', nonce: m.nonce, completed: 1, recycle: false, heapMb: 1, realmChanged: false });
      },
    ];
    for (const bad of cases) {
      workers = [];
      const p = pool([bad, healthy]);
      const result = await settle(p.run(job(2)));
      expect(workers[0]!.terminated).toBe(true);
      expect(result.results.map((r) => r.status)).toContain('ok');
      const first = result.results[0]!;
      expect(first.status === 'ok' || first.note?.match(/protocol violation|invalid message/)).toBeTruthy();
    }
  });

  it('gives up on a test no worker can start, instead of looping', async () => {
    const silentCrash: Behaviour = (_m, w) => w.onFailure?.('died at once');
    const p = pool([silentCrash]);
    const result = await settle(p.run(job(2)));
    expect(result.results.map((r) => r.status)).toEqual(['crashed', 'crashed']);
  });

  it('replaces a worker that asks to be recycled without counting a restart', async () => {
    const recycle: Behaviour = (m, w) => {
      w.answer(m, undefined, false);
      w.send({ type: 'job-end', nonce: m.nonce, completed: m.job.tests.length, recycle: true, heapMb: 400, realmChanged: false });
    };
    const p = pool([recycle, healthy]);
    const result = await settle(p.run(job(2)));
    expect(result.workerRestarts).toBe(0);
    expect(workers[0]!.terminated).toBe(true);
    expect(p.info().workersReplaced).toBe(1);
  });

  it('runs at most `size` jobs at once', async () => {
    let active = 0;
    let peak = 0;
    const slow: Behaviour = (m, w) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        w.answer(m);
      }, 100);
    };
    const p = pool([slow], { size: 2, spares: 1 });
    const results = await settle(Promise.all([p.run(job(1)), p.run(job(1)), p.run(job(1)), p.run(job(1))]));
    expect(results).toHaveLength(4);
    expect(peak).toBe(2);
  });

  it('fails clearly when workers cannot start', async () => {
    const p = pool([healthy], {}, true);
    await expect(settle(p.run(job(1)))).rejects.toThrow(/failed to start: no wasm/);
    expect(p.info()).toMatchObject({ state: 'failed', error: 'no wasm' });
  });
});

/** Answer the first test of a part, then end the part there (as a worker does when its time is up). */
const onePerPart: Behaviour = (m, w) => {
  w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
  w.send({ type: 'test-result', nonce: m.nonce, index: 0, result: { status: 'ok', stdout: m.job.program, stderr: '', durationMs: 1 } });
  w.send({ type: 'job-end', nonce: m.nonce, completed: 1, recycle: false, heapMb: 30, realmChanged: false });
};
const hang: Behaviour = (m, w) => w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
const named = (program: string, n: number): JobRequest => ({ ...job(n), program, timeLimitMs: 60_000 });

describe('WorkerPool: parts, turns and cancellation', () => {
  it('batch jobs of different owners take turns a part at a time: a long job never holds another run', async () => {
    const order: string[] = [];
    const p = pool(
      [
        (m, w) => {
          order.push(`${m.job.program}${m.slice.firstIndex}`);
          setTimeout(() => onePerPart(m, w), 20);
        },
      ],
      { sliceMs: 1000 },
    );
    const long = p.run(named('A', 4), { owner: 'run-a' });
    await vi.advanceTimersByTimeAsync(15); // A's first part is running
    const short = p.run(named('B', 2), { owner: 'run-b' });
    await settle(Promise.all([long, short]));
    expect(order).toEqual(['A0', 'B0', 'A1', 'B1', 'A2', 'A3']);
  });

  it('a batch part carries the time budget, the timeouts so far and the workspace from the part before', async () => {
    const slices: unknown[] = [];
    let first = true;
    const p = pool(
      [
        (m, w) => {
          slices.push(m.slice);
          w.send({ type: 'test-start', nonce: m.nonce, index: 0 });
          w.send({ type: 'test-result', nonce: m.nonce, index: 0, result: { status: first ? 'timeout' : 'ok', stdout: '', stderr: '', durationMs: 1 } });
          const carry = first
            ? {
                carry: {
                  files: [
                    ['out.txt', new Uint8Array([104, 105])],
                    ['data', null],
                  ],
                  scriptFailed: true,
                },
              }
            : {};
          first = false;
          w.send({ type: 'job-end', nonce: m.nonce, completed: 1, recycle: false, heapMb: 30, realmChanged: false, ...carry });
        },
      ],
      { sliceMs: 500 },
    );
    await settle(p.run({ ...job(2), kind: 'workspace' }));
    expect(slices[0]).toEqual({ timeouts: 0, firstIndex: 0, budgetMs: 500 });
    expect(slices[1]).toMatchObject({
      timeouts: 1,
      firstIndex: 1,
      budgetMs: 500,
      carry: {
        scriptFailed: true,
        files: [
          ['out.txt', new Uint8Array([104, 105])],
          ['data', null],
        ],
      },
    });
  });

  it('interactive work runs at once on the warm spare while a batch job holds the other worker', async () => {
    const p = pool([hang, healthy]); // the first worker never finishes its test
    const batch = p.run(job(1, 60_000), { owner: 'run' });
    batch.catch(() => {});
    await vi.advanceTimersByTimeAsync(50);
    let started = false;
    const interactive = p.run(job(1), { priority: 'interactive' }, () => (started = true));
    const result = await settle(interactive);
    expect(started).toBe(true);
    expect(result.results[0]).toMatchObject({ status: 'ok' });
    expect(workers[0]!.terminated).toBe(false); // the batch job is still running
  });

  it('interactive jobs go ahead of batch jobs waiting for a worker', async () => {
    const order: string[] = [];
    const p = pool(
      [
        (m, w) => {
          order.push(m.job.program);
          setTimeout(() => w.answer(m), 100);
        },
      ],
      { spares: 0 },
    );
    const runs = [p.run(named('batch-1', 1)), p.run(named('batch-2', 1))];
    await vi.advanceTimersByTimeAsync(15);
    runs.push(p.run(named('click', 1), { priority: 'interactive' }));
    await settle(Promise.all(runs));
    expect(order).toEqual(['batch-1', 'click', 'batch-2']);
  });

  it('cancelling a waiting job drops it; cancelling a running one terminates its worker at once', async () => {
    const p = pool([hang, hang, healthy], { spares: 0 });
    const running = p.run(job(3, 60_000), { id: 'running' });
    const waiting = p.run(job(1), { id: 'waiting' });
    running.catch(() => {});
    waiting.catch(() => {});
    await vi.advanceTimersByTimeAsync(50);
    expect(p.info().waitingJobs).toBe(1);
    p.cancel('waiting');
    await expect(waiting).rejects.toBeInstanceOf(SandboxCancelled);
    expect(workers[0]!.terminated).toBe(false);
    p.cancel('running');
    await expect(running).rejects.toBeInstanceOf(SandboxCancelled);
    expect(workers[0]!.terminated).toBe(true);
    expect(p.info()).toMatchObject({ waitingJobs: 0, workersReplaced: 1 });
  });

  it("a part that changed its worker's JavaScript realm has its results voided, and the worker is replaced", async () => {
    const tamper: Behaviour = (m, w) => {
      w.answer(m, () => 'forged\n', false);
      w.send({ type: 'job-end', nonce: m.nonce, completed: m.job.tests.length, recycle: true, heapMb: 30, realmChanged: true });
    };
    const p = pool([tamper, healthy]);
    const result = await settle(p.run(job(2)));
    expect(result.results.map((r) => [r.status, r.excType])).toEqual([
      ['exception', 'SandboxTampering'],
      ['exception', 'SandboxTampering'],
    ]);
    expect(workers[0]!.terminated).toBe(true);
  });
});
