// `hintbench merge A B … --out FILE`: joins the shards of a sharded run into one results file.
import { parseArgs } from 'node:util';
import type { ItemRecord, Manifest, RunLog } from '../src/core/model/runlog.ts';
import type { ItemScore } from '../src/core/protocols/reduce.ts';
import { ScoredItems } from '../src/core/runner/scores.ts';
import { withScores } from '../src/core/runlog/read.ts';
import { fullReport } from './report.ts';
import { lastUseOfFile, readRunLogFileInto, runLogFileItems, writeRunLogFile } from './runlog-file.ts';
import type { LastUse } from '../src/core/runlog/last-use.ts';

/** What must agree between shards of one run. */
const identity = (log: RunLog) =>
  JSON.stringify([
    log.manifest.protocol,
    log.manifest.settings,
    log.manifest.params,
    log.manifest.models,
    log.manifest.dataset.id,
    log.manifest.dataset.hash,
    log.manifest.prompts,
    log.manifest.shard?.n ?? 1,
  ]);

/** The instances (or tasks) in the unsharded order: the i-th went to shard (i mod n) + 1. */
function interleave<T>(logs: RunLog[], n: number, listOf: (log: RunLog) => readonly T[]): T[] {
  const byShard = new Map(logs.map((l) => [l.manifest.shard?.k ?? 1, listOf(l)]));
  const out: T[] = [];
  for (let i = 0; ; i++) {
    const next = byShard.get((i % n) + 1)?.[Math.floor(i / n)];
    if (!next) break;
    out.push(next);
  }
  return out;
}

/** `scored`: the items' scores already made (ScoredItems), used instead of scoring them again. */
export function mergeLogs(logs: RunLog[], options: { partial?: boolean; scored?: ReadonlyMap<ItemRecord, ItemScore> } = {}): RunLog {
  if (logs.length < 2) throw new Error('give at least two results files');
  const first = logs[0]!;
  for (const log of logs.slice(1)) {
    if (identity(log) !== identity(first))
      throw new Error(
        `${log.manifest.runId} is not a shard of the same run as ${first.manifest.runId} (protocol, parameters, models, dataset or prompts differ)`,
      );
  }
  const shards = logs.map((l) => l.manifest.shard?.k).filter((k): k is number => k !== undefined);
  if (new Set(shards).size !== shards.length) throw new Error('the same shard is given twice');
  const n = first.manifest.shard?.n ?? 0;
  if (n === 0) throw new Error(`${first.manifest.runId} is not a shard (run with --shard k/n to make shards)`);
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !shards.includes(k));
  if (missing.length && !options.partial) throw new Error(`shard(s) ${missing.join(', ')} of ${n} are missing (add --partial to merge anyway)`);
  const keys = new Set<string>();
  const items = logs.flatMap((l) => l.items);
  for (const i of items) {
    if (keys.has(i.key)) throw new Error(`item ${i.key} appears in two files`);
    keys.add(i.key);
  }
  const { shard: _shard, ...rest } = first.manifest;
  const joined = <T>(listOf: (log: RunLog) => readonly T[]) => (missing.length ? logs.flatMap(listOf) : interleave(logs, n, listOf));
  const instances = joined((l) => l.manifest.dataset.instances);
  const tasks = first.manifest.dataset.tasks ? joined((l) => l.manifest.dataset.tasks ?? []) : undefined;
  const manifest = { ...rest, runId: `${first.manifest.runId}-merged`, dataset: { ...first.manifest.dataset, instances, ...(tasks ? { tasks } : {}) } };
  // Items in the order an unsharded run lists them: repeat, then instance (or task), then model.
  const subjectAt = new Map([...instances, ...(tasks ?? [])].map((x, i) => [x.id, i]));
  const modelAt = new Map(manifest.models.map((m, i) => [m.id, i]));
  const at = (id: string | undefined) => (id === undefined ? -1 : (subjectAt.get(id) ?? -1));
  items.sort((a, b) => a.repeat - b.repeat || at(a.instanceId ?? a.taskId) - at(b.instanceId ?? b.taskId) || modelAt.get(a.modelId)! - modelAt.get(b.modelId)!);
  return withScores({ manifest, items, summaries: [] }, options.scored); // scored now: the shards' scores are of their parts
}

/** A shard as mergeLogs takes it (its scores are not read: the merge scores the whole). */
const shardLog = (manifest: Manifest, items: ItemRecord[]): RunLog => ({ manifest, items, summaries: [] });

/**
 * The files' items, read again, in the order given (file, place in it). Every file is read as
 * far as the order needs; items read ahead wait in memory, so a file whose items come in the
 * merged order (as a run writes them) holds only a few at a time.
 */
async function* inOrder(
  files: readonly string[],
  lastUses: readonly (LastUse | undefined)[],
  order: readonly { file: number; at: number }[],
): AsyncGenerator<ItemRecord> {
  const readers = files.map((f, i) => ({ items: runLogFileItems(f, lastUses[i]), read: 0, ahead: new Map<number, ItemRecord>() }));
  for (const { file, at } of order) {
    const r = readers[file]!;
    while (r.read <= at) {
      const next = await r.items.next();
      if (next.done) throw new Error(`${files[file]}: changed while it was merged`);
      r.ahead.set(r.read++, next.value);
    }
    const item = r.ahead.get(at)!;
    r.ahead.delete(at);
    yield item;
  }
  for (const r of readers) if (!(await r.items.next()).done) throw new Error('a file changed while it was merged');
}

export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { out: { type: 'string' }, partial: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (positionals.length < 2 || !values.out) {
    process.stderr.write('usage: hintbench merge A.json B.json … --out FILE [--partial]\n');
    return 2;
  }
  // One file at a time, a record at a time: each item scored whole, then kept without its calls' texts.
  const logs: RunLog[] = [];
  const scored = new Map<ItemRecord, ItemScore>();
  /** Where each kept item comes from: its file, and its place among that file's items. */
  const origin = new Map<ItemRecord, { file: number; at: number }>();
  const lastUses: (LastUse | undefined)[] = [];
  for (const [file, name] of positionals.entries()) {
    let kept: ScoredItems | undefined;
    const lastUse = await lastUseOfFile(name);
    lastUses.push(lastUse);
    await readRunLogFileInto(
      name,
      {
        manifest: (m) => void (kept = new ScoredItems(m)),
        scores() {},
        item: (i) => void origin.set(kept!.add(i), { file, at: kept!.items.length - 1 }),
        annotation() {},
      },
      lastUse,
    );
    if (!kept) throw new Error(`${name}: no manifest`);
    for (const [item, score] of kept.scored) scored.set(item, score);
    logs.push(shardLog(kept.manifest, kept.items));
  }
  const merged = mergeLogs(logs, { partial: values.partial ?? false, scored });
  await writeRunLogFile(
    values.out,
    merged,
    inOrder(
      positionals,
      lastUses,
      merged.items.map((i) => origin.get(i)!),
    ),
  );
  process.stdout.write(fullReport([merged]));
  process.stderr.write(`wrote ${values.out}\n`);
  return 0;
}
