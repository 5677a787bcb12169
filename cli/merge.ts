// `hintbench merge A B … --out FILE`: joins the shards of a sharded run into one results file.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { parseRunLog } from '../src/core/runner/export.ts';
import { summarize } from '../src/core/runner/summary.ts';
import { leaderboard } from './report.ts';
import { writeLog } from './run.ts';

/** What must agree between shards of one run. */
const identity = (log: RunLog) =>
  JSON.stringify([log.manifest.protocol, log.manifest.params, log.manifest.models, log.manifest.dataset.id, log.manifest.prompts, log.manifest.shard?.n ?? 1]);

export function mergeLogs(logs: RunLog[]): RunLog {
  if (logs.length < 2) throw new Error('give at least two results files');
  const first = logs[0]!;
  for (const log of logs.slice(1)) {
    if (identity(log) !== identity(first)) throw new Error(`${log.manifest.runId} is not a shard of the same run as ${first.manifest.runId} (protocol, parameters, models, dataset or prompts differ)`);
  }
  const shards = logs.map((l) => l.manifest.shard?.k).filter((k): k is number => k !== undefined);
  if (new Set(shards).size !== shards.length) throw new Error('the same shard is given twice');
  const keys = new Set<string>();
  const items = logs.flatMap((l) => l.items);
  for (const i of items) {
    if (keys.has(i.key)) throw new Error(`item ${i.key} appears in two files`);
    keys.add(i.key);
  }
  const { shard: _shard, ...rest } = first.manifest;
  const manifest = {
    ...rest,
    runId: `${first.manifest.runId}-merged`,
    dataset: { ...first.manifest.dataset, instances: logs.flatMap((l) => l.manifest.dataset.instances) },
  };
  return { manifest, items, summaries: summarize(manifest, items) };
}

export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { out: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length < 2 || !values.out) {
    process.stderr.write('usage: hintbench merge A.json B.json … --out FILE\n');
    return 2;
  }
  const merged = mergeLogs(positionals.map((f) => parseRunLog(readFileSync(f, 'utf8'))));
  writeLog(values.out, merged);
  process.stdout.write(leaderboard(merged));
  process.stderr.write(`wrote ${values.out}\n`);
  return 0;
}
