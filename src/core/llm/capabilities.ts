// What a provider model accepts in a request (docs/providers.md, "Request shapes"): the field
// that caps a reply's tokens, whether a temperature, a system message and a seed work, whether
// a reasoning effort can be set, and whether replies stream. Defaults come from a small table
// keyed by preset and model-name pattern; a model's own config overrides them; and a provider
// that refuses a parameter teaches the model to leave it out (openai-compat.ts).

export type TokenLimitField = 'max_tokens' | 'max_completion_tokens';
export type SystemRole = 'system' | 'developer' | 'user';
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export interface Capabilities {
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
  /** Replies stream by default (server-sent events). */
  stream: boolean;
  /** A streamed reply reports its usage at the end (`stream_options.include_usage`). */
  streamUsage: boolean;
}

const PLAIN: Capabilities = { tokenLimit: 'max_tokens', temperature: true, seed: true, systemRole: 'system', reasoningEffort: false, stream: true, streamUsage: true };

interface Rule {
  /** Preset ids the rule is for; all presets when absent. */
  presets?: readonly string[];
  /** The provider's model name (an OpenRouter name such as "openai/o3" matches on its last part too). */
  model: RegExp;
  set: Partial<Capabilities>;
  /** One line for docs and the Models page. */
  why: string;
}

/** The first rule that matches wins; a model no rule names gets PLAIN's (or its preset's) shape. */
export const CAPABILITY_RULES: readonly Rule[] = [
  {
    presets: ['openai', 'openrouter', 'custom'],
    model: /^(o1-mini|o1-preview)\b/,
    set: { tokenLimit: 'max_completion_tokens', temperature: false, seed: false, systemRole: 'user', reasoningEffort: false, stream: false },
    why: 'OpenAI o1-mini/o1-preview: max_completion_tokens, no temperature, no system or developer message, no streaming',
  },
  {
    presets: ['openai', 'openrouter', 'custom'],
    model: /^(o\d|gpt-5)/,
    set: { tokenLimit: 'max_completion_tokens', temperature: false, systemRole: 'developer', reasoningEffort: true },
    why: 'OpenAI reasoning models (o-series, gpt-5 family): max_completion_tokens, the default temperature only, developer messages, a reasoning effort',
  },
  {
    presets: ['openai'],
    model: /./,
    set: { tokenLimit: 'max_completion_tokens' },
    why: 'OpenAI chat models: max_completion_tokens (max_tokens is deprecated)',
  },
  {
    presets: ['deepseek', 'openrouter', 'custom'],
    model: /^deepseek-reasoner|deepseek-r1/i,
    set: { temperature: false, seed: false },
    why: 'DeepSeek reasoner: the temperature has no effect (its reasoning comes apart, in reasoning_content)',
  },
  {
    presets: ['anthropic'],
    model: /./,
    set: { seed: false },
    why: "Anthropic's OpenAI-compatible endpoint: max_tokens, a temperature; the seed is not supported",
  },
  {
    presets: ['gemini'],
    model: /^gemini-(2\.5|[3-9])/,
    set: { seed: false, reasoningEffort: true },
    why: "Gemini 2.5 and later through the OpenAI-compatible endpoint: max_tokens, a reasoning effort; no seed",
  },
  {
    presets: ['gemini'],
    model: /./,
    set: { seed: false },
    why: "Gemini's OpenAI-compatible endpoint: max_tokens, a temperature; no seed",
  },
  {
    presets: ['groq', 'together', 'mistral'],
    model: /./,
    set: { seed: false },
    why: 'Hosted open models: max_tokens and a temperature; a seed is not guaranteed',
  },
];

/** The model name without a provider prefix ("openai/o3" → "o3"). */
const bare = (model: string) => model.slice(model.lastIndexOf('/') + 1);

/** The rule that gives a model its default shape, if any. */
export function ruleFor(preset: string, model: string): Rule | undefined {
  return CAPABILITY_RULES.find((r) => (!r.presets || r.presets.includes(preset)) && (r.model.test(model) || r.model.test(bare(model))));
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
