// An executor that remembers each test's result by (program, test, limit), for large simulated
// studies in tests: simulated models revisit the same few program states many times (the same
// fix hunks, across skills and repeats), and a deterministic program gives the same result on
// the same input. Not used by the app: a model's program may read the clock or draw random
// numbers, and a timeout near the limit may not repeat.
import type { Executor } from './engine.ts';
import type { JobRequest, JobResult, RawTestResult } from './sandbox-api.ts';

export class MemoExecutor implements Executor {
  private readonly memo = new Map<string, RawTestResult>();
  hits = 0;
  misses = 0;

  constructor(private readonly inner: Executor) {}

  async run(job: JobRequest): Promise<JobResult> {
    const head = JSON.stringify([job.program, job.kind, job.entry ?? null, job.timeLimitMs, job.trace ?? false]);
    const keys = job.tests.map((t) => `${head}\u0000${t.payload}`);
    const missing = job.tests.filter((_, i) => !this.memo.has(keys[i]!));
    this.hits += job.tests.length - missing.length;
    this.misses += missing.length;
    let workerRestarts = 0;
    if (missing.length) {
      const result = await this.inner.run({ ...job, tests: missing });
      workerRestarts = result.workerRestarts;
      missing.forEach((t, i) => this.memo.set(`${head}\u0000${t.payload}`, result.results[i]!));
    }
    return { results: keys.map((k) => this.memo.get(k)!), workerRestarts };
  }
}
