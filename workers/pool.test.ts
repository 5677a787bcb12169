// Pool logic with scripted workers: dispatch, hard stops, crashes, validation, replacement.
// The real workers are exercised end to end in e2e/; here each worker follows a script.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRequest } from '../src/core/exec/sandbox-api.ts';
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
    if (end) this.send({ type: 'job-end', nonce: job.nonce, completed: job.job.tests.length, recycle: false, heapMb: 30 });
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
    files: { 'pyodide.mjs': new ArrayBuffer(1), 'pyodide.asm.mjs': new ArrayBuffer(1), 'pyodide.asm.wasm': new ArrayBuffer(1), 'python_stdlib.zip': new ArrayBuffer(1), 'pyodide-lock.json': new ArrayBuffer(1) },
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
        w.send({ type: 'job-end', nonce: m.nonce, completed: 1, recycle: false, heapMb: 1 });
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
      w.send({ type: 'job-end', nonce: m.nonce, completed: m.job.tests.length, recycle: true, heapMb: 400 });
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
