// Large run logs for `npm run bench:scale`, made from a real small run: every item of the source
// log is copied under new instance ids (copies of the source's instances), new candidate models
// (copies of its candidates) and repeats, so that a merge and the leaderboard see distinct items,
// and the manifest lists every instance and model and says how many repeats. The logs are written
// as JSONL (the format `toJsonl` writes: the manifest, the items without their steps, then the
// steps) line by line through streams, plain and gzip, so that a log of a gigabyte is never one
// string in memory.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip, type Gzip } from 'node:zlib';
import { itemKey, type ItemRecord, type Manifest, type ModelSpec, type RunLog } from '../src/core/model/runlog.ts';

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

interface Source {
  log: RunLog;
  candidates: ModelSpec[];
  others: ModelSpec[];
  /** The source item of (instance, candidate), and its steps as JSON (identical in every copy). */
  item: Map<string, { head: Omit<ItemRecord, 'steps'>; steps: string[] }>;
}

export function sourceOf(log: RunLog): Source {
  const candidates = log.manifest.models.filter((m) => m.role === 'candidate');
  if (candidates.length === 0) throw new Error('the source log has no candidate models');
  const item = new Map<string, { head: Omit<ItemRecord, 'steps'>; steps: string[] }>();
  for (const { steps, ...head } of log.items) {
    if (head.repeat !== 0 || head.instanceId === undefined) continue;
    item.set(`${head.instanceId}|${head.modelId}`, { head, steps: steps.map((s) => JSON.stringify(s)) });
  }
  return { log, candidates, others: log.manifest.models.filter((m) => m.role !== 'candidate'), item };
}

const copyId = (id: string, copy: number) => `${id}~${copy}`;

/** The synthesised run: its manifest, and its items in the order a run lists them (repeat, instance, model). */
export function synthesise(source: Source, plan: Plan): { manifest: Manifest; items: { instance: number; head: Omit<ItemRecord, 'steps'>; steps: string[] }[] } {
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
  const items: { instance: number; head: Omit<ItemRecord, 'steps'>; steps: string[] }[] = [];
  outer: for (let r = 0; r < plan.repeats; r++) {
    for (let i = 0; i < instances.length; i++) {
      for (const m of models) {
        if (items.length === plan.items) break outer;
        const from = source.item.get(`${instances[i]!.source}|${m.source}`);
        if (!from) throw new Error(`the source log has no item for ${instances[i]!.source} and ${m.source}`);
        const inst = instances[i]!.id;
        items.push({ instance: i, head: { ...from.head, key: itemKey(inst, m.spec.id, r), instanceId: inst, modelId: m.spec.id, repeat: r }, steps: from.steps });
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
  return { manifest, items };
}

/** A line sink: a plain file, optionally a gzip copy; `write` waits when a stream is full. */
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
  async line(text: string): Promise<void> {
    this.buffered.push(text, '\n');
    this.size += text.length + 1;
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

type Made = ReturnType<typeof synthesise>;

/** Write a synthesised run (or the part of it on the given instances) as JSONL, and its gzip copy when asked. */
export async function writeJsonl(made: Made, file: string, options: { gzipFile?: string; manifest?: Manifest; instances?: (i: number) => boolean } = {}): Promise<void> {
  const sink = new Sink(file, options.gzipFile);
  const items = options.instances ? made.items.filter((i) => options.instances!(i.instance)) : made.items;
  await sink.line(JSON.stringify({ type: 'manifest', manifest: options.manifest ?? made.manifest }));
  for (const { head } of items) await sink.line(JSON.stringify({ type: 'item', item: head }));
  for (const { head, steps } of items) {
    const key = JSON.stringify(head.key);
    for (const step of steps) await sink.line(`{"type":"step","item":${key},"step":${step}}`);
  }
  await sink.close();
}

/** The n shards of a synthesised run, as `run --shard k/n` makes them: shard k has the instances i with i mod n = k − 1. */
export async function writeShards(made: Made, n: number, fileOf: (k: number) => string): Promise<void> {
  const all = made.manifest.dataset.instances;
  for (let k = 1; k <= n; k++) {
    const manifest: Manifest = { ...made.manifest, runId: `${made.manifest.runId}-shard-${k}-of-${n}`, dataset: { ...made.manifest.dataset, instances: all.filter((_, i) => i % n === k - 1) }, shard: { k, n } };
    await writeJsonl(made, fileOf(k), { manifest, instances: (i) => i % n === k - 1 });
  }
}
