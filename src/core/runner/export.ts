// Run logs to and from JSON, JSONL and CSV. JSON and JSONL re-import losslessly; CSV is a flat
// table of steps for spreadsheets. Version-1 logs are read through their migration.
import * as v from 'valibot';
import { callTotals } from '../llm/totals.ts';
import { AnnotationSchema, ItemHeadSchema, ItemSchema, ManifestSchema, RUNLOG_SCHEMA, StepSchema, type Annotation, type ItemRecord, type Manifest, type RunLog, type Step } from '../model/runlog.ts';
import { migrateV1, RUNLOG_V1, RunLogV1Schema } from '../protocols/pair/runlog-v1.ts';
import { protocolById, summarizeRun } from '../protocols/registry.ts';
import { csvTable } from '../text/csv.ts';

export function toJson(log: RunLog): string {
  return `${JSON.stringify(log, null, 1)}\n`;
}

/** Line 1: the manifest; then one line per item (without steps); then one line per step; then one per annotation. */
export function toJsonl(log: RunLog): string {
  const lines: unknown[] = [{ type: 'manifest', manifest: log.manifest }];
  for (const { steps: _steps, ...item } of log.items) lines.push({ type: 'item', item });
  for (const item of log.items) for (const step of item.steps) lines.push({ type: 'step', item: item.key, step });
  for (const annotation of log.annotations ?? []) lines.push({ type: 'annotation', annotation });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

const CSV_COLUMNS = [
  'run_id', 'protocol', 'instance_id', 'model_id', 'simulated', 'repeat', 'step', 'evaluated', 'passed', 'total', 'pass_rate',
  'prompt_tokens', 'completion_tokens', 'cost_usd', 'latency_ms', 'retries', 'step_error', 'item_status', 'stop_reason',
] as const;

/** One row per stored step (failed ones too); `passed` is empty when the step evaluated no program. */
export function toCsv(log: RunLog): string {
  const simulated = new Map(log.manifest.models.map((m) => [m.id, m.simulated]));
  const tests = new Map(log.manifest.dataset.instances.map((i) => [i.id, i.testIds.length]));
  const progress = protocolById(log.manifest.protocol.id)?.progress;
  const rows: unknown[][] = [];
  for (const item of log.items) {
    for (const s of item.steps) {
      const calls = callTotals(s.calls);
      // A step's passing tests; for a protocol whose steps are not evaluated on tests (checks of a project), what it says it passed.
      const shown = s.evaluation ? null : (progress?.(s) ?? null);
      const passed = s.evaluation?.passed.length ?? shown?.passed;
      const total = shown ? shown.total : item.instanceId === undefined ? null : (tests.get(item.instanceId) ?? null);
      rows.push([
        log.manifest.runId, log.manifest.protocol.id, item.instanceId ?? item.taskId ?? '', item.modelId, simulated.get(item.modelId) ?? false, item.repeat, s.index, s.evaluation ? 'yes' : 'no',
        passed ?? '', total ?? '', passed !== undefined && total ? (passed / total).toFixed(4) : '', calls.promptTokens, calls.completionTokens,
        calls.costUsd === null ? '' : calls.costUsd.toFixed(6), Math.round(calls.latencyMs), calls.retries, s.error ? `${s.error.kind}: ${s.error.message}` : '',
        item.status, item.stopReason ?? '',
      ]);
    }
  }
  return csvTable(CSV_COLUMNS, rows);
}

function problems(issues: v.BaseIssue<unknown>[]): string {
  return issues.slice(0, 5).map((i) => `field "${v.getDotPath(i) ?? '(root)'}": ${i.message}`).join('; ');
}

/** The protocol's check of each step's data block (a protocol this copy does not know is read as it is). */
function checkStepData(manifest: Manifest, items: readonly ItemRecord[]): void {
  const schema = protocolById(manifest.protocol.id)?.stepData;
  if (!schema) return;
  for (const item of items) {
    for (const step of item.steps) {
      if (step.error && step.data === undefined) continue;
      const parsed = v.safeParse(schema, step.data);
      if (!parsed.success) throw new Error(`not a hintbench run log: item "${item.key}", step ${step.index}: ${problems(parsed.issues)}`);
    }
  }
}

/** A log as read: the summaries are recomputed, so only their presence is checked. */
const LogSchema = v.object({ manifest: ManifestSchema, items: v.array(ItemSchema), summaries: v.array(v.unknown()), annotations: v.optional(v.array(AnnotationSchema)) });

/** The version a parsed value says it is. */
const schemaOf = (value: unknown) => (value as { manifest?: { schema?: unknown } } | null)?.manifest?.schema;

/** Read a run log written by toJson or toJsonl (version 1 or 2); throws with the offending field when invalid. */
export function parseRunLog(text: string): RunLog {
  const trimmed = text.trim();
  if (!trimmed) throw new Error('empty file');
  if (trimmed.startsWith('{"type":"manifest"') || trimmed.startsWith('{ "type": "manifest"')) return fromJsonl(trimmed);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (err) {
    throw new Error(`not a run log: invalid JSON (${(err as Error).message})`);
  }
  return fromValue(value);
}

function fromValue(value: unknown): RunLog {
  const schema = schemaOf(value);
  if (schema === RUNLOG_V1) {
    const old = v.safeParse(RunLogV1Schema, value);
    if (!old.success) throw new Error(`not a hintbench run log (version 1): ${problems(old.issues)}`);
    return withSummaries(migrateV1(value as v.InferOutput<typeof RunLogV1Schema>));
  }
  if (typeof schema === 'string' && schema !== RUNLOG_SCHEMA && schema.startsWith('hintbench.runlog/')) throw new Error(`this copy of hintbench reads run logs of versions 1 and 2, not "${schema}"`);
  const parsed = v.safeParse(LogSchema, value);
  if (!parsed.success) throw new Error(`not a hintbench run log: ${problems(parsed.issues)}`);
  const log = value as RunLog; // validated; kept as written, so a re-export is byte for byte the same
  checkStepData(log.manifest, log.items);
  return withSummaries(log);
}

const withSummaries = (log: RunLog): RunLog => ({ ...log, summaries: summarizeRun(log.manifest, log.items) });

type JsonlRow = { type: string; manifest?: unknown; item?: unknown; step?: unknown; turn?: unknown; annotation?: unknown };

function fromJsonl(text: string): RunLog {
  const rows = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as JsonlRow;
      } catch (err) {
        throw new Error(`line ${i + 1}: invalid JSON (${(err as Error).message})`);
      }
    });
  // Version 1: turns as lines; rebuilt into one value and read as such.
  if (schemaOf(rows[0]) === RUNLOG_V1) {
    const items = new Map<string, Record<string, unknown> & { turns: unknown[] }>();
    for (const row of rows) {
      if (row.type === 'item') items.set(String((row.item as { key?: unknown })?.key), { ...(row.item as object), turns: [] });
      else if (row.type === 'turn') items.get(String(row.item))?.turns.push(row.turn);
    }
    for (const item of items.values()) item.turns.sort((a, b) => (a as { index: number }).index - (b as { index: number }).index);
    return fromValue({ manifest: rows[0]!.manifest, items: [...items.values()], summaries: [] });
  }
  const manifest = v.safeParse(ManifestSchema, rows[0]?.manifest);
  if (!manifest.success) throw new Error(`line 1: ${problems(manifest.issues)}`);
  const items = new Map<string, ItemRecord>();
  const annotations: Annotation[] = [];
  rows.forEach((row, i) => {
    if (row.type === 'item') {
      const item = v.safeParse(ItemHeadSchema, row.item);
      if (!item.success) throw new Error(`line ${i + 1}: ${problems(item.issues)}`);
      items.set(item.output.key, { ...(row.item as Omit<ItemRecord, 'steps'>), steps: [] });
    } else if (row.type === 'step') {
      const step = v.safeParse(StepSchema, row.step);
      const owner = items.get(String(row.item));
      if (!step.success) throw new Error(`line ${i + 1}: ${problems(step.issues)}`);
      if (!owner) throw new Error(`line ${i + 1}: a step of unknown item "${String(row.item)}"`);
      owner.steps.push(row.step as Step);
    } else if (row.type === 'annotation') {
      const a = v.safeParse(AnnotationSchema, row.annotation);
      if (!a.success) throw new Error(`line ${i + 1}: ${problems(a.issues)}`);
      annotations.push(row.annotation as Annotation);
    }
  });
  const list = [...items.values()];
  for (const item of list) item.steps.sort((a, b) => a.index - b.index);
  const validManifest = rows[0]!.manifest as Manifest;
  checkStepData(validManifest, list);
  return withSummaries({ manifest: validManifest, items: list, summaries: [], ...(annotations.length ? { annotations } : {}) });
}
