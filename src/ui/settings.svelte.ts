// Model settings: providers, their keys, roles, prices and limits. Everything but keys is
// kept in localStorage; a key is kept only when the user asks ("remember on this device"),
// otherwise it lives in memory until the tab closes. Keys never leave this realm except in
// requests to their own provider.
import type { Capabilities } from '../core/llm/capabilities.ts';
import type { ReasoningEffort } from '../core/llm/effort.ts';
import type { PriceTable } from '../core/llm/pricing.ts';
import { presetById } from '../core/llm/presets.ts';
import type { CandidateConfig, ModelConfig, ProviderModelConfig } from '../core/llm/specs.ts';
import type { AnyProtocol, RoleSpec } from '../core/protocols/contract.ts';

export interface ProviderConfig {
  /** A short name for this provider in runs (letters, digits, - and _). */
  id: string;
  preset: string;
  baseURL: string;
  /** Azure OpenAI's api-version (the preset's when absent). */
  apiVersion?: string;
  /** Model names the user added for this provider. */
  models: string[];
  rememberKey: boolean;
  /** Per model name: its reply limit, reasoning effort and request-shape overrides (capabilities.ts). */
  modelOptions?: Record<string, ModelOptions>;
}

export interface ModelOptions {
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
  capabilities?: Partial<Capabilities>;
}

export interface Limits {
  /** Requests at once per provider and key. */
  providerConcurrency: number;
  requestTimeoutMs: number;
  maxRetries: number;
  /** Ask a reply cut by the token limit again, once, with more room. */
  retryTruncated: boolean;
}

/**
 * A supporting role's model: one of the role's simulated models (without a profile: its default,
 * as earlier versions wrote it), a provider model, or none (picked on purpose, over the role's
 * suggestion).
 */
export type RoleChoice = { kind: 'simulated'; profile?: string } | { kind: 'provider'; provider: string; model: string } | { kind: 'none' };

interface Persisted {
  providers: ProviderConfig[];
  prices: PriceTable;
  limits: Limits;
  /** By role name; a role without a choice uses its default (or none, when it is optional). */
  roles: Record<string, RoleChoice>;
  /** Written by earlier versions (now `roles.feedback` and `roles.judge`). */
  feedback?: RoleChoice;
  judge?: RoleChoice | null;
}

const SETTINGS_KEY = 'hintbench.settings';
const KEYS_KEY = 'hintbench.keys';
export const DEFAULT_LIMITS: Limits = { providerConcurrency: 4, requestTimeoutMs: 120_000, maxRetries: 4, retryTruncated: true };

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

class Settings {
  providers = $state<ProviderConfig[]>([]);
  prices = $state<PriceTable>({});
  limits = $state<Limits>({ ...DEFAULT_LIMITS });
  roles = $state<Record<string, RoleChoice>>({});
  /** In memory only; copied to localStorage for providers with rememberKey. */
  private keys = $state<Record<string, string>>({});

  constructor() {
    const saved = readJson<Partial<Persisted>>(SETTINGS_KEY);
    if (saved) {
      this.providers = saved.providers ?? [];
      this.prices = saved.prices ?? {};
      this.limits = { ...DEFAULT_LIMITS, ...saved.limits };
      this.roles = { ...(saved.feedback ? { feedback: saved.feedback } : {}), ...(saved.judge ? { judge: saved.judge } : {}), ...saved.roles };
    }
    const remembered = readJson<Record<string, string>>(KEYS_KEY) ?? {};
    for (const p of this.providers) if (p.rememberKey && remembered[p.id]) this.keys[p.id] = remembered[p.id]!;
  }

  save(): void {
    const data: Persisted = { providers: this.providers, prices: this.prices, limits: this.limits, roles: this.roles };
    localStorage.setItem(SETTINGS_KEY, JSON.stringify($state.snapshot(data)));
    const remembered: Record<string, string> = {};
    for (const p of this.providers) if (p.rememberKey && this.keys[p.id]) remembered[p.id] = this.keys[p.id]!;
    if (Object.keys(remembered).length) localStorage.setItem(KEYS_KEY, JSON.stringify(remembered));
    else localStorage.removeItem(KEYS_KEY);
  }

  keyFor(providerId: string): string {
    return this.keys[providerId] ?? '';
  }

  hasKey(providerId: string): boolean {
    return Boolean(this.keys[providerId]);
  }

  setKey(providerId: string, key: string): void {
    this.keys[providerId] = key.trim();
    this.save();
  }

  addProvider(preset: string, id: string, baseURL?: string, apiVersion?: string): ProviderConfig {
    const clean = id
      .trim()
      .toLowerCase()
      .replace(/[^\w-]+/g, '-');
    if (!clean) throw new Error('give the provider a name');
    if (this.providers.some((p) => p.id === clean)) throw new Error(`there is already a provider named “${clean}”`);
    const chosen = presetById(preset);
    const url = chosen.ownURL ? (baseURL?.trim() ?? '') : chosen.baseURL;
    if (chosen.ownURL && !/^https?:\/\/[^<>\s]+$/.test(url))
      throw new Error(preset === 'custom' ? 'a custom endpoint needs a base URL' : `enter your resource's endpoint (${chosen.baseURL})`);
    const version = apiVersion?.trim();
    if (chosen.apiVersion && version && !/^[\w.-]+$/.test(version))
      throw new Error('the API version is a date such as 2024-10-21 (with -preview for preview versions)');
    const p: ProviderConfig = {
      id: clean,
      preset,
      baseURL: url,
      ...(chosen.apiVersion && version ? { apiVersion: version } : {}),
      models: [],
      rememberKey: false,
    };
    this.providers.push(p);
    this.save();
    return p;
  }

  removeProvider(id: string): void {
    this.providers = this.providers.filter((p) => p.id !== id);
    delete this.keys[id];
    this.save();
  }

  /** Every model the user can put under test in a protocol: its simulated ones, then each provider model. */
  candidateChoices(protocol: AnyProtocol): { value: string; label: string; config: CandidateConfig; simulated: boolean }[] {
    const simulated = (protocol.roles.find((r) => r.tested)?.simulated ?? []).map((c) => ({
      value: `sim:${c.profile}`,
      label: c.label,
      config: { kind: 'simulated', profile: c.profile } as CandidateConfig,
      simulated: true,
    }));
    const real = this.providers.flatMap((p) =>
      p.models.map((model) => ({
        value: `${p.id}:${model}`,
        label: `${model} (${p.id})`,
        config: this.modelConfig(p, model, `${p.id}-${model}`),
        simulated: false,
      })),
    );
    return [...simulated, ...real];
  }

  /** Every provider model, as a choice for a supporting role. */
  providerModels(): { value: string; label: string; provider: string; model: string }[] {
    return this.providers.flatMap((p) => p.models.map((model) => ({ value: `${p.id}:${model}`, label: `${model} (${p.id})`, provider: p.id, model })));
  }

  /** The simulated profile a role's choice names, when the role offers it (an old choice without one: the role's default). */
  private simulatedProfile(role: RoleSpec, choice: RoleChoice | undefined): string | null {
    // Nothing picked yet: an optional role starts with its suggestion.
    const picked = choice ?? (role.suggested ? { kind: 'simulated' as const, profile: role.suggested.profile } : undefined);
    if (picked?.kind !== 'simulated') return null;
    const profile = picked.profile ?? role.fallback?.profile;
    return profile && role.simulated?.some((c) => c.profile === profile) ? profile : null;
  }

  /** The select value of a supporting role: "sim:<profile>", "provider:model", or "" (none); unset is the role's default. */
  roleValue(role: RoleSpec): string {
    const choice = this.roles[role.name];
    if (choice?.kind === 'provider') return `${choice.provider}:${choice.model}`;
    const profile = this.simulatedProfile(role, choice);
    if (profile) return `sim:${profile}`;
    return role.fallback?.profile ? `sim:${role.fallback.profile}` : '';
  }

  /** Set a supporting role from a select value (see roleValue). */
  setRole(role: string, value: string): void {
    const found = this.providerModels().find((x) => x.value === value);
    if (found) this.roles[role] = { kind: 'provider', provider: found.provider, model: found.model };
    else if (value.startsWith('sim:')) this.roles[role] = { kind: 'simulated', profile: value.slice(4) };
    else this.roles[role] = { kind: 'none' };
    this.save();
  }

  /** The model chosen for a supporting role; null for none (a required role then takes its default) or a provider that is gone. */
  roleConfig(role: RoleSpec, choice: RoleChoice | undefined = this.roles[role.name]): ModelConfig | null {
    if (choice?.kind === 'provider') {
      const p = this.providers.find((x) => x.id === choice.provider);
      return p ? this.modelConfig(p, choice.model, `${p.id}-${choice.model}-${role.name}`) : null;
    }
    const profile = this.simulatedProfile(role, choice);
    return profile ? { kind: 'simulated', profile } : null;
  }

  /** A provider model by its select value, as a supporting role's model; null when there is none such. */
  providerChoice(role: RoleSpec, value: string): ModelConfig | null {
    const found = this.providerModels().find((m) => m.value === value);
    return found ? this.roleConfig(role, { kind: 'provider', provider: found.provider, model: found.model }) : null;
  }

  /** Whether a role is set to a provider model whose provider was removed. */
  roleIsGone(role: RoleSpec): boolean {
    return this.roles[role.name]?.kind === 'provider' && !this.roleConfig(role);
  }

  /** A provider's model as a run uses it (the id made of letters, digits, - and _). */
  private modelConfig(p: ProviderConfig, model: string, id: string): ProviderModelConfig {
    const o = p.modelOptions?.[model] ?? {};
    return {
      kind: 'provider',
      id: id.replace(/[^\w-]+/g, '-'),
      label: `${model} (${p.id})`,
      preset: p.preset,
      baseURL: p.baseURL,
      model,
      ...(p.apiVersion ? { apiVersion: p.apiVersion } : {}),
      ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}),
      ...(o.reasoningEffort !== undefined ? { reasoningEffort: o.reasoningEffort } : {}),
      ...(o.capabilities && Object.keys(o.capabilities).length ? { capabilities: { ...o.capabilities } } : {}),
    };
  }

  /** A model's options (empty when none are set). */
  optionsOf(providerId: string, model: string): ModelOptions {
    return this.providers.find((p) => p.id === providerId)?.modelOptions?.[model] ?? {};
  }

  /** Set a model's options; empty ones are dropped. */
  setOptions(providerId: string, model: string, options: ModelOptions): void {
    const p = this.providers.find((x) => x.id === providerId);
    if (!p) return;
    const clean: ModelOptions = {
      ...(options.maxTokens !== undefined && options.maxTokens > 0 ? { maxTokens: Math.round(options.maxTokens) } : {}),
      ...(options.reasoningEffort ? { reasoningEffort: options.reasoningEffort } : {}),
      ...(options.capabilities && Object.keys(options.capabilities).length ? { capabilities: options.capabilities } : {}),
    };
    p.modelOptions ??= {};
    if (Object.keys(clean).length) p.modelOptions[model] = clean;
    else delete p.modelOptions[model];
    this.save();
  }

  /** The provider a run's model belongs to (by base URL and preset). */
  providerFor(baseURL: string, preset: string): ProviderConfig | undefined {
    return this.providers.find((p) => p.baseURL === baseURL && p.preset === preset);
  }
}

export const settings = new Settings();
