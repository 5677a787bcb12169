// Token usage in any provider's fields (docs/providers.md, "Usage, prices and the budget cap"):
// chat completions' prompt/completion tokens with OpenAI's details, DeepSeek's cache hits and
// Anthropic's cache reads; the Responses API's input/output tokens. Reasoning tokens count as
// output (every provider bills them so): where a provider reports them outside its completion
// tokens (its total is the prompt, the completion and the reasoning tokens), they are added.
import type { Usage } from './types.ts';

const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : undefined);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function usageOf(u: any): Usage | null {
  if (!u || typeof u !== 'object') return null;
  const prompt = num(u.prompt_tokens) ?? num(u.input_tokens);
  const completion = num(u.completion_tokens) ?? num(u.output_tokens);
  if (prompt === undefined && completion === undefined) return null;
  const reasoning = num(u.completion_tokens_details?.reasoning_tokens) ?? num(u.output_tokens_details?.reasoning_tokens) ?? num(u.reasoning_tokens);
  const cached =
    num(u.prompt_tokens_details?.cached_tokens) ??
    num(u.input_tokens_details?.cached_tokens) ??
    num(u.prompt_cache_hit_tokens) ??
    num(u.cache_read_input_tokens);
  // A total above the prompt and the completion holds tokens billed as output that the
  // completion leaves out: the reasoning (Gemini's thinking, which it reports in no field).
  const total = num(u.total_tokens);
  const beyond = total !== undefined ? total - (prompt ?? 0) - (completion ?? 0) : 0;
  const outside = beyond > 0 && (reasoning === undefined || reasoning === beyond) ? beyond : 0;
  const thinking = reasoning ?? (outside || undefined);
  return {
    promptTokens: prompt ?? 0,
    completionTokens: (completion ?? 0) + outside,
    ...(thinking ? { reasoningTokens: thinking } : {}),
    ...(cached ? { cachedPromptTokens: cached } : {}),
  };
}
