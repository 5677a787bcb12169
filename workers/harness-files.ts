// The harness's Python files, read from workers/python/ (Node: the tests, the benchmarks and
// the CLI's trusted executor; the browser worker bundles them itself).
import { readFileSync } from 'node:fs';
import type { HarnessFiles } from './job-runner.ts';

export const harnessFiles = (): HarnessFiles => ({
  'harness.py': readFileSync(new URL('./python/harness.py', import.meta.url), 'utf8'),
  'isolation.py': readFileSync(new URL('./python/isolation.py', import.meta.url), 'utf8'),
  'workspace.py': readFileSync(new URL('./python/workspace.py', import.meta.url), 'utf8'),
  'tamper.py': readFileSync(new URL('./python/tamper.py', import.meta.url), 'utf8'),
  'jobs.py': readFileSync(new URL('./python/jobs.py', import.meta.url), 'utf8'),
});
