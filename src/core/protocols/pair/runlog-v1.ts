// Run logs of version 1 (`hintbench.runlog/1`), written before the engine served several
// protocols: every one is a PAIR-family run. Their schema as it was, and the migration to
// version 2: the flat parameters split into run settings and the protocol's own, each turn
// becomes a step (its program and passing tests as the step's evaluation, its extraction and
// feedback as PAIR's step data), and the buggy program is read back from turn 0's prompt.
import * as v from 'valibot';
import { CallRecordSchema, RUNLOG_SCHEMA, type ItemRecord, type Manifest, type RunLog, type Step } from '../../model/runlog.ts';
import { FAMILY_FIELDS, PAIR_DEFAULTS } from './params.ts';
import { INITIAL_REPAIR } from './prompts.ts';
import { TurnFeedbackSchema, type PairStepData } from './step-data.ts';

export const RUNLOG_V1 = 'hintbench.runlog/1';

const TurnV1Schema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  prompt: v.string(),
  reply: v.nullable(v.string()),
  extraction: v.picklist(['fenced-python', 'last-fenced', 'unfenced', 'none']),
  outcome: v.picklist(['evaluated', 'no-code']),
  code: v.string(),
  passed: v.array(v.string()),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  feedback: v.optional(TurnFeedbackSchema),
  calls: v.array(CallRecordSchema),
  startedAt: v.string(),
  durationMs: v.number(),
});

const ItemV1Schema = v.object({
  key: v.string(),
  instanceId: v.string(),
  modelId: v.string(),
  repeat: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(['queued', 'running', 'done', 'error', 'stopped']),
  stopReason: v.optional(v.picklist(['fixed', 'turns', 'exhausted', 'budget', 'cancelled', 'error'])),
  error: v.optional(v.string()),
  initialPassed: v.optional(v.array(v.string())),
  turns: v.array(TurnV1Schema),
});

const optionalNumber = v.optional(v.number());

const ManifestV1Schema = v.object({
  schema: v.literal(RUNLOG_V1),
  runId: v.string(),
  name: v.string(),
  createdAt: v.string(),
  protocol: v.string(),
  params: v.object({
    turns: v.number(),
    repeats: v.number(),
    concurrency: v.number(),
    seed: v.number(),
    budgetUsd: v.nullable(v.number()),
    maxRetries: v.number(),
    requestTimeoutMs: v.number(),
    beta: optionalNumber,
    m: optionalNumber,
    kMax: optionalNumber,
    sMin: optionalNumber,
    regenerations: optionalNumber,
    onHintRejected: v.optional(v.picklist(['best-effort', 'skip'])),
  }),
  dataset: v.object({
    id: v.string(),
    name: v.string(),
    hash: v.string(),
    instances: v.array(v.object({ id: v.string(), title: v.string(), testIds: v.array(v.string()) })),
  }),
  models: v.array(
    v.object({
      id: v.string(),
      label: v.string(),
      role: v.picklist(['candidate', 'feedback', 'judge']),
      simulated: v.boolean(),
      model: v.string(),
      provider: v.optional(v.object({ preset: v.string(), baseURL: v.string() })),
      profile: v.optional(v.string()),
      human: v.optional(v.boolean()),
      temperature: v.optional(v.number()),
      maxTokens: v.optional(v.number()),
    }),
  ),
  app: v.object({ version: v.string(), pyodide: v.string() }),
  prompts: v.record(v.string(), v.string()),
  templates: v.optional(v.object({ version: v.string(), texts: v.record(v.string(), v.string()), edited: v.array(v.string()) })),
  shard: v.optional(v.object({ k: v.number(), n: v.number() })),
});

export const RunLogV1Schema = v.object({ manifest: ManifestV1Schema, items: v.array(ItemV1Schema), summaries: v.array(v.unknown()) });
export type RunLogV1 = v.InferOutput<typeof RunLogV1Schema>;
type ManifestV1 = RunLogV1['manifest'];
type ItemV1 = RunLogV1['items'][number];
type TurnV1 = ItemV1['turns'][number];

/** The value a template's {{name}} had in a filled text: the text between the placeholder's literal neighbours (the last match). */
export function placeholderValue(template: string, filled: string, name: string): string | null {
  const mark = `{{${name}}}`;
  const at = template.indexOf(mark);
  if (at < 0) return null;
  const before = template
    .slice(0, at)
    .split(/\{\{\w+\}\}/)
    .at(-1)!;
  const after = template.slice(at + mark.length).split(/\{\{\w+\}\}/)[0]!;
  const tail = template.slice(at + mark.length) === after; // nothing else is filled after it
  if (!before || (!after && !tail)) return null;
  const end = tail ? (filled.endsWith(after) ? filled.length - after.length : -1) : filled.lastIndexOf(after);
  if (end < 0) return null;
  const start = filled.lastIndexOf(before, end - before.length);
  return start < 0 ? null : filled.slice(start + before.length, end);
}

function migrateManifest(m: ManifestV1): Manifest {
  const { turns, repeats, concurrency, seed, budgetUsd, maxRetries, requestTimeoutMs, ...rest } = m.params;
  // The parameters the protocol declares, at their defaults where the log had none (older logs lack some).
  const given = Object.fromEntries(Object.entries({ ...rest, turns }).filter(([, x]) => x !== undefined));
  const all: Record<string, number | string> = { ...PAIR_DEFAULTS, ...given };
  const fields = FAMILY_FIELDS[m.protocol];
  const params = fields ? Object.fromEntries(fields.map((f) => [f.key, all[f.key]!])) : given;
  const inferred = Object.keys(params).filter((k) => !(k in given));
  return {
    schema: RUNLOG_SCHEMA,
    runId: m.runId,
    name: m.name,
    createdAt: m.createdAt,
    protocol: { id: m.protocol, version: 1 },
    settings: { repeats, concurrency, seed, budgetUsd, maxRetries, requestTimeoutMs },
    params,
    ...(inferred.length ? { inferredParams: inferred } : {}),
    dataset: m.dataset,
    models: m.models,
    app: m.app,
    prompts: m.prompts,
    ...(m.templates ? { templates: m.templates } : {}),
    ...(m.shard ? { shard: m.shard } : {}),
  };
}

function migrateTurn(t: TurnV1): Step {
  const data: PairStepData = { extraction: t.extraction, ...(t.feedback ? { feedback: t.feedback } : {}) };
  return {
    index: t.index,
    startedAt: t.startedAt,
    durationMs: t.durationMs,
    calls: t.calls,
    ...(t.outcome === 'evaluated' ? { evaluation: { code: t.code, passed: t.passed } } : {}),
    data,
  };
}

function migrateItem(item: ItemV1, buggy: string | null): ItemRecord {
  return {
    key: item.key,
    modelId: item.modelId,
    instanceId: item.instanceId,
    repeat: item.repeat,
    status: item.status,
    ...(item.stopReason ? { stopReason: item.stopReason } : {}),
    ...(item.error !== undefined ? { error: item.error } : {}),
    ...(item.initialPassed ? { start: { code: buggy, passed: item.initialPassed } } : {}),
    steps: item.turns.map(migrateTurn),
  };
}

/** A version-1 log as version 2 (summaries left empty: readers compute them by the run's protocol). */
export function migrateV1(log: Pick<RunLogV1, 'manifest' | 'items'>): RunLog {
  const manifest = migrateManifest(log.manifest);
  const initial = log.manifest.templates?.texts.initial ?? INITIAL_REPAIR;
  // Version 1 kept no starting program: read it back from turn 0's prompt of any item on the instance.
  const buggy = new Map<string, string | null>();
  for (const item of log.items) {
    const prompt = item.turns[0]?.prompt;
    if (prompt !== undefined && !buggy.get(item.instanceId)) buggy.set(item.instanceId, placeholderValue(initial, prompt, 'code'));
  }
  const items = log.items.map((i) => migrateItem(i, buggy.get(i.instanceId) ?? null));
  return { manifest, items, summaries: [] };
}
