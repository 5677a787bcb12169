// How a run is run, whatever its protocol: repeats, items at once, the seed, the budget cap,
// retries and the request timeout (docs/formats.md, "Run settings"). Checked with errors that
// name the setting; a protocol's own parameters are its own (protocols/params.ts).
import type { RunSettings } from '../model/runlog.ts';

export const DEFAULT_SETTINGS: RunSettings = {
  repeats: 1,
  concurrency: 2,
  seed: 0,
  budgetUsd: null,
  maxRetries: 4,
  requestTimeoutMs: 120_000,
  retryTruncated: true,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof RunSettings)[];

/** Whole-number settings: their least and greatest allowed values, and their names in errors. */
const WHOLE: [keyof RunSettings, number, number, string][] = [
  ['repeats', 1, 100, 'repeats'],
  ['concurrency', 1, 64, 'concurrency'],
  ['maxRetries', 0, 20, 'max retries'],
];

/** Settings with the defaults filled in, or an error that names the setting. */
export function parseSettings(raw: Partial<Record<string, unknown>> = {}): RunSettings {
  const unknown = Object.keys(raw).filter((k) => !(SETTING_KEYS as string[]).includes(k));
  if (unknown.length) throw new Error(`no run setting ${unknown.map((k) => `"${k}"`).join(', ')} (settings: ${SETTING_KEYS.join(', ')})`);
  const s = { ...DEFAULT_SETTINGS, ...raw } as RunSettings;
  for (const [key, min, max, name] of WHOLE) {
    const x = s[key];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min)
      throw new Error(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(x)})`);
    if (x > max) throw new Error(`${name} must be at most ${max} (got ${x})`);
  }
  if (typeof s.seed !== 'number' || !Number.isSafeInteger(s.seed)) throw new Error(`the seed must be a whole number (got ${JSON.stringify(s.seed)})`);
  if (typeof s.requestTimeoutMs !== 'number' || !(s.requestTimeoutMs > 0)) throw new Error('the request timeout must be a positive number of milliseconds');
  if (s.budgetUsd !== null && (typeof s.budgetUsd !== 'number' || !(s.budgetUsd >= 0)))
    throw new Error('the budget must be a number of dollars (or null for none)');
  if (typeof s.retryTruncated !== 'boolean') throw new Error(`retryTruncated must be true or false (got ${JSON.stringify(s.retryTruncated)})`);
  return s;
}
