// The sandbox host: runs inside the opaque-origin iframe (sandbox="allow-scripts"),
// owns the worker pool and exposes the typed SandboxApi to the app over Comlink.
// Python never runs here; it runs in the workers this page starts from a blob URL.
import * as Comlink from 'comlink';
import * as v from 'valibot';
import workerSource from 'virtual:python-worker-source';
import { JobRequestSchema, RunOptionsSchema, SANDBOX_CONNECT, SANDBOX_HELLO, type SandboxApi } from '../src/core/exec/sandbox-api.ts';
import { PYODIDE_FILES, type PyodideFileName, type PyodideFiles } from '../src/sandbox/pyodide-files.ts';
import { MAX_SNAPSHOT_BYTES } from './messages.ts';
import { defaultPoolSize, WorkerPool, type WorkerHandle } from './pool.ts';

const bytes = (max: number) =>
  v.pipe(
    v.instance(ArrayBuffer),
    v.check((b) => b.byteLength <= max, 'file too large'),
  );
const FilesSchema = v.object(
  Object.fromEntries(PYODIDE_FILES.map((name) => [name, bytes(64 * 1024 * 1024)])) as Record<PyodideFileName, ReturnType<typeof bytes>>,
);

const ConfigSchema = v.object({
  files: FilesSchema,
  poolSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8))),
  spares: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4))),
  memoryLimitMb: v.optional(v.pipe(v.number(), v.minValue(64), v.maxValue(3072))),
  graceMs: v.optional(v.pipe(v.number(), v.minValue(100), v.maxValue(60_000))),
  snapshot: v.optional(bytes(MAX_SNAPSHOT_BYTES)),
  reuseInterpreter: v.optional(v.boolean()),
});

let workerUrl: string | undefined;

function startWorker(name: string): WorkerHandle {
  workerUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const worker = new Worker(workerUrl, { name }); // classic: module workers fail from blob: URLs here
  const handle: WorkerHandle = {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate: () => worker.terminate(),
    onMessage: null,
    onFailure: null,
  };
  worker.onmessage = (e) => handle.onMessage?.(e.data);
  worker.onmessageerror = () => handle.onFailure?.('unreadable message');
  worker.onerror = (e) => {
    e.preventDefault();
    handle.onFailure?.(e.message || 'worker error');
  };
  return handle;
}

function connect(port: MessagePort, rawConfig: unknown): void {
  const config = v.parse(ConfigSchema, rawConfig ?? {});
  const pool = new WorkerPool({
    size: config.poolSize ?? defaultPoolSize(navigator.hardwareConcurrency),
    spares: config.spares ?? 1,
    files: config.files as PyodideFiles,
    memoryLimitMb: config.memoryLimitMb ?? 512,
    graceMs: config.graceMs ?? 1000,
    loadTimeoutMs: 60_000,
    settleMs: 10_000,
    maxJobsPerWorker: 500,
    sliceMs: 1000,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    ...(config.snapshot ? { snapshot: config.snapshot } : {}),
    ...(config.reuseInterpreter ? { reuseInterpreter: true } : {}),
    createWorker: startWorker,
  });
  const api: SandboxApi = {
    info: async () => pool.info(),
    run: async (job, options, onStart) => {
      const notify = typeof onStart === 'function' ? () => void Promise.resolve(onStart()).catch(() => {}) : undefined;
      return pool.run(v.parse(JobRequestSchema, job), v.parse(RunOptionsSchema, options ?? {}), notify);
    },
    cancel: async (id) => pool.cancel(v.parse(v.pipe(v.string(), v.maxLength(100)), id)),
    takeSnapshot: async () => {
      const snapshot = pool.madeSnapshot();
      return snapshot ? Comlink.transfer(snapshot, [snapshot]) : null;
    },
  };
  Comlink.expose(api, port);
}

let connected = false;
window.addEventListener('message', (event: MessageEvent) => {
  if (connected || event.source !== window.parent || event.data?.type !== SANDBOX_CONNECT || !event.ports[0]) return;
  connected = true;
  connect(event.ports[0], event.data.config);
});
window.parent.postMessage({ type: SANDBOX_HELLO }, '*');
