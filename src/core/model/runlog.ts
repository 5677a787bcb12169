// The run log: a versioned record of a run (docs/formats.md). A manifest (no keys), the
// items (instance × model × repeat) with their turns, and summaries.
import * as v from 'valibot';
import type { LlmCallRecord } from '../llm/caller.ts';
import type { ExtractionKind } from '../llm/extract.ts';
import type { PairSummary } from '../protocols/pair/metrics.ts';

export const RUNLOG_SCHEMA = 'hintbench.runlog/1';

export type Role = 'candidate' | 'feedback' | 'judge';

/** A model as a run uses it. Never holds a key. */
export interface ModelSpec {
  id: string;
  label: string;
  role: Role;
  simulated: boolean;
  /** The provider's model name ("simulated" ones use their own). */
  model: string;
  provider?: { preset: string; baseURL: string };
  /** Simulated candidates: their profile ("low", "medium", "high", "oracle", "no-op"). */
  profile?: string;
  /** A person in the candidate seat (Teach mode): not a model, costs nothing. */
  human?: boolean;
  temperature?: number;
  maxTokens?: number;
}

export interface RunParams {
  /** Revision turns after the initial repair (α). */
  turns: number;
  repeats: number;
  /** Items worked on at once. */
  concurrency: number;
  seed: number;
  /** Dollars; null for no cap. */
  budgetUsd: number | null;
  maxRetries: number;
  requestTimeoutMs: number;
  /** PAIR: turns per scenario before deferral (β). */
  beta: number;
  /** PAIR: failing tests sampled for the feedback model (m). */
  m: number;
  /** PAIR: scenario grouping backoff (K_max, s_min). */
  kMax: number;
  sMin: number;
  /** PAIR: regenerations of a rejected hint (R). */
  regenerations: number;
  /** PAIR: what happens when every attempt is rejected. */
  onHintRejected: 'best-effort' | 'skip';
}

export interface Manifest {
  schema: typeof RUNLOG_SCHEMA;
  runId: string;
  name: string;
  createdAt: string;
  protocol: string;
  params: RunParams;
  dataset: { id: string; name: string; hash: string; instances: { id: string; title: string; testIds: string[] }[] };
  models: ModelSpec[];
  app: { version: string; pyodide: string };
  /** Hashes of the prompt templates used (sha256 of the template text). */
  prompts: Record<string, string>;
  /** The templates' text, their version, and which ones the run edited. */
  templates?: { version: string; texts: Record<string, string>; edited: string[] };
  /** Set on a shard of a sharded run: this is part k of n (1-based). */
  shard?: { k: number; n: number };
}

export interface Turn {
  /** 0 is the initial repair. */
  index: number;
  /** The candidate's message for this turn. */
  prompt: string;
  reply: string | null;
  extraction: ExtractionKind;
  /** `evaluated`, or `no-code` when the reply held no program (the program stays as it was). */
  outcome: 'evaluated' | 'no-code';
  code: string;
  /** Ids of the tests the program passes after this turn. */
  passed: string[];
  total: number;
  /** The feedback this turn's prompt carried (absent on turn 0). */
  feedback?: TurnFeedback;
  calls: LlmCallRecord[];
  startedAt: string;
  durationMs: number;
}

/** One feedback-model attempt: accepted, or rejected by the leakage validator (or the judge). */
export interface HintAttempt {
  text: string;
  accepted: boolean;
  leaks: { kind: string; detail: string }[];
  /** The optional LLM judge's verdict, when the run has a judge and the rules passed. */
  judge?: { verdict: 'pass' | 'fail' | 'unclear'; reason?: string };
}

export interface TurnFeedback {
  /** What the candidate was told. */
  text: string;
  /** The targeted failure scenario (controlled protocols): its tests, grouping level, expected-output shape and fail type. */
  scenario?: { id: string; testIds: string[]; grouping?: string; shape?: string; failType?: string };
  /** The tests shown to the feedback model (S_t). */
  sampleIds?: string[];
  /** Hint level, 1–6 (controlled protocols). */
  level?: number;
  /** Every feedback-model attempt in order, with the validator's reasons for rejections. */
  validation?: HintAttempt[];
  /** Set when no attempt passed validation: the best-effort hint was used, or the turn skipped. */
  flagged?: 'best-effort' | 'skipped';
}

export type ItemStatus = 'queued' | 'running' | 'done' | 'error' | 'stopped';
export type StopReason = 'fixed' | 'turns' | 'exhausted' | 'budget' | 'cancelled' | 'error';

export interface ItemRecord {
  key: string;
  instanceId: string;
  modelId: string;
  repeat: number;
  status: ItemStatus;
  stopReason?: StopReason;
  error?: string;
  /** Tests the buggy program passes before any turn. */
  initialPassed?: string[];
  turns: Turn[];
}

export interface ModelSummary {
  modelId: string;
  label: string;
  simulated: boolean;
  items: number;
  /** Share of items fixed by the initial repair (turn 0); the same as metrics.initialFix. */
  initialFix: number;
  /** Share of items fixed by any turn; the same as metrics.finalFix. */
  finalFix: number;
  /** Mean over items of the best pass rate reached. */
  meanBestPassRate: number;
  /** Mean turns to the first full pass, over items fixed after turn 0 (null when none); the same as metrics.turnsToFix. */
  meanTurnsToFix: number | null;
  promptTokens: number;
  completionTokens: number;
  /** null when some call's cost is unknown. */
  costUsd: number | null;
  /** The PAIR trajectory metrics over the model's items (docs/metrics.md). */
  metrics: PairSummary;
  /** The same, per repeat (repeated runs only). */
  repeats?: PairSummary[];
}

export interface RunLog {
  manifest: Manifest;
  items: ItemRecord[];
  summaries: ModelSummary[];
}

export const itemKey = (instanceId: string, modelId: string, repeat: number) => `${instanceId}|${modelId}|${repeat}`;

// ---- validation of imported run logs ----

const CallSchema = v.object({
  role: v.string(),
  modelId: v.string(),
  model: v.string(),
  simulated: v.boolean(),
  messages: v.array(v.object({ role: v.picklist(['system', 'user', 'assistant']), content: v.string() })),
  content: v.nullable(v.string()),
  usage: v.nullable(v.object({ promptTokens: v.number(), completionTokens: v.number() })),
  costUsd: v.nullable(v.number()),
  latencyMs: v.number(),
  retries: v.number(),
  startedAt: v.string(),
  error: v.optional(v.object({ kind: v.string(), message: v.string() })),
});

export const TurnSchema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  prompt: v.string(),
  reply: v.nullable(v.string()),
  extraction: v.picklist(['fenced-python', 'last-fenced', 'unfenced', 'none']),
  outcome: v.picklist(['evaluated', 'no-code']),
  code: v.string(),
  passed: v.array(v.string()),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  feedback: v.optional(
    v.object({
      text: v.string(),
      scenario: v.optional(v.object({ id: v.string(), testIds: v.array(v.string()), grouping: v.optional(v.string()), shape: v.optional(v.string()), failType: v.optional(v.string()) })),
      sampleIds: v.optional(v.array(v.string())),
      level: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6))),
      validation: v.optional(
        v.array(
          v.object({
            text: v.string(),
            accepted: v.boolean(),
            leaks: v.array(v.object({ kind: v.string(), detail: v.string() })),
            judge: v.optional(v.object({ verdict: v.picklist(['pass', 'fail', 'unclear']), reason: v.optional(v.string()) })),
          }),
        ),
      ),
      flagged: v.optional(v.picklist(['best-effort', 'skipped'])),
    }),
  ),
  calls: v.array(CallSchema),
  startedAt: v.string(),
  durationMs: v.number(),
});

export const ItemSchema = v.object({
  key: v.string(),
  instanceId: v.string(),
  modelId: v.string(),
  repeat: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(['queued', 'running', 'done', 'error', 'stopped']),
  stopReason: v.optional(v.picklist(['fixed', 'turns', 'exhausted', 'budget', 'cancelled', 'error'])),
  error: v.optional(v.string()),
  initialPassed: v.optional(v.array(v.string())),
  turns: v.array(TurnSchema),
});

/** PAIR's parameters (optional: logs of other protocols and older logs may lack them). */
export const PAIR_PARAM_ENTRIES = {
  beta: v.optional(v.number()),
  m: v.optional(v.number()),
  kMax: v.optional(v.number()),
  sMin: v.optional(v.number()),
  regenerations: v.optional(v.number()),
  onHintRejected: v.optional(v.picklist(['best-effort', 'skip'])),
};

export const ManifestSchema = v.object({
  schema: v.literal(RUNLOG_SCHEMA),
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
    ...PAIR_PARAM_ENTRIES,
  }),
  dataset: v.object({ id: v.string(), name: v.string(), hash: v.string(), instances: v.array(v.object({ id: v.string(), title: v.string(), testIds: v.array(v.string()) })) }),
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
