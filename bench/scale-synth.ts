// Large run logs for `npm run bench:scale`, made from a real small run, in version 3 of the run
// log (hintbench.runlog/3: each distinct paragraph stored once) with stored scores. Every item of
// the source log is copied under new instance ids (copies of the source's instances), new
// candidate models (copies of its candidates) and repeats, so that a merge and the leaderboard
// see distinct items, and the manifest lists every instance and model and says how many repeats.
//
// Honest dedup. Version 3 stores a text (in fact each of its paragraphs) once however often it
// recurs, so copies that repeated the source's texts verbatim would make the log unrealistically
// small. The copies keep the source's sharing pattern instead:
//   - a text that in the source appears in the items of two or more different models for the
//     same instance (the system prompt, the statement, the buggy program, …) stays shared among
//     the items of one copy of that instance: it is marked with the instance copy's id;
//   - every other text (replies, thinking, programs, feedback, …) is marked with the item copy's
//     key, so it is unique to that item (repeated inside the item, as a later call repeats the
//     conversation, it is still stored once, as in the source).
// Marking changes every paragraph of the text (` ⟪<copy id>⟫` at the end of each piece split at
// "\n\n"), since paragraphs are stored on their own. The texts are the ones version 3 stores as
// parts: messages, replies, thinking, evaluated programs and the start program. A text shared by
// several instances in the source (the same system prompt for every instance) is thus stored once
// per instance copy, not once per log: a little more than a real run of that size would take.
//
// Scores: `scoreRun` on the copies with the source's (unmarked) steps; PAIR's metrics read the
// tests passed, the feedback's scenario, level and samples, tokens and cost, never the texts, so
// they are the scores of the marked log (`bench/scale.ts` checks this with `hintbench rescore
// --check`). The logs are written through `LogWriter` a piece at a time to streams, plain and
// gzip, together with the 10 shards, so that a log of a gigabyte is never one string in memory.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';
import { itemKey, type ItemRecord, type Manifest, type ModelSpec, type RunLog, type Scores } from '../src/core/model/runlog.ts';
import { scoreRun } from '../src/core/runner/scores.ts';
import { LogWriter, type LogFormat } from '../src/core/runlog/write.ts';

/** How a size is made: instances × candidate models × repeats ≥ items (the last combinations are left out when it does not divide). */
export interface Plan {
  items: number;
  instances: number;
  models: number;
  repeats: number;
}

/** Ten candidate models; the repeats grow with the size (1 below 1,000 items, 2 below 10,000, 5 from there). */
export function planFor(items: number): Plan {
  const models = 10;
  const repeats = items >= 10_000 ? 5 : items >= 1_000 ? 2 : 1;
  return { items, models, repeats, instances: Math.max(1, Math.ceil(items / (models * repeats))) };
}

/** Every text of an item that version 3 stores as a part, handed to `f` and replaced by what it returns (a copy; the item is left alone). */
export function mapTexts(item: ItemRecord, f: (text: string) => string): ItemRecord {
  const out: ItemRecord = {
    ...item,
    steps: item.steps.map((s) => ({
      ...s,
      calls: s.calls.map((c) => ({
        ...c,
        messages: c.messages.map((m) => ({ ...m, content: f(m.content) })),
        content: c.content === null ? null : f(c.content),
        ...(c.thinking !== undefined ? { thinking: f(c.thinking) } : {}),
      })),
      ...(s.evaluation ? { evaluation: { ...s.evaluation, code: f(s.evaluation.code) } } : {}),
    })),
  };
  if (item.start) out.start = { ...item.start, code: item.start.code === null ? null : f(item.start.code) };
  return out;
}

function eachText(item: ItemRecord, visit: (text: string) => void): void {
  mapTexts(item, (t) => (visit(t), t));
}

/** A text with every paragraph marked as the copy's. */
export const mark = (text: string, id: string) =>
  text
    .split('\n\n')
    .map((p) => `${p} ⟪${id}⟫`)
    .join('\n\n');

interface Source {
  log: RunLog;
  candidates: ModelSpec[];
  others: ModelSpec[];
  /** The source item of (instance, candidate). */
  item: Map<string, ItemRecord>;
  /** Per source instance, the texts its items of two or more models share. */
  shared: Map<string, Set<string>>;
}

export function sourceOf(log: RunLog): Source {
  const candidates = log.manifest.models.filter((m) => m.role === 'candidate');
  if (candidates.length === 0) throw new Error('the source log has no candidate models');
  const item = new Map<string, ItemRecord>();
  const modelsOf = new Map<string, Map<string, Set<string>>>(); // instance → text → models
  for (const record of log.items) {
    if (record.instanceId === undefined) continue;
    let texts = modelsOf.get(record.instanceId);
    if (!texts) modelsOf.set(record.instanceId, (texts = new Map()));
    eachText(record, (t) => {
      let models = texts!.get(t);
      if (!models) texts!.set(t, (models = new Set()));
      models.add(record.modelId);
    });
    if (record.repeat === 0) item.set(`${record.instanceId}|${record.modelId}`, record);
  }
  const shared = new Map([...modelsOf].map(([instance, texts]) => [instance, new Set([...texts].filter(([, models]) => models.size >= 2).map(([t]) => t))]));
  return { log, candidates, others: log.manifest.models.filter((m) => m.role !== 'candidate'), item, shared };
}

const copyId = (id: string, copy: number) => `${id}~${copy}`;

/** One copy: its key fields, the source item it copies, and the instance it belongs to (the index in the manifest). */
export interface Copy {
  instance: number;
  head: Omit<ItemRecord, 'steps'>;
  from: ItemRecord;
  /** The source's texts this copy shares with the other items of its instance copy. */
  shared: ReadonlySet<string>;
}

export interface Made {
  manifest: Manifest;
  copies: Copy[];
}

/** The synthesised run: its manifest, and its copies in the order a run lists them (repeat, instance, model). */
export function synthesise(source: Source, plan: Plan): Made {
  const src = source.log.manifest;
  const srcInstances = src.dataset.instances.filter((i) => source.candidates.some((m) => source.item.has(`${i.id}|${m.id}`)));
  const instances = Array.from({ length: plan.instances }, (_, c) => {
    const s = srcInstances[c % srcInstances.length]!;
    return { ...s, id: copyId(s.id, c), title: `${s.title} (copy ${c})`, source: s.id };
  });
  const models = Array.from({ length: plan.models }, (_, c) => {
    const s = source.candidates[c % source.candidates.length]!;
    return { spec: { ...s, id: copyId(s.id, c), label: `${s.label} (copy ${c})` }, source: s.id };
  });
  const copies: Copy[] = [];
  outer: for (let r = 0; r < plan.repeats; r++) {
    for (let i = 0; i < instances.length; i++) {
      for (const m of models) {
        if (copies.length === plan.items) break outer;
        const from = source.item.get(`${instances[i]!.source}|${m.source}`);
        if (!from) throw new Error(`the source log has no item for ${instances[i]!.source} and ${m.source}`);
        const inst = instances[i]!.id;
        const { steps: _steps, ...head } = from;
        copies.push({
          instance: i,
          head: { ...head, key: itemKey(inst, m.spec.id, r), instanceId: inst, modelId: m.spec.id, repeat: r },
          from,
          shared: source.shared.get(instances[i]!.source) ?? new Set(),
        });
      }
    }
  }
  const manifest: Manifest = {
    ...src,
    runId: `${src.runId}-scale-${plan.items}`,
    name: `${src.name} (scale: ${plan.items} items)`,
    settings: { ...src.settings, repeats: plan.repeats },
    dataset: { ...src.dataset, instances: instances.map(({ source: _s, ...i }) => i) },
    models: [...models.map((m) => m.spec), ...source.others],
  };
  delete manifest.shard;
  return { manifest, copies };
}

/** A copy as scored: the source's steps, unmarked (the metrics never read the texts). */
const plain = (copy: Copy): ItemRecord => ({ ...copy.head, steps: copy.from.steps });

/** A copy as written: every text marked, with its instance copy's id when shared, with the item's key otherwise. */
export function marked(copy: Copy): ItemRecord {
  const instanceId = copy.head.instanceId!;
  const done = new Map<string, string>();
  const item = mapTexts({ ...copy.from, ...copy.head }, (t) => {
    let m = done.get(t);
    if (m === undefined) done.set(t, (m = mark(t, copy.shared.has(t) ? instanceId : copy.head.key)));
    return m;
  });
  return item;
}

/** A text sink: a plain file, optionally a gzip copy; `write` waits when a stream is full. */
class Sink {
  private readonly plain: WriteStream;
  private readonly gzip?: { zip: Gzip; out: WriteStream };
  private buffered: string[] = [];
  private size = 0;
  constructor(file: string, gzipFile?: string) {
    this.plain = createWriteStream(file);
    if (gzipFile) {
      const zip = createGzip();
      const out = createWriteStream(gzipFile);
      zip.pipe(out);
      this.gzip = { zip, out };
    }
  }
  async write(text: string): Promise<void> {
    this.buffered.push(text);
    this.size += text.length;
    if (this.size >= 1 << 20) await this.flush();
  }
  private async flush(): Promise<void> {
    if (!this.size) return;
    const chunk = this.buffered.join('');
    this.buffered = [];
    this.size = 0;
    const waits: Promise<unknown>[] = [];
    if (!this.plain.write(chunk)) waits.push(once(this.plain, 'drain'));
    if (this.gzip && !this.gzip.zip.write(chunk)) waits.push(once(this.gzip.zip, 'drain'));
    await Promise.all(waits);
  }
  async close(): Promise<void> {
    await this.flush();
    const done = [new Promise<void>((r, j) => this.plain.once('error', j).end(r))];
    if (this.gzip) {
      done.push(new Promise<void>((r, j) => this.gzip!.out.once('error', j).once('finish', r)));
      this.gzip.zip.end();
    }
    await Promise.all(done);
  }
}

/** The manifest of shard k of n, as `run --shard k/n` makes it: the instances i with i mod n = k − 1. */
export function shardManifest(manifest: Manifest, k: number, n: number): Manifest {
  return {
    ...manifest,
    runId: `${manifest.runId}-shard-${k}-of-${n}`,
    dataset: { ...manifest.dataset, instances: manifest.dataset.instances.filter((_, i) => i % n === k - 1) },
    shard: { k, n },
  };
}

/**
 * Write a synthesised run in version 3 with its stored scores: the whole log (plain, and gzip
 * when asked) and its n shards (each scored on its own, as the runner scores a shard), in one
 * pass over the copies, each marked once. Returns the whole log's scores.
 */
export async function writeLogs(
  made: Made,
  format: LogFormat,
  files: { file: string; gzipFile?: string; shards?: { n: number; fileOf: (k: number) => string } },
): Promise<Scores | undefined> {
  const scores = scoreRun(made.manifest, made.copies.map(plain));
  const outs: { writer: LogWriter; sink: Sink }[] = [];
  const main = { writer: new LogWriter({ manifest: made.manifest, ...(scores ? { scores } : {}) }, format), sink: new Sink(files.file, files.gzipFile) };
  const n = files.shards?.n ?? 0;
  for (let k = 1; k <= n; k++) {
    const manifest = shardManifest(made.manifest, k, n);
    const shardScores = scoreRun(manifest, made.copies.filter((c) => c.instance % n === k - 1).map(plain));
    outs.push({ writer: new LogWriter({ manifest, ...(shardScores ? { scores: shardScores } : {}) }, format), sink: new Sink(files.shards!.fileOf(k)) });
  }
  for (const o of [main, ...outs]) await o.sink.write(o.writer.start());
  for (const copy of made.copies) {
    const item = marked(copy);
    await main.sink.write(main.writer.item(item));
    if (n) {
      const shard = outs[copy.instance % n]!;
      await shard.sink.write(shard.writer.item(item));
    }
  }
  for (const o of [main, ...outs]) {
    await o.sink.write(o.writer.end());
    await o.sink.close();
  }
  return scores;
}
