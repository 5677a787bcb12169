// Run logs to and from JSON, JSONL and CSV. JSON and JSONL re-import losslessly; CSV is a
// flat table of turns for spreadsheets.
import * as v from 'valibot';
import { ItemSchema, ManifestSchema, TurnSchema, type ItemRecord, type RunLog, type Turn } from '../model/runlog.ts';
import { callTotals } from '../llm/totals.ts';
import { csvTable } from '../text/csv.ts';
import { summarize } from './summary.ts';

export function toJson(log: RunLog): string {
  return `${JSON.stringify(log, null, 1)}\n`;
}

/** Line 1: the manifest; then one line per item (without turns); then one line per turn. */
export function toJsonl(log: RunLog): string {
  const lines: unknown[] = [{ type: 'manifest', manifest: log.manifest }];
  for (const { turns, ...item } of log.items) lines.push({ type: 'item', item });
  for (const item of log.items) for (const turn of item.turns) lines.push({ type: 'turn', item: item.key, turn });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

const CSV_COLUMNS = [
  'run_id', 'instance_id', 'model_id', 'simulated', 'repeat', 'turn', 'outcome', 'extraction', 'passed', 'total', 'pass_rate',
  'prompt_tokens', 'completion_tokens', 'cost_usd', 'latency_ms', 'retries', 'item_status', 'stop_reason',
] as const;

export function toCsv(log: RunLog): string {
  const simulated = new Map(log.manifest.models.map((m) => [m.id, m.simulated]));
  const rows: unknown[][] = [];
  for (const item of log.items) {
    for (const t of item.turns) {
      const calls = callTotals(t.calls);
      rows.push([
        log.manifest.runId, item.instanceId, item.modelId, simulated.get(item.modelId) ?? false, item.repeat, t.index, t.outcome, t.extraction,
        t.passed.length, t.total, t.total ? (t.passed.length / t.total).toFixed(4) : '', calls.promptTokens, calls.completionTokens,
        calls.costUsd === null ? '' : calls.costUsd.toFixed(6), Math.round(calls.latencyMs),
        calls.retries, item.status, item.stopReason ?? '',
      ]);
    }
  }
  return csvTable(CSV_COLUMNS, rows);
}

const LogSchema = v.object({ manifest: ManifestSchema, items: v.array(ItemSchema), summaries: v.array(v.unknown()) });

function problems(issues: v.BaseIssue<unknown>[]): string {
  return issues.slice(0, 5).map((i) => `field "${v.getDotPath(i) ?? '(root)'}": ${i.message}`).join('; ');
}

/** Read a run log written by toJson or toJsonl; throws with the offending field when invalid. */
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
  const parsed = v.safeParse(LogSchema, value);
  if (!parsed.success) throw new Error(`not a hintbench run log: ${problems(parsed.issues)}`);
  const log = value as RunLog; // validated; kept as written, so a re-export is byte for byte the same
  return { ...log, summaries: summarize(log.manifest, log.items) };
}

function fromJsonl(text: string): RunLog {
  const lines = text.split('\n').filter((l) => l.trim());
  const rows = lines.map((l, i) => {
    try {
      return JSON.parse(l) as { type: string; manifest?: unknown; item?: unknown; turn?: unknown };
    } catch (err) {
      throw new Error(`line ${i + 1}: invalid JSON (${(err as Error).message})`);
    }
  });
  const manifest = v.safeParse(ManifestSchema, rows[0]?.manifest);
  if (!manifest.success) throw new Error(`line 1: ${problems(manifest.issues)}`);
  const items = new Map<string, ItemRecord>();
  const itemSchema = v.omit(ItemSchema, ['turns']);
  rows.forEach((row, i) => {
    if (row.type === 'item') {
      const item = v.safeParse(itemSchema, row.item);
      if (!item.success) throw new Error(`line ${i + 1}: ${problems(item.issues)}`);
      items.set(item.output.key, { ...(row.item as Omit<ItemRecord, 'turns'>), turns: [] });
    } else if (row.type === 'turn') {
      const turn = v.safeParse(TurnSchema, row.turn);
      const owner = items.get(String(row.item));
      if (!turn.success) throw new Error(`line ${i + 1}: ${problems(turn.issues)}`);
      if (!owner) throw new Error(`line ${i + 1}: a turn of unknown item "${String(row.item)}"`);
      owner.turns.push(row.turn as Turn);
    }
  });
  const list = [...items.values()];
  for (const item of list) item.turns.sort((a, b) => a.index - b.index);
  const validManifest = rows[0]!.manifest as RunLog['manifest'];
  return { manifest: validManifest, items: list, summaries: summarize(validManifest, list) };
}
