// OpenAI-compatible chat endpoints through the `openai` package (browser and Node).
// The SDK's own retries are off: hintbench has one retry layer (retry.ts).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { LlmError, retryAfterMs, type ChatModel, type ChatRequest, type ChatResponse, type EmbeddingRequest, type EmbeddingResponse } from './types.ts';

export interface ProviderSettings {
  baseURL: string;
  /** Never logged, exported or sent anywhere but this provider. */
  apiKey: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** For tests and the headless runner: a fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

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
    return new LlmError('bad-request', `the provider rejected the request (HTTP ${s}): ${detail}`, s);
  }
  if (err instanceof SyntaxError) return new LlmError('bad-response', `the provider's answer is not valid JSON: ${err.message}`);
  return new LlmError('bad-response', String((err as Error)?.message ?? err));
}

export class OpenAICompatibleModel implements ChatModel {
  readonly simulated = false;
  private readonly client: OpenAI;

  constructor(
    readonly id: string,
    readonly label: string,
    settings: ProviderSettings,
  ) {
    this.client = new OpenAI({
      apiKey: settings.apiKey || 'no-key',
      baseURL: settings.baseURL,
      defaultHeaders: settings.headers ?? {},
      dangerouslyAllowBrowser: true, // the user's own key, called from the user's own browser
      maxRetries: 0,
      timeout: settings.timeoutMs,
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
    });
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
        },
        signal ? { signal } : {},
      );
      const choice = completion.choices?.[0];
      if (!choice || typeof choice.message?.content !== 'string') throw new LlmError('bad-response', 'the answer has no message content');
      return {
        content: choice.message.content,
        usage: completion.usage ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens } : null,
        model: completion.model ?? request.model,
        ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
      };
    } catch (err) {
      throw toLlmError(err);
    }
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
