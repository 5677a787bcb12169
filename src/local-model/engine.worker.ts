// The in-browser engine's worker: llama.cpp's server compiled to WebAssembly (@wllama/wllama,
// whose own worker it starts runs the model; its threads, when it has them, are workers too),
// and the models' storage and downloads. It runs in the app's realm, never in the Python
// sandbox; the replies it sends back are untrusted text, shown inert like any model's.
import * as Comlink from 'comlink';
import { Wllama, WllamaAbortError, type LoadModelParams } from '@wllama/wllama';
import { contextFor } from '../core/llm/local/facts.ts';
import { templateFor } from '../core/llm/local/templates.ts';
import type { EngineFailure, EngineOptions, LoadedModel, Probe, StoredModel, TransferProgress } from './api.ts';
import { listModels, modelFiles, readMeta, removeModel } from './store.ts';
import { downloadModel, importFiles, probeFiles, probeUrls } from './transfer.ts';

const failure = (kind: EngineFailure['failure'], message: string): EngineFailure => ({ failure: kind, message });

/** An engine error as the app reads it (llama.cpp's words kept). */
function failed(err: unknown): EngineFailure {
  if (err instanceof WllamaAbortError || (err as Error)?.name === 'AbortError') return failure('cancelled', 'the request was cancelled');
  const message = String((err as Error)?.message ?? err);
  if (/context|kv.?cache|exceed|too long/i.test(message) || (err as { type?: string })?.type === 'kv_cache_full')
    return failure('too-long', `the prompt does not fit the model's context: ${message}`);
  return failure('engine', message);
}

class Engine {
  private wllama: Wllama | null = null;
  private loaded: (LoadedModel & { key: string }) | null = null;
  private wasmUrl = '';
  private options: EngineOptions = { gpu: false, threads: 1 };
  /** One load or reply at a time: the engine holds one model, and its threads are busy. */
  private turn: Promise<unknown> = Promise.resolve();
  private cancels = new Map<number, AbortController>();

  configure(wasmUrl: string, options: EngineOptions): void {
    this.wasmUrl = wasmUrl;
    this.options = { ...options };
  }

  private queue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.turn.then(work, work);
    this.turn = next.catch(() => {});
    return next;
  }

  /** Load a stored model (unless it is the one in memory, loaded the same way). */
  load(id: string): Promise<LoadedModel> {
    return this.queue(() => this.ensure(id));
  }

  private async ensure(id: string): Promise<LoadedModel> {
    const meta = await readMeta(id);
    if (!meta?.complete) throw failure('not-stored', meta ? `${id} is not completely downloaded yet` : `no model ${id} is stored in this browser`);
    const context = this.options.context ?? contextFor(meta.facts);
    const key = JSON.stringify([id, this.options.gpu, this.options.threads, context]);
    if (this.loaded?.key === key && this.wllama) return this.loaded;
    await this.unloadNow();
    const template = templateFor(meta.facts.chatTemplate);
    const wllama = new Wllama(
      { default: this.wasmUrl },
      { suppressNativeLog: true, logger: { debug() {}, log() {}, warn: console.warn, error: console.error } },
    );
    // Never the compatibility build from a CDN: this engine runs on what the site serves.
    wllama.setCompat(null);
    const params: LoadModelParams = {
      n_ctx: context,
      n_threads: this.options.threads,
      n_parallel: 1,
      jinja: true,
      ...(this.options.gpu ? {} : { n_gpu_layers: 0 }),
      ...(template.fallback ? { chat_template: template.text } : {}),
    };
    const t0 = performance.now();
    try {
      await wllama.loadModel(await modelFiles(id), params);
    } catch (err) {
      await wllama.exit().catch(() => {});
      throw failure('engine', `the model did not load: ${(err as Error)?.message ?? err}`);
    }
    this.wllama = wllama;
    this.loaded = {
      key,
      id,
      context,
      threads: wllama.getNumThreads(),
      gpu: this.options.gpu,
      template: template.name,
      loadMs: performance.now() - t0,
    };
    return this.loaded;
  }

  private async unloadNow(): Promise<void> {
    const old = this.wllama;
    this.wllama = null;
    this.loaded = null;
    await old?.exit().catch(() => {});
  }

  unload(): Promise<void> {
    return this.queue(() => this.unloadNow());
  }

  loadedModel(): LoadedModel | null {
    if (!this.loaded) return null;
    const { key: _key, ...rest } = this.loaded;
    return rest;
  }

  /** One streamed completion; chunks go to `onChunk`. Cancel with `cancel(request)`. */
  complete(request: number, id: string, body: Record<string, unknown>, onChunk: (chunk: unknown) => void): Promise<void> {
    const abort = new AbortController();
    this.cancels.set(request, abort);
    return this.queue(async () => {
      try {
        if (abort.signal.aborted) throw failure('cancelled', 'the request was cancelled');
        await this.ensure(id);
        const { model: _model, ...params } = body;
        // Each chunk is handed over before the reply ends (the last one carries the usage).
        const told: unknown[] = [];
        await this.wllama!.createChatCompletion({
          ...(params as object),
          messages: params.messages as never,
          stream: true,
          onData: (c) => told.push(onChunk(c)),
          abortSignal: abort.signal,
        });
        await Promise.all(told);
        if (abort.signal.aborted) throw failure('cancelled', 'the request was cancelled');
      } catch (err) {
        const f = (err as EngineFailure)?.failure ? (err as EngineFailure) : failed(err);
        // The engine itself failed (out of memory, an abort in llama.cpp): the next request loads a fresh one.
        if (f.failure === 'engine') await this.unloadNow();
        throw f;
      } finally {
        this.cancels.delete(request);
      }
    });
  }

  cancel(request: number): void {
    this.cancels.get(request)?.abort();
  }

  // ---- storage ----

  list = (): Promise<StoredModel[]> => listModels();

  async remove(id: string): Promise<void> {
    if (this.loaded?.id === id) await this.unload();
    await removeModel(id);
  }

  probeUrls = (id: string, urls: string[]): Promise<Probe> => probeUrls(id, urls);
  probeFiles = (id: string, files: File[]): Promise<Probe> => probeFiles(id, files);

  private transfers = new Map<number, AbortController>();

  async store(transfer: number, probe: Probe, files: File[] | null, onProgress: (p: TransferProgress) => void): Promise<StoredModel> {
    const abort = new AbortController();
    this.transfers.set(transfer, abort);
    // Every report is handed over before the end (they cross another channel).
    // At most ten reports a second, and the last.
    const told: unknown[] = [];
    let reportedAt = 0;
    const report = (p: TransferProgress) => {
      if (p.loaded < p.total && performance.now() - reportedAt < 100) return;
      reportedAt = performance.now();
      told.push(onProgress(p));
    };
    try {
      if (this.loaded?.id === probe.id) await this.unload();
      const stored = files ? await importFiles(probe, files, report, abort.signal) : await downloadModel(probe, report, abort.signal);
      await Promise.all(told);
      return stored;
    } catch (err) {
      if (abort.signal.aborted) throw failure('cancelled', 'stopped: what was downloaded is kept, and the download resumes from there');
      throw failure('engine', String((err as Error)?.message ?? err));
    } finally {
      this.transfers.delete(transfer);
    }
  }

  stopTransfer(transfer: number): void {
    this.transfers.get(transfer)?.abort();
  }
}

export type EngineApi = Engine;

Comlink.expose(new Engine());
