// Words for what a run item is doing.
import type { LiveStatus } from '../../core/runner/runner.ts';

/** Seconds until a rate-limited item's retry goes out, at `now` (epoch ms). */
export const secondsLeft = (s: Extract<LiveStatus, { state: 'rate-limited' }>, now: number) => Math.max(0, Math.ceil((s.until - now) / 1000));

/** A rate-limited item's wait in a few words, counting down: "retry 1 of 4 in 7 s". */
export function retryText(s: Extract<LiveStatus, { state: 'rate-limited' }>, now = Date.now()): string {
  const left = secondsLeft(s, now);
  return `retry ${s.attempt} of ${s.max} ${left > 0 ? `in ${left} s` : 'now'}`;
}

/** `reasons`: the protocol's stop reasons in words (its registry entry's stopReasons); `now` counts a rate-limit wait down. */
export function statusText(s: LiveStatus | undefined, reasons: Readonly<Record<string, string>> = {}, now = Date.now()): string {
  if (!s) return 'queued';
  switch (s.state) {
    case 'queued':
      return 'queued';
    case 'planning':
      return `preparing feedback (turn ${s.turn})`;
    case 'generating':
      return `generating (turn ${s.turn})`;
    case 'executing':
      return `executing (turn ${s.turn})`;
    case 'rate-limited':
      return `waiting on rate limit: ${retryText(s, now)}`;
    case 'waiting-sandbox':
      return `waiting for the sandbox (turn ${s.turn})`;
    case 'done':
      return s.reason ? `done: ${reasons[s.reason] ?? s.reason}` : 'done';
    case 'error':
      return `error: ${s.message}`;
    case 'stopped':
      return s.reason === 'budget' ? 'stopped: budget reached' : s.reason === 'cancelled' ? 'cancelled' : 'stopped';
  }
}

export const money = (x: number | null) => (x === null ? '—' : x === 0 ? '$0' : `$${x.toFixed(x < 0.01 ? 4 : 2)}`);
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
