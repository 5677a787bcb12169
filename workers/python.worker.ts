// A Python worker: loads the self-hosted Pyodide and the harness, locks down its realm,
// then runs jobs. Created by the sandbox host from a blob URL inside the opaque-origin iframe.
import type { PyodideAPI } from 'pyodide';
import harnessPy from './python/harness.py?raw';
import isolationPy from './python/isolation.py?raw';
import workspacePy from './python/workspace.py?raw';
import { lockdown, RealmFingerprint } from './lockdown.ts';
import type { PyodideFiles } from '../src/sandbox/pyodide-files.ts';
import type { HostMessage, InitMessage, WorkerEvent } from './messages.ts';
import { installHarness, JobRunner } from './job-runner.ts';

// Captured before any untrusted code runs; lockdown() removes the global afterwards.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const postMessage = scope.postMessage.bind(scope);
const post = (event: WorkerEvent, transfer: Transferable[] = []) => postMessage(event, transfer);
let runner: JobRunner | null = null;
let starting = false;

/** A name for where the runtime lives; nothing is fetched from it (see serveRuntimeFiles). */
const RUNTIME_URL = 'https://pyodide.runtime.invalid/';

/** Evaluate a JavaScript module from bytes (a blob: URL, allowed by the sandbox CSP). */
function importBytes(bytes: ArrayBuffer): Promise<Record<string, unknown>> {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
  return import(/* @vite-ignore */ url);
}

/**
 * While Pyodide starts, answer its requests for runtime files from the bytes the host
 * sent. Everything else fails: there is no network here (and lockdown removes fetch).
 */
function serveRuntimeFiles(files: PyodideFiles): void {
  const types: Record<string, string> = { wasm: 'application/wasm', zip: 'application/zip', json: 'application/json' };
  scope.fetch = async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.startsWith(RUNTIME_URL) ? (url.slice(RUNTIME_URL.length) as keyof PyodideFiles) : undefined;
    if (!name || !(name in files)) throw new TypeError(`no network in the sandbox: ${url}`);
    return new Response(files[name], { headers: { 'Content-Type': types[name.split('.').pop()!] ?? 'application/octet-stream' } });
  };
}

/** Modules the harness needs, imported before the snapshot so a restored interpreter has them. */
const WARM_IMPORTS = 'import builtins, gc, io, json, os, random, shutil, sys, time, types';

type Loader = (options: object) => Promise<PyodideAPI>;

/**
 * Start Pyodide from the given memory snapshot when there is one (and it loads), else
 * fully. Asked to make a snapshot, a worker makes it in a separate interpreter (whose
 * JavaScript bridge runs in a special recording mode) and then serves from the snapshot,
 * so every interpreter that runs programs behaves the same.
 */
type Started = { py: PyodideAPI; start: 'snapshot' | 'full'; snapshot?: ArrayBuffer };

async function startPython(load: Loader, msg: InitMessage): Promise<Started> {
  const options = {
    indexURL: RUNTIME_URL,
    lockFileContents: new TextDecoder().decode(msg.files['pyodide-lock.json']),
    createPyodideModule: (await importBytes(msg.files['pyodide.asm.mjs'])).default,
    env: { PYTHONHASHSEED: '0' },
    stdout: () => {},
    stderr: () => {},
  };
  if (msg.snapshot) {
    try {
      return { py: await load({ ...options, _loadSnapshot: new Uint8Array(msg.snapshot) }), start: 'snapshot' };
    } catch {
      // an unusable snapshot: start fully instead
    }
  }
  if (!msg.makeSnapshot) return { py: await load(options), start: 'full' };
  try {
    const maker = await load({ ...options, _makeSnapshot: true });
    maker.runPython(WARM_IMPORTS);
    const bytes = (maker as unknown as { makeMemorySnapshot(): Uint8Array }).makeMemorySnapshot();
    return { py: await load({ ...options, _loadSnapshot: bytes }), start: 'full', snapshot: bytes.slice().buffer };
  } catch {
    return { py: await load(options), start: 'full' };
  }
}

async function init(msg: InitMessage): Promise<void> {
  const t0 = performance.now();
  serveRuntimeFiles(msg.files);
  const { loadPyodide } = (await importBytes(msg.files['pyodide.mjs'])) as unknown as { loadPyodide: Loader };
  const { py, start, snapshot } = await startPython(loadPyodide, msg);
  const harness = installHarness(py, { 'harness.py': harnessPy, 'isolation.py': isolationPy, 'workspace.py': workspacePy });
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
  const ready: WorkerEvent = { type: 'ready', pyodideVersion: py.version, pythonVersion, loadMs: performance.now() - t0, start };
  if (snapshot) post({ ...ready, snapshot }, [snapshot]);
  else post(ready);
}

scope.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const msg = event.data;
  if (msg?.type === 'init' && !starting) {
    starting = true;
    init(msg).catch((err: unknown) => post({ type: 'init-failed', error: String((err as Error)?.stack ?? err).slice(0, 4000) }));
  } else if (msg?.type === 'job' && runner) {
    const { nonce } = msg;
    runner.run(msg.job, (e) => post({ ...e, nonce }));
  }
});
