// A model running in this browser (llama.cpp in WebAssembly, src/local-model/), as one
// provider among the others: the request is built and the streamed reply read by the same
// chat-completions code as any provider's (wire/chat.ts), so its thinking is kept apart, its
// usage read, its reply limit and temperature sent as for a server. It differs in three ways:
// a seed is always sent (a local engine honours it) and recorded, so a reply can be made
// again; it costs nothing; and a silence of the request timeout, not the whole reply, is a
// timeout, as for any streamed reply.
import { capabilitiesFor, type Capabilities } from '../capabilities.ts';
import { IN_BROWSER } from '../presets.ts';
import { LlmError, type ChatModel, type ChatRequest, type ChatResponse } from '../types.ts';
import { chatBody, takeChunk } from '../wire/chat.ts';
import { Reply } from '../wire/reply.ts';
import { localEngine, LocalEngineError, type LocalEngine } from './engine.ts';

/** How often a reply tells its progress (as other streamed replies do). */
const PROGRESS_EVERY_MS = 50;

/** A seed for a request that names none (a run names one for every call: runner.ts, callSeed): random, and recorded. */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);

export class InBrowserModel implements ChatModel {
  readonly simulated = false;
  readonly honoursSeed = true;
  private readonly shape: Capabilities;

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly options: { timeoutMs: number; engine?: LocalEngine; capabilities?: Capabilities; seed?: () => number },
  ) {
    this.shape = options.capabilities ?? capabilitiesFor(IN_BROWSER, id);
  }

  /** The request shape (fixed: the engine takes every setting). */
  requestShape(): Capabilities {
    return { ...this.shape };
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const engine = this.options.engine ?? localEngine();
    if (!engine) throw new LlmError('bad-request', 'an in-browser model runs only in the app, in a browser (`hintbench run` drives one in headless Chromium)');
    const seed = request.seed ?? (this.options.seed ?? randomSeed)();
    const { body, sent } = chatBody({ ...request, seed }, { ...this.shape, seed: true, stream: true, streamUsage: true }, true);
    const reply = new Reply(request.model);
    const quiet = new AbortController();
    const stop = () => quiet.abort();
    signal?.addEventListener('abort', stop, { once: true });
    let silent = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let chunks = 0;
    const wake = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        silent = true;
        quiet.abort();
      }, this.options.timeoutMs);
    };
    let toldAt = 0;
    try {
      wake();
      // An engine that stops answering (its worker gone) still lets the silence end the request.
      const stopped = new Promise<never>((_, reject) =>
        quiet.signal.addEventListener('abort', () => reject(new LlmError('cancelled', 'stopped')), { once: true }),
      );
      const answered = engine.complete(
        request.model,
        body,
        (chunk) => {
          wake();
          chunks++;
          const grew = takeChunk(reply, chunk);
          if (request.onProgress && grew && Date.now() - toldAt >= PROGRESS_EVERY_MS) {
            toldAt = Date.now();
            const so = reply.response();
            request.onProgress({ content: so.content, thinking: so.thinking ?? '' });
          }
        },
        quiet.signal,
      );
      answered.catch(() => {}); // its failure after a silence is not the request's
      await Promise.race([answered, stopped]);
      if (silent) throw this.silence(chunks > 0);
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
      if (reply.empty && reply.finishReason === undefined) throw new LlmError('bad-response', 'the engine ended without a reply');
      reply.streamed = true;
      return reply.response({ streamed: true, seed, ...(sent.changed.length ? { settingsChanged: sent.changed } : {}) });
    } catch (err) {
      if (silent) throw this.silence(chunks > 0);
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
      if (err instanceof LlmError) throw err;
      if (err instanceof LocalEngineError) {
        if (err.failure === 'cancelled') throw new LlmError('cancelled', 'the request was cancelled');
        throw new LlmError(err.failure === 'not-stored' ? 'not-found' : err.failure === 'too-long' ? 'bad-request' : 'server', err.message);
      }
      throw new LlmError('server', `the in-browser engine failed: ${(err as Error)?.message ?? err}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }

  private silence(answered: boolean): LlmError {
    const s = Math.round(this.options.timeoutMs / 1000);
    return new LlmError('timeout', answered ? `timed out: no token came for ${s} s` : `timed out: the model gave no token within ${s} s (loading it included)`);
  }
}
