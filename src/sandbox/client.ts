// The app's side of the sandbox: creates the opaque-origin iframe, connects to its
// host over a private MessageChannel, and validates everything that comes back.
import * as Comlink from 'comlink';
import * as v from 'valibot';
import type { Executor, JobControl } from '../core/exec/engine.ts';
import type { PyodideFiles } from './pyodide-files.ts';
import { MEASURE_PREFIX } from './start-timing.ts';
import {
  parseJobResult,
  SANDBOX_CONNECT,
  SANDBOX_HELLO,
  SandboxCancelled,
  SandboxInfoSchema,
  type JobRequest,
  type JobResult,
  type SandboxApi,
  type SandboxInfo,
} from '../core/exec/sandbox-api.ts';

export interface SandboxConfig {
  /** The Pyodide runtime (see fetchPyodideFiles), transferred to the sandbox. */
  files: PyodideFiles;
  poolSize?: number;
  spares?: number;
  memoryLimitMb?: number;
  graceMs?: number;
  /** A Pyodide memory snapshot from an earlier visit (transferred to the sandbox). */
  snapshot?: ArrayBuffer;
  /** Measurement only (bench:exec): reuse each worker's interpreter instead of restoring it before every job. */
  reuseInterpreter?: boolean;
}

export class SandboxClient implements Executor {
  private jobs = 0;
  private constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly api: Comlink.Remote<SandboxApi>,
  ) {}

  /**
   * Embed the sandbox page and connect to it. Resolves once connected (not yet ready).
   * The config may still be loading (e.g. a snapshot read from storage) while the page loads.
   */
  static create(config: SandboxConfig | Promise<SandboxConfig>, parent: HTMLElement = document.body): Promise<SandboxClient> {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts'); // no allow-same-origin: an opaque origin
    iframe.setAttribute('allow', 'cross-origin-isolated');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.title = 'Python sandbox';
    iframe.style.display = 'none';
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the sandbox page did not load')), 30_000);
      const onMessage = async (event: MessageEvent) => {
        if (event.source !== iframe.contentWindow || event.data?.type !== SANDBOX_HELLO) return;
        window.removeEventListener('message', onMessage);
        clearTimeout(timer);
        performance.measure(`${MEASURE_PREFIX}sandbox-page`, { start }); // the sandbox page loaded and said hello
        let settings: SandboxConfig;
        try {
          settings = await config;
        } catch (err) {
          reject(err as Error);
          return;
        }
        const channel = new MessageChannel();
        const transfer: Transferable[] = [channel.port2, ...Object.values(settings.files), ...(settings.snapshot ? [settings.snapshot] : [])];
        iframe.contentWindow!.postMessage({ type: SANDBOX_CONNECT, config: settings }, '*', transfer);
        resolve(new SandboxClient(iframe, Comlink.wrap<SandboxApi>(channel.port1)));
      };
      window.addEventListener('message', onMessage);
      import('virtual:sandbox-document').then(
        ({ default: html }) => {
          iframe.srcdoc = html; // part of the app bundle: cached and available offline with it
          parent.appendChild(iframe);
        },
        (err: unknown) => reject(err as Error),
      );
    });
  }

  async info(): Promise<SandboxInfo> {
    return v.parse(SandboxInfoSchema, await this.api.info());
  }

  /** Wait until at least one worker is ready; throws when the sandbox failed to start. */
  async whenReady(timeoutMs = 120_000, onProgress?: (info: SandboxInfo) => void): Promise<SandboxInfo> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const info = await this.info();
      onProgress?.(info);
      if (info.state === 'ready') return info;
      if (info.state === 'failed') throw new Error(`the Python sandbox failed to start: ${info.error ?? 'unknown error'}`);
      if (performance.now() > deadline) throw new Error('the Python sandbox did not become ready in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The snapshot a full start makes: null when none was made (e.g. storage turned off). */
  async whenSnapshotMade(timeoutMs = 60_000): Promise<ArrayBuffer | null> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const info = await this.info();
      if (info.snapshot === 'made') return this.takeSnapshot();
      if (info.state === 'failed') return null;
      await new Promise((r) => setTimeout(r, 250));
    }
    return null;
  }

  /** The snapshot the sandbox made this session, if any (validated as raw bytes). */
  async takeSnapshot(): Promise<ArrayBuffer | null> {
    const bytes: unknown = await this.api.takeSnapshot();
    return bytes instanceof ArrayBuffer ? bytes : null;
  }

  async run(job: JobRequest, control: JobControl = {}): Promise<JobResult> {
    const { signal } = control;
    if (signal?.aborted) throw new SandboxCancelled();
    const id = `job-${++this.jobs}`;
    const onAbort = () => void this.api.cancel(id).catch(() => {});
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const options = { id, priority: control.priority ?? 'batch', ...(control.owner ? { owner: control.owner } : {}) };
      const onStart = control.onStart;
      return parseJobResult(await this.api.run(job, options, onStart ? Comlink.proxy(() => onStart()) : undefined), job.tests.length);
    } catch (err) {
      if (signal?.aborted) throw new SandboxCancelled();
      throw err;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  destroy(): void {
    this.api[Comlink.releaseProxy]();
    this.iframe.remove();
  }
}
