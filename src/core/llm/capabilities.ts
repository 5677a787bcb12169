// What a provider model accepts in a request (docs/providers.md, "Request shapes"): the field
// that caps a reply's tokens, whether a temperature, a system message and a seed work, whether
// a reasoning effort can be set, and whether replies stream. Defaults come from a small table
// keyed by preset and model-name pattern; a model's own config overrides them; and a provider
// that refuses a parameter teaches the model to leave it out (openai-compat.ts).

import type { ReasoningEffort } from './effort.ts';

export type TokenLimitField = 'max_tokens' | 'max_completion_tokens';
export type SystemRole = 'system' | 'developer' | 'user';
/** The wire format: chat completions, or OpenAI's Responses API. */
export type Api = 'chat' | 'responses';

export interface Capabilities {
  /** Chat completions, or the Responses API (models OpenAI serves only there). */
  api: Api;
  /** The request field that caps the reply's tokens. */
  tokenLimit: TokenLimitField;
  /** A temperature other than the default is accepted. */
  temperature: boolean;
  /** `seed` is accepted. */
  seed: boolean;
  /** How system messages are sent: as `system`, as `developer` (OpenAI's reasoning models), or folded into the first user message. */
  systemRole: SystemRole;
  /** `reasoning_effort` is accepted (reasoning models). */
  reasoningEffort: boolean;
  /** The efforts the model takes, when known: an effort outside them is sent as the nearest (effort.ts). */
  efforts?: ReasoningEffort[];
  /** The most reply tokens the model takes, when a provider said (a larger limit is sent as this). */
  maxReplyTokens?: number;
  /** Ask for the thinking where a provider returns it only when asked (Gemini's thoughts, the Responses API's reasoning summary). */
  thoughts?: boolean;
  /** Replies stream by default (server-sent events). */
  stream: boolean;
  /** A streamed reply reports its usage at the end (`stream_options.include_usage`). */
  streamUsage: boolean;
}

const PLAIN: Capabilities = {
  api: 'chat',
  tokenLimit: 'max_tokens',
  temperature: true,
  seed: true,
  systemRole: 'system',
  reasoningEffort: false,
  stream: true,
  streamUsage: true,
};

interface Rule {
  /** Preset ids the rule is for; all presets when absent. */
  presets?: readonly string[];
  /** The provider's model name (an OpenRouter name such as "openai/o3" matches on its last part too). */
  model: RegExp;
  set: Partial<Capabilities>;
  /** Match the whole name only: "openai/o1-pro" behind a router is not OpenAI's own API. */
  whole?: true;
  /** One line for docs and the Models page. */
  why: string;
}

/** OpenAI's models everywhere they are served by name (a deployment named as its model on Azure; OpenRouter's "openai/…"). */
const OPENAI = ['openai', 'azure', 'openrouter', 'custom'];
const REASONING: Partial<Capabilities> = { tokenLimit: 'max_completion_tokens', temperature: false, systemRole: 'developer', reasoningEffort: true };
/** Models OpenAI serves through the Responses API only (docs/providers.md, "OpenAI: the Responses API"). */
const RESPONSES: Partial<Capabilities> = { api: 'responses', temperature: false, seed: false, systemRole: 'developer', reasoningEffort: true, thoughts: true };

/** The first rule that matches wins; a model no rule names gets PLAIN's (or its preset's) shape. Sources: src/core/llm/fixtures/providers/. */
export const CAPABILITY_RULES: readonly Rule[] = [
  {
    presets: ['openai', 'azure', 'custom'],
    model: /^gpt-5\.[2-9]-pro\b/,
    set: { ...RESPONSES, efforts: ['medium', 'high', 'xhigh'] },
    whole: true,
    why: 'OpenAI gpt-5.2 and later pro models: the Responses API only; effort medium, high or xhigh',
  },
  {
    presets: ['openai', 'azure', 'custom'],
    model: /^(gpt-5-pro|o1-pro|o3-pro)\b/,
    set: { ...RESPONSES, efforts: ['high'] },
    whole: true,
    why: 'OpenAI gpt-5-pro, o1-pro, o3-pro: the Responses API only; effort high only',
  },
  {
    presets: ['openai', 'azure', 'custom'],
    model: /codex-max/,
    set: { ...RESPONSES, efforts: ['low', 'medium', 'high', 'xhigh'] },
    whole: true,
    why: 'OpenAI codex-max models: the Responses API only; effort low to xhigh',
  },
  {
    presets: ['openai', 'azure', 'custom'],
    model: /codex|^o3-deep-research|^o4-mini-deep-research|^computer-use/,
    set: { ...RESPONSES, efforts: ['low', 'medium', 'high'] },
    whole: true,
    why: 'OpenAI codex and deep-research models: the Responses API only; a reasoning effort and its summary',
  },
  {
    presets: OPENAI,
    model: /^(o1-mini|o1-preview)\b/,
    set: { tokenLimit: 'max_completion_tokens', temperature: false, seed: false, systemRole: 'user', reasoningEffort: false },
    why: 'OpenAI o1-mini/o1-preview: max_completion_tokens, no temperature, no system or developer message, no reasoning effort',
  },
  {
    presets: OPENAI,
    model: /^gpt-5\.[2-9]-chat/,
    set: { ...REASONING, efforts: ['medium'] },
    why: 'OpenAI gpt-5.2 chat models: max_completion_tokens, the default temperature only, effort medium only',
  },
  {
    presets: OPENAI,
    model: /^gpt-5(\.\d+)?-chat/,
    set: { tokenLimit: 'max_completion_tokens' },
    why: 'OpenAI gpt-5 chat models: max_completion_tokens, a temperature; no reasoning effort',
  },
  {
    presets: OPENAI,
    model: /^gpt-5\.[2-9]/,
    set: { ...REASONING, efforts: ['none', 'low', 'medium', 'high', 'xhigh'] },
    why: 'OpenAI gpt-5.2 and later: max_completion_tokens, the default temperature only, developer messages, effort none to xhigh',
  },
  {
    presets: OPENAI,
    model: /^gpt-5\.1/,
    set: { ...REASONING, efforts: ['none', 'low', 'medium', 'high'] },
    why: 'OpenAI gpt-5.1: max_completion_tokens, the default temperature only, developer messages, effort none, low, medium or high',
  },
  {
    presets: OPENAI,
    model: /^gpt-5/,
    set: { ...REASONING, efforts: ['minimal', 'low', 'medium', 'high'] },
    why: 'OpenAI gpt-5, gpt-5-mini, gpt-5-nano: max_completion_tokens, the default temperature only, developer messages, effort minimal to high',
  },
  {
    presets: OPENAI,
    model: /^o\d/,
    set: { ...REASONING, efforts: ['low', 'medium', 'high'] },
    why: 'OpenAI o-series: max_completion_tokens, the default temperature only, developer messages, effort low, medium or high',
  },
  {
    presets: ['openai', 'azure'],
    model: /./,
    set: { tokenLimit: 'max_completion_tokens' },
    why: 'OpenAI chat models: max_completion_tokens (max_tokens is deprecated)',
  },
  {
    presets: ['deepseek', 'openrouter', 'custom'],
    model: /^deepseek-(v4|flash|pro)/i,
    set: { temperature: false, seed: false, reasoningEffort: true, efforts: ['low', 'high'] },
    why: 'DeepSeek V4: thinks by default, takes no temperature (it has no effect), maps efforts to low or high',
  },
  {
    presets: ['deepseek', 'openrouter', 'custom'],
    model: /^deepseek-reasoner|deepseek-r1/i,
    set: { temperature: false, seed: false },
    why: 'DeepSeek reasoner: the temperature has no effect (its reasoning comes apart, in reasoning_content)',
  },
  {
    presets: ['deepseek'],
    model: /./,
    set: { seed: false },
    why: 'DeepSeek: max_tokens, a temperature, system messages',
  },
  {
    presets: ['anthropic'],
    model: /./,
    set: { seed: false, reasoningEffort: false },
    why: "Anthropic's OpenAI-compatible endpoint: max_tokens, a temperature (0 to 1), system messages; it ignores a seed and a reasoning effort, so neither is sent",
  },
  {
    presets: ['gemini'],
    model: /^gemini-[3-9].*-pro/,
    set: { seed: false, reasoningEffort: true, efforts: ['low', 'high'] },
    why: 'Gemini 3 Pro through the OpenAI-compatible endpoint: max_tokens, effort low or high (it takes minimal to high but maps them to low and high); no seed',
  },
  {
    presets: ['gemini'],
    model: /^gemini-2\.5-flash/,
    set: { seed: false, reasoningEffort: true, efforts: ['none', 'minimal', 'low', 'medium', 'high'] },
    why: 'Gemini 2.5 Flash through the OpenAI-compatible endpoint: max_tokens, effort none (no thinking) to high; no seed',
  },
  {
    presets: ['gemini'],
    model: /^gemini-(2\.5|[3-9])/,
    set: { seed: false, reasoningEffort: true, efforts: ['minimal', 'low', 'medium', 'high'] },
    why: 'Gemini 2.5 Pro and Gemini 3 through the OpenAI-compatible endpoint: max_tokens, effort minimal to high (not none); no seed',
  },
  {
    presets: ['gemini'],
    model: /./,
    set: { seed: false },
    why: "Gemini's OpenAI-compatible endpoint: max_tokens, a temperature; no seed",
  },
  {
    presets: ['mistral'],
    model: /^(mistral-small|mistral-medium-3|mistral-medium-2604|magistral-small)/,
    set: { seed: false, streamUsage: false, reasoningEffort: true, efforts: ['none', 'high'] },
    why: 'Mistral models with adjustable reasoning: max_tokens, no stream_options (refused; usage comes anyway), effort none or high',
  },
  {
    presets: ['mistral'],
    model: /./,
    set: { seed: false, streamUsage: false },
    why: 'Mistral: max_tokens, a temperature, no stream_options (refused with HTTP 422; the usage comes in the last chunk anyway)',
  },
  {
    presets: ['groq'],
    model: /^openai\/gpt-oss/,
    set: { tokenLimit: 'max_completion_tokens', seed: false, reasoningEffort: true, efforts: ['low', 'medium', 'high'] },
    why: 'Groq gpt-oss: max_completion_tokens, effort low, medium or high; its thinking in a reasoning field',
  },
  {
    presets: ['groq'],
    model: /./,
    set: { tokenLimit: 'max_completion_tokens', seed: false },
    why: 'Groq: max_completion_tokens (max_tokens is deprecated), a temperature; no reasoning effort (Qwen3 takes only on or off)',
  },
  {
    presets: ['together'],
    model: /^openai\/gpt-oss/,
    set: { seed: false, reasoningEffort: true, efforts: ['low', 'medium', 'high'] },
    why: 'Together gpt-oss: max_tokens, effort low, medium or high',
  },
  {
    presets: ['together'],
    model: /./,
    set: { seed: false },
    why: 'Together: max_tokens, a temperature',
  },
  {
    presets: ['ollama'],
    model: /^(qwen3|deepseek-r1|gpt-oss|magistral)/,
    set: { reasoningEffort: true, efforts: ['none', 'low', 'medium', 'high'] },
    why: 'Ollama thinking models: max_tokens (max_completion_tokens is ignored), effort none, low, medium or high',
  },
  {
    presets: ['vllm', 'lmstudio'],
    model: /gpt-oss/,
    set: { reasoningEffort: true, efforts: ['low', 'medium', 'high'] },
    why: 'gpt-oss served locally: max_tokens, effort low, medium or high',
  },
];

/** The model name without a provider prefix ("openai/o3" → "o3"). */
const bare = (model: string) => model.slice(model.lastIndexOf('/') + 1);

/** The rule that gives a model its default shape, if any. */
export function ruleFor(preset: string, model: string): Rule | undefined {
  return CAPABILITY_RULES.find((r) => (!r.presets || r.presets.includes(preset)) && (r.model.test(model) || (!r.whole && r.model.test(bare(model)))));
}

/** A model's request shape: its preset's and name's defaults, then its own config's overrides. */
export function capabilitiesFor(preset: string, model: string, overrides: Partial<Capabilities> = {}): Capabilities {
  return { ...PLAIN, ...ruleFor(preset, model)?.set, ...overrides };
}

/** The capabilities that differ from a plain OpenAI-compatible model's, in words (Models page, docs). */
export function describeCapabilities(c: Capabilities): string {
  const parts = [
    c.tokenLimit === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens',
    c.temperature ? 'temperature' : 'no temperature',
    c.systemRole === 'system' ? 'system messages' : c.systemRole === 'developer' ? 'developer messages' : 'no system message',
    ...(c.reasoningEffort ? ['reasoning effort'] : []),
    c.stream ? 'streaming' : 'no streaming',
  ];
  return parts.join(', ');
}
