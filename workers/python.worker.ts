// A Python worker: loads the self-hosted Pyodide and the harness, locks down its realm,
// then runs jobs. Created by the sandbox host from a blob URL inside the opaque-origin iframe.
import type { PyodideAPI } from 'pyodide';
import harnessPy from './python/harness.py?raw';
import isolationPy from './python/isolation.py?raw';
import { lockdown, RealmFingerprint } from './lockdown.ts';
import type { HostMessage, WorkerEvent } from './messages.ts';
import { installHarness, JobRunner } from './runner.ts';

// Captured before any untrusted code runs; lockdown() removes the global afterwards.
const post: (event: WorkerEvent) => void = self.postMessage.bind(self);
let runner: JobRunner | null = null;
let starting = false;

async function init(msg: Extract<HostMessage, { type: 'init' }>): Promise<void> {
  const t0 = performance.now();
  const { loadPyodide } = (await import(/* @vite-ignore */ `${msg.indexURL}pyodide.mjs`)) as {
    loadPyodide: (options: object) => Promise<PyodideAPI>;
  };
  const py = await loadPyodide({ indexURL: msg.indexURL, env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} });
  const harness = installHarness(py, { 'harness.py': harnessPy, 'isolation.py': isolationPy });
  const sharedInterrupt = msg.interrupt ? new Int32Array(msg.interrupt) : undefined;
  const pythonVersion = String(py.runPython('import sys; sys.version'));
  lockdown();
  let fingerprint: RealmFingerprint | undefined;
  runner = new JobRunner(py, harness, {
    memoryLimitMb: msg.memoryLimitMb,
    ...(sharedInterrupt ? { sharedInterrupt } : {}),
    realmChanged: () => fingerprint?.changed() ?? false,
  });
  fingerprint = new RealmFingerprint([py]); // taken last: everything above is ours
  post({ type: 'ready', pyodideVersion: py.version, pythonVersion, loadMs: performance.now() - t0 });
}

self.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const msg = event.data;
  if (msg?.type === 'init' && !starting) {
    starting = true;
    init(msg).catch((err: unknown) => post({ type: 'init-failed', error: String((err as Error)?.stack ?? err).slice(0, 4000) }));
  } else if (msg?.type === 'job' && runner) {
    const { nonce } = msg;
    runner.run(msg.job, (e) => post({ ...e, nonce }));
  }
});
