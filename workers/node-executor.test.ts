// The threaded Node executor: a program stuck in C code (where interrupts cannot land) is
// stopped by terminating its thread; the test ends as a timeout and the job goes on.
import { afterAll, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from './node-executor.ts';

const executor = new ThreadedNodeExecutor();
afterAll(() => executor.close());

it('hard-stops a program stuck in C code and runs the rest of the job in a fresh thread', async () => {
  const program = 'n = int(input())\nprint(sum(range(n)))\n';
  const r = await executor.run({
    program,
    kind: 'stdio',
    tests: [
      { id: 'a', payload: '10\n' },
      { id: 'b', payload: '10000000000000000\n' },
      { id: 'c', payload: '5\n' },
    ],
    timeLimitMs: 300,
  });
  expect(r.results.map((x) => x.status)).toEqual(['ok', 'timeout', 'ok']);
  expect(r.results[0]!.stdout).toBe('45\n');
  expect(r.results[1]!.note).toContain('hard stop');
  expect(r.results[2]!.stdout).toBe('10\n');
  expect(r.workerRestarts).toBe(1);
}, 60_000);
