// `npm run --silent bench:scale -- [--sizes 100,1000,10000] [--json] [--source FILE] [--dir DIR]
//   [--report-cap 300] [--merge-cap 300] [--open-cap 120] [--trajectory-cap 30] [--keep]`
// How hintbench copes with large run logs, as the product is today. A real small run (the zero-key
// PAIR demo, `hintbench demo`, unless --source names a results file) is replicated into logs of
// each size (bench/scale-synth.ts), written as JSONL and JSONL.gz to a temporary folder, then:
//   - bytes per item, plain and gzip;
//   - `hintbench report` on the log: wall time and peak memory (max RSS of the child process);
//   - `hintbench merge` of 10 shards that total the size: wall time and peak memory;
//   - the browser: `?results=<the log>` in a fresh profile of headless Chromium on the built site,
//     navigation to the leaderboard on screen, and the page's JS heap (CDP Runtime.getHeapUsage:
//     when the leaderboard shows, and the largest of samples taken every 500 ms on the way);
//   - one item's trajectory page (the run's last item): from the address change to its turn panel.
// Every measure has a cap; a cap reached prints "did not finish in N s", an error prints the
// error: no number is ever made up. Ratios between consecutive sizes are printed side by side.
// Progress goes to stderr; the result to stdout (one JSON line with --json). docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../cli/browser.ts';
import { readRunLogFile } from '../cli/runlog-file.ts';
import { startServer, type SiteServer } from '../cli/server.ts';
import { DIST, ensureBuilt, PROJECT_ROOT } from '../cli/site.ts';
import { planFor, sourceOf, synthesise, writeJsonl, writeShards, type Plan } from './scale-synth.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const SHARDS = 10;
const CLI = join(PROJECT_ROOT, 'cli', 'hintbench.js');
const TIME = '/usr/bin/time';

/** A measure: its numbers, or why there are none. */
type Outcome<T> = { ok: true; value: T } | { ok: false; note: string };
const fail = (note: string): Outcome<never> => ({ ok: false, note });
const capNote = (s: number) => `did not finish in ${s} s`;

interface SizeResult {
  items: number;
  plan: Plan;
  bytesPerItem: number;
  gzipBytesPerItem: number;
  fileBytes: number;
  gzipFileBytes: number;
  report: Outcome<{ ms: number; maxRssMb: number | null }>;
  merge: Outcome<{ ms: number; maxRssMb: number | null }>;
  open: Outcome<{ ms: number; heapMb: number; heapPeakMb: number }>;
  trajectory: Outcome<{ ms: number }>;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const errText = (err: unknown) => ((err as Error)?.message ?? String(err)).split('\n')[0]!.slice(0, 300);

/** Run the CLI in a child process, under /usr/bin/time when present; kill its group at the cap. */
async function timeCli(args: string[], capS: number): Promise<Outcome<{ ms: number; maxRssMb: number | null }>> {
  const rssFile = join(tmpdir(), `hintbench-scale-rss-${process.pid}-${Date.now()}`);
  const timed = existsSync(TIME);
  const [cmd, ...rest] = timed ? [TIME, '-f', '%M', '-o', rssFile, process.execPath, CLI, ...args] : [process.execPath, join(PROJECT_ROOT, 'bench', 'scale-rss.ts'), rssFile, CLI, ...args];
  const child = spawn(cmd!, timed ? rest : ['--import', 'tsx', ...rest], { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const t0 = performance.now();
  let capped = false;
  const timer = setTimeout(() => {
    capped = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, capS * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  const ms = Math.round(performance.now() - t0);
  clearTimeout(timer);
  let maxRssMb: number | null = null;
  try {
    const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
    if (Number.isFinite(kb) && kb > 0) maxRssMb = Math.round(kb / 102.4) / 10;
  } catch {
    /* no figure */
  }
  rmSync(rssFile, { force: true });
  if (capped) return fail(capNote(capS));
  if (code !== 0) {
    const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('Command exited') && !/^\d+$/.test(l));
    const message = lines.find((l) => /error|hintbench:|invalid|cannot|RangeError/i.test(l)) ?? lines.at(-1) ?? '';
    return fail(`exit code ${code}${maxRssMb !== null ? ` after ${ms} ms, ${maxRssMb} MB` : ''}: ${message.slice(0, 300)}`);
  }
  return { ok: true, value: { ms, maxRssMb } };
}

/** Reject after `capS` seconds. */
function capped<T>(work: Promise<T>, capS: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([work, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(capNote(capS))), capS * 1000)))]).finally(() => clearTimeout(timer));
}

/**
 * In the page: change the address to one item's page and resolve when its turn panel (or the
 * page's "missing" notice) is in the document: the time from the change, on the page's clock.
 * A string, so that the bundler's helpers never reach the page.
 */
const OPEN_ITEM_IN_PAGE = (hash: string, capMs: number) => `new Promise((resolve, reject) => {
  const t0 = performance.now();
  let observer;
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('cap')); }, ${capMs});
  observer = new MutationObserver(() => {
    const found = document.querySelector('[data-testid="turn-panel"], [data-testid="trajectory-missing"]');
    if (!found) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve({ ms: performance.now() - t0, found: found.getAttribute('data-testid') });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  location.hash = ${JSON.stringify(hash)};
})`;

/** `?results=` in a fresh profile: time to the leaderboard and the JS heap; then one item's trajectory. */
async function browserMeasures(browser: Browser, server: SiteServer, file: string, runId: string, itemKey: string, caps: { open: number; trajectory: number }): Promise<Pick<SizeResult, 'open' | 'trajectory'>> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  let page: Page | undefined;
  try {
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let peak = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        try {
          const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
          peak = Math.max(peak, usedSize);
        } catch {
          /* page busy or gone */
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const t0 = performance.now();
    let crashed: (reason: Error) => void = () => {};
    const crash = new Promise<never>((_, reject) => (crashed = reject));
    crash.catch(() => {});
    page.on('crash', () => crashed(new Error(`the page crashed (its renderer process ended) after ${Math.round(performance.now() - t0)} ms`)));
    page.on('pageerror', (err) => log(`    [page] ${errText(err)}`));
    const sampler = sample();
    let open: SizeResult['open'];
    try {
      await capped(
        Promise.race([
          crash,
          (async () => {
            await page!.goto(`${server.url}?results=scale/${file}`);
            const board = page!.getByTestId('leaderboard');
            const alert = page!.getByRole('alert').filter({ hasText: 'Could not open' });
            await board.or(alert).first().waitFor({ timeout: 0 });
            if (await alert.count()) throw new Error((await alert.first().innerText()).trim());
          })(),
        ]),
        caps.open,
      );
      const ms = Math.round(performance.now() - t0);
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      peak = Math.max(peak, usedSize);
      open = { ok: true, value: { ms, heapMb: mb(usedSize), heapPeakMb: mb(peak) } };
    } catch (err) {
      const note = errText(err);
      const heap = peak > 0 ? `; largest JS heap sampled before: ${mb(peak)} MB` : '';
      open = fail(`${/did not finish|crashed/.test(note) ? note : `${note} (after ${Math.round(performance.now() - t0)} ms)`}${heap}`);
    } finally {
      sampling = false;
    }
    await Promise.race([sampler, new Promise((r) => setTimeout(r, 1000))]);
    if (!open.ok) return { open, trajectory: fail('not measured: the log did not open') };
    let trajectory: SizeResult['trajectory'];
    try {
      const result = await capped(
        Promise.race([
          crash,
          page.evaluate<{ ms: number; found: string }>(OPEN_ITEM_IN_PAGE(`#/results/${encodeURIComponent(runId)}/${encodeURIComponent(itemKey)}`, caps.trajectory * 1000)),
        ]),
        caps.trajectory + 5,
      );
      trajectory = result.found === 'turn-panel' ? { ok: true, value: { ms: Math.round(result.ms) } } : fail(`the trajectory page said: ${(await page.getByTestId('trajectory-missing').innerText()).trim()}`);
    } catch (err) {
      trajectory = fail(/cap/.test(errText(err)) ? capNote(caps.trajectory) : errText(err));
    }
    return { open, trajectory };
  } finally {
    await capped(context.close(), 30).catch((err) => log(`    closing the browser context: ${errText(err)}`));
  }
}

const show = <T>(o: Outcome<T>, pick: (v: T) => number | null, unit: string) => {
  if (!o.ok) return o.note;
  const v = pick(o.value);
  return v === null ? 'n/a' : `${v.toLocaleString('en-US')} ${unit}`;
};
const num = <T>(o: Outcome<T>, pick: (v: T) => number | null) => (o.ok ? pick(o.value) : null);

const MEASURES: { name: string; key: string; unit: string; of: (r: SizeResult) => number | null; text: (r: SizeResult) => string }[] = [
  { name: 'bytes per item (JSONL)', key: 'bytesPerItem', unit: 'B', of: (r) => r.bytesPerItem, text: (r) => `${r.bytesPerItem.toLocaleString('en-US')} B` },
  { name: 'bytes per item (JSONL.gz)', key: 'gzipBytesPerItem', unit: 'B', of: (r) => r.gzipBytesPerItem, text: (r) => `${r.gzipBytesPerItem.toLocaleString('en-US')} B` },
  { name: 'report: time', key: 'reportMs', unit: 'ms', of: (r) => num(r.report, (v) => v.ms), text: (r) => show(r.report, (v) => v.ms, 'ms') },
  { name: 'report: peak RSS', key: 'reportMaxRssMb', unit: 'MB', of: (r) => num(r.report, (v) => v.maxRssMb), text: (r) => show(r.report, (v) => v.maxRssMb, 'MB') },
  { name: `merge of ${SHARDS} shards: time`, key: 'mergeMs', unit: 'ms', of: (r) => num(r.merge, (v) => v.ms), text: (r) => show(r.merge, (v) => v.ms, 'ms') },
  { name: `merge of ${SHARDS} shards: peak RSS`, key: 'mergeMaxRssMb', unit: 'MB', of: (r) => num(r.merge, (v) => v.maxRssMb), text: (r) => show(r.merge, (v) => v.maxRssMb, 'MB') },
  { name: 'browser: open to leaderboard', key: 'openMs', unit: 'ms', of: (r) => num(r.open, (v) => v.ms), text: (r) => show(r.open, (v) => v.ms, 'ms') },
  { name: 'browser: JS heap at leaderboard', key: 'heapMb', unit: 'MB', of: (r) => num(r.open, (v) => v.heapMb), text: (r) => show(r.open, (v) => v.heapMb, 'MB') },
  { name: 'browser: JS heap, peak sampled', key: 'heapPeakMb', unit: 'MB', of: (r) => num(r.open, (v) => v.heapPeakMb), text: (r) => show(r.open, (v) => v.heapPeakMb, 'MB') },
  { name: 'browser: one trajectory opens', key: 'trajectoryMs', unit: 'ms', of: (r) => num(r.trajectory, (v) => v.ms), text: (r) => show(r.trajectory, (v) => v.ms, 'ms') },
];

/** Ratios between consecutive sizes, per measure (null where either side has no figure). */
function ratiosOf(results: SizeResult[]): Record<string, Record<string, number | null>> {
  const out: Record<string, Record<string, number | null>> = {};
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[i - 1]!, results[i]!];
    const row: Record<string, number | null> = {};
    for (const m of MEASURES) {
      const [x, y] = [m.of(a), m.of(b)];
      row[m.key] = x !== null && y !== null && x > 0 ? Math.round((y / x) * 100) / 100 : null;
    }
    out[`${b.items}/${a.items}`] = row;
  }
  return out;
}

function table(results: SizeResult[], ratios: Record<string, Record<string, number | null>>): string {
  // A measure without a figure shows its cap, or a footnote number for its error (listed below).
  const notes: string[] = [];
  const cell = (r: SizeResult, m: (typeof MEASURES)[number]) => {
    const text = m.text(r);
    if (m.of(r) !== null || text.startsWith('did not finish') || text.length <= 24) return text;
    if (!notes.includes(text)) notes.push(text);
    return `failed [${notes.indexOf(text) + 1}]`;
  };
  const head = ['measure', ...results.map((r) => `${r.items.toLocaleString('en-US')} items`), ...Object.keys(ratios).map((k) => `ratio ${k}`)];
  const rows = MEASURES.map((m) => [m.name, ...results.map((r) => cell(r, m)), ...Object.values(ratios).map((row) => (row[m.key] === null ? '—' : `×${row[m.key]}`))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(notes.length ? ['', ...notes.map((n, i) => `[${i + 1}] ${n}`)] : [])].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,1000,10000' },
      json: { type: 'boolean', default: false },
      source: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'report-cap': { type: 'string', default: '300' },
      'merge-cap': { type: 'string', default: '300' },
      'open-cap': { type: 'string', default: '120' },
      'trajectory-cap': { type: 'string', default: '30' },
      'no-browser': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  if (sizes.some((s) => !Number.isInteger(s) || s < SHARDS)) throw new Error(`--sizes: whole numbers of at least ${SHARDS} items, e.g. 100,1000`);
  sizes.sort((a, b) => a - b);
  const caps = { report: Number(values['report-cap']), merge: Number(values['merge-cap']), open: Number(values['open-cap']), trajectory: Number(values['trajectory-cap']) };
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'hintbench-scale-'));
  mkdirSync(join(dir, 'logs'), { recursive: true });
  log(`temporary folder: ${dir}`);

  await ensureBuilt(log);
  // The source: a real small run.
  let sourceFile = values.source;
  if (!sourceFile) {
    sourceFile = join(dir, 'source.jsonl');
    log('the source run: `hintbench demo` (PAIR, demo set, three simulated candidates)…');
    const made = await timeCli(['demo', '--out', sourceFile], 600);
    if (!made.ok) throw new Error(`the demo run failed: ${made.note}`);
  }
  const sourceLog = await readRunLogFile(sourceFile);
  const sourceBytes = statSync(sourceFile).size;
  const source = sourceOf(sourceLog);
  log(`source: ${sourceLog.items.length} items, ${sourceLog.items.reduce((n, i) => n + i.steps.length, 0)} steps (${sourceFile})`);

  // The site and the logs under one root: the built site's entries, linked, and the logs in scale/.
  const root = join(dir, 'site');
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(DIST)) if (!existsSync(join(root, name))) symlinkSync(join(DIST, name), join(root, name));
  if (!existsSync(join(root, 'scale'))) symlinkSync(join(dir, 'logs'), join(root, 'scale'));
  const server = await startServer({ root, isolated: true });
  const browser = values['no-browser'] ? null : await launchBrowser();

  const results: SizeResult[] = [];
  try {
    for (const items of sizes) {
      const plan = planFor(items);
      log(`\n${items} items: ${plan.instances} instances × ${plan.models} candidate models × ${plan.repeats} repeat(s)…`);
      const made = synthesise(source, plan);
      const base = `scale-${items}`;
      const file = join(dir, 'logs', `${base}.jsonl`);
      const gzFile = `${file}.gz`;
      let t = performance.now();
      await writeJsonl(made, file, { gzipFile: gzFile });
      const shardFile = (k: number) => join(dir, 'logs', `${base}-shard-${k}.jsonl`);
      await writeShards(made, SHARDS, shardFile);
      const fileBytes = statSync(file).size;
      const gzipFileBytes = statSync(gzFile).size;
      log(`  wrote ${mb(fileBytes)} MB (gzip ${mb(gzipFileBytes)} MB) and ${SHARDS} shards in ${Math.round(performance.now() - t)} ms`);
      const lastKey = made.items.at(-1)!.head.key;
      const runId = made.manifest.runId;
      made.items.length = 0; // free the copies before the measures

      log(`  hintbench report (cap ${caps.report} s)…`);
      const report = await timeCli(['report', file], caps.report);
      log(`    ${JSON.stringify(report)}`);
      log(`  hintbench merge of ${SHARDS} shards (cap ${caps.merge} s)…`);
      const mergedFile = join(dir, 'logs', `${base}-merged.jsonl`);
      const merge = await timeCli(['merge', ...Array.from({ length: SHARDS }, (_, k) => shardFile(k + 1)), '--out', mergedFile], caps.merge);
      log(`    ${JSON.stringify(merge)}`);
      rmSync(mergedFile, { force: true });
      rmSync(`${mergedFile}.partial`, { force: true });
      for (let k = 1; k <= SHARDS; k++) rmSync(shardFile(k), { force: true });

      let browserPart: Pick<SizeResult, 'open' | 'trajectory'> = { open: fail('not measured (--no-browser)'), trajectory: fail('not measured (--no-browser)') };
      if (browser) {
        log(`  browser: ?results= to the leaderboard (cap ${caps.open} s), then one trajectory (cap ${caps.trajectory} s)…`);
        t = performance.now();
        browserPart = await browserMeasures(browser, server, `${base}.jsonl`, runId, lastKey, caps);
        log(`    ${JSON.stringify(browserPart)}`);
      }
      results.push({ items, plan, bytesPerItem: Math.round(fileBytes / items), gzipBytesPerItem: Math.round(gzipFileBytes / items), fileBytes, gzipFileBytes, report, merge, ...browserPart });
      if (!values.keep) {
        rmSync(file, { force: true });
        rmSync(gzFile, { force: true });
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }

  const ratios = ratiosOf(results);
  const source0 = { items: sourceLog.items.length, steps: sourceLog.items.reduce((n, i) => n + i.steps.length, 0), bytesPerItem: Math.round(sourceBytes / sourceLog.items.length) };
  const result = {
    bench: 'scale',
    cores: cpus().length,
    source: values.source ? { ...source0, file: values.source } : { ...source0, run: 'hintbench demo: PAIR, demo set, 3 simulated candidates' },
    caps: { reportS: caps.report, mergeS: caps.merge, openS: caps.open, trajectoryS: caps.trajectory },
    sizes: results.map((r) => ({
      items: r.items,
      plan: r.plan,
      fileBytes: r.fileBytes,
      gzipFileBytes: r.gzipFileBytes,
      ...Object.fromEntries(MEASURES.map((m) => [m.key, m.of(r)])),
      notes: Object.fromEntries((['report', 'merge', 'open', 'trajectory'] as const).flatMap((k) => (r[k].ok ? [] : [[k, (r[k] as { note: string }).note]]))),
    })),
    ratios,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else process.stdout.write(`\n${table(results, ratios)}\n\n${JSON.stringify(result, null, 1)}\n`);
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
