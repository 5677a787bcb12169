// From a run configuration to what the runner needs: the manifest (recorded, no keys), the
// stored run record with the protocol's work units, and the model bindings (keys and header
// values supplied by the caller, never recorded).
import { TIMEOUTS_BEFORE_NOT_RUN } from '../exec/sandbox-api.ts';
import type { Executor } from '../exec/engine.ts';
import { sha256Hex } from '../exec/hash.ts';
import type { ModelBinding } from '../llm/caller.ts';
import { type Cassette, RecordingModel, ReplayModel } from '../llm/cassette.ts';
import { AdaptiveLimiter } from '../llm/limiter.ts';
import { LazyOpenAICompatibleModel } from '../llm/openai-lazy.ts';
import type { ProviderSettings } from '../llm/openai-compat.ts';
import { capabilitiesFor } from '../llm/capabilities.ts';
import { IN_BROWSER, presetById } from '../llm/presets.ts';
import { InBrowserModel } from '../llm/local/in-browser-model.ts';
import { modelSpec, type CandidateConfig, type ModelConfig } from '../llm/specs.ts';
import type { ChatModel } from '../llm/types.ts';
import { hash32 } from '../random.ts';
import { instanceToJson, type Instance } from '../model/instance.ts';
import { taskHead, type InterviewTask } from '../model/task.ts';
import { RUNLOG_SCHEMA, type Manifest, type ModelSpec, type RunSettings } from '../model/runlog.ts';
import type { AnyProtocol } from '../protocols/contract.ts';
import { canWorkOn, needsDataset, perTaskUnits, subjectsOf } from '../protocols/work.ts';
import { requireProtocol } from '../protocols/registry.ts';
import { parseParams, plainParamsLine, type ParamValues } from '../protocols/params.ts';
import type { RunRecord } from '../store/runs.ts';
import { parseSettings } from './settings.ts';

export type { CandidateConfig, ModelConfig, ProviderModelConfig, SimulatedConfig } from '../llm/specs.ts';

export interface RunConfig {
  name?: string;
  protocol: string;
  /** The models under test (the protocol's tested role). */
  candidates: CandidateConfig[];
  /** A model for supporting roles, by role name (feedback, judge, …); a required role without one uses its fallback. */
  roles?: Record<string, ModelConfig>;
  /** How the run is run (repeats, concurrency, seed, budget, retries, timeout). */
  settings?: Partial<RunSettings>;
  /** The protocol's parameters; missing ones take their defaults. */
  params?: Record<string, unknown>;
  /** Edited prompt templates, by name; the rest keep the protocol's defaults. */
  templates?: Record<string, string>;
  /** Part k of n of a sharded run: instance (or task) i belongs to shard (i mod n) + 1. */
  shard?: { k: number; n: number };
  /** How the instances were chosen, in a few words ("the demo subset", "tag: sorting"), for the run's default name. */
  selection?: string;
}

/** At most this many models named in a run's default name. */
const NAMED_MODELS = 3;

/**
 * A model as a run's name calls it: its label, without the description in brackets after a
 * simulated model's ("Simulated model, strong (hidden capability map)" → "Simulated model, strong").
 */
export function shortLabel(m: ModelSpec): string {
  const bare = /^(.*\bsimulated\b.*?)\s*\([^()]*\)$/i.exec(m.label)?.[1];
  return bare ?? m.label;
}

/** A protocol's name without its gloss in brackets, for run names: "PAIR (controlled feedback)" → "PAIR". */
export const shortProtocolName = (label: string) => /^(.*?)\s*\([^()]*\)$/.exec(label)?.[1] || label;

/**
 * A run's default name, from what tells it apart from other runs: the protocol (its short name:
 * the Run page shows its full one beside), the models under test by their labels, the instances,
 * and the parameters that differ from the protocol's defaults — e.g. "PAIR: Simulated candidate,
 * low skill; Simulated candidate, high skill on the demo subset (9), Turns (α) = 4".
 */
export function defaultRunName(protocol: AnyProtocol, models: readonly ModelSpec[], selection: string, params: ParamValues): string {
  const labels = models.map(shortLabel);
  // Labels with commas in them are told apart by semicolons.
  const sep = labels.some((l) => l.includes(',')) ? '; ' : ', ';
  const who = labels.length > NAMED_MODELS ? `${labels.slice(0, NAMED_MODELS).join(sep)} and ${labels.length - NAMED_MODELS} more` : labels.join(sep);
  const changed = plainParamsLine(
    protocol.params.filter((f) => params[f.key] !== f.default),
    params,
    ', ',
  );
  return `${shortProtocolName(protocol.label)}: ${who} on ${selection}${changed ? `, ${changed}` : ''}`;
}

/** What a run works on: a dataset's chosen instances, and its tasks for protocols that work on tasks. */
export interface RunData {
  id: string;
  name: string;
  instances: Instance[];
  tasks?: InterviewTask[];
}

/** The data of a run whose protocol works on no dataset (a search that makes its own problems). */
export const NO_DATASET: RunData = { id: 'none', name: 'No dataset (the protocol makes its own problems)', instances: [] };

/** Items a run has up front: unit × model × repeat (one search per model and repeat when it works on no dataset), plus the units it makes once per instance or task. */
export function itemsUpFront(protocol: AnyProtocol, units: number, models: number, repeats: number, params: Record<string, unknown>): number {
  if (!needsDataset(protocol)) return models * repeats;
  const extra = perTaskUnits(protocol, params);
  return units * models * repeats + (extra ? extra.count * units : 0);
}

export function newRunId(now = new Date()): string {
  return `run-${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}-${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

/** The run's models: the tested role's, then one per supporting role the protocol has and the config names (or requires). */
function modelsOf(config: RunConfig, protocol: AnyProtocol): ModelSpec[] {
  const tested = protocol.roles.find((r) => r.tested);
  if (!tested) throw new Error(`the ${protocol.id} protocol declares no role under test`);
  const models = config.candidates.map((c) => modelSpec(c, tested));
  if (models.length === 0) throw new Error(`choose at least one model for the ${tested.label.toLowerCase()}`);
  const roles = config.roles ?? {};
  const unknown = Object.keys(roles).filter((r) => !protocol.roles.some((x) => x.name === r && !x.tested));
  if (unknown.length)
    throw new Error(
      `the ${protocol.id} protocol has no ${unknown.join(', ')} role (its supporting roles: ${
        protocol.roles
          .filter((r) => !r.tested)
          .map((r) => r.name)
          .join(', ') || 'none'
      })`,
    );
  for (const role of protocol.roles.filter((r) => !r.tested)) {
    const chosen = roles[role.name];
    if (chosen) {
      models.push(modelSpec(chosen, role));
    } else if (role.required) {
      if (!role.fallback) throw new Error(`the ${protocol.id} protocol needs a ${role.name} model`);
      models.push(role.fallback);
    }
  }
  // A person takes a role only where the protocol has a seat for it, and a run seats one person at most.
  const people = models.filter((m) => m.human);
  const seats = protocol.teach?.seats.map((s) => s.role) ?? [];
  for (const p of people)
    if (!seats.includes(p.role))
      throw new Error(`a person cannot take the ${p.role} role of the ${protocol.id} protocol (its seats: ${seats.join(', ') || 'none'})`);
  if (people.length > 1) throw new Error('a run seats one person at most');
  const ids = new Set<string>();
  for (const m of models) {
    if (!/^[\w-]+$/.test(m.id)) throw new Error(`model id "${m.id}" may only use letters, digits, - and _`);
    if (ids.has(m.id)) throw new Error(`two models share the id "${m.id}"`);
    ids.add(m.id);
    if (m.provider) presetById(m.provider.preset); // an unknown preset is an error, not "custom"
  }
  return models;
}

export async function createManifest(
  config: RunConfig,
  dataset: RunData,
  protocol: AnyProtocol,
  app: { version: string; pyodide: string },
  now = new Date(),
): Promise<Manifest> {
  if (config.protocol !== protocol.id) throw new Error(`the configuration names the ${config.protocol} protocol, not ${protocol.id}`);
  const models = modelsOf(config, protocol);
  const settings = parseSettings(config.settings);
  const params = parseParams(protocol.params, config.params, `the ${protocol.id} protocol`);
  const shard = config.shard;
  if (shard && !needsDataset(protocol))
    throw new Error(`the ${protocol.label} protocol makes its own problems as it goes, so its runs cannot be sharded: run one configuration per model instead`);
  const inShard = <T>(list: T[]) => (shard ? list.filter((_, i) => i % shard.n === shard.k - 1) : list);
  const onTasks = subjectsOf(protocol) === 'tasks';
  const usable = onTasks ? [] : dataset.instances.filter((i) => canWorkOn(protocol, i));
  const chosen = inShard(usable);
  if (subjectsOf(protocol) === 'instances' && chosen.length === 0) {
    throw new Error(
      shard
        ? `shard ${shard.k}/${shard.n} has no instances`
        : dataset.instances.length
          ? `none of the chosen instances suits the ${protocol.label} protocol`
          : 'choose at least one instance',
    );
  }
  const tasks = onTasks ? inShard(dataset.tasks ?? []) : [];
  if (onTasks && tasks.length === 0)
    throw new Error(
      shard ? `shard ${shard.k}/${shard.n} has no tasks` : `choose at least one task: the ${protocol.label} protocol works on multi-requirement tasks`,
    );
  const unknown = Object.keys(config.templates ?? {}).filter((name) => !(name in protocol.templates));
  if (unknown.length) throw new Error(`the ${protocol.id} protocol has no template ${unknown.join(', ')}`);
  const texts = { ...protocol.templates, ...config.templates };
  const edited = Object.keys(config.templates ?? {}).filter((name) => config.templates![name] !== protocol.templates[name]);
  const prompts: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) prompts[`${protocol.id}.${name}`] = await sha256Hex(text);
  return {
    schema: RUNLOG_SCHEMA,
    runId: newRunId(now),
    name:
      config.name ??
      defaultRunName(
        protocol,
        models.filter((m) => m.role === protocol.roles.find((r) => r.tested)?.name),
        config.selection ?? (!needsDataset(protocol) ? 'its own problems' : `${dataset.name} (${chosen.length})`),
        params,
      ),
    createdAt: now.toISOString(),
    protocol: { id: protocol.id, version: protocol.version },
    settings,
    params,
    dataset: {
      id: dataset.id,
      name: dataset.name,
      // The hash is of the whole selection as a file holds it, so the shards of one run share it.
      hash: await sha256Hex(
        onTasks ? `[${(dataset.tasks ?? []).map((t) => JSON.stringify(t)).join(',')}]` : `[${dataset.instances.map(instanceToJson).join(',')}]`,
      ),
      instances: chosen.map((i) => ({ id: i.id, title: i.title, testIds: i.tests.map((t) => t.id) })),
      ...(onTasks ? { tasks: tasks.map(taskHead) } : {}),
    },
    models,
    app,
    execution: { timeoutsBeforeNotRun: TIMEOUTS_BEFORE_NOT_RUN },
    prompts,
    templates: { version: protocol.templatesVersion, texts, edited },
    ...(config.shard ? { shard: config.shard } : {}),
  };
}

/** The stored record of a new run: the protocol's work units, queued. */
export function createRecord(manifest: Manifest, protocol: AnyProtocol): RunRecord {
  const items = protocol.units(manifest).map((u) => ({ ...u, status: 'queued' as const }));
  return { manifest, status: 'running', items, updatedAt: manifest.createdAt };
}

export interface BindingDeps {
  executor: Executor;
  /** workers/python/mutate.py, for simulated regressions. */
  mutator: string;
  /** The key for a provider model (from the key store, or an environment variable); "" for none. */
  keyFor(spec: ModelSpec): string;
  /** Values of the extra headers a provider model's config names (the manifest keeps only their names). */
  headersFor?(spec: ModelSpec): Record<string, string>;
  /** The headers are added outside the page, with the keys (the headless runner's proxy). */
  headersOutside?: boolean;
  fetch?: typeof fetch;
  /** Record provider answers into a cassette, or answer from one only (no network). */
  cassette?: { mode: 'record' | 'replay'; cassette: Cassette };
  /** Where the person of a run takes their role's turns (runs with a person in a seat need one). */
  seat?: ChatModel;
}

/** Live models for a manifest's models. Keys and header values go into the models and nowhere else. */
export function buildBindings(manifest: Manifest, deps: BindingDeps, providerConcurrency = 4): Map<string, ModelBinding> {
  const out = new Map<string, ModelBinding>();
  const protocol = requireProtocol(manifest.protocol.id);
  const simulatedDeps = { executor: deps.executor, mutator: deps.mutator, seed: manifest.settings.seed };
  for (const spec of manifest.models) {
    if (spec.human) {
      if (!deps.seat) throw new Error(`${spec.label} takes the ${spec.role}'s turns in the app's Teach page only`);
      out.set(spec.id, { model: deps.seat, modelName: spec.model, endpoint: `human:${spec.id}`, keyId: 'none', maxConcurrency: 1, free: true });
      continue;
    }
    if (spec.simulated) {
      out.set(spec.id, {
        model: protocol.simulation.model(spec, simulatedDeps),
        modelName: spec.model,
        endpoint: `simulated:${spec.id}`,
        keyId: 'none',
        maxConcurrency: 64,
      });
      continue;
    }
    out.set(spec.id, providerBinding(manifest, spec, deps, providerConcurrency));
  }
  return out;
}

/** A provider model as the manifest records it, live: its preset's wire (Azure's deployments too) and the request shape it starts from. */
export function providerModel(
  spec: ModelSpec,
  settings: Pick<ProviderSettings, 'apiKey' | 'headers' | 'timeoutMs' | 'fetch'>,
): LazyOpenAICompatibleModel | InBrowserModel {
  const provider = spec.provider!;
  if (provider.preset === IN_BROWSER) return new InBrowserModel(spec.id, spec.label, { timeoutMs: settings.timeoutMs });
  const preset = presetById(provider.preset);
  return new LazyOpenAICompatibleModel(spec.id, spec.label, {
    ...settings,
    baseURL: provider.baseURL,
    capabilities: spec.capabilities ?? capabilitiesFor(provider.preset, spec.model),
    ...(preset.apiVersion ? { azure: { apiVersion: provider.apiVersion ?? preset.apiVersion } } : {}),
  });
}

function providerBinding(manifest: Manifest, spec: ModelSpec, deps: BindingDeps, providerConcurrency: number): ModelBinding {
  const provider = spec.provider!;
  const key = deps.keyFor(spec);
  const preset = presetById(provider.preset);
  const headers = { ...preset.headers, ...deps.headersFor?.(spec) };
  const missing = (provider.headerNames ?? []).filter((name) => headers[name] === undefined);
  if (missing.length && !deps.headersOutside)
    throw new Error(`${spec.label}: no value for the request header${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const live = providerModel(spec, { apiKey: key, headers, timeoutMs: manifest.settings.requestTimeoutMs, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const endpoint = provider.baseURL;
  const tape = deps.cassette;
  const model = !tape
    ? live
    : tape.mode === 'replay'
      ? new ReplayModel(spec.id, spec.label, false, endpoint, tape.cassette)
      : new RecordingModel(live, endpoint, tape.cassette);
  return {
    model,
    modelName: spec.model,
    endpoint,
    keyId: key ? `k${hash32(key).toString(36)}` : 'none',
    maxConcurrency: providerConcurrency,
    // A model in this browser costs nothing (it runs on this device).
    ...(provider.preset === IN_BROWSER ? { free: true } : {}),
    ...(spec.maxConcurrency !== undefined ? { modelLimit: new AdaptiveLimiter(spec.maxConcurrency) } : {}),
    ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
    ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
    ...(spec.reasoningEffort !== undefined ? { reasoningEffort: spec.reasoningEffort } : {}),
  };
}
