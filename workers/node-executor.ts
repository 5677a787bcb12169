// Runs jobs in Pyodide inside Node, through the same harness and runner as the browser
// worker — without the browser's isolation. For the project's own trusted programs only
// (dataset building and checking, harness tests): never for model or student code.
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import type { Executor } from '../src/core/exec/engine.ts';
import type { JobRequest, JobResult, RawTestResult } from '../src/core/exec/protocol.ts';
import { installHarness, JobRunner } from './runner.ts';

const harnessFiles = () => ({
  'harness.py': readFileSync(new URL('./python/harness.py', import.meta.url), 'utf8'),
  'isolation.py': readFileSync(new URL('./python/isolation.py', import.meta.url), 'utf8'),
});

export class TrustedNodeExecutor implements Executor {
  private runner: JobRunner | null = null;
  constructor(private readonly memoryLimitMb = 512) {}

  private async fresh(): Promise<JobRunner> {
    const py = await loadPyodide({ env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} });
    return new JobRunner(py, installHarness(py, harnessFiles()), { memoryLimitMb: this.memoryLimitMb });
  }

  /** Run a job; a worker that asks to be recycled is replaced, and the rest of the job continues. */
  async run(job: JobRequest): Promise<JobResult> {
    const results: RawTestResult[] = [];
    let restarts = 0;
    while (results.length < job.tests.length) {
      this.runner ??= await this.fresh();
      let recycle = false;
      this.runner.run({ ...job, tests: job.tests.slice(results.length) }, (event) => {
        if (event.type === 'test-result') results.push(event.result);
        if (event.type === 'job-end') recycle = event.recycle;
      });
      if (recycle) {
        this.runner = null;
        restarts++;
      }
    }
    return { results, workerRestarts: restarts };
  }
}
