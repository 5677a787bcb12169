// `npm run --silent bench:cli-memory -- [--items 10000] [--source FILE] [--dir DIR] [--against COMMIT] [--cap 600]`
// Peak memory of `hintbench report`, `rescore` and `merge` on a large run log, and, with
// --against, the same commands of an earlier build side by side, with their outputs compared.
// The log: a real small run (`hintbench demo`, PAIR, simulated models, unless --source names a
// results file) replicated to --items items as bench/scale-synth.ts makes it (version 3 JSONL with
// stored scores, and the same log cut into 10 shards). The verbs, each in its own process under
// /usr/bin/time (max RSS; bench/scale-rss.ts where it is missing):
//   report   hintbench report LOG
//   rescore  hintbench rescore LOG --out OUT.jsonl.gz   (recomputes every score and writes the log)
//   merge    hintbench merge SHARD1 … SHARD10 --out OUT.jsonl
// --against COMMIT: that commit's tree (git archive) in a temporary folder, with this copy's
// node_modules, runs the same commands; every output (stdout, and the files written, gunzipped,
// with their "scoredAt" times set aside) must be the same byte for byte, or the bench says which
// differ. Timings are printed, never asserted. docs/benchmarks.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { readRunLogFile } from '../cli/runlog-file.ts';
import { PROJECT_ROOT } from '../cli/site.ts';
import { takePeakRssMb } from './peak-rss.ts';
import { planFor, sourceOf, synthesise, writeLogs } from './scale-synth.ts';

const SHARDS = 10;
const TIME = '/usr/bin/time';
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Measure {
  verb: string;
  ms: number;
  maxRssMb: number | null;
  code: number | null;
  /** What the verb produced: stdout, then each file it wrote (gunzipped), times set aside. */
  output: Buffer;
}

/** Stored scores carry the time they were made: the one part of an output that differs between two runs. */
const withoutTimes = (text: Buffer) => Buffer.from(text.toString('utf8').replace(/"scoredAt":"[^"]*"/g, '"scoredAt":"…"'));

async function timed(root: string, verb: string, args: string[], files: string[], capS: number): Promise<Measure> {
  const cli = join(root, 'cli', 'hintbench.js');
  const rssFile = join(tmpdir(), `hintbench-cli-memory-${process.pid}-${Date.now()}`);
  const useTime = existsSync(TIME);
  const [cmd, ...rest] = useTime
    ? [TIME, '-f', '%M', '-o', rssFile, process.execPath, cli, ...args]
    : [process.execPath, '--import', 'tsx', join(PROJECT_ROOT, 'bench', 'scale-rss.ts'), rssFile, cli, ...args];
  for (const f of files) rmSync(f, { force: true });
  const child = spawn(cmd!, rest, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => out.push(d));
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const t0 = performance.now();
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), capS * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  const ms = Math.round(performance.now() - t0);
  const maxRssMb = takePeakRssMb(rssFile);
  if (code !== 0) log(`    ${verb}: exit code ${code}: ${stderr.trim().split('\n').at(-1)}`);
  const written = files.map((f) => (existsSync(f) ? (f.endsWith('.gz') ? gunzipSync(readFileSync(f)) : readFileSync(f)) : Buffer.from('(no file)')));
  return { verb, ms, maxRssMb, code, output: withoutTimes(Buffer.concat([...out, ...written.flatMap((w) => [Buffer.from('\n'), w])])) };
}

/** The three verbs of one build on the logs in `dir`; each build writes to its own `out` folder. */
async function measureBuild(root: string, dir: string, out: string, capS: number): Promise<Measure[]> {
  mkdirSync(out, { recursive: true });
  const logFile = join(dir, 'log.jsonl');
  const shards = Array.from({ length: SHARDS }, (_, k) => join(dir, `shard-${k + 1}.jsonl`));
  const rescored = join(out, 'rescored.jsonl.gz');
  const merged = join(out, 'merged.jsonl');
  const measures: Measure[] = [];
  for (const [verb, args, files] of [
    ['report', ['report', logFile], []],
    ['rescore', ['rescore', logFile, '--out', rescored], [rescored]],
    ['merge', ['merge', ...shards, '--out', merged], [merged]],
  ] as const) {
    log(`  ${verb}…`);
    const m = await timed(root, verb, [...args], [...files], capS);
    writeFileSync(join(out, `${verb}.out`), m.output);
    measures.push(m);
  }
  for (const f of [rescored, merged]) rmSync(f, { force: true });
  return measures;
}

/** An earlier build's tree, with this copy's node_modules. */
function checkout(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-against-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(commit)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: PROJECT_ROOT });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '10000' },
      source: { type: 'string' },
      dir: { type: 'string' },
      against: { type: 'string' },
      cap: { type: 'string', default: '600' },
    },
    strict: true,
  });
  const items = Number(values.items);
  if (!Number.isInteger(items) || items < SHARDS) throw new Error(`--items: a whole number of at least ${SHARDS}`);
  const capS = Number(values.cap);
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'hintbench-cli-memory-'));
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'log.jsonl');
  if (!existsSync(logFile)) {
    let sourceFile = values.source;
    if (!sourceFile) {
      sourceFile = join(dir, 'source.jsonl');
      log('the source run: `hintbench demo` (PAIR, demo set, three simulated candidates)…');
      execFileSync(process.execPath, [join(PROJECT_ROOT, 'cli', 'hintbench.js'), 'demo', '--out', sourceFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    const made = synthesise(sourceOf(await readRunLogFile(sourceFile)), planFor(items));
    log(`writing ${items} items and ${SHARDS} shards to ${dir}…`);
    await writeLogs(made, 'jsonl', { file: logFile, shards: { n: SHARDS, fileOf: (k) => join(dir, `shard-${k}.jsonl`) } });
  } else log(`reusing the logs in ${dir}`);

  log(`this copy (${PROJECT_ROOT}):`);
  const now = await measureBuild(PROJECT_ROOT, dir, join(dir, 'out-now'), capS);
  let then: Measure[] | null = null;
  if (values.against) {
    const root = checkout(values.against);
    try {
      log(`${values.against} (${root}):`);
      then = await measureBuild(root, dir, join(dir, 'out-against'), capS);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const mb = (m: Measure) => (m.code === 0 && m.maxRssMb !== null ? `${m.maxRssMb} MB` : `failed (exit ${m.code})`);
  const lines = [`Peak memory (max RSS) at ${items} items, ${SHARDS} shards for merge`, ''];
  const head = ['Verb', 'This copy', 'Time', ...(then ? [values.against!, 'Time', 'Ratio', 'Output'] : [])];
  const rows = now.map((m, i) => {
    const t = then?.[i];
    const ratio = t?.maxRssMb && m.maxRssMb ? (m.maxRssMb / t.maxRssMb).toFixed(2) : '—';
    return [
      m.verb,
      mb(m),
      `${(m.ms / 1000).toFixed(1)} s`,
      ...(t ? [mb(t), `${(t.ms / 1000).toFixed(1)} s`, ratio, m.output.equals(t.output) ? 'same' : 'DIFFERS'] : []),
    ];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const fmt = (r: string[]) => r.map((x, c) => x.padEnd(widths[c]!)).join('  ');
  lines.push(fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt));
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!values.dir) rmSync(dir, { recursive: true, force: true });
  if (now.some((m) => m.code !== 0) || (then && now.some((m, i) => !m.output.equals(then![i]!.output)))) process.exitCode = 1;
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
