import { describe, expect, it } from 'vitest';
import type { Instance } from '../model/instance.ts';
import { buildJob, evaluateProgram, jobTest, type Executor } from './engine.ts';
import type { JobRequest, JobResult } from './sandbox-api.ts';
import { MemoryTraceStore, referenceTraces } from './traces.ts';

const instance: Instance = {
  id: 'sum',
  title: 'Sum',
  source: { name: 'fixture' },
  statement: 'Print a+b.',
  language: 'python',
  buggy: 'print(0)',
  reference: 'a, b = map(int, input().split())\nprint(a + b)',
  testKind: 'stdio',
  tests: [
    { id: 'a', input: '1 2\n', expected: '3\n' },
    { id: 'b', input: '5 5\n', expected: '10\n' },
  ],
};

/** Records jobs and answers them from a script: never sees expected outputs, like the sandbox. */
class ScriptedExecutor implements Executor {
  jobs: JobRequest[] = [];
  constructor(private readonly answer: (job: JobRequest) => JobResult) {}
  async run(job: JobRequest) {
    this.jobs.push(structuredClone(job));
    return this.answer(job);
  }
}

describe('jobs sent to the sandbox', () => {
  it('carry inputs, never expected outputs', () => {
    const job = buildJob(instance, instance.buggy, instance.tests, 1000);
    expect(job.tests).toEqual([
      { id: 'a', payload: '1 2\n' },
      { id: 'b', payload: '5 5\n' },
    ]);
    expect(JSON.stringify(job)).not.toContain('10\\n');
  });
  it('encode call arguments as JSON and unittest code as is', () => {
    expect(jobTest({ id: 'c', args: [[1, 2], 'x'], expected: 3 })).toEqual({ id: 'c', payload: '[[1,2],"x"]' });
    expect(jobTest({ id: 'u', code: 'assert f()' })).toEqual({ id: 'u', payload: 'assert f()' });
  });
});

describe('evaluateProgram', () => {
  it('judges raw results against expected outputs on the app side', async () => {
    const exec = new ScriptedExecutor((job) => ({
      results: job.tests.map((t) => ({ status: 'ok' as const, stdout: t.payload === '1 2\n' ? '3\n' : '11\n', stderr: '', durationMs: 2 })),
      workerRestarts: 0,
    }));
    const ev = await evaluateProgram(exec, instance, instance.buggy, { defaultTimeLimitMs: 1500 });
    expect(ev.passed).toBe(1);
    expect(ev.total).toBe(2);
    expect(ev.outcomes.map((o) => o.outcome)).toEqual(['passed', 'wrong-answer']);
    expect(exec.jobs[0]!.timeLimitMs).toBe(1500);
  });
  it('prefers the instance time limit and can run a subset of tests', async () => {
    const exec = new ScriptedExecutor((job) => ({
      results: job.tests.map(() => ({ status: 'ok' as const, stdout: '10\n', stderr: '', durationMs: 1 })),
      workerRestarts: 0,
    }));
    const ev = await evaluateProgram(exec, { ...instance, timeLimitMs: 300 }, 'x', { defaultTimeLimitMs: 2000, testIds: ['b'] });
    expect(exec.jobs[0]!.timeLimitMs).toBe(300);
    expect(ev.outcomes).toHaveLength(1);
    expect(ev.outcomes[0]).toMatchObject({ testId: 'b', outcome: 'passed' });
  });
  it('rejects a result count that does not match the job', async () => {
    const exec = new ScriptedExecutor(() => ({ results: [], workerRestarts: 0 }));
    await expect(evaluateProgram(exec, instance, 'x')).rejects.toThrow(/0 results for 2 tests/);
  });
});

describe('referenceTraces', () => {
  it('runs only uncached tests, with tracing on, and caches by program hash and test id', async () => {
    const exec = new ScriptedExecutor((job) => ({
      results: job.tests.map((t) => ({ status: 'ok' as const, stdout: '', stderr: '', durationMs: 1, lines: t.id === 'a' ? [1, 2] : [1] })),
      workerRestarts: 0,
    }));
    const store = new MemoryTraceStore();
    const first = await referenceTraces(exec, instance, store, { defaultTimeLimitMs: 1000 });
    expect(Object.fromEntries(first)).toEqual({ a: [1, 2], b: [1] });
    expect(exec.jobs[0]).toMatchObject({ trace: true, program: instance.reference });
    expect(store.size).toBe(2);
    const again = await referenceTraces(exec, instance, store, { defaultTimeLimitMs: 1000 });
    expect(Object.fromEntries(again)).toEqual({ a: [1, 2], b: [1] });
    expect(exec.jobs).toHaveLength(1); // served from the cache
    await referenceTraces(exec, { ...instance, reference: instance.reference + '\n' }, store, { defaultTimeLimitMs: 1000 });
    expect(exec.jobs).toHaveLength(2); // a different program is a different key
  });
});
