// The run log as the app holds it (docs/formats.md, "Run log"): one schema, and the TypeScript
// types are inferred from it. Files are written in version 3's compact form (src/core/runlog/). A protocol-neutral core — the manifest, the work items, every model call
// (failed ones too), the program each item starts from and per-test outcomes of every
// evaluation — and a `data` block per step, item and summary that belongs to the protocol,
// versioned by it (manifest.protocol.version). Logs of versions 1 and 2 are read through their
// migrations (runlog-v1.ts, src/core/runlog/read.ts).
import * as v from 'valibot';
import { REASONING_EFFORTS } from '../llm/effort.ts';
import { OUTCOMES } from './outcome.ts';

export const RUNLOG_SCHEMA = 'hintbench.runlog/3';
/** The version before: the same content, every message written out in full. */
export const RUNLOG_V2 = 'hintbench.runlog/2';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const ids = v.array(v.string());

// ---- model calls ----

export const MessageSchema = v.object({ role: v.picklist(['system', 'user', 'assistant']), content: v.string() });

/** One model call as it was made: what was sent, the reply, usage, cost, latency and retries. Never a key. */
export const CallRecordSchema = v.object({
  /** The role the call was made in (the protocol's roles: candidate, feedback, judge, …). */
  role: v.string(),
  modelId: v.string(),
  /** The provider's model name. */
  model: v.string(),
  simulated: v.boolean(),
  messages: v.array(MessageSchema),
  /** The reply's answer (its thinking apart, below); null when the call failed. */
  content: v.nullable(v.string()),
  /** completionTokens include reasoningTokens; cachedPromptTokens are the prompt tokens the provider's cache served. */
  usage: v.nullable(
    v.object({ promptTokens: v.number(), completionTokens: v.number(), reasoningTokens: v.optional(v.number()), cachedPromptTokens: v.optional(v.number()) }),
  ),
  /** A reasoning model's thinking, kept apart from the answer: never read for code, verdicts or hints. */
  thinking: v.optional(v.string()),
  /** Why generation stopped, as the provider said ("stop", "length", …). */
  finishReason: v.optional(v.string()),
  /** The reply was cut by the token limit (finish reason "length"): the protocol got no answer from it. */
  truncated: v.optional(v.literal(true)),
  /** The reply's token limit sent with the request. */
  maxTokens: v.optional(v.number()),
  /** How the request was changed after the provider refused part of it ("temperature left out", …). */
  adjusted: v.optional(v.array(v.string())),
  /** How the request differed from the run's settings, in words ("reasoning effort minimal → low"): the model could not take them as asked. */
  settingsChanged: v.optional(v.array(v.string())),
  /** The model (or the provider's filter) declined to answer: its words. The protocol got no answer, and the call was not retried. */
  refusal: v.optional(v.string()),
  /** The reasoning effort the request was sent with. */
  reasoningEffort: v.optional(v.string()),
  /** Sent through OpenAI's Responses API (else chat completions). */
  api: v.optional(v.literal('responses')),
  /** The reply came as a stream. */
  streamed: v.optional(v.literal(true)),
  /** The sampling seed the reply was made with, where the model honours one (an in-browser model): the same seed and prompt give the same reply. */
  seed: v.optional(v.number()),
  /** Dollars; null when the price or the usage is unknown (docs/formats.md says when a failed call costs 0). */
  costUsd: v.nullable(v.number()),
  /** Under a budget cap, a call of unknown cost counts its worst case against the cap: that amount, in dollars. */
  budgetedUsd: v.optional(v.number()),
  latencyMs: v.number(),
  retries: v.number(),
  startedAt: v.string(),
  /** Set when the call failed, after its retries. */
  error: v.optional(v.object({ kind: v.string(), message: v.string() })),
  /** An embeddings call: `messages` are the texts embedded (as user messages), `content` says how many vectors came back. */
  kind: v.optional(v.literal('embeddings')),
});
export type CallRecord = v.InferOutput<typeof CallRecordSchema>;

// ---- evaluations ----

/** A test the program did not pass: its outcome and, for the scenario signature, its fail type. */
export const TestFailureSchema = v.object({
  id: v.string(),
  outcome: v.picklist(OUTCOMES.filter((o) => o !== 'passed') as [string, ...string[]]),
  failType: v.optional(v.string()),
});
export type TestFailure = v.InferOutput<typeof TestFailureSchema>;

/**
 * Per-test outcomes of one program on the item's tests: the ids that passed, and every other
 * test with its outcome. `failures` is absent only in logs migrated from version 1, which kept
 * the passing ids alone.
 */
const testResults = { passed: ids, failures: v.optional(v.array(TestFailureSchema)) };

/** A program a step evaluated, with its per-test outcomes. */
export const EvaluationSchema = v.object({ code: v.string(), ...testResults });
export type Evaluation = v.InferOutput<typeof EvaluationSchema>;

/** The program an item starts from (PAIR: the buggy one) and its outcomes; code is null when a migrated log did not keep it. */
export const StartSchema = v.object({ code: v.nullable(v.string()), ...testResults });
export type Start = v.InferOutput<typeof StartSchema>;

// ---- steps and items ----

/**
 * One step of an item, in order. A step that failed or was stopped keeps its calls and says
 * why in `error`; protocols read only the steps without an error, but every call counts.
 */
export const StepSchema = v.object({
  /** Position among the item's steps, failed ones included (0, 1, 2, …). */
  index: count,
  startedAt: v.string(),
  durationMs: v.number(),
  calls: v.array(CallRecordSchema),
  /** The program the step evaluated; absent when it evaluated none. */
  evaluation: v.optional(EvaluationSchema),
  error: v.optional(v.object({ kind: v.string(), message: v.string() })),
  /** The protocol's own record of the step. */
  data: v.optional(v.unknown()),
});
export type Step = v.InferOutput<typeof StepSchema>;

export const ITEM_STATUSES = ['queued', 'running', 'done', 'error', 'stopped'] as const;

/** Why an item stopped: a protocol's own reasons (PAIR: fixed, turns, exhausted), or the runner's. */
export type StopReason = string;
export const RUNNER_STOP_REASONS = { budget: 'the budget ran out', cancelled: 'cancelled', error: 'an error' } as const;

const itemFields = {
  key: v.string(),
  /** The model under test. */
  modelId: v.string(),
  /** The instance the item works on (absent for units a protocol makes without one). */
  instanceId: v.optional(v.string()),
  /** The multi-requirement task it works on (protocols that work on tasks). */
  taskId: v.optional(v.string()),
  repeat: count,
  status: v.picklist(ITEM_STATUSES),
  stopReason: v.optional(v.string()),
  error: v.optional(v.string()),
  start: v.optional(StartSchema),
  data: v.optional(v.unknown()),
};

export const ItemHeadSchema = v.object(itemFields);
/** An item without its steps (the form the store keeps while steps are written one by one). */
export type ItemHead = v.InferOutput<typeof ItemHeadSchema>;

export const ItemSchema = v.object({ ...itemFields, steps: v.array(StepSchema) });
export type ItemRecord = v.InferOutput<typeof ItemSchema>;

export const itemKey = (instanceId: string, modelId: string, repeat: number) => `${instanceId}|${modelId}|${repeat}`;

// ---- the manifest ----

/** A task as the manifest keeps it: what the metrics and views need, and nothing hidden. */
export const TaskHeadSchema = v.object({
  id: v.string(),
  title: v.string(),
  /** What the interviewee is asked. */
  query: v.string(),
  tags: ids,
  requirements: v.array(v.object({ id: count, prerequisites: v.array(count), category: v.string(), criteria: v.string() })),
});
export type TaskHead = v.InferOutput<typeof TaskHeadSchema>;

export const ModelSpecSchema = v.object({
  id: v.string(),
  label: v.string(),
  /** One of the protocol's roles. */
  role: v.string(),
  simulated: v.boolean(),
  /** The provider's model name ("simulated" ones use their own). */
  model: v.string(),
  /** headerNames: extra request headers the run sent (names only: values may be secrets). */
  provider: v.optional(v.object({ preset: v.string(), baseURL: v.string(), headerNames: v.optional(v.array(v.string())), apiVersion: v.optional(v.string()) })),
  /** Simulated models: their profile ("low", "medium", "high", "oracle", "no-op", "rule-based", …). */
  profile: v.optional(v.string()),
  /** A person in the candidate seat (Teach mode): not a model, costs nothing. */
  human: v.optional(v.boolean()),
  temperature: v.optional(v.number()),
  maxTokens: v.optional(v.number()),
  /** A reasoning model's effort, when set. */
  reasoningEffort: v.optional(v.picklist(REASONING_EFFORTS)),
  /** The request shape the model's requests started from (capabilities.ts). */
  capabilities: v.optional(
    v.object({
      /** Logs from before the Responses API have none: chat completions. */
      api: v.optional(v.picklist(['chat', 'responses']), 'chat'),
      tokenLimit: v.picklist(['max_tokens', 'max_completion_tokens']),
      temperature: v.boolean(),
      seed: v.boolean(),
      systemRole: v.picklist(['system', 'developer', 'user']),
      reasoningEffort: v.boolean(),
      efforts: v.optional(v.array(v.picklist(REASONING_EFFORTS))),
      maxReplyTokens: v.optional(v.number()),
      thoughts: v.optional(v.boolean()),
      stream: v.boolean(),
      streamUsage: v.boolean(),
    }),
  ),
  /** Requests at once to this model's provider and key. */
  maxConcurrency: v.optional(v.number()),
});
/** A model as a run uses it. Never holds a key. */
export type ModelSpec = v.InferOutput<typeof ModelSpecSchema>;

/** How a run is run, whatever its protocol (docs/formats.md, "Run settings"). */
export const RunSettingsSchema = v.object({
  repeats: v.number(),
  /** Items worked on at once. */
  concurrency: v.number(),
  seed: v.number(),
  /** Dollars; null for no cap. */
  budgetUsd: v.nullable(v.number()),
  maxRetries: v.number(),
  /** Streaming: the longest silence allowed; otherwise the whole request's limit. */
  requestTimeoutMs: v.number(),
  /** A reply cut by the token limit is asked again once with a larger limit (docs/providers.md); absent in older logs: false. */
  retryTruncated: v.optional(v.boolean()),
});
export type RunSettings = v.InferOutput<typeof RunSettingsSchema>;

export const ManifestSchema = v.object({
  schema: v.literal(RUNLOG_SCHEMA),
  runId: v.string(),
  name: v.string(),
  createdAt: v.string(),
  /** The protocol, and the version of its parameters and data blocks. */
  protocol: v.object({ id: v.string(), version: count }),
  settings: RunSettingsSchema,
  /** The protocol's parameters, as its schema validated them (defaults filled in). */
  params: v.record(v.string(), v.unknown()),
  /** Parameters the log did not record, filled by the migration from an older version with the defaults it knew: inferred, not known. */
  inferredParams: v.optional(v.array(v.string())),
  dataset: v.object({
    id: v.string(),
    name: v.string(),
    hash: v.string(),
    instances: v.array(v.object({ id: v.string(), title: v.string(), testIds: ids })),
    /** The multi-requirement tasks of the run (protocols that work on tasks): their requirement graphs, never their references or checks. */
    tasks: v.optional(v.array(TaskHeadSchema)),
  }),
  /** The tested role's models first, then one per supporting role (readers of an unknown protocol's log find its tested role so). */
  models: v.array(ModelSpecSchema),
  app: v.object({ version: v.string(), pyodide: v.string() }),
  /** The sandbox's rule the run's evaluations followed: after this many timed-out tests, an evaluation's other tests are not run (absent in logs written before it was recorded). */
  execution: v.optional(v.object({ timeoutsBeforeNotRun: count })),
  /** sha256 of each prompt template used, by "protocol.name". */
  prompts: v.record(v.string(), v.string()),
  /** The templates' text, their version, and which ones the run edited. */
  templates: v.optional(v.object({ version: v.string(), texts: v.record(v.string(), v.string()), edited: ids })),
  /** Set on a shard of a sharded run: this is part k of n (1-based). */
  shard: v.optional(v.object({ k: v.number(), n: v.number() })),
});
export type Manifest = v.InferOutput<typeof ManifestSchema>;

// ---- summaries ----

export const ModelSummarySchema = v.object({
  modelId: v.string(),
  label: v.string(),
  simulated: v.boolean(),
  /** Items the metrics count (PAIR: those with an evaluated turn). */
  items: v.number(),
  promptTokens: v.number(),
  completionTokens: v.number(),
  /** null when some call's cost is unknown. */
  costUsd: v.nullable(v.number()),
  /**
   * Notes on the model's own calls (absent when all are zero): replies cut by the token limit
   * (asked again with more room when the run says so; a reply still cut is no answer), requests
   * a provider made it change, reasoning tokens (part of the completion tokens).
   */
  notes: v.optional(
    v.object({
      truncated: v.number(),
      adjusted: v.number(),
      reasoningTokens: v.number(),
      /** Replies the model refused (no answer). */
      refused: v.optional(v.number()),
      /** Requests that differed from the run's settings, by the change in words. */
      settingsChanged: v.optional(v.record(v.string(), v.number())),
    }),
  ),
  /** The protocol's metrics by key (docs/metrics.md); null where a metric is not defined. */
  metrics: v.record(v.string(), v.nullable(v.number())),
  /** The same, per repeat (repeated runs only). */
  repeats: v.optional(v.array(v.record(v.string(), v.nullable(v.number())))),
  data: v.optional(v.unknown()),
});
/** One model's row of the leaderboard. */
export type ModelSummary = v.InferOutput<typeof ModelSummarySchema>;

// ---- stored scores ----

/** Which metric code computed scores: the protocol and the version of its metrics. */
export const MetricsStampSchema = v.object({ protocol: v.string(), version: count });
export type MetricsStamp = v.InferOutput<typeof MetricsStampSchema>;

/**
 * The run's scores as computed when it ended (or was last rescored): the leaderboard's rows and
 * each item's own numbers, with the metric code that made them. Opening a run shows these; a
 * rescore recomputes them from the steps.
 */
export const ScoresSchema = v.object({
  metrics: MetricsStampSchema,
  scoredAt: v.string(),
  summaries: v.array(ModelSummarySchema),
  /** Per item key, the protocol's numbers for that item (null where undefined). */
  items: v.record(v.string(), v.record(v.string(), v.nullable(v.number()))),
});
export type Scores = v.InferOutput<typeof ScoresSchema>;

// ---- annotations ----

/** A judgement a person (or a model) added to a run after it ran, e.g. a grade of one hint. */
export const AnnotationSchema = v.object({
  /** Unique in the run; writing an annotation with the same id replaces it. */
  id: v.string(),
  /** What it is, in the protocol's terms (Interview: "hint-grade"). */
  kind: v.string(),
  itemKey: v.string(),
  /** The step it is about. */
  stepIndex: v.optional(count),
  /** Who made it: a person, or a model (shown apart). */
  author: v.object({ kind: v.picklist(['person', 'model']), name: v.string() }),
  createdAt: v.string(),
  /** The protocol's own record (Interview: the grade and the rubric's answers). */
  value: v.unknown(),
});
export type Annotation = v.InferOutput<typeof AnnotationSchema>;

/** `summaries` are the rows shown: the stored scores' when there are some, otherwise computed from the items. */
export const RunLogSchema = v.object({
  manifest: ManifestSchema,
  items: v.array(ItemSchema),
  summaries: v.array(ModelSummarySchema),
  scores: v.optional(ScoresSchema),
  annotations: v.optional(v.array(AnnotationSchema)),
});
export type RunLog = v.InferOutput<typeof RunLogSchema>;
