// Reading a run log of any version from a text that arrives in pieces (stream-read.ts), so no
// file is ever held as one string. Version 3 (compact) is read item by item; version 2 (every
// message in full) is the same content and reads into the same records; version 1 is migrated
// (runlog-v1.ts). Every record is validated; an error names the line (JSONL) or the item.
import * as v from 'valibot';
import {
  AnnotationSchema,
  ItemSchema,
  ManifestSchema,
  RUNLOG_SCHEMA,
  RUNLOG_V2,
  ScoresSchema,
  type Annotation,
  type ItemRecord,
  type Manifest,
  type RunLog,
  type Scores,
} from '../model/runlog.ts';
import { legacyLogFormat, protocolById } from '../protocols/registry.ts';
import { jsonMembers, lines, peek } from '../runner/stream-read.ts';
import { ScoredItems, scoreRun } from '../runner/scores.ts';
import { Checker, Decoder, suitesOf, type CompactStep, type HeadWithStartRef } from './compact.ts';
import type { Part } from './parts.ts';
import { LastUse } from './last-use.ts';
import type { ItemScore } from '../protocols/reduce.ts';

/** A version-3 item as written: checked, its texts still part numbers, with the table entries it brings. */
export interface CompactEntry {
  head: HeadWithStartRef;
  steps: CompactStep[];
  parts?: { from: number; list: Part[] };
  outcomes?: { from: number; list: string[] };
}

/** Where a log's records go as they are read (an item arrives whole, with its steps). */
export interface LogSink {
  manifest(manifest: Manifest): void | Promise<void>;
  scores(scores: Scores): void | Promise<void>;
  item(item: ItemRecord): void | Promise<void>;
  annotation(annotation: Annotation): void | Promise<void>;
  /** When present, a version-3 file's items come here as they are written (checked, not decoded) instead of to `item`. */
  compact?(entry: CompactEntry): void | Promise<void>;
}

const problems = (issues: v.BaseIssue<unknown>[]) =>
  issues
    .slice(0, 5)
    .map((i) => `field "${v.getDotPath(i) ?? '(root)'}": ${i.message}`)
    .join('; ');
const schemaOf = (manifest: unknown) => (manifest as { schema?: unknown } | null)?.schema;

function checked<T>(schema: v.GenericSchema<unknown, T>, value: unknown, where: string): T {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new Error(`${where}: ${problems(parsed.issues)}`);
  return value as T;
}

/** A manifest of version 2 or 3, as version 3 (the two differ only in how steps are written). */
function manifestOf(raw: unknown, where: string): Manifest {
  const schema = schemaOf(raw);
  if (schema !== RUNLOG_V2 && schema !== RUNLOG_SCHEMA) {
    if (typeof schema === 'string' && schema.startsWith('hintbench.runlog/'))
      throw new Error(`this copy of hintbench reads run logs of versions 1 to 3, not "${schema}"`);
    throw new Error(`${where}: not a hintbench run log (no "manifest.schema" this copy knows)`);
  }
  return checked(ManifestSchema, { ...(raw as object), schema: RUNLOG_SCHEMA }, where);
}

/** Stored scores, checked against the manifest: of its protocol, for its models. */
function scoresOf(manifest: Manifest, raw: unknown): Scores {
  const scores = checked(ScoresSchema, raw, 'scores');
  if (scores.metrics.protocol !== manifest.protocol.id)
    throw new Error(`scores: made by the metrics of "${scores.metrics.protocol}", but the run is a "${manifest.protocol.id}" run`);
  const models = new Set(manifest.models.map((m) => m.id));
  const stranger = scores.summaries.find((s) => !models.has(s.modelId));
  if (stranger) throw new Error(`scores: a row for model "${stranger.modelId}", which the manifest does not list`);
  return scores;
}

/** The protocol's check of each step's data block (a protocol this copy does not know is read as it is). */
function checkStepData(manifest: Manifest, item: ItemRecord): void {
  const schema = protocolById(manifest.protocol.id)?.stepData;
  if (!schema) return;
  for (const step of item.steps) {
    if (step.error && step.data === undefined) continue;
    const parsed = v.safeParse(schema, step.data);
    if (!parsed.success) throw new Error(`item "${item.key}", step ${step.index}: ${problems(parsed.issues)}`);
  }
}

/**
 * Whether a version-3 item is written out in full (every text in place, as the app holds a log
 * and as version 2 writes it: e.g. a log saved with JSON.stringify) rather than compactly.
 */
function writtenOut(item: Record<string, unknown>, steps: unknown): boolean {
  if (item.parts !== undefined || item.outcomes !== undefined) return false;
  const start = item.start as { code?: unknown } | undefined;
  if (typeof start?.code === 'string') return true;
  const first = (Array.isArray(steps) ? steps : []).flatMap((s) => ((s as { calls?: unknown[] })?.calls ?? []) as { messages?: unknown[] }[])[0];
  const message = first?.messages?.[0];
  return message !== undefined && !Array.isArray(message);
}

/** Reads version-3 records: tables carried by items, then compact heads and steps (decoded, or only checked). */
class V3Items {
  private readonly decoder: Decoder | null;
  private readonly checker: Checker | null;
  private delivered = 0;
  constructor(
    manifest: Manifest,
    compact: boolean,
    private readonly lastUse?: LastUse,
  ) {
    this.decoder = compact ? null : new Decoder(suitesOf(manifest));
    this.checker = compact ? new Checker(suitesOf(manifest)) : null;
  }

  /** A decoded item is handed on: the parts no later item needs go. */
  done(): void {
    if (this.decoder) this.lastUse?.release(this.decoder.parts, this.delivered++);
  }

  private get tablesOf() {
    return (this.decoder ?? this.checker)!;
  }

  /** The table entries an item brings, added (and returned as written). */
  tables(carrier: { parts?: unknown; outcomes?: unknown }): Pick<CompactEntry, 'parts' | 'outcomes'> {
    const table = (t: unknown, name: string) => {
      const { from, list } = (t ?? {}) as { from?: unknown; list?: unknown };
      if (typeof from !== 'number' || !Array.isArray(list)) throw new Error(`field "${name}": not {from, list}`);
      return { from, list };
    };
    const out: Pick<CompactEntry, 'parts' | 'outcomes'> = {};
    if (carrier.parts !== undefined) {
      const { from, list } = table(carrier.parts, 'parts');
      this.tablesOf.parts.add(from, list);
      out.parts = { from, list: list as Part[] };
    }
    if (carrier.outcomes !== undefined) {
      const { from, list } = table(carrier.outcomes, 'outcomes');
      this.tablesOf.outcomes.add(from, list);
      out.outcomes = { from, list: list as string[] };
    }
    return out;
  }

  head(raw: unknown): ItemRecord {
    return { ...this.decoder!.head(raw), steps: [] };
  }

  step(item: ItemRecord, raw: unknown): void {
    item.steps.push(this.decoder!.step(raw, item.instanceId));
  }

  compactHead(raw: unknown, tables: Pick<CompactEntry, 'parts' | 'outcomes'>): CompactEntry {
    return { head: this.checker!.head(raw), steps: [], ...tables };
  }

  compactStep(entry: CompactEntry, raw: unknown): void {
    entry.steps.push(this.checker!.step(raw, entry.head.instanceId));
  }
}

/** Send a checked compact item on. */
async function deliverCompact(sink: LogSink, manifest: Manifest, entry: CompactEntry): Promise<void> {
  entry.steps.sort((a, b) => a.index - b.index);
  checkStepData(manifest, { key: entry.head.key, steps: entry.steps } as unknown as ItemRecord);
  await sink.compact!(entry);
}

const byIndex = (item: ItemRecord) => item.steps.sort((a, b) => a.index - b.index);

/** Send a finished item on, checked. */
async function deliver(sink: LogSink, manifest: Manifest, item: ItemRecord): Promise<void> {
  byIndex(item);
  checkStepData(manifest, item);
  await sink.item(item);
}

type Row = {
  type?: unknown;
  manifest?: unknown;
  scores?: unknown;
  item?: unknown;
  step?: unknown;
  turn?: unknown;
  annotation?: unknown;
  parts?: unknown;
  outcomes?: unknown;
};

async function readJsonl(text: AsyncIterable<string>, sink: LogSink, lastUse?: LastUse): Promise<void> {
  let manifest: Manifest | null = null;
  let v3: V3Items | null = null;
  let current: ItemRecord | null = null;
  let currentCompact: CompactEntry | null = null;
  /** Versions 1 and 2 list every item before every step: they are gathered whole. */
  let legacy: { version: 1 | 2; rows: Row[]; items: Map<string, ItemRecord> } | null = null;
  for await (const { line, n } of lines(text)) {
    let row: Row;
    try {
      row = JSON.parse(line) as Row;
    } catch (err) {
      throw new Error(`line ${n}: invalid JSON (${(err as Error).message})`);
    }
    try {
      if (n === 1 || manifest === null) {
        if (row.type !== 'manifest') throw new Error('the first line must be the manifest');
        const schema = schemaOf(row.manifest);
        if (legacyLogFormat(schema)) {
          legacy = { version: 1, rows: [row], items: new Map() };
          manifest = row.manifest as Manifest; // checked by the migration
          continue;
        }
        manifest = manifestOf(row.manifest, 'manifest');
        if (schema === RUNLOG_V2) legacy = { version: 2, rows: [], items: new Map() };
        else v3 = new V3Items(manifest, Boolean(sink.compact), lastUse);
        await sink.manifest(manifest);
        continue;
      }
      if (legacy?.version === 1) legacy.rows.push(row);
      else if (row.type === 'item' && v3 && !current && !currentCompact && writtenOut(row.item as Record<string, unknown>, [])) {
        // Written out in full: read as version 2 writes it, item by item.
        v3 = null;
        legacy = { version: 2, rows: [], items: new Map() };
        const item = { ...checked(v.omit(ItemSchema, ['steps']), row.item, 'item'), steps: [] } as ItemRecord;
        legacy.items.set(item.key, item);
      } else if (row.type === 'item' && v3 && sink.compact) {
        if (currentCompact) await deliverCompact(sink, manifest, currentCompact);
        currentCompact = v3.compactHead(row.item, v3.tables(row));
      } else if (row.type === 'step' && v3 && sink.compact) {
        if (!currentCompact || currentCompact.head.key !== row.item) throw new Error(`a step of item "${String(row.item)}" that is not the item before it`);
        v3.compactStep(currentCompact, row.step);
      } else if (row.type === 'scores') await sink.scores(scoresOf(manifest, row.scores));
      else if (row.type === 'annotation') await sink.annotation(checked(AnnotationSchema, row.annotation, 'annotation'));
      else if (row.type === 'item' && v3) {
        if (current) {
          await deliver(sink, manifest, current);
          v3.done();
        }
        v3.tables(row);
        current = v3.head(row.item);
      } else if (row.type === 'step' && v3) {
        if (!current || current.key !== row.item) throw new Error(`a step of item "${String(row.item)}" that is not the item before it`);
        v3.step(current, row.step);
      } else if (row.type === 'item' && legacy) {
        const item = { ...checked(v.omit(ItemSchema, ['steps']), row.item, 'item'), steps: [] } as ItemRecord;
        legacy.items.set(item.key, item);
      } else if (row.type === 'step' && legacy) {
        const owner = legacy.items.get(String(row.item));
        if (!owner) throw new Error(`a step of unknown item "${String(row.item)}"`);
        owner.steps.push(checked(ItemSchema.entries.steps.item, row.step, 'step'));
      }
    } catch (err) {
      throw new Error(`line ${n}: ${(err as Error).message}`);
    }
  }
  if (!manifest) throw new Error('empty file');
  if (current) await deliver(sink, manifest, current);
  if (currentCompact) await deliverCompact(sink, manifest, currentCompact);
  if (legacy?.version === 1) return readV1(legacyV1Value(legacy.rows), sink);
  for (const item of legacy?.items.values() ?? []) await deliver(sink, manifest, item);
}

/** Version 1's JSONL (turns as lines) as the one value its JSON form is. */
function legacyV1Value(rows: Row[]): unknown {
  const items = new Map<string, Record<string, unknown> & { turns: unknown[] }>();
  for (const row of rows) {
    if (row.type === 'item') items.set(String((row.item as { key?: unknown })?.key), { ...(row.item as object), turns: [] });
    else if (row.type === 'turn') items.get(String(row.item))?.turns.push(row.turn);
  }
  for (const item of items.values()) item.turns.sort((a, b) => (a as { index: number }).index - (b as { index: number }).index);
  return { manifest: rows[0]!.manifest, items: [...items.values()], summaries: [] };
}

async function readV1(value: unknown, sink: LogSink): Promise<void> {
  const format = legacyLogFormat(schemaOf((value as { manifest?: unknown }).manifest));
  if (!format) throw new Error('not a hintbench run log (version 1)');
  const old = v.safeParse(format.check, value);
  if (!old.success) throw new Error(`not a hintbench run log (version 1): ${problems(old.issues)}`);
  const log = format.migrate(value as { manifest: unknown; items: unknown[] });
  await sink.manifest(log.manifest);
  for (const item of log.items) await deliver(sink, log.manifest, item);
}

async function readJson(text: AsyncIterable<string>, sink: LogSink, lastUse?: LastUse): Promise<void> {
  let manifest: Manifest | null = null;
  let v3: V3Items | null = null;
  /** Version 1 is migrated whole. */
  let v1: Record<string, unknown> | null = null;
  for await (const event of jsonMembers(text)) {
    const where = event.kind === 'element' ? `item ${event.index + 1}` : event.key;
    try {
      if (v1) {
        if (event.kind === 'member') v1[event.key] = event.value;
        else if (event.kind === 'element') ((v1[event.key] ??= []) as unknown[]).push(event.value);
        else v1[event.key] ??= [];
        continue;
      }
      if (event.kind === 'member' && event.key === 'manifest') {
        if (legacyLogFormat(schemaOf(event.value))) {
          v1 = { manifest: event.value };
          continue;
        }
        manifest = manifestOf(event.value, 'manifest');
        if (schemaOf(event.value) === RUNLOG_SCHEMA) v3 = new V3Items(manifest, Boolean(sink.compact), lastUse);
        await sink.manifest(manifest);
        continue;
      }
      if (event.kind === 'end-array') continue;
      if (!manifest) throw new Error('the manifest must come first');
      if (event.key === 'scores' && event.kind === 'member') await sink.scores(scoresOf(manifest, event.value));
      else if (event.key === 'annotations' && event.kind === 'element')
        await sink.annotation(checked(AnnotationSchema, event.value, `annotation ${event.index + 1}`));
      else if (event.key === 'items' && event.kind === 'element') {
        if (v3 && event.index === 0 && writtenOut(event.value as Record<string, unknown>, (event.value as { steps?: unknown }).steps)) v3 = null; // written out in full: read as version 2
        if (v3) {
          const raw = event.value as Row & { steps?: unknown };
          const tables = v3.tables(raw);
          const { parts: _p, outcomes: _o, steps, ...head } = raw as Record<string, unknown>;
          if (!Array.isArray(steps)) throw new Error('field "steps": not a list');
          if (sink.compact) {
            const entry = v3.compactHead(head, tables);
            for (const s of steps) v3.compactStep(entry, s);
            await deliverCompact(sink, manifest, entry);
          } else {
            const item = v3.head(head);
            for (const s of steps) v3.step(item, s);
            await deliver(sink, manifest, item);
            v3.done();
          }
        } else await deliver(sink, manifest, checked(ItemSchema, event.value, 'item') as ItemRecord);
      }
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`);
    }
  }
  if (v1) return readV1(v1, sink);
  if (!manifest) throw new Error('not a hintbench run log: no "manifest"');
}

/**
 * Read a log of any version and form into a sink. `lastUse`: when each part is last needed
 * (lastUseOf, a first pass over the same text), so that a version-3 log's parts are let go.
 */
export async function readLogInto(text: AsyncIterable<string>, sink: LogSink, lastUse?: LastUse): Promise<void> {
  const { head, text: whole } = await peek(text, 24);
  if (!head) throw new Error('empty file');
  if (!head.startsWith('{')) throw new Error('not a run log: invalid JSON (it does not start with "{")');
  if (/^\{\s*"type"\s*:\s*"manifest"/.test(head)) return readJsonl(whole, sink, lastUse);
  return readJson(whole, sink, lastUse);
}

/** A first pass over a log: when each part of its version-3 items is last needed (none for another version, whose texts are written out). */
export async function lastUseOf(text: AsyncIterable<string>): Promise<LastUse | undefined> {
  const lastUse = new LastUse();
  let compact = true;
  await readLogInto(text, {
    manifest() {},
    scores() {},
    annotation() {},
    item: () => void (compact = false),
    compact: (entry) => lastUse.add(entry),
  });
  return compact ? lastUse.plan() : undefined;
}

/** Read a whole log; its summaries are the stored scores' when it has some, otherwise computed now. */
export async function readRunLog(text: AsyncIterable<string>): Promise<RunLog> {
  let manifest: Manifest | null = null;
  let scores: Scores | undefined;
  const items: ItemRecord[] = [];
  const annotations: Annotation[] = [];
  await readLogInto(text, {
    manifest: (m) => void (manifest = m),
    scores: (s) => void (scores = s),
    item: (i) => void items.push(i),
    annotation: (a) => void annotations.push(a),
  });
  return withScores({ manifest: manifest!, items, summaries: [], ...(scores ? { scores } : {}), ...(annotations.length ? { annotations } : {}) });
}

/**
 * A log as `hintbench report` and the other verbs that read a log whole need it, read a record at
 * a time: its items without their calls' texts (lean.ts), each scored whole as it is read when the
 * log has no stored scores (before it, as every writer puts them), and its summaries as
 * readRunLog's.
 */
export async function readLeanRunLog(text: AsyncIterable<string>, lastUse?: LastUse): Promise<RunLog> {
  let kept: ScoredItems | null = null;
  let scores: Scores | undefined;
  const annotations: Annotation[] = [];
  await readLogInto(
    text,
    {
      manifest: (m) => void (kept = new ScoredItems(m)),
      scores: (s) => void (scores = s),
      item: (i) => void kept!.add(i, !scores),
      annotation: (a) => void annotations.push(a),
    },
    lastUse,
  );
  const { manifest, items } = kept!;
  const log = { manifest, items, summaries: [], ...(scores ? { scores } : {}), ...(annotations.length ? { annotations } : {}) };
  return withScores(log, kept!.scored);
}

/** A log's summaries: its stored scores', or computed from its items (and stored) when it has none (`scored`: item scores already made). */
export function withScores(log: RunLog, scored?: ReadonlyMap<ItemRecord, ItemScore>): RunLog {
  const scores = log.scores ?? scoreRun(log.manifest, log.items, undefined, scored);
  return { ...log, summaries: scores?.summaries ?? [], ...(scores ? { scores } : {}) };
}
