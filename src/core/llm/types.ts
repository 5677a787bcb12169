// One chat interface for every model: real providers, cassettes, and simulated models.
import type { ReasoningEffort } from './effort.ts';
import type { Named } from './provider-errors.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Text of a reply as it arrives (streaming): the answer and the thinking so far. */
export interface ReplyProgress {
  content: string;
  thinking: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  /** For reasoning models that take one (capabilities.ts). */
  reasoningEffort?: ReasoningEffort;
  /** Told as a streamed reply arrives (live tokens). */
  onProgress?: (progress: ReplyProgress) => void;
  /**
   * What a simulated model works from (the instance, the current code, the hint). Never sent
   * to a provider, recorded in a cassette, or exported.
   */
  context?: unknown;
}

export interface Usage {
  promptTokens: number;
  /** Every token the model generated, its reasoning included (as OpenAI counts them). */
  completionTokens: number;
  /** Of completionTokens, those spent reasoning, when the provider says. */
  reasoningTokens?: number;
  /** Of promptTokens, those served from the provider's prompt cache (priced lower), when it says. */
  cachedPromptTokens?: number;
}

export interface ChatResponse {
  /** The answer: a model's thinking is never part of it (thinking.ts). */
  content: string;
  /** The model's thinking, apart: a reasoning field of the answer, or <think> blocks taken out of it. */
  thinking?: string;
  /** null when the provider did not report usage. */
  usage: Usage | null;
  model: string;
  /** Why generation stopped ("stop", "length" when the token limit cut the reply, …). */
  finishReason?: string;
  /** How the request was changed after the provider refused part of it ("max_tokens → max_completion_tokens", …). */
  adjusted?: string[];
  /** The reply came as a stream. */
  streamed?: boolean;
  /** The model declined to answer (its refusal, or the provider's filter): no answer, and not retried. */
  refusal?: string;
  /** How the request differed from the run's settings ("reasoning effort minimal → low", …). */
  settingsChanged?: string[];
  /** The reasoning effort the request was sent with. */
  reasoningEffort?: string;
  /** Sent through OpenAI's Responses API rather than chat completions. */
  api?: 'responses';
  /** The sampling seed the reply was made with, where the model honours one (an in-browser model). */
  seed?: number;
}

/** A reply cut by the token limit (finish reason "length"), or cut while still thinking. */
export const isTruncated = (r: Pick<ChatResponse, 'finishReason'>) => r.finishReason === 'length';

/** Texts to embed (an embeddings endpoint). */
export interface EmbeddingRequest {
  model: string;
  input: string[];
}

export interface EmbeddingResponse {
  /** One vector per input, in order. */
  vectors: number[][];
  usage: Usage | null;
  model: string;
}

/** What a call can fail with, told apart so users get the right fix. */
export type LlmErrorKind =
  | 'network' // the request never got an HTTP answer: offline, DNS, or blocked by CORS
  | 'auth' // 401/403: wrong or missing key
  | 'not-found' // 404: unknown model or wrong base URL
  | 'rate-limit' // 429
  | 'no-credit' // 402, or 429 insufficient_quota: the account is out of credit (waiting does not help)
  | 'server' // 5xx
  | 'bad-request' // other 4xx
  | 'timeout'
  | 'bad-response' // an answer that is not the expected JSON
  | 'cancelled'
  | 'cassette-miss'; // replaying, and this request was never recorded

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    /** From retry-after / retry-after-ms on 429 and 503 answers. */
    readonly retryAfterMs?: number,
    /** What the provider's error names as refused (provider-errors.ts). */
    readonly named?: Named[],
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export const isRetryable = (err: unknown) => err instanceof LlmError && ['rate-limit', 'server', 'timeout', 'network', 'bad-response'].includes(err.kind);

/** A model as the runner sees it. `simulated` models must be labelled so wherever they appear. */
export interface ChatModel {
  readonly id: string;
  readonly label: string;
  readonly simulated: boolean;
  /** It samples with the seed it is sent, so a seed makes its reply again (a local engine); hosted providers' seeds are best effort and runs send them none. */
  readonly honoursSeed?: boolean;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
  /** Embeddings, for models behind an endpoint that has them. */
  embed?(request: EmbeddingRequest, signal?: AbortSignal): Promise<EmbeddingResponse>;
}

/** Parse retry-after-ms / retry-after (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
