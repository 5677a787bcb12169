// Every entry of the provider corpus as a case the app's model layer meets: the request a user's
// settings make (so that it carries what the entry is about), what the test server is scripted
// to answer, and what the call must then show. Used by e2e/provider-corpus.spec.ts.
import { capabilitiesFor, type Capabilities } from '../src/core/llm/capabilities.ts';
import { REASONING_EFFORTS, type ReasoningEffort } from '../src/core/llm/effort.ts';
import type { Accepts, Cited, ErrorEntry, FamilyCorpus, Refusal, ReplyEntry, Trigger, UsageEntry } from '../src/core/llm/fixtures/providers/types.ts';

/** What the model is configured with for one case: the run's settings and the request-shape overrides a user can set. */
export interface Setup {
  temperature?: number;
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
  seed?: number;
  capabilities: Partial<Capabilities>;
  /** Messages beyond the system and user ones (an earlier assistant turn). */
  assistantTurn?: boolean;
}

/** A refusal is met and learned from, or (when its body names nothing to learn from) avoided by the preset's table. */
export type CaseKind = 'accepts' | 'refusal' | 'avoided' | 'error' | 'reply' | 'usage' | 'cors';

export interface Case {
  family: string;
  kind: CaseKind;
  entry: Cited;
  model: string;
  setup: Setup;
  /** Entry ids the server answers with, in order. */
  script: string[];
  /** A streamed request (replies with both shapes are replayed both ways). */
  stream?: boolean;
}

/** The answer every replayed reply carries. */
export const ANSWER = 'Here is the program.\n\n```python\nprint(42)\n```\n';

/** Fields hintbench can be made to send, and the settings that send them. */
function sending(field: string, value: unknown, api: 'chat' | 'responses'): Setup | null {
  const effort = (typeof value === 'string' && (REASONING_EFFORTS as readonly string[]).includes(value) ? value : 'medium') as ReasoningEffort;
  switch (field) {
    case 'model':
    case 'messages':
      return { capabilities: { api: 'chat' } };
    case 'input':
    case 'store':
      return { capabilities: { api: 'responses' } };
    case 'seed':
      return { seed: 7, capabilities: { seed: true, api } };
    case 'temperature':
      return { temperature: typeof value === 'number' ? value : 0.5, capabilities: { temperature: true, api } };
    case 'max_tokens':
    case 'max_completion_tokens':
      return { maxTokens: typeof value === 'number' ? value : 1000, capabilities: { tokenLimit: field, api: 'chat' } };
    case 'max_output_tokens':
      return { maxTokens: typeof value === 'number' ? value : 1000, capabilities: { api: 'responses' } };
    case 'stream':
      return { capabilities: { stream: true, streamUsage: false, api } };
    case 'stream_options':
    case 'stream_options.include_usage':
      return { capabilities: { stream: true, streamUsage: true, api: 'chat' } };
    case 'reasoning_effort':
      return { reasoningEffort: effort, capabilities: { reasoningEffort: true, api: 'chat' } };
    case 'reasoning':
    case 'reasoning.effort':
      return { reasoningEffort: effort, capabilities: { reasoningEffort: true, api: 'responses' } };
    case 'reasoning.summary':
      return { capabilities: { thoughts: true, api: 'responses' } };
    case 'extra_body':
    case 'extra_body.google':
    case 'extra_body.google.thinking_config':
    case 'extra_body.google.thinking_config.include_thoughts':
      return { capabilities: { thoughts: true, api: 'chat' } };
    default:
      return null;
  }
}

/** A value of an effort field outside `allowed` (the first of the scale that is not allowed). */
const outsideEfforts = (allowed: readonly unknown[]) => REASONING_EFFORTS.find((e) => !allowed.includes(e));

/** The settings that make hintbench's request match a trigger; null when hintbench cannot send it. */
export function produce(trigger: Trigger, corpus: FamilyCorpus, api: 'chat' | 'responses'): Setup | null {
  switch (trigger.kind) {
    case 'field': {
      if (trigger.field !== '*') return sending(trigger.field, undefined, api);
      // A field the family does not take that hintbench can send.
      const accepted = new Set(corpus.accepts.flatMap((a) => ('field' in a.trigger ? [a.trigger.field.split('.')[0]!] : [])));
      const field = ['stream_options', 'max_completion_tokens', 'max_tokens', 'reasoning_effort', 'temperature', 'extra_body', 'seed'].find(
        (f) => !accepted.has(f),
      );
      return field ? sending(field, undefined, api) : null;
    }
    case 'value': {
      const value = /effort/.test(trigger.field) ? outsideEfforts(trigger.allowed) : trigger.field === 'temperature' ? 0.5 : undefined;
      return value === undefined ? null : sending(trigger.field, value, api);
    }
    case 'equals':
      return sending(trigger.field, trigger.values[0], api);
    case 'above':
      return sending(trigger.field, trigger.max + 1000, api);
    case 'role':
      if (trigger.role === 'system' || trigger.role === 'developer') return { capabilities: { systemRole: trigger.role, api } };
      if (trigger.role === 'user') return { capabilities: { api } };
      if (trigger.role === 'assistant') return { capabilities: { api }, assistantTurn: true };
      return null;
    case 'path':
      return { capabilities: { api: trigger.path === '/responses' ? 'responses' : 'chat' } };
  }
}

/** An accepted value of a value trigger (the accepts entry's own). */
function acceptedSetup(a: Accepts, corpus: FamilyCorpus, api: 'chat' | 'responses'): Setup | null {
  if (a.trigger.kind === 'value') {
    const value = a.trigger.allowed.find((v) => v !== null);
    return value === undefined ? null : sending(a.trigger.field, value, api);
  }
  return produce(a.trigger, corpus, api);
}

/** The family's models: the plain one, the thinking one, and any other its entries name. */
const modelsOf = (corpus: FamilyCorpus) => [corpus.models.plain, ...(corpus.models.thinking ? [corpus.models.thinking] : []), ...(corpus.models.others ?? [])];

/** A model the entry is about (the thinking one first for thinking replies). */
export function modelFor(corpus: FamilyCorpus, entry: Cited & { thinking?: string }): string | null {
  const models = modelsOf(corpus);
  const ordered = entry.thinking && entry.thinking !== 'none' ? [...models.slice(1), models[0]!] : models;
  return ordered.find((m) => !entry.models || entry.models.test(m)) ?? null;
}

/** The wire the preset's table gives the model (the Responses API for the models served only there). */
const apiOf = (corpus: FamilyCorpus, model: string) => capabilitiesFor(corpus.preset, model).api;

/** Retries a replayed call may make (errors are met without: a provider's retry-after may ask for a minute). */
export const REPLAY_RETRIES = 2;

/** Whether a refusal's body names the field it refuses, or the value (else there is nothing to learn from it). */
function namesWhatItRefuses(r: Refusal, model: string, setup: Setup): boolean {
  const t = r.trigger;
  if (t.kind === 'path' || t.kind === 'role') return true;
  const field = t.field === '*' ? '' : t.field.split('.').at(-1)!;
  const value = setup.reasoningEffort ?? setup.temperature ?? setup.maxTokens;
  const text = JSON.stringify(r.body({ path: '/chat/completions', model, body: {}, headers: {} }, t.field === '*' ? 'seed' : value));
  return t.field === '*' || text.includes(field) || (value !== undefined && text.includes(String(value)));
}

/** Every entry of a family as cases; entries hintbench cannot be made to meet are returned apart. */
export function casesOf(corpus: FamilyCorpus): { cases: Case[]; unreplayable: string[] } {
  const cases: Case[] = [];
  const unreplayable: string[] = [];
  const add = (kind: CaseKind, entry: Cited, setup: Setup | null, script: string[], model: string | null, stream?: boolean) => {
    if (!setup || !model) unreplayable.push(`${corpus.id}/${entry.id}${model ? '' : ' (no model of the family matches it)'}`);
    else cases.push({ family: corpus.id, kind, entry, model, setup, script, ...(stream !== undefined ? { stream } : {}) });
  };
  for (const a of corpus.accepts) {
    const model = modelFor(corpus, a);
    add('accepts', a, model ? acceptedSetup(a, corpus, apiOf(corpus, model)) : null, [], model);
  }
  for (const r of corpus.refusals as Refusal[]) {
    const model = modelFor(corpus, r);
    const setup = model ? produce(r.trigger, corpus, apiOf(corpus, model)) : null;
    if (!setup || !model) {
      add('refusal', r, null, [], model);
      continue;
    }
    if (namesWhatItRefuses(r, model, setup)) {
      // Sent as a model the table knows no effort values of would be: the effort goes as asked.
      const asked = setup.reasoningEffort !== undefined ? { ...setup, capabilities: { ...setup.capabilities, efforts: [...REASONING_EFFORTS] } } : setup;
      add('refusal', r, asked, [r.id], model);
    } else add('avoided', r, { ...setup, capabilities: { api: setup.capabilities.api } }, [], model);
  }
  for (const e of corpus.errors as ErrorEntry[]) {
    const model = modelFor(corpus, e);
    add('error', e, { capabilities: { api: model ? apiOf(corpus, model) : 'chat' } }, [e.id], model);
  }
  for (const r of corpus.replies as ReplyEntry[]) {
    const model = modelFor(corpus, r);
    const api = model ? apiOf(corpus, model) : 'chat';
    const base = r.when ? produce(r.when, corpus, api) : { capabilities: { api } };
    for (const stream of [false, true]) {
      if (!(stream ? r.stream : r.whole)) continue;
      const setup = base && { ...base, capabilities: { ...base.capabilities, stream, ...(stream ? {} : { streamUsage: false }) } };
      add('reply', r, setup, [r.id], model, stream);
    }
  }
  for (const u of corpus.usage as UsageEntry[]) {
    const model = modelFor(corpus, u);
    const api = model ? apiOf(corpus, model) : 'chat';
    add('usage', u, { capabilities: { api, stream: false } }, [u.id], model, false);
    if (u.streamed !== 'never') add('usage', u, { capabilities: { api, stream: true, streamUsage: u.streamed === 'asked' } }, [u.id], model, true);
  }
  if (corpus.cors) add('cors', corpus.cors, { capabilities: {} }, [], corpus.models.plain);
  return { cases, unreplayable };
}
