import { describe, expect, it } from 'vitest';
import type { Executor } from './engine.ts';
import { MemoExecutor } from './memo.ts';
import type { JobRequest } from './sandbox-api.ts';

describe('MemoExecutor', () => {
  it('runs each (program, test, limit) once and answers repeats from memory, in test order', async () => {
    const seen: string[][] = [];
    const inner: Executor = {
      run: async (job) => {
        seen.push(job.tests.map((t) => t.id));
        return {
          results: job.tests.map((t) => ({ status: 'ok' as const, stdout: `${job.program}:${t.payload}`, stderr: '', durationMs: 1 })),
          workerRestarts: 0,
        };
      },
    };
    const memo = new MemoExecutor(inner);
    const job = (program: string, ids: string[], timeLimitMs = 1000): JobRequest => ({
      program,
      kind: 'stdio',
      tests: ids.map((id) => ({ id, payload: `in-${id}` })),
      timeLimitMs,
    });
    expect((await memo.run(job('p', ['a', 'b']))).results.map((r) => r.stdout)).toEqual(['p:in-a', 'p:in-b']);
    expect((await memo.run(job('p', ['b', 'c', 'a']))).results.map((r) => r.stdout)).toEqual(['p:in-b', 'p:in-c', 'p:in-a']);
    await memo.run(job('q', ['a'])); // another program
    await memo.run(job('p', ['a'], 500)); // another limit
    expect(seen).toEqual([['a', 'b'], ['c'], ['a'], ['a']]);
    expect([memo.hits, memo.misses]).toEqual([2, 5]);
  });
});
