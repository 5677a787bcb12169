// Run logs to and from JSON, JSONL and CSV. JSON and JSONL (version 3, src/core/runlog/)
// re-import losslessly; CSV is a flat table of steps for spreadsheets.
import { callTotals } from '../llm/totals.ts';
import type { RunLog } from '../model/runlog.ts';
import { protocolById } from '../protocols/registry.ts';
import { readRunLog } from '../runlog/read.ts';
import { logText } from '../runlog/write.ts';
import { csvTable } from '../text/csv.ts';

/** A log as version-3 JSON (one text: large logs are written piece by piece, runlog/write.ts). */
export const toJson = (log: RunLog): string => logText(log, log.items, 'json');

/** A log as version-3 JSONL: the manifest, the scores, then each item and its steps, then annotations. */
export const toJsonl = (log: RunLog): string => logText(log, log.items, 'jsonl');

/** A log from a text of any version and form (JSON or JSONL); throws with the offending field when invalid. */
export const parseRunLog = (text: string): Promise<RunLog> => readRunLog(oneChunk(text));

async function* oneChunk(text: string): AsyncGenerator<string> {
  yield text;
}

const CSV_COLUMNS = [
  'run_id',
  'protocol',
  'instance_id',
  'model_id',
  'simulated',
  'repeat',
  'step',
  'evaluated',
  'passed',
  'total',
  'pass_rate',
  'prompt_tokens',
  'completion_tokens',
  'cost_usd',
  'latency_ms',
  'retries',
  'step_error',
  'item_status',
  'stop_reason',
] as const;

/** One row per stored step (failed ones too); `passed` is empty when the step evaluated no program. */
export function toCsv(log: RunLog): string {
  const simulated = new Map(log.manifest.models.map((m) => [m.id, m.simulated]));
  const tests = new Map(log.manifest.dataset.instances.map((i) => [i.id, i.testIds.length]));
  const progress = protocolById(log.manifest.protocol.id)?.live?.progress;
  const rows: unknown[][] = [];
  for (const item of log.items) {
    for (const s of item.steps) {
      const calls = callTotals(s.calls);
      // A step's passing tests; for a protocol whose steps are not evaluated on tests (checks of a project), what it says it passed.
      const shown = s.evaluation ? null : (progress?.(s, { manifest: log.manifest, ...(item.taskId === undefined ? {} : { taskId: item.taskId }) }) ?? null);
      const passed = s.evaluation?.passed.length ?? shown?.passed;
      const total = shown ? shown.total : item.instanceId === undefined ? null : (tests.get(item.instanceId) ?? null);
      rows.push([
        log.manifest.runId,
        log.manifest.protocol.id,
        item.instanceId ?? item.taskId ?? '',
        item.modelId,
        simulated.get(item.modelId) ?? false,
        item.repeat,
        s.index,
        s.evaluation ? 'yes' : 'no',
        passed ?? '',
        total ?? '',
        passed !== undefined && total ? (passed / total).toFixed(4) : '',
        calls.promptTokens,
        calls.completionTokens,
        calls.costUsd === null ? '' : calls.costUsd.toFixed(6),
        Math.round(calls.latencyMs),
        calls.retries,
        s.error ? `${s.error.kind}: ${s.error.message}` : '',
        item.status,
        item.stopReason ?? '',
      ]);
    }
  }
  return csvTable(CSV_COLUMNS, rows);
}
