// Totals over a set of model calls: tokens, cost, latency, retries and errors. The trajectory
// viewer shows them per call and per turn, the Run page per run, the leaderboard per model.
import type { LlmCallRecord } from './caller.ts';
import { totalCost } from './pricing.ts';

export interface CallTotals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Calls that reported no usage (their tokens are not in the sums). */
  unknownUsage: number;
  /** null as soon as one call's cost is unknown. */
  costUsd: number | null;
  latencyMs: number;
  retries: number;
  errors: number;
  /** Of completionTokens, those spent reasoning (where providers said). */
  reasoningTokens: number;
  /** Of promptTokens, those the providers' caches served. */
  cachedPromptTokens: number;
  /** Replies cut by the token limit. */
  truncated: number;
  /** Requests changed after a provider refused part of them. */
  adjusted: number;
  /** Replies the model refused. */
  refused: number;
  /** Requests that differed from the run's settings, by the change in words. */
  settingsChanged: Record<string, number>;
}

export function callTotals(calls: readonly LlmCallRecord[]): CallTotals {
  return {
    calls: calls.length,
    promptTokens: calls.reduce((n, c) => n + (c.usage?.promptTokens ?? 0), 0),
    completionTokens: calls.reduce((n, c) => n + (c.usage?.completionTokens ?? 0), 0),
    unknownUsage: calls.filter((c) => !c.usage).length,
    costUsd: totalCost(calls.map((c) => c.costUsd)),
    latencyMs: calls.reduce((n, c) => n + c.latencyMs, 0),
    retries: calls.reduce((n, c) => n + c.retries, 0),
    errors: calls.filter((c) => c.error).length,
    reasoningTokens: calls.reduce((n, c) => n + (c.usage?.reasoningTokens ?? 0), 0),
    cachedPromptTokens: calls.reduce((n, c) => n + (c.usage?.cachedPromptTokens ?? 0), 0),
    truncated: calls.filter((c) => c.truncated).length,
    adjusted: calls.filter((c) => c.adjusted?.length).length,
    refused: calls.filter((c) => c.refusal !== undefined).length,
    settingsChanged: countChanges(calls),
  };
}

function countChanges(calls: readonly LlmCallRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) for (const change of c.settingsChanged ?? []) out[change] = (out[change] ?? 0) + 1;
  return out;
}
