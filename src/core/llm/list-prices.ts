// List prices of the presets' reasoning models (and a few siblings), in US dollars per million
// tokens, as the providers published them on LIST_PRICES_AS_OF. They are only a starting point:
// the Models page shows the date, and every price there can be changed. Reasoning tokens are
// billed as output tokens; cachedInput is the price of prompt tokens served from the provider's
// cache.
import type { PriceTable } from './pricing.ts';

export const LIST_PRICES_AS_OF = '2025-10';

export const LIST_PRICES: PriceTable = {
  // OpenAI
  'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
  'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
  o3: { input: 2, cachedInput: 0.5, output: 8 },
  'o3-mini': { input: 1.1, cachedInput: 0.55, output: 4.4 },
  'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
  o1: { input: 15, cachedInput: 7.5, output: 60 },
  // DeepSeek (prompt-cache hits are priced apart)
  'deepseek-reasoner': { input: 0.28, cachedInput: 0.028, output: 0.42 },
  'deepseek-chat': { input: 0.28, cachedInput: 0.028, output: 0.42 },
  // Google Gemini (prompts up to 200k tokens)
  'gemini-2.5-pro': { input: 1.25, cachedInput: 0.31, output: 10 },
  'gemini-2.5-flash': { input: 0.3, cachedInput: 0.075, output: 2.5 },
  // Anthropic
  'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, output: 15 },
  'claude-opus-4-1': { input: 15, cachedInput: 1.5, output: 75 },
  'claude-haiku-4-5': { input: 1, cachedInput: 0.1, output: 5 },
};
