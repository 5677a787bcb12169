// OpenAI-compatible chat endpoints through the `openai` package (browser and Node).
// The SDK's own retries are off: hintbench has one retry layer (retry.ts). Each model sends
// requests in the shape it accepts (capabilities.ts), learns from a provider that refuses a
// parameter (the request is sent again once without it, and the call says what changed),
// streams where it can (a silence, not the total time, is a timeout), and keeps a reasoning
// model's thinking apart from its answer (thinking.ts).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Capabilities } from './capabilities.ts';
import { splitThinking } from './thinking.ts';
import { LlmError, retryAfterMs, type ChatMessage, type ChatModel, type ChatRequest, type ChatResponse, type EmbeddingRequest, type EmbeddingResponse, type Usage } from './types.ts';

export interface ProviderSettings {
  baseURL: string;
  /** Never logged, exported or sent anywhere but this provider. */
  apiKey: string;
  headers?: Record<string, string>;
  /** Without streaming: the whole request's limit. Streaming: the longest silence (no token) allowed. */
  timeoutMs: number;
  /** The request shape this model takes (capabilities.ts); plain OpenAI-compatible when absent. */
  capabilities?: Capabilities;
  /** For tests and the headless runner: a fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

const PLAIN_SHAPE: Capabilities = { tokenLimit: 'max_tokens', temperature: true, seed: true, systemRole: 'system', reasoningEffort: false, stream: false, streamUsage: false };

export function toLlmError(err: unknown): LlmError {
  if (err instanceof LlmError) return err;
  if (err instanceof APIUserAbortError) return new LlmError('cancelled', 'the request was cancelled');
  if (err instanceof APIConnectionTimeoutError) return new LlmError('timeout', 'the request timed out');
  if (err instanceof APIConnectionError) return new LlmError('network', `no answer from the provider: ${err.message}`);
  if (err instanceof APIError && err.status !== undefined) {
    const s = err.status;
    const detail = err.message.slice(0, 300);
    if (s === 401 || s === 403) return new LlmError('auth', `the provider refused the key (HTTP ${s}): ${detail}`, s);
    if (s === 404) return new LlmError('not-found', `unknown model or endpoint (HTTP 404): ${detail}`, s);
    if (s === 429) return new LlmError('rate-limit', `rate limited (HTTP 429): ${detail}`, s, retryAfterMs(err.headers));
    if (s >= 500) return new LlmError('server', `provider error (HTTP ${s}): ${detail}`, s, retryAfterMs(err.headers));
    return new LlmError('bad-request', `the provider rejected the request (HTTP ${s}): ${detail}`, s, undefined, typeof err.param === 'string' ? err.param : undefined);
  }
  if (err instanceof SyntaxError) return new LlmError('bad-response', `the provider's answer is not valid JSON: ${err.message}`);
  return new LlmError('bad-response', String((err as Error)?.message ?? err));
}

/** The parameter a 400 answer says is unsupported, from its `param` or its message. */
export function refusedParameter(err: LlmError): string | null {
  if (err.kind !== 'bad-request') return null;
  if (err.param) return err.param;
  const m = err.message;
  if (/\brole\b/i.test(m) && /\b(developer|system)\b/i.test(m) && /not (?:supported|allowed)|unsupported|invalid/i.test(m)) return 'messages.role';
  // Quotes may come escaped, when an error body is passed on as JSON text.
  const q = `[\\\\'"\`]*`;
  const patterns = [
    new RegExp(`unsupported parameter:?\\s*${q}([\\w.[\\]]+)`, 'i'),
    new RegExp(`unsupported value:?\\s*${q}([\\w.[\\]]+)`, 'i'),
    new RegExp(`${q}([\\w.[\\]]+)${q} is not supported`, 'i'),
    /unrecognized request argument supplied:?\s*([\w.]+)/i,
    new RegExp(`unknown (?:field|parameter|name)[:\\s]*${q}([\\w.]+)`, 'i'),
    /([\w.]+): extra inputs are not permitted/i,
    new RegExp(`invalid (?:parameter|argument)[:\\s]*${q}([\\w.]+)`, 'i'),
  ];
  for (const re of patterns) {
    const hit = re.exec(m)?.[1];
    if (hit) return hit;
  }
  return null;
}

/** Change the shape so that a refused parameter is not sent again; the change in words, or null if it cannot be helped. */
function learn(shape: Capabilities, param: string, message: string): string | null {
  const p = param.toLowerCase();
  if (p === 'max_tokens' && shape.tokenLimit === 'max_tokens') return (shape.tokenLimit = 'max_completion_tokens'), 'max_tokens → max_completion_tokens';
  if (p === 'max_completion_tokens' && shape.tokenLimit === 'max_completion_tokens') return (shape.tokenLimit = 'max_tokens'), 'max_completion_tokens → max_tokens';
  if (p === 'temperature' && shape.temperature) return (shape.temperature = false), 'temperature left out';
  if (p === 'seed' && shape.seed) return (shape.seed = false), 'seed left out';
  if (p === 'reasoning_effort' && shape.reasoningEffort) return (shape.reasoningEffort = false), 'reasoning_effort left out';
  if (p.startsWith('stream_options') && shape.streamUsage) return (shape.streamUsage = false), 'stream_options left out';
  if (p === 'stream' && shape.stream) return (shape.stream = false), 'streaming turned off';
  if (/messages(\[\d+\])?\.role/.test(p) || /\brole\b/.test(p) || p === 'developer') {
    if (shape.systemRole === 'developer' && /developer/i.test(message)) return (shape.systemRole = 'system'), 'developer message sent as a system message';
    if (shape.systemRole !== 'user') return (shape.systemRole = 'user'), 'system message folded into the first user message';
  }
  return null;
}

/** Gemini's OpenAI-compatible endpoint answers an error as a list (`[{"error": …}]`); the SDK reads only `{"error": …}`, so the first is passed on alone. */
function unwrapListErrors(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return res;
    try {
      const value: unknown = JSON.parse(await res.clone().text());
      if (Array.isArray(value) && value[0] && typeof value[0] === 'object') return new Response(JSON.stringify(value[0]), { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch {
      // not JSON after all: as it came
    }
    return res;
  };
}

/** How often a streaming reply tells its progress (each time splits the thinking from the answer so far). */
const PROGRESS_EVERY_MS = 50;

/** Messages as this model takes system instructions. */
function shaped(messages: ChatMessage[], role: Capabilities['systemRole']): { role: string; content: string }[] {
  if (role === 'system') return messages;
  if (role === 'developer') return messages.map((m) => (m.role === 'system' ? { role: 'developer', content: m.content } : m));
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  if (!system.length) return rest;
  const first = rest.findIndex((m) => m.role === 'user');
  if (first < 0) return [{ role: 'user', content: system.join('\n\n') }, ...rest];
  return rest.map((m, i) => (i === first ? { role: 'user', content: `${system.join('\n\n')}\n\n${m.content}` } : m));
}

/** Usage in any provider's fields: OpenAI's details, DeepSeek's cache hits, Anthropic's cache reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function usageOf(u: any): Usage | null {
  if (!u || typeof u !== 'object') return null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);
  const reasoning = num(u.completion_tokens_details?.reasoning_tokens) ?? num(u.reasoning_tokens);
  const cached = num(u.prompt_tokens_details?.cached_tokens) ?? num(u.prompt_cache_hit_tokens) ?? num(u.cache_read_input_tokens);
  return {
    promptTokens: num(u.prompt_tokens) ?? 0,
    completionTokens: num(u.completion_tokens) ?? 0,
    ...(reasoning ? { reasoningTokens: reasoning } : {}),
    ...(cached ? { cachedPromptTokens: cached } : {}),
  };
}

/** A reasoning field of a message or a delta: DeepSeek's and vLLM's reasoning_content, OpenRouter's reasoning. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const reasoningOf = (m: any): string => (typeof m?.reasoning_content === 'string' ? m.reasoning_content : typeof m?.reasoning === 'string' ? m.reasoning : '');

/** The answer and the thinking of a reply: the reasoning field, and any <think> blocks taken out of the content. */
function answerOf(content: string, field: string): { content: string; thinking?: string } {
  const split = splitThinking(content);
  const thinking = [field.trim(), split.thinking ?? ''].filter(Boolean).join('\n\n');
  return { content: split.answer, ...(thinking ? { thinking } : {}) };
}

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
    this.client = new OpenAI({
      apiKey: settings.apiKey || 'no-key',
      baseURL: settings.baseURL,
      defaultHeaders: settings.headers ?? {},
      dangerouslyAllowBrowser: true, // the user's own key, called from the user's own browser
      maxRetries: 0,
      timeout: settings.timeoutMs,
      fetch: unwrapListErrors(settings.fetch ?? ((input, init) => fetch(input, init))),
    });
  }

  /** The request shape as it stands (after what the provider's refusals taught it). */
  requestShape(): Capabilities {
    return { ...this.shape };
  }

  /** The request's body in the shape this model takes now. */
  private body(request: ChatRequest): Record<string, unknown> {
    const s = this.shape;
    return {
      model: request.model,
      messages: shaped(request.messages, s.systemRole),
      ...(request.temperature !== undefined && s.temperature ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { [s.tokenLimit]: request.maxTokens } : {}),
      ...(request.seed !== undefined && s.seed ? { seed: request.seed } : {}),
      ...(request.reasoningEffort !== undefined && s.reasoningEffort ? { reasoning_effort: request.reasoningEffort } : {}),
    };
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const adjusted: string[] = [];
    // Each refusal the shape can answer is learned once; then the request goes again. A request
    // sent before another one's refusal taught the shape goes again as it is now.
    for (let attempt = 0; ; attempt++) {
      const sent = JSON.stringify(this.shape);
      try {
        const response = this.shape.stream ? await this.streamed(request, signal) : await this.whole(request, signal);
        return adjusted.length ? { ...response, adjusted } : response;
      } catch (err) {
        const e = toLlmError(err);
        const param = refusedParameter(e);
        if (!param || attempt >= 4) throw e;
        const change = learn(this.shape, param, e.message);
        if (change) adjusted.push(change);
        else if (JSON.stringify(this.shape) === sent) throw e;
      }
    }
  }

  private async whole(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return this.fromCompletion(await this.client.chat.completions.create(this.body(request) as never, signal ? { signal } : {}), request);
  }

  /** A whole (not streamed) answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private fromCompletion(completion: any, request: ChatRequest): ChatResponse {
    const choice = completion?.choices?.[0];
    if (!choice || (typeof choice.message?.content !== 'string' && !reasoningOf(choice.message))) throw new LlmError('bad-response', 'the answer has no message content');
    return {
      ...answerOf(choice.message.content ?? '', reasoningOf(choice.message)),
      usage: usageOf(completion.usage),
      model: completion.model ?? request.model,
      ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    };
  }

  /** A streamed reply: tokens as they come, and a timeout only when none comes for timeoutMs. */
  private async streamed(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
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
    let content = '';
    let field = '';
    let toldAt = 0;
    let finishReason: string | undefined;
    let model: string = request.model;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let usage: any = null;
    try {
      wake();
      const body = { ...this.body(request), stream: true, ...(this.shape.streamUsage ? { stream_options: { include_usage: true } } : {}) };
      const { data, response } = await this.client.chat.completions.create(body as never, { signal: quiet.signal }).withResponse();
      answered = true;
      // A server (or a proxy) that ignores `stream` answers whole: read it so.
      const type = response.headers.get('content-type') ?? '';
      if (/json/i.test(type) && !/event-stream/i.test(type)) return this.fromCompletion(await response.json(), request);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const stream = data as unknown as AsyncIterable<any>;
      for await (const chunk of stream) {
        wake();
        const choice = chunk.choices?.[0];
        content += typeof choice?.delta?.content === 'string' ? choice.delta.content : '';
        field += reasoningOf(choice?.delta);
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) usage = chunk.usage;
        if (typeof chunk.model === 'string' && chunk.model) model = chunk.model;
        if (request.onProgress && (choice?.delta?.content || reasoningOf(choice?.delta)) && Date.now() - toldAt >= PROGRESS_EVERY_MS) {
          toldAt = Date.now();
          const so = answerOf(content, field);
          request.onProgress({ content: so.content, thinking: so.thinking ?? '' });
        }
      }
      // The SDK ends an aborted stream quietly: a silence or a cancel is no reply.
      if (silent) throw silence();
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
    } catch (err) {
      if (silent) throw silence();
      if (signal?.aborted) throw new LlmError('cancelled', 'the request was cancelled');
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
    if (!content && !field && finishReason === undefined) throw new LlmError('bad-response', 'the stream ended without a reply');
    return { ...answerOf(content, field), usage: usageOf(usage), model, streamed: true, ...(finishReason ? { finishReason } : {}) };
  }

  async embed(request: EmbeddingRequest, signal?: AbortSignal): Promise<EmbeddingResponse> {
    try {
      // Floats, not the SDK's default base64: more local servers understand it.
      const response = await this.client.embeddings.create({ model: request.model, input: request.input, encoding_format: 'float' }, signal ? { signal } : {});
      const data = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
      if (data.length !== request.input.length || !data.every((d) => Array.isArray(d.embedding) && d.embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))) {
        throw new LlmError('bad-response', `the embeddings answer has ${data.length} vectors for ${request.input.length} texts, or vectors that are not lists of numbers`);
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
