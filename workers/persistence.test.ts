// Nothing a program does reaches a later evaluation in the same worker. Each vector runs a
// hostile job, then an honest one, in one worker; the honest verdict must be identical to the
// same job run in a worker that never ran hostile code. The same pairs run once more with the
// interpreter reused (only the per-test restore, as workers did before): the vectors marked as
// surviving that must change the honest verdict there, which shows each check can fail.
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRequest, RawTestResult } from '../src/core/exec/sandbox-api.ts';
import type { JobRunner } from './job-runner.ts';
import { startRunner } from './node-executor.ts';
import { PERSISTENCE_VECTORS } from './persistence-vectors.ts';

const runnerFor = (reuseInterpreter: boolean) => startRunner({ memoryLimitMb: 512, reuseInterpreter });

/** The verdict of a job: every result but its run time. */
function verdict(runner: JobRunner, job: JobRequest): Omit<RawTestResult, 'durationMs'>[] {
  const results: Omit<RawTestResult, 'durationMs'>[] = [];
  runner.run(job, (event) => {
    if (event.type !== 'test-result') return;
    const { durationMs: _, ...rest } = event.result;
    results[event.index] = rest;
  });
  return results;
}

/** Let anything the job left scheduled run before the next one. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

let untouched: JobRunner;
let pristine: JobRunner;
beforeAll(async () => {
  [untouched, pristine] = await Promise.all([runnerFor(false), runnerFor(false)]);
});

describe('no program reaches a later evaluation', () => {
  it('the suite has at least 25 vectors, most of which survive a reused interpreter', () => {
    expect(PERSISTENCE_VECTORS.length).toBeGreaterThanOrEqual(25);
    expect(PERSISTENCE_VECTORS.filter((v) => v.survivesReuse).length).toBeGreaterThanOrEqual(15);
  });

  for (const vector of PERSISTENCE_VECTORS) {
    it(vector.name, async () => {
      const alone = verdict(untouched, vector.honest);
      verdict(pristine, vector.hostile);
      await nextTask();
      expect(verdict(pristine, vector.honest), 'after the hostile job, in the same worker').toEqual(alone);

      const reused = await runnerFor(true);
      verdict(reused, vector.hostile);
      await nextTask();
      const afterReuse = verdict(reused, vector.honest);
      if (vector.survivesReuse) expect(afterReuse, 'with the interpreter reused').not.toEqual(alone);
      else expect(afterReuse, 'with the interpreter reused').toEqual(alone);
    });
  }
});
