// From a run configuration to what the runner needs: the manifest (recorded, no keys), the
// stored run record, and the model bindings (keys supplied by the caller, never recorded).
import type { Executor } from '../exec/engine.ts';
import { sha256Hex } from '../exec/hash.ts';
import type { ModelBinding } from '../llm/caller.ts';
import { type Cassette, RecordingModel, ReplayModel } from '../llm/cassette.ts';
import { OpenAICompatibleModel } from '../llm/openai-compat.ts';
import { presetById } from '../llm/presets.ts';
import type { ChatModel } from '../llm/types.ts';
import { NoOpCandidate, OracleCandidate, SimulatedCandidate, SKILL_PROFILES } from '../llm/simulated/candidate.ts';
import { RuleBasedFeedback } from '../llm/simulated/feedback.ts';
import { hash32 } from '../random.ts';
import type { Instance } from '../model/instance.ts';
import { itemKey, RUNLOG_SCHEMA, type Manifest, type ModelSpec, type Role, type RunParams } from '../model/runlog.ts';
import type { RunRecord } from '../store/runs.ts';
import type { Protocol } from './protocol.ts';

export type SimulatedProfile = 'low' | 'medium' | 'high' | 'expert' | 'oracle' | 'no-op';

export type ProviderModelConfig = {
      kind: 'provider';
      /** A name for this model in the run (letters, digits, - and _). */
      id: string;
      label?: string;
      preset: string;
      baseURL: string;
      model: string;
      headers?: Record<string, string>;
      temperature?: number;
      maxTokens?: number;
      /** Requests at once to this provider and key. */
      maxConcurrency?: number;
    };

/** A simulated candidate, a provider model, or a person (Teach mode: the learner's seat). */
export type CandidateConfig = { kind: 'simulated'; profile: SimulatedProfile } | { kind: 'human' } | ProviderModelConfig;

/** The feedback model: the rule-based one (simulated, offline) or any configured model. */
export type FeedbackConfig = { kind: 'simulated'; profile: 'rule-based' } | ProviderModelConfig;

export interface RunConfig {
  name?: string;
  protocol: string;
  candidates: CandidateConfig[];
  params?: Partial<RunParams>;
  /** Protocols that ask a feedback model use this one (default: the rule-based model). */
  feedback?: FeedbackConfig;
  /** An optional LLM judge that checks hints after the rule-based validator (PAIR). */
  judge?: ProviderModelConfig;
  /** Edited prompt templates, by name; the rest keep the protocol's defaults. */
  templates?: Record<string, string>;
  /** Part k of n of a sharded run: instance i belongs to shard (i mod n) + 1. */
  shard?: { k: number; n: number };
}

export const DEFAULT_PARAMS: RunParams = {
  turns: 10,
  repeats: 1,
  concurrency: 2,
  seed: 0,
  budgetUsd: null,
  maxRetries: 4,
  requestTimeoutMs: 120_000,
  beta: 3,
  m: 3,
  kMax: 6,
  sMin: 3,
  regenerations: 3,
  onHintRejected: 'best-effort',
};

/** Integer parameters and their least allowed value (what each means: RunParams). */
const PARAM_MINIMUMS: [keyof RunParams, number, string][] = [
  ['turns', 0, 'α (turns)'],
  ['repeats', 1, 'repeats'],
  ['concurrency', 1, 'concurrency'],
  ['maxRetries', 0, 'max retries'],
  ['beta', 1, 'β'],
  ['m', 1, 'm'],
  ['kMax', 1, 'K_max'],
  ['sMin', 1, 's_min'],
  ['regenerations', 0, 'R (regenerations)'],
];

/** Reject parameters no run can use, with a message that names them. */
export function checkParams(params: RunParams): RunParams {
  for (const [key, min, name] of PARAM_MINIMUMS) {
    const x = params[key];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min) throw new Error(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(x)})`);
  }
  if (!Number.isInteger(params.seed)) throw new Error(`the seed must be a whole number (got ${params.seed})`);
  if (!(params.requestTimeoutMs > 0)) throw new Error('the request timeout must be positive');
  if (params.budgetUsd !== null && !(params.budgetUsd >= 0)) throw new Error('the budget must be a number of dollars');
  if (params.onHintRejected !== 'best-effort' && params.onHintRejected !== 'skip') throw new Error('when every hint is rejected: best-effort or skip');
  return params;
}

const SIMULATED_LABELS: Record<SimulatedProfile, string> = {
  low: 'Simulated candidate, low skill',
  medium: 'Simulated candidate, medium skill',
  high: 'Simulated candidate, high skill',
  expert: 'Simulated candidate, expert skill',
  oracle: 'Oracle (simulated: returns the reference)',
  'no-op': 'No-op (simulated: returns its input)',
};

export const RULE_BASED_FEEDBACK: ModelSpec = { id: 'rule-based', label: 'Rule-based feedback (simulated)', role: 'feedback', simulated: true, model: 'simulated-rule-based', profile: 'rule-based' };

export function feedbackSpec(c: FeedbackConfig): ModelSpec {
  return c.kind === 'simulated' ? RULE_BASED_FEEDBACK : providerSpec(c, 'feedback');
}

/** The learner in the candidate seat (Teach mode). */
export const LEARNER: ModelSpec = { id: 'learner', label: 'Learner (you)', role: 'candidate', simulated: false, human: true, model: 'human' };

export function candidateSpec(c: CandidateConfig): ModelSpec {
  if (c.kind === 'human') return LEARNER;
  if (c.kind === 'simulated') {
    return { id: c.profile === 'oracle' || c.profile === 'no-op' ? c.profile : `sim-${c.profile}`, label: SIMULATED_LABELS[c.profile], role: 'candidate', simulated: true, model: `simulated-${c.profile}`, profile: c.profile };
  }
  return providerSpec(c, 'candidate');
}

export function providerSpec(c: ProviderModelConfig, role: Role): ModelSpec {
  return {
    id: c.id,
    label: c.label ?? `${c.model} (${presetById(c.preset).label})`,
    role,
    simulated: false,
    model: c.model,
    provider: { preset: c.preset, baseURL: c.baseURL },
    ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
    ...(c.maxTokens !== undefined ? { maxTokens: c.maxTokens } : {}),
  };
}

export function newRunId(now = new Date()): string {
  return `run-${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0')}`;
}

export async function createManifest(
  config: RunConfig,
  dataset: { id: string; name: string; instances: Instance[] },
  protocol: Protocol,
  app: { version: string; pyodide: string },
  now = new Date(),
): Promise<Manifest> {
  const models = config.candidates.map(candidateSpec);
  if (models.length === 0) throw new Error('choose at least one candidate model');
  if (protocol.needsFeedback) models.push(feedbackSpec(config.feedback ?? { kind: 'simulated', profile: 'rule-based' }));
  if (config.judge && protocol.validatesHints) models.push(providerSpec(config.judge, 'judge'));
  const ids = new Set<string>();
  for (const m of models) {
    if (!/^[\w-]+$/.test(m.id)) throw new Error(`model id "${m.id}" may only use letters, digits, - and _`);
    if (ids.has(m.id)) throw new Error(`two models share the id "${m.id}"`);
    ids.add(m.id);
  }
  const params = checkParams({ ...DEFAULT_PARAMS, ...config.params });
  const shard = config.shard;
  const chosen = shard ? dataset.instances.filter((_, i) => i % shard.n === shard.k - 1) : dataset.instances;
  if (chosen.length === 0) throw new Error(shard ? `shard ${shard.k}/${shard.n} has no instances` : 'choose at least one instance');
  const unknown = Object.keys(config.templates ?? {}).filter((name) => !(name in protocol.templates));
  if (unknown.length) throw new Error(`the ${protocol.id} protocol has no template ${unknown.join(', ')}`);
  const texts = { ...protocol.templates, ...config.templates };
  const edited = Object.keys(config.templates ?? {}).filter((name) => config.templates![name] !== protocol.templates[name]);
  const prompts: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) prompts[`${protocol.id}.${name}`] = await sha256Hex(text);
  return {
    schema: RUNLOG_SCHEMA,
    runId: newRunId(now),
    name: config.name ?? `${protocol.label}, ${dataset.name}`,
    createdAt: now.toISOString(),
    protocol: protocol.id,
    params,
    dataset: {
      id: dataset.id,
      name: dataset.name,
      // The hash is of the whole selection, so the shards of one run share it.
      hash: await sha256Hex(JSON.stringify(dataset.instances)),
      instances: chosen.map((i) => ({ id: i.id, title: i.title, testIds: i.tests.map((t) => t.id) })),
    },
    models,
    app,
    prompts,
    templates: { version: protocol.templatesVersion, texts, edited },
    ...(config.shard ? { shard: config.shard } : {}),
  };
}

/** The stored record of a new run: every instance × candidate × repeat, queued. */
export function createRecord(manifest: Manifest): RunRecord {
  const items: RunRecord['items'] = [];
  for (let repeat = 0; repeat < manifest.params.repeats; repeat++) {
    for (const inst of manifest.dataset.instances) {
      for (const m of manifest.models.filter((x) => x.role === 'candidate')) {
        items.push({ key: itemKey(inst.id, m.id, repeat), instanceId: inst.id, modelId: m.id, repeat, status: 'queued' });
      }
    }
  }
  return { manifest, status: 'running', items, updatedAt: manifest.createdAt };
}

export interface BindingDeps {
  executor: Executor;
  /** workers/python/mutate.py, for simulated regressions. */
  mutator: string;
  /** The key for a provider model (from the key store, or an environment variable); "" for none. */
  keyFor(spec: ModelSpec): string;
  fetch?: typeof fetch;
  /** Record provider answers into a cassette, or answer from one only (no network). */
  cassette?: { mode: 'record' | 'replay'; cassette: Cassette };
  /** Where a person takes the candidate's turns (runs with a human candidate need one). */
  seat?: ChatModel;
}

/** Live models for a manifest's candidates and feedback model. Keys go into the models and nowhere else. */
export function buildBindings(manifest: Manifest, deps: BindingDeps, providerConcurrency = 4): Map<string, ModelBinding> {
  const out = new Map<string, ModelBinding>();
  const seed = manifest.params.seed;
  for (const spec of manifest.models) {
    if (spec.simulated && spec.role === 'feedback') {
      out.set(spec.id, { model: new RuleBasedFeedback(deps.executor, spec.id, spec.label), modelName: spec.model, endpoint: `simulated:${spec.id}`, keyId: 'none', maxConcurrency: 64 });
      continue;
    }
    if (spec.human) {
      if (!deps.seat) throw new Error(`${spec.label} takes the candidate's turns in the app's Teach page only`);
      out.set(spec.id, { model: deps.seat, modelName: spec.model, endpoint: `human:${spec.id}`, keyId: 'none', maxConcurrency: 1, free: true });
      continue;
    }
    if (spec.simulated) {
      const profile = spec.profile as SimulatedProfile;
      const model =
        profile === 'oracle' ? new OracleCandidate() : profile === 'no-op' ? new NoOpCandidate() : new SimulatedCandidate(spec.id, spec.label, SKILL_PROFILES[profile], { executor: deps.executor, mutator: deps.mutator, seed });
      out.set(spec.id, { model, modelName: spec.model, endpoint: `simulated:${spec.id}`, keyId: 'none', maxConcurrency: 64 });
      continue;
    }
    const key = deps.keyFor(spec);
    const preset = presetById(spec.provider!.preset);
    const live = new OpenAICompatibleModel(spec.id, spec.label, {
      baseURL: spec.provider!.baseURL,
      apiKey: key,
      headers: preset.headers ?? {},
      timeoutMs: manifest.params.requestTimeoutMs,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    const endpoint = spec.provider!.baseURL;
    const tape = deps.cassette;
    const model = !tape ? live : tape.mode === 'replay' ? new ReplayModel(spec.id, spec.label, false, endpoint, tape.cassette) : new RecordingModel(live, endpoint, tape.cassette);
    out.set(spec.id, {
      model,
      modelName: spec.model,
      endpoint,
      keyId: key ? `k${hash32(key).toString(36)}` : 'none',
      maxConcurrency: providerConcurrency,
      ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
      ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
    });
  }
  return out;
}
