// `npm run --silent bench:ui -- --json`: how much the main thread (the UI) is blocked while a
// run goes on. The zero-key demo (PAIR, demo set, three simulated candidates, α = 10) runs
// twice in one session of headless Chromium on the built site, side by side:
//   (a) watched: the Run page's live grid is on screen and updates after every turn;
//   (b) unwatched: a static page (the docs) is on screen; the same run goes on underneath.
// Long tasks (> 50 ms on the main thread) are observed with PerformanceObserver, and the
// event-loop lag is sampled every 10 ms (how late a 10 ms timer fires: what a click would
// wait). The ratios (a)/(b) are the cost of watching. The product's target: no long task over
// 100 ms during a run.
// Before the runs: the first load of Home in a fresh profile — first paint, and the longest
// main-thread task from navigation until the sandbox is ready.
// `-- --against <commit>`: that commit's build measured too (three first loads of each,
// alternating, and the demo runs), side by side with the ratios.
// Progress goes to stderr; the last line of stdout is one JSON object (docs/benchmarks.md).
import type { Browser, Page } from 'playwright-core';
import { openSite } from '../cli/browser.ts';
import { DIST, ensureBuilt } from '../cli/site.ts';
import { DEMO_RUN } from '../src/core/runner/demo.ts';
import { againstArg, buildAgainst, sideBySide, sideBySideTable } from './against.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

interface Measure {
  runMs: number;
  turns: number;
  longTasks: number;
  over100ms: number;
  maxMs: number;
  totalBlockingMs: number;
  /** Event-loop lag (ms): how late a 10 ms timer fired, 95th percentile and maximum. */
  lagP95Ms: number;
  lagMaxMs: number;
}

async function measure(page: Page, watched: boolean): Promise<Measure> {
  await page.goto(new URL('#/docs/metrics', page.url()).href);
  await page.reload();
  await page.evaluate(() => window.hintbench.ready());
  return page.evaluate(
    async ({ config, watched }) => {
      const tasks: { start: number; duration: number }[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
      });
      observer.observe({ type: 'longtask' });
      const lags: number[] = [];
      let expected = performance.now() + 10;
      const probe = setInterval(() => {
        const now = performance.now();
        lags.push(Math.max(0, now - expected));
        expected = now + 10;
      }, 10);
      const instances = (await window.hintbench.builtinInstances()).filter((i) => i.subsets?.includes('demo'));
      const t0 = performance.now();
      const runId = await window.hintbench.startRun(config, { id: 'builtin', name: 'Built-in benchmark', instances });
      if (watched) location.hash = `#/run/${encodeURIComponent(runId)}`;
      const log = await window.hintbench.waitRun(runId);
      const t1 = performance.now();
      await new Promise((r) => setTimeout(r, 200)); // let the last entries arrive
      observer.disconnect();
      clearInterval(probe);
      lags.sort((a, b) => a - b);
      const during = tasks.filter((t) => t.start >= t0 && t.start <= t1);
      return {
        runMs: t1 - t0,
        turns: log.items.reduce((n, i) => n + i.steps.length, 0),
        longTasks: during.length,
        over100ms: during.filter((t) => t.duration > 100).length,
        maxMs: Math.max(0, ...during.map((t) => t.duration)),
        totalBlockingMs: during.reduce((n, t) => n + Math.max(0, t.duration - 50), 0),
        lagP95Ms: lags[Math.floor(lags.length * 0.95)] ?? 0,
        lagMaxMs: lags.at(-1) ?? 0,
      };
    },
    { config: DEMO_RUN, watched },
  );
}

interface FirstLoad {
  /** The first paint (PerformanceObserver 'paint': first-paint), ms since navigation start. */
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  /** The sandbox ready (a worker can run jobs), ms since navigation start. */
  sandboxReadyMs: number;
  /** The longest main-thread task (PerformanceObserver 'longtask') from navigation until the sandbox is ready. */
  longestStartupTaskMs: number;
  startupLongTasks: number;
  /** Each of those tasks: its length and when it began (ms since navigation). */
  startupTasks: string[];
}

/** Home, first visit in a fresh profile: observers are installed before the page's own scripts run. */
async function firstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (window.top !== window) return; // the app's page only, not the sandbox
      const seen: { type: string; name: string; start: number; duration: number }[] = [];
      (window as unknown as { __startup: typeof seen }).__startup = seen;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ type: e.entryType, name: e.name, start: e.startTime, duration: e.duration });
      });
      observer.observe({ type: 'longtask', buffered: true });
      observer.observe({ type: 'paint', buffered: true });
    });
    await page.goto(url);
    await page.waitForFunction(() => typeof window.hintbench === 'object');
    return await page.evaluate(async () => {
      await window.hintbench.ready();
      const sandboxReadyMs = performance.now();
      await new Promise((r) => setTimeout(r, 200)); // let the last entries arrive
      const seen = (window as unknown as { __startup: { type: string; name: string; start: number; duration: number }[] }).__startup;
      const paints = Object.fromEntries(seen.filter((e) => e.type === 'paint').map((e) => [e.name, e.start]));
      const tasks = seen.filter((e) => e.type === 'longtask' && e.start <= sandboxReadyMs);
      return {
        firstPaintMs: paints['first-paint'] ?? -1,
        firstContentfulPaintMs: paints['first-contentful-paint'] ?? -1,
        sandboxReadyMs,
        longestStartupTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
        startupLongTasks: tasks.length,
        startupTasks: tasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.start)} ms`),
      };
    });
  } finally {
    await context.close();
  }
}

/** The median of each numeric field over the loads. */
function medianLoad(loads: FirstLoad[]): FirstLoad {
  const med = (pick: (l: FirstLoad) => number) => [...loads.map(pick)].sort((a, b) => a - b)[Math.floor(loads.length / 2)]!;
  return {
    firstPaintMs: med((l) => l.firstPaintMs),
    firstContentfulPaintMs: med((l) => l.firstContentfulPaintMs),
    sandboxReadyMs: med((l) => l.sandboxReadyMs),
    longestStartupTaskMs: med((l) => l.longestStartupTaskMs),
    startupLongTasks: med((l) => l.startupLongTasks),
    startupTasks: loads.flatMap((l) => l.startupTasks),
  };
}

/** The numbers of a build's measures, flat (for the side-by-side table). */
function flat(load: FirstLoad, watched: Measure, unwatched: Measure): Record<string, number> {
  const pick = (m: Measure, prefix: string) => ({
    [`${prefix}.runMs`]: Math.round(m.runMs),
    [`${prefix}.maxMs`]: Math.round(m.maxMs),
    [`${prefix}.totalBlockingMs`]: Math.round(m.totalBlockingMs),
    [`${prefix}.lagP95Ms`]: round(m.lagP95Ms, 1),
  });
  return {
    firstPaintMs: Math.round(load.firstPaintMs),
    firstContentfulPaintMs: Math.round(load.firstContentfulPaintMs),
    sandboxReadyMs: Math.round(load.sandboxReadyMs),
    longestStartupTaskMs: Math.round(load.longestStartupTaskMs),
    startupLongTasks: load.startupLongTasks,
    ...pick(watched, 'watched'),
    ...pick(unwatched, 'unwatched'),
  };
}

async function main(): Promise<void> {
  await ensureBuilt(log);
  const againstCommit = againstArg();
  const other = againstCommit ? buildAgainst(againstCommit, log) : null;
  log('opening the site in headless Chromium…');
  const site = await openSite(DIST, { log });
  const otherSite = other ? await openSite(other.dist, { log }) : null;
  try {
    // The first page's pool finishes starting first: its workers would share the cores.
    await site.page.evaluate(() => window.hintbench.settled());
    await otherSite?.page.evaluate(() => window.hintbench.settled());
    // With --against, three first loads of each build, alternating (medians).
    const loads: FirstLoad[][] = [[], []];
    for (let i = 0; i < (otherSite ? 3 : 1); i++) {
      log('first load of Home, fresh profile…');
      loads[0]!.push(await firstLoad(site.browser, site.server.url));
      log(`    ${JSON.stringify(loads[0]!.at(-1))}`);
      if (otherSite) {
        log(`first load of Home, fresh profile, ${other!.commit}…`);
        loads[1]!.push(await firstLoad(site.browser, otherSite.server.url));
        log(`    ${JSON.stringify(loads[1]!.at(-1))}`);
      }
    }
    const load = medianLoad(loads[0]!);
    log('(b) the demo run, unwatched (docs on screen)…');
    const unwatched = await measure(site.page, false);
    log(`    ${JSON.stringify(unwatched)}`);
    log('(a) the demo run, watched (live grid on screen)…');
    const watched = await measure(site.page, true);
    log(`    ${JSON.stringify(watched)}`);
    let against: Record<string, unknown> | null = null;
    if (otherSite) {
      log(`(b) and (a) on ${other!.commit}…`);
      const earlierUnwatched = await measure(otherSite.page, false);
      const earlierWatched = await measure(otherSite.page, true);
      const current = flat(load, watched, unwatched);
      const earlier = flat(medianLoad(loads[1]!), earlierWatched, earlierUnwatched);
      log(sideBySideTable('first load (median of 3) and the demo runs', current, earlier, other!.commit));
      against = { commit: other!.commit, sha: other!.sha, ...sideBySide(current, earlier) };
    }
    const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : null);
    const tidy = (m: Measure) => ({
      ...m,
      runMs: Math.round(m.runMs),
      maxMs: Math.round(m.maxMs),
      totalBlockingMs: Math.round(m.totalBlockingMs),
      lagP95Ms: round(m.lagP95Ms, 1),
      lagMaxMs: round(m.lagMaxMs, 1),
    });
    const result = {
      bench: 'ui',
      firstPaintMs: Math.round(load.firstPaintMs),
      firstContentfulPaintMs: Math.round(load.firstContentfulPaintMs),
      sandboxReadyMs: Math.round(load.sandboxReadyMs),
      longestStartupTaskMs: Math.round(load.longestStartupTaskMs),
      startupLongTasks: load.startupLongTasks,
      run: 'demo: PAIR, demo set, 3 simulated candidates, α = 10',
      watched: tidy(watched),
      unwatched: tidy(unwatched),
      ratios: {
        totalBlockingWatchedOverUnwatched: ratio(watched.totalBlockingMs, unwatched.totalBlockingMs),
        maxLongTaskWatchedOverUnwatched: ratio(watched.maxMs, unwatched.maxMs),
        runTimeWatchedOverUnwatched: ratio(watched.runMs, unwatched.runMs),
        lagP95WatchedOverUnwatched: ratio(watched.lagP95Ms, unwatched.lagP95Ms),
        lagMaxWatchedOverUnwatched: ratio(watched.lagMaxMs, unwatched.lagMaxMs),
      },
      target: { noLongTaskOver100ms: watched.over100ms === 0 },
      ...(against ? { against } : {}),
    };
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`);
    else process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
  } finally {
    await site.close();
    await otherSite?.close();
  }
}

main().catch((err: Error) => {
  log(err.stack ?? err.message);
  process.exit(1);
});
