// What `hintbench report`, `rescore --out` and `merge` print and write for the version-2 logs of
// src/core/runlog/fixtures (one per protocol), in this process: the outputs stream.test.ts holds
// against the ones committed in cli/fixtures/verb-outputs.json. Run as a script, it writes that
// file from this copy's verbs:  npx tsx cli/verb-outputs.ts --write
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunLog } from '../src/core/model/runlog.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { rescoreCommand } from './rescore.ts';
import { readRunLogFile, writeRunLogFile } from './runlog-file.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(HERE, '..', 'src', 'core', 'runlog', 'fixtures');
export const EXPECTED = join(HERE, 'fixtures', 'verb-outputs.json');
export const CASES = ['pair', 'talk-static', 'prism', 'interview'] as const;

export interface VerbOutputs {
  report: string;
  rescore: string;
  /** The file rescore wrote: its SHA-256, the time of its scores set aside. */
  rescored: string;
  merge: string;
  /** The file merge wrote from two shards: its SHA-256, the time of its scores set aside. */
  merged: string;
}

/** Stored scores carry the time they were made: the one part of a written file that differs between two runs. */
const digest = (file: string) =>
  createHash('sha256')
    .update(readFileSync(file, 'utf8').replace(/"scoredAt":"[^"]*"/g, '"scoredAt":"…"'))
    .digest('hex');

/** Shard k of n as `run --shard k/n` cuts a run: the instances (and tasks) i with i mod n = k − 1, and their items. */
function shardOf(log: RunLog, k: number, n: number): RunLog {
  const mine = <T>(list: readonly T[]) => list.filter((_, i) => i % n === k - 1);
  const dataset = { ...log.manifest.dataset, instances: mine(log.manifest.dataset.instances) };
  if (log.manifest.dataset.tasks) dataset.tasks = mine(log.manifest.dataset.tasks);
  const ids = new Set([...dataset.instances, ...(dataset.tasks ?? [])].map((x) => x.id));
  const manifest = { ...log.manifest, runId: `${log.manifest.runId}-shard-${k}-of-${n}`, dataset, shard: { k, n } };
  return { manifest, items: log.items.filter((i) => ids.has(i.instanceId ?? i.taskId ?? '')), summaries: [] };
}

/** Run a verb in this process and return what it printed (stdout); it must exit 0. */
async function printed(verb: (args: string[]) => Promise<number>, args: string[]): Promise<string> {
  const write = { out: process.stdout.write, err: process.stderr.write };
  let out = '';
  let err = '';
  process.stdout.write = ((s: string | Uint8Array) => ((out += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((err += String(s)), true)) as typeof process.stderr.write;
  try {
    const code = await verb(args);
    if (code !== 0) throw new Error(`exit code ${code}: ${err}`);
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
  return out;
}

/** The verbs' outputs on one fixture (`v2-<name>.json.gz`). */
export async function verbOutputs(name: string): Promise<VerbOutputs> {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-verbs-'));
  try {
    const file = join(FIXTURES, `v2-${name}.json.gz`);
    const log = await readRunLogFile(file);
    const shards = [1, 2].map((k) => join(dir, `shard-${k}.jsonl`));
    for (const [i, shard] of shards.entries()) await writeRunLogFile(shard, shardOf(log, i + 1, 2));
    const rescored = join(dir, 'rescored.jsonl');
    const merged = join(dir, 'merged.jsonl');
    // Files are named in what the verbs print: as <fixtures>/… and <dir>/…, wherever this copy is.
    const named = (text: string) => text.replaceAll(FIXTURES, '<fixtures>').replaceAll(dir, '<dir>');
    const report = named(await printed(reportCommand, [file]));
    const rescore = named(await printed(rescoreCommand, [file, '--out', rescored]));
    const merge = named(await printed(mergeCommand, [...shards, '--out', merged]));
    return { report, rescore, rescored: digest(rescored), merge, merged: digest(merged) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--write')) {
  const all: Record<string, VerbOutputs> = {};
  for (const name of CASES) all[name] = await verbOutputs(name);
  writeFileSync(EXPECTED, `${JSON.stringify(all, null, 1)}\n`);
  process.stderr.write(`wrote ${EXPECTED}\n`);
}
