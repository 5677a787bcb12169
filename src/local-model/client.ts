// The app's side of the in-browser engine: starts its worker on first use, tells it how to run
// (WebGPU when an adapter answers, threads when the page is cross-origin isolated), and is the
// LocalEngine the model layer calls (src/core/llm/local/engine.ts).
import * as Comlink from 'comlink';
import { LocalEngineError, type LocalEngine } from '../core/llm/local/engine.ts';
import { backendOf, type DeviceFacts } from '../core/llm/local/device.ts';
import type { EngineFailure, EngineOptions, LoadedModel, Probe, StoredModel, TransferProgress } from './api.ts';
import { engineWasmPath } from './engine-files.ts';
import { listModels, removeModel } from './store.ts';
import type { EngineApi } from './engine.worker.ts';

/** What this browser offers the engine (asked once). */
export async function probeDevice(): Promise<DeviceFacts> {
  const gpu = (
    navigator as Navigator & {
      gpu?: { requestAdapter(): Promise<{ info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean } } | null> };
    }
  ).gpu;
  let adapter: Awaited<ReturnType<NonNullable<typeof gpu>['requestAdapter']>> = null;
  try {
    adapter = (await gpu?.requestAdapter()) ?? null;
  } catch {
    adapter = null;
  }
  const info = adapter?.info;
  let memory64 = false;
  try {
    new WebAssembly.Memory({ address: 'i64', initial: 1n } as unknown as WebAssembly.MemoryDescriptor);
    memory64 = true;
  } catch {
    memory64 = false;
  }
  const deviceMemory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  const name = [info?.vendor, info?.architecture, info?.description].filter(Boolean).join(' ');
  return {
    webgpu: Boolean(adapter),
    ...(name ? { adapter: name } : {}),
    ...(info?.isFallbackAdapter ? { webgpuFallback: true } : {}),
    threads: globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function',
    cores: navigator.hardwareConcurrency || 1,
    memory64,
    jspi: typeof (WebAssembly as unknown as { Suspending?: unknown }).Suspending === 'function',
    ...(typeof deviceMemory === 'number' ? { deviceMemoryGiB: deviceMemory } : {}),
  };
}

const toEngineError = (err: unknown): Error => {
  const f = err as EngineFailure | undefined;
  return f && typeof f === 'object' && 'failure' in f ? new LocalEngineError(f.failure, f.message) : err instanceof Error ? err : new Error(String(err));
};

class LocalModels implements LocalEngine {
  private api: Comlink.Remote<EngineApi> | null = null;
  private device: Promise<DeviceFacts> | null = null;
  private requests = 0;
  /** How the engine runs models (set from the device, or by hand: bench:local-model). */
  private options: EngineOptions | null = null;

  deviceFacts(): Promise<DeviceFacts> {
    this.device ??= probeDevice();
    return this.device;
  }

  private async engine(): Promise<Comlink.Remote<EngineApi>> {
    if (!this.api) {
      const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'in-browser model' });
      this.api = Comlink.wrap<EngineApi>(worker);
      await this.configure(this.options ?? (await this.defaults()));
    }
    return this.api;
  }

  private async defaults(): Promise<EngineOptions> {
    const device = await this.deviceFacts();
    const backend = backendOf(device);
    return { gpu: backend.kind === 'webgpu', threads: backend.threads };
  }

  /** Run models this way from now on (the next load uses it). */
  async configure(options: EngineOptions): Promise<void> {
    this.options = { ...options };
    if (this.api) await this.api.configure(new URL(engineWasmPath(__WLLAMA_VERSION__), document.baseURI).href, this.options);
  }

  async complete(model: string, body: Record<string, unknown>, onChunk: (chunk: unknown) => void, signal?: AbortSignal): Promise<void> {
    const api = await this.engine();
    const request = ++this.requests;
    const cancel = () => void api.cancel(request);
    if (signal?.aborted) throw new LocalEngineError('cancelled', 'the request was cancelled');
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      await api.complete(request, model, body, Comlink.proxy(onChunk));
    } catch (err) {
      throw toEngineError(err);
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  }

  async load(id: string): Promise<LoadedModel> {
    try {
      return await (await this.engine()).load(id);
    } catch (err) {
      throw toEngineError(err);
    }
  }

  async loaded(): Promise<LoadedModel | null> {
    return this.api ? this.api.loadedModel() : null;
  }

  async unload(): Promise<void> {
    await this.api?.unload();
  }

  /** The stored models, read here (the engine's worker need not start for a list). */
  list(): Promise<StoredModel[]> {
    return listModels();
  }

  /** Remove a stored model (unloaded first, when the engine has it in memory). */
  async remove(id: string): Promise<void> {
    if (this.api) await this.api.remove(id);
    else await removeModel(id);
  }

  async probeUrls(id: string, urls: string[]): Promise<Probe> {
    try {
      return await (await this.engine()).probeUrls(id, urls);
    } catch (err) {
      throw toEngineError(err);
    }
  }

  async probeFiles(id: string, files: File[]): Promise<Probe> {
    try {
      return await (await this.engine()).probeFiles(id, files);
    } catch (err) {
      throw toEngineError(err);
    }
  }

  /** Store a probed model: download it, or copy the chosen files; stop with the signal (a download resumes later). */
  async store(probe: Probe, files: File[] | null, onProgress: (p: TransferProgress) => void, signal?: AbortSignal): Promise<StoredModel> {
    const api = await this.engine();
    const transfer = ++this.requests;
    const stop = () => void api.stopTransfer(transfer);
    signal?.addEventListener('abort', stop, { once: true });
    // Ask the browser to keep the models (and the runs) through storage pressure.
    void navigator.storage?.persist?.().catch(() => false);
    try {
      return await api.store(transfer, probe, files, Comlink.proxy(onProgress));
    } catch (err) {
      throw toEngineError(err);
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
}

/** The one engine of the app. */
export const localModels = new LocalModels();
