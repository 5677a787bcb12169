// Concurrency per provider and key, backing off on 429 (halve) and recovering slowly
// (one more slot after a run of successes): additive increase, multiplicative decrease.
import { LlmError } from './types.ts';

export class AdaptiveLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private successes = 0;
  limit: number;

  constructor(
    readonly max: number,
    private readonly recoverAfter = 10,
  ) {
    this.limit = Math.max(1, max);
  }

  get inFlight(): number {
    return this.active;
  }

  /** Wait for a slot; returns the function that frees it. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    while (this.active >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          const i = this.waiting.indexOf(wake);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new LlmError('cancelled', 'cancelled'));
        };
        if (signal?.aborted) return abort();
        signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(wake);
      });
    }
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }

  onRateLimit(): void {
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    this.successes = 0;
  }

  onSuccess(): void {
    if (this.limit >= this.max) return;
    if (++this.successes >= this.recoverAfter) {
      this.limit++;
      this.successes = 0;
      this.waiting.shift()?.();
    }
  }
}

/** One limiter per (endpoint, key). Keys are only compared, never kept in the registry key. */
export class LimiterRegistry {
  private readonly limiters = new Map<string, AdaptiveLimiter>();
  constructor(private readonly defaultMax: number) {}
  get(endpoint: string, keyId: string, max = this.defaultMax): AdaptiveLimiter {
    const k = `${endpoint}\u0000${keyId}`;
    let l = this.limiters.get(k);
    if (!l) this.limiters.set(k, (l = new AdaptiveLimiter(max)));
    return l;
  }
}
