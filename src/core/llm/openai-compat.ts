// Provider models through the `openai` package (browser and Node): chat completions, or the
// Responses API for the models OpenAI serves only there (wire/), and Azure OpenAI's
// deployments. The SDK's own retries are off: hintbench has one retry layer (retry.ts). Each
// model sends requests in the shape it accepts (capabilities.ts), reads every error body whole
// (provider-errors.ts) and learns from a provider that refuses part of a request (learn.ts: the
// request goes again at once, and the call says what changed), streams where it can (a
// silence, not the total time, is a timeout), and keeps a reasoning model's thinking apart
// from its answer.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, AzureOpenAI } from 'openai';
import type { Capabilities } from './capabilities.ts';
import { learn } from './learn.ts';
import { readErrorBody, type Named } from './provider-errors.ts';
import { LlmError, retryAfterMs, type ChatModel, type ChatRequest, type ChatResponse, type EmbeddingRequest, type EmbeddingResponse } from './types.ts';
import { chatBody, readCompletion, takeChunk } from './wire/chat.ts';
import { Reply } from './wire/reply.ts';
import { readResponse, responsesBody, takeEvent } from './wire/responses.ts';

export interface ProviderSettings {
  baseURL: string;
  /** Never logged, exported or sent anywhere but this provider. */
  apiKey: string;
  headers?: Record<string, string>;
  /** Without streaming: the whole request's limit. Streaming: the longest silence (no token) allowed. */
  timeoutMs: number;
  /** The request shape this model takes (capabilities.ts); plain OpenAI-compatible when absent. */
  capabilities?: Capabilities;
  /** Azure OpenAI: the base URL is the resource's endpoint, models are deployments, the key goes in `api-key`. */
  azure?: { apiVersion: string };
  /** For tests and the headless runner: a fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * The SDK's own telemetry headers, left out: they make a browser's CORS preflight ask for them,
 * and providers whose CORS answer lists the headers it allows refuse it (Mistral: x-stainless-timeout).
 */
const NO_SDK_HEADERS = Object.fromEntries(
  [
    'x-stainless-lang',
    'x-stainless-package-version',
    'x-stainless-os',
    'x-stainless-arch',
    'x-stainless-runtime',
    'x-stainless-runtime-version',
    'x-stainless-retry-count',
    'x-stainless-timeout',
  ].map((h) => [h, null]),
);

const PLAIN_SHAPE: Capabilities = {
  api: 'chat',
  tokenLimit: 'max_tokens',
  temperature: true,
  seed: true,
  systemRole: 'system',
  reasoningEffort: false,
  stream: false,
  streamUsage: false,
};

/** What the body of an error answer names, as the wrapper below read it. */
const namedOf = (err: APIError): Named[] => {
  const named = (err.error as { hintbench_named?: unknown } | undefined)?.hintbench_named;
  return Array.isArray(named) ? (named as Named[]) : [];
};

export function toLlmError(err: unknown): LlmError {
  if (err instanceof LlmError) return err;
  if (err instanceof APIUserAbortError) return new LlmError('cancelled', 'the request was cancelled');
  if (err instanceof APIConnectionTimeoutError) return new LlmError('timeout', 'the request timed out');
  if (err instanceof APIConnectionError) return new LlmError('network', `no answer from the provider: ${err.message}`);
  if (err instanceof APIError && err.status !== undefined) {
    const s = err.status;
    const detail = err.message.replace(/^\d{3} /, '');
    const named = namedOf(err);
    // Some providers answer a bad key with 400 (Gemini's API_KEY_INVALID).
    if (s === 401 || s === 403 || (s === 400 && /api[_ -]?key|unauthori[sz]ed/i.test(detail)))
      return new LlmError('auth', `the provider refused the key (HTTP ${s}): ${detail}`, s);
    // Out of credit: 402, or OpenAI's 429 insufficient_quota, which no wait cures.
    if (
      s === 402 ||
      (s === 429 && /insufficient_quota/.test(`${String(err.code)} ${String(err.type)}`)) ||
      /insufficient (?:balance|credits?|quota)/i.test(detail)
    )
      return new LlmError('no-credit', `the provider says the account is out of credit (HTTP ${s}): ${detail}`, s);
    if (s === 404) return new LlmError('not-found', `unknown model or endpoint (HTTP 404): ${detail}`, s, undefined, named);
    if (s === 429) return new LlmError('rate-limit', `rate limited (HTTP 429): ${detail}`, s, retryAfterMs(err.headers));
    if (s >= 500) return new LlmError('server', `provider error (HTTP ${s}): ${detail}`, s, retryAfterMs(err.headers));
    return new LlmError('bad-request', `the provider rejected the request (HTTP ${s}): ${detail}`, s, undefined, named);
  }
  // An error sent inside a stream (an `error` chunk or event): the provider's words; out of credit is not retried.
  if (err instanceof APIError)
    return new LlmError(/insufficient_quota/.test(String(err.code)) ? 'no-credit' : 'server', `the provider's stream failed: ${err.message}`);
  if (err instanceof SyntaxError) return new LlmError('bad-response', `the provider's answer is not valid JSON: ${err.message}`);
  return new LlmError('bad-response', String((err as Error)?.message ?? err));
}

/**
 * Error answers read whole (provider-errors.ts) and passed on in the one shape the SDK reads,
 * `{"error": {"message", "code", "type", "param"}}`, with what the body names beside it: so a
 * validation list, a wrapped upstream error or a body without `error` is never "no body".
 */
function readableErrors(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    const read = readErrorBody(res.status, text);
    const headers = new Headers(res.headers);
    for (const h of ['content-length', 'content-encoding', 'transfer-encoding']) headers.delete(h);
    headers.set('content-type', 'application/json');
    const param = read.named.find((n) => n.kind === 'parameter' || n.kind === 'value');
    const error = {
      message: read.via ? `${read.message} (from ${read.via})` : read.message,
      ...(read.code !== undefined ? { code: read.code } : {}),
      ...(read.type !== undefined ? { type: read.type } : {}),
      ...(param && 'param' in param ? { param: param.param } : {}),
      hintbench_named: read.named,
    };
    return new Response(JSON.stringify({ error }), { status: res.status, statusText: res.statusText, headers });
  };
}

/** How often a streaming reply tells its progress (each time splits the thinking from the answer so far). */
const PROGRESS_EVERY_MS = 50;

/** The two wires: the body, the whole reply, and one streamed event. */
const WIRES = {
  chat: { body: chatBody, whole: readCompletion, take: takeChunk, name: 'chat completions' },
  responses: { body: responsesBody, whole: readResponse, take: takeEvent, name: 'the Responses API' },
} as const;

export class OpenAICompatibleModel implements ChatModel {
  readonly simulated = false;
  private readonly client: OpenAI;
  /** The request shape, as the preset and config set it and the provider's refusals taught it. */
  private readonly shape: Capabilities;

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly settings: ProviderSettings,
  ) {
    this.shape = { ...(settings.capabilities ?? PLAIN_SHAPE) };
    const common = {
      apiKey: settings.apiKey || 'no-key',
      defaultHeaders: { ...NO_SDK_HEADERS, ...settings.headers },
      dangerouslyAllowBrowser: true, // the user's own key, called from the user's own browser
      maxRetries: 0,
      timeout: settings.timeoutMs,
      fetch: readableErrors(settings.fetch ?? ((input, init) => fetch(input, init))),
    };
    this.client = settings.azure
      ? new AzureOpenAI({ ...common, endpoint: settings.baseURL, apiVersion: settings.azure.apiVersion })
      : new OpenAI({ ...common, baseURL: settings.baseURL });
  }

  /** The request shape as it stands (after what the provider's refusals taught it). */
  requestShape(): Capabilities {
    return { ...this.shape, ...(this.shape.efforts ? { efforts: [...this.shape.efforts] } : {}) };
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const adjusted: string[] = [];
    // Each refusal the shape can answer is learned once; then the request goes again. A request
    // sent before another one's refusal taught the shape goes again as it is now.
    for (let attempt = 0; ; attempt++) {
      const sent = JSON.stringify(this.shape);
      const wire = WIRES[this.shape.api];
      const { body, sent: settings } = wire.body(request, this.shape, this.shape.stream);
      try {
        const reply = this.shape.stream ? await this.streamed(wire, body, request, signal) : await this.whole(wire, body, request, signal);
        return reply.response({
          ...(reply.streamed ? { streamed: true as const } : {}),
          ...(this.shape.api === 'responses' ? { api: 'responses' as const } : {}),
          ...(settings.reasoningEffort !== undefined ? { reasoningEffort: settings.reasoningEffort } : {}),
          ...(settings.changed.length ? { settingsChanged: settings.changed } : {}),
          ...(adjusted.length ? { adjusted } : {}),
        });
      } catch (err) {
        const e = toLlmError(err);
        if (!e.named?.length || attempt >= 6) throw e;
        for (const named of e.named) {
          const change = learn(this.shape, named, settings.reasoningEffort);
          if (change) adjusted.push(change);
        }
        if (JSON.stringify(this.shape) === sent) throw e;
      }
    }
  }

  /** Send one request; the SDK's stream, or a whole answer. */
  private send(wire: (typeof WIRES)[keyof typeof WIRES], body: Record<string, unknown>, signal: AbortSignal | undefined) {
    const options = signal ? { signal } : {};
    return wire === WIRES.responses ? this.client.responses.create(body as never, options) : this.client.chat.completions.create(body as never, options);
  }

  private async whole(wire: (typeof WIRES)[keyof typeof WIRES], body: Record<string, unknown>, request: ChatRequest, signal?: AbortSignal): Promise<Reply> {
    return wire.whole(await this.send(wire, body, signal), request.model);
  }

  /** A streamed reply: tokens as they come, and a timeout only when none comes for timeoutMs. */
  private async streamed(wire: (typeof WIRES)[keyof typeof WIRES], body: Record<string, unknown>, request: ChatRequest, signal?: AbortSignal): Promise<Reply> {
    const quiet = new AbortController();
    const stop = () => quiet.abort();
    signal?.addEventListener('abort', stop, { once: true });
    let silent = false;
    let answered = false;
    const silence = () => {
      const ms = this.settings.timeoutMs;
      const span = ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
      return new LlmError('timeout', answered ? `timed out: no token came for ${span} (the stream went silent)` : `timed out: no answer came within ${span}`);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        silent = true;
        quiet.abort();
      }, this.settings.timeoutMs);
    };
    let toldAt = 0;
    let events = 0;
    try {
      wake();
      const { data, response } = await this.send(wire, body, quiet.signal).withResponse();
      answered = true;
      // A server (or a proxy) that ignores `stream` answers whole: read it so.
      const type = response.headers.get('content-type') ?? '';
      if (/json/i.test(type) && !/event-stream/i.test(type)) return wire.whole(await response.json(), request.model);
      const reply = new Reply(request.model);
      for await (const event of data as unknown as AsyncIterable<unknown>) {
        wake();
        events++;
        const grew = wire.take(reply, event);
        if (request.onProgress && grew && Date.now() - toldAt >= PROGRESS_EVERY_MS) {
          toldAt = Date.now();
          const so = reply.response();
          request.onProgress({ content: so.content, thinking: so.thinking ?? '' });
        }
      }
      // The SDK ends an aborted stream quietly: a silence or a cancel is no reply.
      if (silent) throw silence();
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
      if (!events || (reply.empty && reply.finishReason === undefined)) throw new LlmError('bad-response', 'the stream ended without a reply');
      reply.streamed = true;
      return reply;
    } catch (err) {
      if (silent) throw silence();
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }

  async embed(request: EmbeddingRequest, signal?: AbortSignal): Promise<EmbeddingResponse> {
    try {
      // Floats, not the SDK's default base64: more local servers understand it.
      const response = await this.client.embeddings.create({ model: request.model, input: request.input, encoding_format: 'float' }, signal ? { signal } : {});
      const data = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
      if (
        data.length !== request.input.length ||
        !data.every((d) => Array.isArray(d.embedding) && d.embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
      ) {
        throw new LlmError(
          'bad-response',
          `the embeddings answer has ${data.length} vectors for ${request.input.length} texts, or vectors that are not lists of numbers`,
        );
      }
      return {
        vectors: data.map((d) => d.embedding),
        usage: response.usage ? { promptTokens: response.usage.prompt_tokens, completionTokens: 0 } : null,
        model: response.model ?? request.model,
      };
    } catch (err) {
      throw toLlmError(err);
    }
  }
}
