// Token usage and cost. Prices come from an editable table; an unknown price is null, never 0.
import type { Usage } from './types.ts';

/** US dollars per million tokens. */
export interface Price {
  input: number;
  output: number;
  /** Prompt tokens served from the provider's cache, when it prices them apart. */
  cachedInput?: number;
}

/** Keys are model names; a trailing "*" matches any name with that prefix. */
export type PriceTable = Record<string, Price>;

/** Simulated models (and a learner in the candidate seat) run locally and cost nothing. */
export const SIMULATED_PRICE: Price = { input: 0, output: 0 };

export function priceFor(model: string, table: PriceTable): Price | null {
  if (table[model]) return table[model];
  let best: [string, Price] | null = null;
  for (const [pattern, price] of Object.entries(table)) {
    if (pattern.endsWith('*') && model.startsWith(pattern.slice(0, -1)) && (!best || pattern.length > best[0].length)) best = [pattern, price];
  }
  return best?.[1] ?? null;
}

/** A call's cost; null when the price is unknown, or the usage is and the model is not free. */
export function costOf(usage: Usage | null, price: Price | null): number | null {
  if (price && price.input === 0 && price.output === 0) return 0;
  if (!usage || !price) return null;
  // Reasoning tokens are part of the completion tokens (as providers bill them).
  const cached = Math.min(usage.cachedPromptTokens ?? 0, usage.promptTokens);
  const input = (usage.promptTokens - cached) * price.input + cached * (price.cachedInput ?? price.input);
  return (input + usage.completionTokens * price.output) / 1e6;
}

/**
 * A deliberately high estimate of a prompt's tokens: one per two UTF-8 bytes (English and code
 * run at about four characters per token; CJK text at one or two tokens per three-byte character).
 */
export const estimateTokens = (text: string) => Math.ceil(new TextEncoder().encode(text).length / 2);

/** Sum costs; null as soon as one is unknown (a total with unknown parts is unknown). */
export function totalCost(costs: (number | null)[]): number | null {
  let sum = 0;
  for (const c of costs) {
    if (c === null) return null;
    sum += c;
  }
  return sum;
}
