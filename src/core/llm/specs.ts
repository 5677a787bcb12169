// Models as a run configuration names them, and as its manifest records them (ModelSpec: never
// a key, never a header value): simulated models, the learner's seat, and provider models.
import type { ModelSpec } from '../model/runlog.ts';
import { capabilitiesFor, type Capabilities } from './capabilities.ts';
import type { ReasoningEffort } from './effort.ts';
import { IN_BROWSER, presetById } from './presets.ts';

export interface ProviderModelConfig {
  kind: 'provider';
  /** A name for this model in the run (letters, digits, - and _). */
  id: string;
  label?: string;
  /** A preset id (llm/presets.ts); an unknown one is an error. */
  preset: string;
  baseURL: string;
  model: string;
  /** Azure OpenAI's api-version (its preset's default when absent). */
  apiVersion?: string;
  /** Extra request headers (sent with every request; only their names are recorded). */
  headers?: Record<string, string>;
  temperature?: number;
  maxTokens?: number;
  /** For reasoning models that take one (capabilities.ts). */
  reasoningEffort?: ReasoningEffort;
  /** Overrides of the request shape the preset and the model's name give it (capabilities.ts). */
  capabilities?: Partial<Capabilities>;
  /** Requests at once to this model's provider and key. */
  maxConcurrency?: number;
}

/** An in-browser model's reply limit when none is set: without one, llama.cpp writes until its context is full. */
export const IN_BROWSER_REPLY_TOKENS = 2048;

/** A keyless model one of the protocol's roles offers ("low", "rule-based", …: the role's `simulated` list). */
export interface SimulatedConfig {
  kind: 'simulated';
  profile: string;
}

/** A model in a role: a simulated one, a provider model, or a person (Teach mode: a seat of the protocol's). */
export type CandidateConfig = SimulatedConfig | PersonConfig | ProviderModelConfig;

/** A person in a seat; `name` is whatever they typed (nothing else identifies them). */
export interface PersonConfig {
  kind: 'human';
  name?: string;
}

/** The longest name a person's session keeps. */
export const NAME_MAX = 60;

/** A model in any role of a run. */
export type ModelConfig = CandidateConfig;

/** A keyless model a role offers. Its label says "simulated". */
export interface SimulatedChoice {
  profile: string;
  label: string;
  /** Its id in runs (default `sim-<profile>`). */
  id?: string;
  /** One line for the Models page: what it does. */
  help?: string;
}

/** The learner in the candidate seat (Teach mode). */
export const LEARNER: ModelSpec = { id: 'learner', label: 'Learner (you)', role: 'candidate', simulated: false, human: true, model: 'human' };

/**
 * The person in a role's seat (Teach mode): the learner, in that role, labelled with the name they
 * gave (trimmed, at most NAME_MAX characters), else "Learner (you)" as a candidate and "You" in
 * any other role.
 */
export function personIn(role: string, name?: string): ModelSpec {
  const given = name?.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
  const label = given || (role === LEARNER.role ? LEARNER.label : 'You');
  return { ...LEARNER, role, label };
}

/** The manifest's record of a simulated choice in a role. */
export function simulatedSpec(choice: SimulatedChoice, role: string): ModelSpec {
  return {
    id: choice.id ?? `sim-${choice.profile}`,
    label: choice.label,
    role,
    simulated: true,
    model: `simulated-${choice.profile}`,
    profile: choice.profile,
  };
}

/**
 * A configured model as the manifest records it, in a role that offers these simulated choices.
 * A simulated profile the role does not offer is an error that lists the ones it does.
 */
export function modelSpec(c: ModelConfig, role: { name: string; label: string; simulated?: readonly SimulatedChoice[] }): ModelSpec {
  if (c.kind === 'human') return personIn(role.name, c.name);
  if (c.kind === 'simulated') {
    const choice = role.simulated?.find((s) => s.profile === c.profile);
    if (!choice) {
      const offered = role.simulated?.map((s) => s.profile) ?? [];
      throw new Error(
        `the ${role.label.toLowerCase()} role has no simulated model "${c.profile}" (${offered.length ? `its simulated models: ${offered.join(', ')}` : 'it takes provider models only'})`,
      );
    }
    return simulatedSpec(choice, role.name);
  }
  return providerSpec(c, role.name);
}

export function providerSpec(c: ProviderModelConfig, role: string): ModelSpec {
  const preset = presetById(c.preset);
  const headerNames = Object.keys(c.headers ?? {});
  return {
    id: c.id,
    label: c.label ?? `${c.model} (${preset.label})`,
    role,
    simulated: false,
    model: c.model,
    provider: {
      preset: c.preset,
      baseURL: c.baseURL,
      ...(headerNames.length ? { headerNames } : {}),
      ...(preset.apiVersion ? { apiVersion: c.apiVersion ?? preset.apiVersion } : {}),
    },
    // The shape its requests start from, recorded (the run log's calls say what a provider made it change).
    capabilities: capabilitiesFor(c.preset, c.model, c.capabilities),
    ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
    ...(c.maxTokens !== undefined ? { maxTokens: c.maxTokens } : c.preset === IN_BROWSER ? { maxTokens: IN_BROWSER_REPLY_TOKENS } : {}),
    ...(c.reasoningEffort !== undefined ? { reasoningEffort: c.reasoningEffort } : {}),
    // A model in this browser answers one request at a time (one model in memory, its threads busy).
    ...(c.maxConcurrency !== undefined ? { maxConcurrency: c.maxConcurrency } : c.preset === IN_BROWSER ? { maxConcurrency: 1 } : {}),
  };
}
