// A Python worker: loads the self-hosted Pyodide and the harness, locks down its realm,
// then runs jobs. Created by the sandbox host from a blob URL inside the opaque-origin iframe.
import type { PyodideAPI } from 'pyodide';
import harnessPy from './python/harness.py?raw';
import jobsPy from './python/jobs.py?raw';
import isolationPy from './python/isolation.py?raw';
import workspacePy from './python/workspace.py?raw';
import tamperPy from './python/tamper.py?raw';
import { lockdown, RealmFingerprint } from './lockdown.ts';
import type { PyodideFiles } from '../src/sandbox/pyodide-files.ts';
import type { HostMessage, InitMessage, StartPhases, WorkerEvent } from './messages.ts';
import { installHarness, JobRunner } from './job-runner.ts';
import { withWatchedImports } from './bridge-watch.ts';

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

/** Run `f` and add its duration to a phase. */
async function timed<T>(phases: StartPhases, phase: keyof StartPhases, f: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    phases[phase] += performance.now() - t0;
  }
}

/**
 * Start an interpreter, counting the WebAssembly compile and instantiation (Pyodide's own
 * calls, timed while they run) apart from the rest of the start. Runs before lockdown;
 * WebAssembly is left as it was.
 */
async function startInterpreter(phases: StartPhases, load: Loader, options: object): Promise<PyodideAPI> {
  const wasm = WebAssembly as unknown as Record<'instantiate' | 'instantiateStreaming', (...args: unknown[]) => Promise<unknown>>;
  const originals = { instantiate: wasm.instantiate, instantiateStreaming: wasm.instantiateStreaming };
  let wasmMs = 0;
  for (const name of ['instantiate', 'instantiateStreaming'] as const) {
    wasm[name] = async (...args: unknown[]) => {
      const t0 = performance.now();
      try {
        return await originals[name].apply(WebAssembly, args);
      } finally {
        wasmMs += performance.now() - t0;
      }
    };
  }
  const t0 = performance.now();
  try {
    return await withWatchedImports(() => load(options));
  } finally {
    Object.assign(wasm, originals);
    phases.wasmMs += wasmMs;
    phases.interpreterMs += Math.max(0, performance.now() - t0 - wasmMs);
  }
}

/**
 * Start Pyodide from the given memory snapshot when there is one (and it loads), else
 * fully. Asked to make a snapshot, a worker makes it in a separate interpreter (whose
 * JavaScript bridge runs in a special recording mode) and then serves from the snapshot,
 * so every interpreter that runs programs behaves the same.
 */
type Started = { py: PyodideAPI; start: 'snapshot' | 'full'; snapshot?: ArrayBuffer };

async function startPython(load: Loader, msg: InitMessage, phases: StartPhases): Promise<Started> {
  const createPyodideModule = await timed(phases, 'runtimeImportMs', async () => (await importBytes(msg.files['pyodide.asm.mjs'])).default);
  const start = (options: object) => startInterpreter(phases, load, options);
  const options = {
    indexURL: RUNTIME_URL,
    lockFileContents: new TextDecoder().decode(msg.files['pyodide-lock.json']),
    createPyodideModule,
    env: { PYTHONHASHSEED: '0' },
    stdout: () => {},
    stderr: () => {},
  };
  if (msg.snapshot) {
    try {
      return { py: await start({ ...options, _loadSnapshot: new Uint8Array(msg.snapshot) }), start: 'snapshot' };
    } catch {
      // an unusable snapshot: start fully instead
    }
  }
  if (!msg.makeSnapshot) return { py: await start(options), start: 'full' };
  try {
    const maker = await start({ ...options, _makeSnapshot: true });
    const bytes = await timed(phases, 'snapshotMakeMs', () => {
      maker.runPython(WARM_IMPORTS);
      return (maker as unknown as { makeMemorySnapshot(): Uint8Array }).makeMemorySnapshot();
    });
    return { py: await start({ ...options, _loadSnapshot: bytes }), start: 'full', snapshot: bytes.slice().buffer };
  } catch {
    return { py: await start(options), start: 'full' };
  }
}

async function init(msg: InitMessage): Promise<void> {
  const t0 = performance.now();
  const phases: StartPhases = { runtimeImportMs: 0, wasmMs: 0, interpreterMs: 0, snapshotMakeMs: 0, harnessMs: 0, lockdownMs: 0 };
  serveRuntimeFiles(msg.files);
  const { loadPyodide } = await timed(
    phases,
    'runtimeImportMs',
    async () => (await importBytes(msg.files['pyodide.mjs'])) as unknown as { loadPyodide: Loader },
  );
  const { py, start, snapshot } = await startPython(loadPyodide, msg, phases);
  const harness = await timed(phases, 'harnessMs', () =>
    installHarness(py, { 'harness.py': harnessPy, 'isolation.py': isolationPy, 'workspace.py': workspacePy, 'tamper.py': tamperPy, 'jobs.py': jobsPy }),
  );
  const sharedInterrupt = msg.interrupt ? new Int32Array(msg.interrupt) : undefined;
  const pythonVersion = String(py.runPython('import sys; sys.version'));
  const lockdownStart = performance.now();
  // A handle a finished program left with JavaScript fails when used (pristine.ts): its error
  // stays here, and is not taken for the worker's own failure.
  scope.addEventListener('error', (e) => e.preventDefault());
  scope.addEventListener('unhandledrejection', (e) => e.preventDefault());
  lockdown();
  const proxyClasses = watchProxyClasses(py, [py.globals, harness]);
  let realm: RealmFingerprint | undefined;
  let api: RealmFingerprint | undefined;
  runner = new JobRunner(py, harness, {
    memoryLimitMb: msg.memoryLimitMb,
    ...(msg.reuseInterpreter ? { reuseInterpreter: true } : {}),
    ...(sharedInterrupt ? { sharedInterrupt } : {}),
    realmChanged: (crashed) => Boolean(realm?.changed() || (!crashed && api?.changed())),
  });
  // Taken last: everything above is ours. After a fatal error Pyodide replaces its own API's methods.
  realm = new RealmFingerprint();
  api = new RealmFingerprint([py], globalThis, false);
  proxyClasses.attach(api);
  phases.lockdownMs = performance.now() - lockdownStart;
  const ready: WorkerEvent = { type: 'ready', pyodideVersion: py.version, pythonVersion, loadMs: performance.now() - t0, start, phases };
  if (snapshot) post({ ...ready, snapshot }, [snapshot]);
  else post(ready);
}

/**
 * The prototypes of Pyodide's proxies for Python objects (one class per kind of object, made
 * when first needed) are within a program's reach through a proxy it makes itself: each one is
 * recorded when made, so that a program that changes one gets its worker replaced.
 */
function watchProxyClasses(py: PyodideAPI, existing: object[]): { attach(fingerprint: RealmFingerprint): void } {
  const M = (py as unknown as { _module: { getPyProxyClass: (flags: number) => { prototype: object } } })._module;
  const make = M.getPyProxyClass;
  const prototypes = new Set<object>();
  let fingerprint: RealmFingerprint | undefined;
  const watch = (prototype: object) => {
    for (let o: object | null = prototype; o && o !== Object.prototype && !prototypes.has(o); o = Object.getPrototypeOf(o) as object | null) {
      prototypes.add(o);
      fingerprint?.watch(o);
    }
  };
  M.getPyProxyClass = (flags: number) => {
    const cls = make(flags);
    watch(cls.prototype);
    return cls;
  };
  for (const proxy of existing) watch(Object.getPrototypeOf(proxy) as object);
  return {
    attach(f) {
      fingerprint = f;
      for (const o of prototypes) f.watch(o);
    },
  };
}

scope.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const msg = event.data;
  if (msg?.type === 'init' && !starting) {
    starting = true;
    init(msg).catch((err: unknown) => post({ type: 'init-failed', error: String((err as Error)?.stack ?? err).slice(0, 4000) }));
  } else if (msg?.type === 'job' && runner) {
    const { nonce } = msg;
    runner.run(
      msg.job,
      (e) => post({ ...e, nonce }, e.type === 'job-end' ? (e.carry?.files ?? []).flatMap(([, data]) => (data ? [data.buffer] : [])) : []),
      msg.slice,
    );
  }
});
