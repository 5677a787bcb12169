// Worker-thread side of the Node executor: Pyodide with the harness, running jobs it is sent
// and reporting each test as it starts and ends, so the parent can stop a hung program.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';
import type { JobRequest } from '../src/core/exec/sandbox-api.ts';
import { withWatchedImports } from './bridge-watch.ts';
import { harnessFiles } from './harness-files.ts';
import { installHarness, JobRunner, type SliceOptions } from './job-runner.ts';
import { compiledStdlibPath } from './stdlib-bytecode.ts';

const indexURL = `${dirname(createRequire(import.meta.url).resolve('pyodide'))}/`;
const stdLibURL = await compiledStdlibPath();
const py = await withWatchedImports(() => loadPyodide({ indexURL, stdLibURL, env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} }));
py.setStdin({ stdin: () => null }); // a thread has no process stdin; the harness serves fd 0 itself
const runner = new JobRunner(py, installHarness(py, harnessFiles()), { memoryLimitMb: (workerData as { memoryLimitMb: number }).memoryLimitMb });
parentPort!.on('message', ({ job, slice }: { job: JobRequest; slice: SliceOptions }) => runner.run(job, (event) => parentPort!.postMessage(event), slice));
parentPort!.postMessage({ type: 'ready' });
