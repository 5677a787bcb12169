// Words for what a run item is doing.
import type { LiveStatus } from '../../core/runner/runner.ts';

/** `reasons`: the protocol's stop reasons in words (its registry entry's stopReasons). */
export function statusText(s: LiveStatus | undefined, reasons: Readonly<Record<string, string>> = {}): string {
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
      return `waiting on rate limit (retry ${s.attempt} of ${s.max})`;
    case 'done':
      return `done: ${reasons[s.reason] ?? s.reason}`;
    case 'error':
      return `error: ${s.message}`;
    case 'stopped':
      return s.reason === 'budget' ? 'stopped: budget reached' : s.reason === 'cancelled' ? 'cancelled' : 'stopped';
  }
}

export const money = (x: number | null) => (x === null ? '—' : x === 0 ? '$0' : `$${x.toFixed(x < 0.01 ? 4 : 2)}`);
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
