// The one retry layer: exponential backoff with full jitter, honouring retry-after.
import { isRetryable, LlmError } from './types.ts';

export interface RetryPolicy {
  /** Retries after the first attempt; 0 means a single attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** Delay before retry number `attempt` (1-based): max(retry-after, jittered exponential backoff). */
export function backoffMs(policy: RetryPolicy, attempt: number, err: unknown, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = cap * random();
  const after = err instanceof LlmError ? err.retryAfterMs : undefined;
  return after !== undefined ? Math.max(after, jittered) : jittered;
}

export interface RetryHooks {
  /** Called before waiting for retry `attempt` of `max`. */
  onRetry?: (attempt: number, max: number, delayMs: number, err: LlmError) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('cancelled', 'cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('cancelled', 'cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  hooks: RetryHooks = {},
): Promise<{ value: T; retries: number }> {
  const wait = hooks.sleep ?? sleep;
  for (let retries = 0; ; retries++) {
    try {
      return { value: await attempt(), retries };
    } catch (err) {
      if (signal?.aborted) throw new LlmError('cancelled', 'cancelled');
      if (!isRetryable(err) || retries >= policy.maxRetries) throw err;
      const delay = backoffMs(policy, retries + 1, err, hooks.random);
      hooks.onRetry?.(retries + 1, policy.maxRetries, delay, err as LlmError);
      await wait(delay, signal);
    }
  }
}
