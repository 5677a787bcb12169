// `npm run --silent bench:scale -- [--sizes 100,1000,10000] [--format jsonl|json] [--json] [--source FILE]
//   [--dir DIR] [--report-cap 300] [--rescore-cap 300] [--merge-cap 300] [--open-cap 120]
//   [--steps-cap 300] [--trajectory-cap 30] [--no-browser] [--no-cli] [--keep]`
// How hintbench copes with large run logs, as the product is today. A real small run (the zero-key
// PAIR demo, `hintbench demo`, unless --source names a results file) is replicated into logs of
// each size (bench/scale-synth.ts): version 3 of the run log (hintbench.runlog/3) with stored
// scores, written piece by piece (LogWriter) as JSONL (or JSON, --format) and its gzip copy to a
// temporary folder, with the same log cut into 10 shards as `run --shard k/10` cuts a run.
// Honest dedup: version 3 stores each distinct paragraph once, so the copies keep the source's
// sharing pattern: a text the source's items of two or more models share for one instance (the
// system prompt, the statement, the buggy program) is shared by the items of one instance copy;
// every other text is made unique per item copy. Each paragraph of a text gets ` ⟪<copy id>⟫`
// (the instance copy's id, or the item's key), since paragraphs are stored on their own. Then:
//   - bytes per item, plain and gzip;
//   - `hintbench report` on the log: wall time and peak memory (max RSS of the child process);
//   - `hintbench rescore --check` on the log: the same (it also proves the stored scores are what
//     the metric code computes from the marked log: exit 1 otherwise, printed as an error);
//   - `hintbench merge` of 10 shards that total the size: wall time and peak memory, and the
//     merged file must hold every item (read back and counted; a wrong count is an error);
//   - the browser: `?results=<the log>` in a fresh profile of headless Chromium on the built site,
//     navigation to the leaderboard drawn from the stored scores on screen, and the page's JS heap
//     (CDP Runtime.getHeapUsage: when the leaderboard shows, and the largest of samples taken
//     every 500 ms on the way); then until the whole file is read and stored (the page's
//     "Opening a results file" line gone) and the heap's peak to then;
//   - one item's trajectory page (the run's last item), as a reader reaches it from the
//     leaderboard: from the address change to its turn panel;
//   - every step loaded for the figures: back on the run's page, from the request (a run of more
//     than 2,000 items loads them when its button is pressed; a smaller one by itself) until the
//     figures show, and the heap then.
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
import { readRunLogFile, readRunLogFileInto } from '../cli/runlog-file.ts';
import { startServer, type SiteServer } from '../cli/server.ts';
import { DIST, ensureBuilt, PROJECT_ROOT } from '../cli/site.ts';
import { takePeakRssMb } from './peak-rss.ts';
import { planFor, sourceOf, synthesise, writeLogs, type Plan } from './scale-synth.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The form the logs are written in (--format): JSONL by default. */
let FORMAT: 'jsonl' | 'json' = 'jsonl';
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
  rescore: Outcome<{ ms: number; maxRssMb: number | null }>;
  merge: Outcome<{ ms: number; maxRssMb: number | null }>;
  /** `whileLoading`: the page still said it was loading the steps when the leaderboard showed (so it came from the stored scores alone). */
  open: Outcome<{ ms: number; heapMb: number; heapPeakMb: number; whileLoading: boolean }>;
  /** The whole file read and stored (the page's "Opening a results file" line gone), from the start. */
  stored: Outcome<{ ms: number; heapMb: number; heapPeakMb: number }>;
  /** Every step loaded for the figures, from the request (a large run's button, or by itself). */
  steps: Outcome<{ ms: number; heapMb: number; heapPeakMb: number }>;
  trajectory: Outcome<{ ms: number }>;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const errText = (err: unknown) => ((err as Error)?.message ?? String(err)).split('\n')[0]!.slice(0, 300);

/** Run the CLI in a child process, under /usr/bin/time when present; kill its group at the cap. */
async function timeCli(args: string[], capS: number): Promise<Outcome<{ ms: number; maxRssMb: number | null }>> {
  const rssFile = join(tmpdir(), `hintbench-scale-rss-${process.pid}-${Date.now()}`);
  const timed = existsSync(TIME);
  const [cmd, ...rest] = timed
    ? [TIME, '-f', '%M', '-o', rssFile, process.execPath, CLI, ...args]
    : [process.execPath, join(PROJECT_ROOT, 'bench', 'scale-rss.ts'), rssFile, CLI, ...args];
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
  const maxRssMb = takePeakRssMb(rssFile);
  if (capped) return fail(capNote(capS));
  if (code !== 0) {
    const lines = stderr
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('Command exited') && !/^\d+$/.test(l));
    const message = lines.find((l) => /error|hintbench:|invalid|cannot|RangeError/i.test(l)) ?? lines.at(-1) ?? '';
    return fail(`exit code ${code}${maxRssMb !== null ? ` after ${ms} ms, ${maxRssMb} MB` : ''}: ${message.slice(0, 300)}`);
  }
  return { ok: true, value: { ms, maxRssMb } };
}

/** Reject after `capS` seconds. */
function capped<T>(work: Promise<T>, capS: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([work, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(capNote(capS))), capS * 1000)))]).finally(() =>
    clearTimeout(timer),
  );
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

/** `?results=` in a fresh profile: time to the leaderboard (from the stored scores) and the JS heap; to all steps loaded; then one item's trajectory. */
async function browserMeasures(
  browser: Browser,
  server: SiteServer,
  file: string,
  runId: string,
  itemKey: string,
  caps: { open: number; steps: number; trajectory: number },
): Promise<Pick<SizeResult, 'open' | 'stored' | 'steps' | 'trajectory'>> {
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
    const heapNow = async () => {
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      peak = Math.max(peak, usedSize);
      return usedSize;
    };
    const t0 = performance.now();
    let crashed: (reason: Error) => void = () => {};
    const crash = new Promise<never>((_, reject) => (crashed = reject));
    crash.catch(() => {});
    page.on('crash', () => crashed(new Error(`the page crashed (its renderer process ended) after ${Math.round(performance.now() - t0)} ms`)));
    page.on('pageerror', (err) => log(`    [page] ${errText(err)}`));
    const sampler = sample();
    const failure = (err: unknown) => {
      const note = errText(err);
      const heap = peak > 0 ? `; largest JS heap sampled before: ${mb(peak)} MB` : '';
      return fail(`${/did not finish|crashed/.test(note) ? note : `${note} (after ${Math.round(performance.now() - t0)} ms)`}${heap}`);
    };
    const alert = page.getByRole('alert').filter({ hasText: /Could not|failed|error/i });
    let open: SizeResult['open'];
    try {
      // The leaderboard of a log with stored scores: the table, and the card's "scored … by" line.
      await capped(
        Promise.race([
          crash,
          (async () => {
            await page!.goto(`${server.url}?results=scale/${file}`);
            const board = page!
              .getByTestId('results-summary')
              .filter({ has: page!.getByTestId('scored-by') })
              .getByTestId('leaderboard');
            await board.or(alert).first().waitFor({ timeout: 0 });
            if (await alert.count()) throw new Error((await alert.first().innerText()).trim());
          })(),
        ]),
        caps.open,
      );
      const ms = Math.round(performance.now() - t0);
      const whileLoading = (await page.getByTestId('steps-loading').count()) > 0;
      const usedSize = await heapNow();
      open = { ok: true, value: { ms, heapMb: mb(usedSize), heapPeakMb: mb(peak), whileLoading } };
    } catch (err) {
      open = failure(err);
    }
    // Then the rest of the file is read and stored behind the leaderboard.
    let stored: SizeResult['stored'] = fail('not measured: the log did not open');
    if (open.ok) {
      try {
        await capped(
          Promise.race([
            crash,
            (async () => {
              await page!.getByTestId('import-progress').waitFor({ state: 'detached', timeout: 0 });
              if (await alert.count()) throw new Error((await alert.first().innerText()).trim());
            })(),
          ]),
          caps.steps,
        );
        const ms = Math.round(performance.now() - t0);
        stored = { ok: true, value: { ms, heapMb: mb(await heapNow()), heapPeakMb: mb(peak) } };
      } catch (err) {
        stored = failure(err);
      }
    }
    const trajectoryNow = async (): Promise<SizeResult['trajectory']> => {
      try {
        const result = await capped(
          Promise.race([
            crash,
            page!.evaluate<{ ms: number; found: string }>(
              OPEN_ITEM_IN_PAGE(`#/results/${encodeURIComponent(runId)}/${encodeURIComponent(itemKey)}`, caps.trajectory * 1000),
            ),
          ]),
          caps.trajectory + 5,
        );
        return result.found === 'turn-panel'
          ? { ok: true, value: { ms: Math.round(result.ms) } }
          : fail(`the trajectory page said: ${(await page!.getByTestId('trajectory-missing').innerText()).trim()}`);
      } catch (err) {
        return fail(/cap/.test(errText(err)) ? capNote(caps.trajectory) : errText(err));
      }
    };
    // One item's trajectory, as a reader reaches it from the leaderboard: only that item's steps load.
    const trajectory = stored.ok ? await trajectoryNow() : fail('not measured: the log was not stored');
    // Every step, for the figures: a large run loads them on request (its button), a small one by itself.
    let steps: SizeResult['steps'] = fail('not measured: the log was not stored');
    if (stored.ok) {
      try {
        await page.goto(`${server.url}#/results/${encodeURIComponent(runId)}`);
        await page
          .getByTestId('leaderboard')
          .first()
          .waitFor({ timeout: caps.open * 1000 });
        const t1 = performance.now();
        await capped(
          Promise.race([
            crash,
            (async () => {
              const button = page!.getByTestId('load-steps');
              if (await button.count()) await button.click();
              await page!.getByTestId('load-steps').waitFor({ state: 'detached', timeout: 0 });
              await page!.getByTestId('steps-loading').waitFor({ state: 'detached', timeout: 0 });
              if (await alert.count()) throw new Error((await alert.first().innerText()).trim());
            })(),
          ]),
          caps.steps,
        );
        steps = { ok: true, value: { ms: Math.round(performance.now() - t1), heapMb: mb(await heapNow()), heapPeakMb: mb(peak) } };
      } catch (err) {
        steps = failure(err);
      }
    }
    sampling = false;
    await Promise.race([sampler, new Promise((r) => setTimeout(r, 1000))]);
    return { open, stored, steps, trajectory };
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
  {
    name: `bytes per item (v3 ${FORMAT.toUpperCase()})`,
    key: 'bytesPerItem',
    unit: 'B',
    of: (r) => r.bytesPerItem,
    text: (r) => `${r.bytesPerItem.toLocaleString('en-US')} B`,
  },
  {
    name: `bytes per item (v3 ${FORMAT.toUpperCase()}.gz)`,
    key: 'gzipBytesPerItem',
    unit: 'B',
    of: (r) => r.gzipBytesPerItem,
    text: (r) => `${r.gzipBytesPerItem.toLocaleString('en-US')} B`,
  },
  { name: 'report: time', key: 'reportMs', unit: 'ms', of: (r) => num(r.report, (v) => v.ms), text: (r) => show(r.report, (v) => v.ms, 'ms') },
  {
    name: 'report: peak RSS',
    key: 'reportMaxRssMb',
    unit: 'MB',
    of: (r) => num(r.report, (v) => v.maxRssMb),
    text: (r) => show(r.report, (v) => v.maxRssMb, 'MB'),
  },
  { name: 'rescore --check: time', key: 'rescoreMs', unit: 'ms', of: (r) => num(r.rescore, (v) => v.ms), text: (r) => show(r.rescore, (v) => v.ms, 'ms') },
  {
    name: 'rescore --check: peak RSS',
    key: 'rescoreMaxRssMb',
    unit: 'MB',
    of: (r) => num(r.rescore, (v) => v.maxRssMb),
    text: (r) => show(r.rescore, (v) => v.maxRssMb, 'MB'),
  },
  { name: `merge of ${SHARDS} shards: time`, key: 'mergeMs', unit: 'ms', of: (r) => num(r.merge, (v) => v.ms), text: (r) => show(r.merge, (v) => v.ms, 'ms') },
  {
    name: `merge of ${SHARDS} shards: peak RSS`,
    key: 'mergeMaxRssMb',
    unit: 'MB',
    of: (r) => num(r.merge, (v) => v.maxRssMb),
    text: (r) => show(r.merge, (v) => v.maxRssMb, 'MB'),
  },
  { name: 'browser: open to leaderboard', key: 'openMs', unit: 'ms', of: (r) => num(r.open, (v) => v.ms), text: (r) => show(r.open, (v) => v.ms, 'ms') },
  {
    name: 'browser: JS heap at leaderboard',
    key: 'heapMb',
    unit: 'MB',
    of: (r) => num(r.open, (v) => v.heapMb),
    text: (r) => show(r.open, (v) => v.heapMb, 'MB'),
  },
  {
    name: 'browser: JS heap, peak sampled',
    key: 'heapPeakMb',
    unit: 'MB',
    of: (r) => num(r.open, (v) => v.heapPeakMb),
    text: (r) => show(r.open, (v) => v.heapPeakMb, 'MB'),
  },
  { name: 'browser: whole file stored', key: 'storedMs', unit: 'ms', of: (r) => num(r.stored, (v) => v.ms), text: (r) => show(r.stored, (v) => v.ms, 'ms') },
  {
    name: 'browser: JS heap, file stored',
    key: 'storedHeapMb',
    unit: 'MB',
    of: (r) => num(r.stored, (v) => v.heapMb),
    text: (r) => show(r.stored, (v) => v.heapMb, 'MB'),
  },
  {
    name: 'browser: JS heap, peak to then',
    key: 'storedHeapPeakMb',
    unit: 'MB',
    of: (r) => num(r.stored, (v) => v.heapPeakMb),
    text: (r) => show(r.stored, (v) => v.heapPeakMb, 'MB'),
  },
  {
    name: 'browser: all steps loaded (asked)',
    key: 'stepsMs',
    unit: 'ms',
    of: (r) => num(r.steps, (v) => v.ms),
    text: (r) => show(r.steps, (v) => v.ms, 'ms'),
  },
  {
    name: 'browser: JS heap, steps loaded',
    key: 'stepsHeapMb',
    unit: 'MB',
    of: (r) => num(r.steps, (v) => v.heapMb),
    text: (r) => show(r.steps, (v) => v.heapMb, 'MB'),
  },
  {
    name: 'browser: JS heap, peak to steps',
    key: 'stepsHeapPeakMb',
    unit: 'MB',
    of: (r) => num(r.steps, (v) => v.heapPeakMb),
    text: (r) => show(r.steps, (v) => v.heapPeakMb, 'MB'),
  },
  {
    name: 'browser: one trajectory opens',
    key: 'trajectoryMs',
    unit: 'ms',
    of: (r) => num(r.trajectory, (v) => v.ms),
    text: (r) => show(r.trajectory, (v) => v.ms, 'ms'),
  },
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
  const rows = MEASURES.map((m) => [
    m.name,
    ...results.map((r) => cell(r, m)),
    ...Object.values(ratios).map((row) => (row[m.key] === null ? '—' : `×${row[m.key]}`)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(notes.length ? ['', ...notes.map((n, i) => `[${i + 1}] ${n}`)] : [])].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,1000,10000' },
      json: { type: 'boolean', default: false },
      format: { type: 'string', default: 'jsonl' },
      source: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'report-cap': { type: 'string', default: '300' },
      'merge-cap': { type: 'string', default: '300' },
      'rescore-cap': { type: 'string', default: '300' },
      'steps-cap': { type: 'string', default: '300' },
      'open-cap': { type: 'string', default: '120' },
      'trajectory-cap': { type: 'string', default: '30' },
      'no-browser': { type: 'boolean', default: false },
      'no-cli': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  if (sizes.some((s) => !Number.isInteger(s) || s < SHARDS)) throw new Error(`--sizes: whole numbers of at least ${SHARDS} items, e.g. 100,1000`);
  sizes.sort((a, b) => a - b);
  if (values.format !== 'jsonl' && values.format !== 'json') throw new Error('--format: jsonl or json');
  FORMAT = values.format;
  const caps = {
    report: Number(values['report-cap']),
    rescore: Number(values['rescore-cap']),
    merge: Number(values['merge-cap']),
    open: Number(values['open-cap']),
    steps: Number(values['steps-cap']),
    trajectory: Number(values['trajectory-cap']),
  };
  if (Object.values(caps).some((c) => !(c > 0))) throw new Error('caps: positive numbers of seconds');
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
      const file = join(dir, 'logs', `${base}.${FORMAT}`);
      const gzFile = `${file}.gz`;
      const shardFile = (k: number) => join(dir, 'logs', `${base}-shard-${k}.${FORMAT}`);
      let t = performance.now();
      const scores = await writeLogs(made, FORMAT, { file, gzipFile: gzFile, shards: { n: SHARDS, fileOf: shardFile } });
      if (!scores)
        throw new Error(`this copy has no metric code for the source's protocol (${made.manifest.protocol.id}): the logs would have no stored scores`);
      const fileBytes = statSync(file).size;
      const gzipFileBytes = statSync(gzFile).size;
      log(
        `  wrote ${mb(fileBytes)} MB (gzip ${mb(gzipFileBytes)} MB) and ${SHARDS} shards, version 3 with stored scores, in ${Math.round(performance.now() - t)} ms`,
      );
      const lastKey = made.copies.at(-1)!.head.key;
      const runId = made.manifest.runId;
      made.copies.length = 0; // free the copies before the measures

      const noCli = fail('not measured (--no-cli)');
      const cli = values['no-cli'] ? async () => noCli : timeCli;
      log(`  hintbench report (cap ${caps.report} s)…`);
      const report = await cli(['report', file], caps.report);
      log(`    ${JSON.stringify(report)}`);
      log(`  hintbench rescore --check (cap ${caps.rescore} s)…`);
      const rescore = await cli(['rescore', file, '--check'], caps.rescore);
      log(`    ${JSON.stringify(rescore)}`);
      log(`  hintbench merge of ${SHARDS} shards (cap ${caps.merge} s)…`);
      const mergedFile = join(dir, 'logs', `${base}-merged.${FORMAT}`);
      let merge = await cli(['merge', ...Array.from({ length: SHARDS }, (_, k) => shardFile(k + 1)), '--out', mergedFile], caps.merge);
      if (merge.ok) {
        // The merged file must hold every item: read it back (not timed) and count.
        let count = 0;
        try {
          await readRunLogFileInto(mergedFile, { manifest() {}, scores() {}, item: () => void count++, annotation() {} });
          if (count !== items) merge = fail(`the merged file holds ${count} items, not ${items} (after ${merge.value.ms} ms)`);
        } catch (err) {
          merge = fail(`the merged file does not read back: ${errText(err)}`);
        }
      }
      log(`    ${JSON.stringify(merge)}`);
      rmSync(mergedFile, { force: true });
      rmSync(`${mergedFile}.partial`, { force: true });
      for (let k = 1; k <= SHARDS; k++) rmSync(shardFile(k), { force: true });

      const off = fail('not measured (--no-browser)');
      let browserPart: Pick<SizeResult, 'open' | 'stored' | 'steps' | 'trajectory'> = { open: off, stored: off, steps: off, trajectory: off };
      if (browser) {
        log(
          `  browser: ?results= to the leaderboard (cap ${caps.open} s), to all steps loaded (cap ${caps.steps} s), then one trajectory (cap ${caps.trajectory} s)…`,
        );
        t = performance.now();
        browserPart = await browserMeasures(browser, server, `${base}.${FORMAT}`, runId, lastKey, caps);
        log(`    ${JSON.stringify(browserPart)}`);
      }
      results.push({
        items,
        plan,
        bytesPerItem: Math.round(fileBytes / items),
        gzipBytesPerItem: Math.round(gzipFileBytes / items),
        fileBytes,
        gzipFileBytes,
        report,
        rescore,
        merge,
        ...browserPart,
      });
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
  const source0 = {
    items: sourceLog.items.length,
    steps: sourceLog.items.reduce((n, i) => n + i.steps.length, 0),
    bytesPerItem: Math.round(sourceBytes / sourceLog.items.length),
  };
  const result = {
    bench: 'scale',
    cores: cpus().length,
    source: values.source ? { ...source0, file: values.source } : { ...source0, run: 'hintbench demo: PAIR, demo set, 3 simulated candidates' },
    format: `hintbench.runlog/3 ${FORMAT}, with stored scores`,
    caps: { reportS: caps.report, rescoreS: caps.rescore, mergeS: caps.merge, openS: caps.open, stepsS: caps.steps, trajectoryS: caps.trajectory },
    sizes: results.map((r) => ({
      items: r.items,
      plan: r.plan,
      fileBytes: r.fileBytes,
      gzipFileBytes: r.gzipFileBytes,
      ...Object.fromEntries(MEASURES.map((m) => [m.key, m.of(r)])),
      leaderboardWhileLoading: r.open.ok ? r.open.value.whileLoading : null,
      notes: Object.fromEntries(
        (['report', 'rescore', 'merge', 'open', 'stored', 'steps', 'trajectory'] as const).flatMap((k) =>
          r[k].ok ? [] : [[k, (r[k] as { note: string }).note]],
        ),
      ),
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
