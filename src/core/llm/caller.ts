// Every model call goes through here: budget check, per-provider concurrency, the one retry
// layer, usage and cost. It returns a record of the call, which never holds a key.
import type { CallRecord } from '../model/runlog.ts';
import { Budget } from './budget.ts';
import type { AdaptiveLimiter, LimiterRegistry } from './limiter.ts';
import { costOf, estimateTokens, priceFor, SIMULATED_PRICE, type PriceTable } from './pricing.ts';
import { DEFAULT_RETRY, withRetries, type RetryHooks, type RetryPolicy } from './retry.ts';
import type { ReasoningEffort } from './effort.ts';
import { isTruncated, LlmError, type ChatMessage, type ChatModel, type ReplyProgress, type Usage } from './types.ts';

/** A model as configured for a run (no key: that stays inside `model`). */
export interface ModelBinding {
  model: ChatModel;
  /** The provider's name for the model. */
  modelName: string;
  /** Identifies the provider endpoint (for limits and cassettes), e.g. its base URL. */
  endpoint: string;
  /** Identifies the key without revealing it (limits are per provider and key). */
  keyId: string;
  /** Requests at once to the provider and key (the shared limiter's size when it is created). */
  maxConcurrency: number;
  /** This model's own cap on requests at once (its config's maxConcurrency), on top of the shared one. */
  modelLimit?: AdaptiveLimiter;
  temperature?: number;
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
  /** A sampling seed, sent where the model's shape takes one (runs send none: repeats are meant to differ). */
  seed?: number;
  /** Costs nothing whatever the usage, like a simulated model (the learner's seat in Teach mode). */
  free?: boolean;
}

/** A model call as the run log records it (model/runlog.ts). */
export type LlmCallRecord = CallRecord;

/** Failures after which the provider may still have billed the request (it may have generated tokens). */
const MAYBE_BILLED = new Set(['timeout', 'bad-response', 'cancelled']);

export interface CallOptions {
  signal?: AbortSignal;
  context?: unknown;
  /** Told before each wait for a retry (the UI shows "waiting on rate limit (retry n of m)"). */
  onRetry?: (attempt: number, max: number, delayMs: number, err: LlmError) => void;
  /** Told as a streamed reply arrives (live tokens). */
  onProgress?: (progress: ReplyProgress) => void;
  /** The reply's token limit for this call, instead of the binding's (a reply cut off, asked again). */
  maxTokens?: number;
  /** The call's sampling seed (from the run's seed), sent to a model that honours seeds (`ChatModel.honoursSeed`). */
  seed?: number;
}

export class CallFailed extends Error {
  constructor(
    readonly record: LlmCallRecord,
    readonly error: LlmError,
  ) {
    super(record.error?.message ?? 'the model call failed');
  }
}

const WORST_CASE_REPLY_TOKENS = 4096;

export class Caller {
  constructor(
    private readonly deps: {
      prices: PriceTable;
      budget: Budget;
      limiters: LimiterRegistry;
      retry?: RetryPolicy;
      hooks?: Omit<RetryHooks, 'onRetry'>;
      now?: () => number;
    },
  ) {}

  async call(binding: ModelBinding, role: string, messages: ChatMessage[], options: CallOptions = {}): Promise<{ content: string; record: LlmCallRecord }> {
    // Under a budget cap the reply is capped too, so that the worst case really is the worst.
    const maxTokens = options.maxTokens ?? binding.maxTokens ?? (this.deps.budget.capUsd !== null ? WORST_CASE_REPLY_TOKENS : undefined);
    const seed = options.seed !== undefined && binding.model.honoursSeed ? options.seed : binding.seed;
    const { value, record } = await this.request(
      binding,
      role,
      messages,
      maxTokens ?? WORST_CASE_REPLY_TOKENS,
      {},
      async (signal) => {
        const response = await binding.model.chat(
          {
            model: binding.modelName,
            messages,
            ...(binding.temperature !== undefined ? { temperature: binding.temperature } : {}),
            ...(maxTokens !== undefined ? { maxTokens } : {}),
            ...(binding.reasoningEffort !== undefined ? { reasoningEffort: binding.reasoningEffort } : {}),
            ...(seed !== undefined ? { seed } : {}),
            ...(options.onProgress ? { onProgress: options.onProgress } : {}),
            ...(options.context !== undefined ? { context: options.context } : {}),
          },
          signal,
        );
        const details: Partial<LlmCallRecord> = {
          ...(response.thinking ? { thinking: response.thinking } : {}),
          ...(response.finishReason ? { finishReason: response.finishReason } : {}),
          ...(isTruncated(response) ? { truncated: true as const } : {}),
          ...(response.adjusted?.length ? { adjusted: response.adjusted } : {}),
          ...(response.settingsChanged?.length ? { settingsChanged: response.settingsChanged } : {}),
          ...(response.refusal ? { refusal: response.refusal } : {}),
          ...(response.reasoningEffort ? { reasoningEffort: response.reasoningEffort } : {}),
          ...(response.api ? { api: response.api } : {}),
          ...(response.streamed ? { streamed: true as const } : {}),
          ...(response.seed !== undefined ? { seed: response.seed } : {}),
          ...(maxTokens !== undefined ? { maxTokens } : {}),
        };
        return { value: response.content, content: response.content, usage: response.usage, details };
      },
      options,
    );
    return { content: value, record };
  }

  /**
   * Embed texts with a model behind an embeddings endpoint: the same budget, limits and retries as
   * a chat call, recorded as a call of kind "embeddings" (the texts as its messages).
   */
  async embed(
    binding: ModelBinding,
    role: string,
    texts: string[],
    options: Omit<CallOptions, 'context'> = {},
  ): Promise<{ vectors: number[][]; record: LlmCallRecord }> {
    const embed = binding.model.embed?.bind(binding.model);
    const messages: ChatMessage[] = texts.map((content) => ({ role: 'user', content }));
    const { value, record } = await this.request(
      binding,
      role,
      messages,
      0,
      { kind: 'embeddings' },
      async (signal) => {
        if (!embed) throw new LlmError('bad-request', `${binding.model.label} has no embeddings endpoint here`);
        const response = await embed({ model: binding.modelName, input: texts }, signal);
        return {
          value: response.vectors,
          content: `${response.vectors.length} embeddings of ${response.vectors[0]?.length ?? 0} dimensions`,
          usage: response.usage,
        };
      },
      options,
    );
    return { vectors: value, record };
  }

  /** One request through the budget, the limiters and the retry layer, with its record. */
  private async request<T>(
    binding: ModelBinding,
    role: string,
    messages: ChatMessage[],
    worstReplyTokens: number,
    extra: Partial<LlmCallRecord>,
    send: (signal: AbortSignal | undefined) => Promise<{ value: T; content: string; usage: Usage | null; details?: Partial<LlmCallRecord> }>,
    options: Omit<CallOptions, 'context'>,
  ): Promise<{ value: T; record: LlmCallRecord }> {
    const now = this.deps.now ?? (() => performance.now());
    const price = binding.model.simulated || binding.free ? SIMULATED_PRICE : priceFor(binding.modelName, this.deps.prices);
    const promptTokens = estimateTokens(messages.map((m) => m.content).join('\n'));
    const worst = costOf({ promptTokens, completionTokens: worstReplyTokens }, price);
    const reservation = this.deps.budget.reserve(worst); // throws BudgetExceeded before any request
    const startedAt = new Date().toISOString();
    const t0 = now();
    const limiter = this.deps.limiters.get(binding.endpoint, binding.keyId, binding.maxConcurrency);
    let retries = 0;
    const base = { role, modelId: binding.model.id, model: binding.modelName, simulated: binding.model.simulated, messages, startedAt, ...extra };
    try {
      const { value, retries: r } = await withRetries(
        async () => {
          const releaseModel = await binding.modelLimit?.acquire(options.signal);
          let release: (() => void) | undefined;
          try {
            release = await limiter.acquire(options.signal);
            const response = await send(options.signal);
            limiter.onSuccess();
            return response;
          } catch (err) {
            if (err instanceof LlmError && err.kind === 'rate-limit') limiter.onRateLimit();
            throw err;
          } finally {
            release?.();
            releaseModel?.();
          }
        },
        this.deps.retry ?? DEFAULT_RETRY,
        options.signal,
        {
          ...this.deps.hooks,
          onRetry: (attempt, max, delay, err) => {
            retries = attempt;
            options.onRetry?.(attempt, max, delay, err);
          },
        },
      );
      retries = r;
      const costUsd = costOf(value.usage, price);
      const counted = this.count(reservation, costUsd, worst);
      return {
        value: value.value,
        record: { ...base, content: value.content, usage: value.usage, costUsd, ...counted, latencyMs: now() - t0, retries, ...value.details },
      };
    } catch (err) {
      const e = err instanceof LlmError ? err : new LlmError('bad-response', String((err as Error)?.message ?? err));
      // No usage came back: a free model costs nothing, and a provider bills no request it refused
      // or never got; after a timeout, a malformed answer or a cancel the cost is unknown.
      const costUsd = price && price.input === 0 && price.output === 0 ? 0 : MAYBE_BILLED.has(e.kind) ? null : 0;
      const counted = this.count(reservation, costUsd, worst);
      throw new CallFailed(
        { ...base, content: null, usage: null, costUsd, ...counted, latencyMs: now() - t0, retries, error: { kind: e.kind, message: e.message } },
        e,
      );
    }
  }

  /**
   * Settle a call's reservation: its cost, or, when the cost is unknown, its worst case (kept on
   * the record as `budgetedUsd`, so that a resumed run counts it the same way).
   */
  private count(reservation: number, costUsd: number | null, worst: number | null): { budgetedUsd?: number } {
    const counted = costUsd ?? worst ?? 0;
    this.deps.budget.settle(reservation, counted);
    return costUsd === null && worst !== null && this.deps.budget.capUsd !== null ? { budgetedUsd: counted } : {};
  }
}
