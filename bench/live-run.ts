// `npm run --silent bench:live-run -- [--items 10000] [--json]`: does a long live run stay fast?
// A simulated PAIR run of 10,000 items (100 one-test instances × the oracle and no-op simulated
// candidates × 50 repeats, one turn each: every item stores its start, a step and its end) is
// started in headless Chromium on the built site, with its Run page (the live grid) on screen.
// The page's own clock times each thousand items finished (the Run page's item counter);
// the time per item of the first, middle and last thousand is printed, with the JS heap then
// (CDP Runtime.getHeapUsage, and performance.memory) and, at the end, after a forced GC.
// Then: are the live grid and the run list still virtual (only rows in view drawn)?
// `-- --against <commit>`: the same on that commit's build instead (bench/against.ts), for a before.
// Progress goes to stderr; the last line of stdout is one JSON object (docs/benchmarks.md).
import { openSite } from '../cli/browser.ts';
import { DIST, ensureBuilt } from '../cli/site.ts';
import type { Instance } from '../src/core/model/instance.ts';
import type { RunConfig } from '../src/core/runner/setup.ts';
import { againstArg, buildAgainst } from './against.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ITEMS = arg('--items', 10_000);
const INSTANCES = 100;
const MODELS = 2;
const REPEATS = Math.ceil(ITEMS / (INSTANCES * MODELS));
const BLOCK = Math.max(1, Math.round(ITEMS / 10));

/** A one-test instance: the buggy program prints n, the reference n + 1. */
function instance(i: number): Instance {
  return {
    id: `tiny-${i}`,
    title: `tiny ${i}`,
    source: { name: 'hintbench benchmark' },
    statement: 'Print n + 1.',
    language: 'python',
    buggy: 'print(int(input()))',
    reference: 'print(int(input()) + 1)',
    testKind: 'stdio',
    tests: [{ id: `t${i}`, input: `${i}\n`, expected: `${i + 1}\n` }],
  };
}

const CONFIG: RunConfig = {
  name: 'Live-run benchmark (simulated models)',
  protocol: 'pair',
  candidates: [
    { kind: 'simulated', profile: 'oracle' },
    { kind: 'simulated', profile: 'no-op' },
  ],
  roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
  params: { turns: 1 },
  settings: { repeats: REPEATS, concurrency: 4 },
};

interface Sample {
  finished: number;
  atMs: number;
  heapUsedMb: number;
  /** performance.memory.usedJSHeapSize (coarse in Chromium without precise memory info). */
  pageHeapMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

async function main(): Promise<void> {
  const against = againstArg();
  if (!against) await ensureBuilt(log);
  const site = await openSite(against ? buildAgainst(against, log).dist : DIST, { log });
  try {
    const { page } = site;
    await page.evaluate(() => window.hintbench.settled());
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => mb(((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize);
    const instances = Array.from({ length: INSTANCES }, (_, i) => instance(i));
    log(`starting a ${INSTANCES * MODELS * REPEATS}-item simulated run (PAIR, α = 1, oracle and no-op, ${REPEATS} repeats)…`);
    const runId = await page.evaluate(
      ([config, list]) => window.hintbench.startRun(config, { id: 'live-run-bench', name: 'Live-run benchmark', instances: list }),
      [CONFIG, instances] as const,
    );
    await page.evaluate((id) => (location.hash = `#/run/${encodeURIComponent(id)}`), runId);
    const progress = page.getByTestId('run-progress');
    await progress.waitFor();
    const total = Number(await progress.getAttribute('data-total'));
    log(`${total} items; the Run page is on screen`);
    const samples: Sample[] = [{ finished: 0, atMs: await page.evaluate(() => performance.now()), heapUsedMb: await heap(), pageHeapMb: 0 }];
    let next = BLOCK;
    for (;;) {
      // Wait on the page for the counter to pass the next mark, then read the clock and heap there.
      const s = await page.evaluate(
        async (mark) => {
          // (no named functions in here: the page has no __name helper for them)
          const el = document.querySelector('[data-testid="run-progress"]')!;
          while (Number(el.getAttribute('data-finished')) < mark) await new Promise((r) => setTimeout(r, 50));
          const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
          return { finished: Number(el.getAttribute('data-finished')), atMs: performance.now(), pageHeap: memory?.usedJSHeapSize ?? 0 };
        },
        Math.min(next, total),
      );
      samples.push({ finished: s.finished, atMs: s.atMs, heapUsedMb: await heap(), pageHeapMb: mb(s.pageHeap) });
      log(`  ${s.finished} items at ${(s.atMs / 1000).toFixed(1)} s, heap ${samples.at(-1)!.heapUsedMb} MB`);
      if (s.finished >= total) break;
      while (next <= s.finished) next += BLOCK;
    }
    await page.evaluate((id) => window.hintbench.waitRun(id).then(() => undefined), runId);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGcMb = await heap();
    const gridVirtual = (await page.getByTestId('run-grid').getAttribute('data-virtual')) === 'true';
    const gridRows = await page.getByTestId('run-grid').locator('tbody tr:not(.spacer)').count();
    await page.evaluate(() => (location.hash = '#/results'));
    const list = page.getByTestId('results-list');
    await list.waitFor();
    const listVirtual = await list.getAttribute('data-virtual');
    const listRows = await list.locator('tbody tr:not(.spacer)').count();

    /** Per item (ms) between two samples. */
    const perItem = (a: Sample, b: Sample) => Math.round(((b.atMs - a.atMs) / Math.max(1, b.finished - a.finished)) * 100) / 100;
    const mid = Math.floor((samples.length - 1) / 2);
    const table = {
      first: { items: `${samples[0]!.finished + 1}–${samples[1]!.finished}`, msPerItem: perItem(samples[0]!, samples[1]!), heapUsedMb: samples[1]!.heapUsedMb },
      middle: {
        items: `${samples[mid]!.finished + 1}–${samples[mid + 1]!.finished}`,
        msPerItem: perItem(samples[mid]!, samples[mid + 1]!),
        heapUsedMb: samples[mid + 1]!.heapUsedMb,
      },
      last: {
        items: `${samples.at(-2)!.finished + 1}–${samples.at(-1)!.finished}`,
        msPerItem: perItem(samples.at(-2)!, samples.at(-1)!),
        heapUsedMb: samples.at(-1)!.heapUsedMb,
      },
    };
    log('');
    log('  items          ms per item   JS heap (MB)');
    for (const [name, row] of Object.entries(table)) log(`  ${name.padEnd(7)}${row.items.padEnd(14)}${String(row.msPerItem).padStart(8)}   ${row.heapUsedMb}`);
    log(
      `  after the run, after a GC: ${heapAfterGcMb} MB; live grid virtual: ${gridVirtual} (${gridRows} rows drawn); run list: ${listVirtual} (${listRows} rows)`,
    );
    const result = {
      bench: 'live-run',
      build: against ?? 'this',
      items: total,
      totalMs: Math.round(samples.at(-1)!.atMs - samples[0]!.atMs),
      ...table,
      lastOverFirst: Math.round((table.last.msPerItem / table.first.msPerItem) * 100) / 100,
      peakHeapUsedMb: Math.max(...samples.map((s) => s.heapUsedMb)),
      heapAfterGcMb,
      gridVirtual,
      gridRowsDrawn: gridRows,
      /** The run list is virtual from 30 runs on: with fewer, every row is drawn. */
      runListVirtual: listVirtual === 'true',
      runListRowsDrawn: listRows,
      samples: samples.map((s) => ({ finished: s.finished, atS: Math.round(s.atMs / 100) / 10, heapUsedMb: s.heapUsedMb, pageHeapMb: s.pageHeapMb })),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await site.close();
  }
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
