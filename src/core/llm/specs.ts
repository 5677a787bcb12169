// Models as a run configuration names them, and as its manifest records them (ModelSpec: never
// a key, never a header value): simulated models, the learner's seat, and provider models.
import type { ModelSpec } from '../model/runlog.ts';
import { presetById } from './presets.ts';

export type SimulatedProfile = 'low' | 'medium' | 'high' | 'expert' | 'oracle' | 'no-op';

export interface ProviderModelConfig {
  kind: 'provider';
  /** A name for this model in the run (letters, digits, - and _). */
  id: string;
  label?: string;
  /** A preset id (llm/presets.ts); an unknown one is an error. */
  preset: string;
  baseURL: string;
  model: string;
  /** Extra request headers (sent with every request; only their names are recorded). */
  headers?: Record<string, string>;
  temperature?: number;
  maxTokens?: number;
  /** Requests at once to this model's provider and key. */
  maxConcurrency?: number;
}

/** A simulated candidate, a provider model, or a person (Teach mode: the learner's seat). */
export type CandidateConfig = { kind: 'simulated'; profile: SimulatedProfile } | { kind: 'human' } | ProviderModelConfig;

/** The feedback model: the rule-based one (simulated, offline) or any configured model. */
export type FeedbackConfig = { kind: 'simulated'; profile: 'rule-based' } | ProviderModelConfig;

/** A model in any role of a run. */
export type ModelConfig = CandidateConfig | FeedbackConfig;

const SIMULATED_LABELS: Record<SimulatedProfile, string> = {
  low: 'Simulated candidate, low skill',
  medium: 'Simulated candidate, medium skill',
  high: 'Simulated candidate, high skill',
  expert: 'Simulated candidate, expert skill',
  oracle: 'Oracle (simulated: returns the reference)',
  'no-op': 'No-op (simulated: returns its input)',
};

export const RULE_BASED_FEEDBACK: ModelSpec = { id: 'rule-based', label: 'Rule-based feedback (simulated)', role: 'feedback', simulated: true, model: 'simulated-rule-based', profile: 'rule-based' };

/** The learner in the candidate seat (Teach mode). */
export const LEARNER: ModelSpec = { id: 'learner', label: 'Learner (you)', role: 'candidate', simulated: false, human: true, model: 'human' };

export function candidateSpec(c: CandidateConfig): ModelSpec {
  if (c.kind === 'human') return LEARNER;
  if (c.kind === 'simulated') {
    return { id: c.profile === 'oracle' || c.profile === 'no-op' ? c.profile : `sim-${c.profile}`, label: SIMULATED_LABELS[c.profile], role: 'candidate', simulated: true, model: `simulated-${c.profile}`, profile: c.profile };
  }
  return providerSpec(c, 'candidate');
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
    provider: { preset: c.preset, baseURL: c.baseURL, ...(headerNames.length ? { headerNames } : {}) },
    ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
    ...(c.maxTokens !== undefined ? { maxTokens: c.maxTokens } : {}),
    ...(c.maxConcurrency !== undefined ? { maxConcurrency: c.maxConcurrency } : {}),
  };
}

/** A model of a supporting role: the rule-based feedback model, or a provider model. */
export function supportSpec(c: ModelConfig, role: string): ModelSpec {
  if (c.kind === 'provider') return providerSpec(c, role);
  if (c.kind === 'simulated' && c.profile === 'rule-based' && role === 'feedback') return RULE_BASED_FEEDBACK;
  throw new Error(`the ${role} role takes ${role === 'feedback' ? 'the rule-based feedback model or ' : ''}a provider model`);
}
