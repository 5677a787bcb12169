// `npm run --silent bench:exec -- --json`: execution speed of the sandbox, measured side
// by side with native CPython on the same programs and tests, in one run. The corpus is the
// built-in benchmark's stdio instances, run with their reference programs.
//   (a) the sandbox in headless Chromium (the product's own path)
//   (b) native CPython in-process, through the same harness
//   (c) native CPython, one subprocess per test
// Plus cold and warm sandbox start (and their phases), the cost of reference tracing, what
// restoring the interpreter before every job costs (against reusing it), and the PAIR demo.
// `-- --start-only`: only the start measures. `-- --against <commit>`: the starts and the demo
// of that commit's build too, alternating with this one's, side by side with their ratios.
// Progress goes to stderr; the last line of stdout is one JSON object (docs/benchmarks.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../cli/browser.ts';
import { againstArg, buildAgainst, sideBySide, sideBySideTable } from './against.ts';
import { startServer } from '../cli/server.ts';
import { DIST, ensureBuilt, PROJECT_ROOT } from '../cli/site.ts';
import { buildJob } from '../src/core/exec/engine.ts';
import { DEMO_RUN } from '../src/core/runner/demo.ts';
import { pyodideDir } from '../src/sandbox/pyodide-files.ts';
import { PYODIDE_VERSION } from '../vite/sandbox.ts';
import { SOURCE_STDLIB } from '../workers/stdlib-bytecode.ts';
import type { Instance } from '../src/core/model/instance.ts';

const OUT = join(PROJECT_ROOT, 'bench', 'out');
const CORPUS = join(OUT, 'corpus.json');
const TINY = join(OUT, 'tiny.json');
const TINY_TESTS = 200;

/** A program whose tests do almost nothing: what remains is the cost of running a test at all. */
function tinyInstance(): Instance {
  return {
    id: 'tiny',
    title: 'tiny',
    source: { name: 'hintbench benchmark' },
    statement: 'Print n + 1.',
    language: 'python',
    buggy: 'print(int(input()) + 1)',
    reference: 'print(int(input()) + 1)',
    testKind: 'stdio',
    tests: Array.from({ length: TINY_TESTS }, (_, i) => ({ id: `tiny-${i}`, input: `${i}\n`, expected: `${i + 1}\n` })),
  };
}
const REPEATS = 3;
const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

function python(): string | null {
  return spawnSync('python3', ['--version']).status === 0 ? 'python3' : null;
}

/** The built-in benchmark's stdio instances (written out for the native runner too). */
function loadCorpus(): Instance[] {
  const all = readFileSync(join(PROJECT_ROOT, 'datasets', 'builtin.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Instance);
  const corpus = all.filter((i) => i.testKind === 'stdio');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(CORPUS, JSON.stringify(corpus));
  return corpus;
}

/** One start of the page and its sandbox, step by step (ms; see docs/benchmarks.md). */
interface Start {
  readyMs: number;
  phases: Record<string, number>;
}

/**
 * Navigate and time the start on the page's own clock (ms since navigation start): ready,
 * and its phases — the page (app script) and, in parallel, the runtime fetch, the stored
 * snapshot read and the sandbox page; then the first worker's start inside the sandbox
 * (Pyodide's JavaScript, WebAssembly, interpreter or snapshot restore, harness, lockdown),
 * and the first job (a one-test program) once ready.
 */
async function startAfterNavigation(page: Page, url: string, reload = false): Promise<Start> {
  if (reload) await page.reload();
  else await page.goto(url);
  return page.evaluate(async () => {
    const info = await window.hintbench.ready();
    const readyMs = performance.now();
    await window.hintbench.runJob({ program: 'print(1)', kind: 'stdio', tests: [{ id: 'first', payload: '' }], timeLimitMs: 10_000 });
    const firstJobMs = performance.now() - readyMs;
    // (no named functions in here: the page has no __name helper for them)
    const measures = Object.fromEntries(performance.getEntriesByType('measure').map((m) => [m.name.replace('hintbench:', ''), m]));
    const connect = measures['sandbox-connect'];
    const phases: Record<string, number> = {
      appScriptMs: performance.getEntriesByName('hintbench:app-start', 'mark')[0]?.startTime ?? -1,
      runtimeFetchMs: measures['runtime-fetch']?.duration ?? -1,
      snapshotReadMs: measures['snapshot-read']?.duration ?? 0,
      sandboxPageMs: measures['sandbox-page']?.duration ?? -1,
      connectedAtMs: connect ? connect.startTime + connect.duration : -1,
      workerStartMs: connect ? readyMs - (connect.startTime + connect.duration) : -1,
      ...(info.firstWorkerPhases ?? {}),
      firstJobMs,
    };
    return { readyMs, phases };
  });
}

/** Per phase, the median over starts (rounded ms). */
function medianPhases(starts: Start[]): Record<string, number> {
  const names = Object.keys(starts[0]?.phases ?? {});
  return Object.fromEntries(names.map((name) => [name, Math.round(median(starts.map((s) => s.phases[name] ?? 0)))]));
}

/** The phases that are steps of the start (not points in time), largest first. */
function largestPhase(phases: Record<string, number>): string {
  const steps = Object.entries(phases).filter(([name]) => !['connectedAtMs', 'workerStartMs', 'firstJobMs'].includes(name));
  return steps.sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/**
 * Cold starts with the standard library the build ships (modules with their bytecode) and with
 * the package's source-only one, alternating, each served through the same route so the two
 * differ in nothing else.
 */
async function stdlibComparison(browser: Browser, url: string) {
  const zips = {
    bytecode: readFileSync(join(DIST, pyodideDir(PYODIDE_VERSION), 'python_stdlib.zip')),
    sourceOnly: readFileSync(SOURCE_STDLIB),
  };
  const starts: Record<keyof typeof zips, Start[]> = { bytecode: [], sourceOnly: [] };
  for (let i = 0; i < REPEATS; i++) {
    for (const variant of ['bytecode', 'sourceOnly'] as const) {
      const context = await browser.newContext();
      await context.route('**/python_stdlib.zip', (route) => route.fulfill({ body: zips[variant], contentType: 'application/zip' }));
      starts[variant].push(await startAfterNavigation(await context.newPage(), url));
      await context.close();
    }
  }
  const ms = (variant: keyof typeof zips, pick: (s: Start) => number) => Math.round(median(starts[variant].map(pick)));
  const ready = (s: Start) => s.readyMs;
  const interpreter = (s: Start) => s.phases.interpreterMs ?? 0;
  log(
    `cold start, stdlib with bytecode: ${starts.bytecode.map((s) => s.readyMs.toFixed(0)).join(', ')} ms; source only: ${starts.sourceOnly.map((s) => s.readyMs.toFixed(0)).join(', ')} ms`,
  );
  return {
    coldStartMs: ms('bytecode', ready),
    coldStartSourceOnlyMs: ms('sourceOnly', ready),
    interpreterMs: ms('bytecode', interpreter),
    interpreterSourceOnlyMs: ms('sourceOnly', interpreter),
    ratioSourceOnlyOverBytecode: round(ms('sourceOnly', ready) / ms('bytecode', ready), 2),
  };
}

/** Wall time (page clock) to run every instance's reference as sandbox jobs, one after another. */
async function sandboxWallMs(page: Page, instances: Instance[], trace: boolean): Promise<number> {
  const jobs = instances.map((inst) => buildJob(inst, inst.reference, inst.tests, inst.timeLimitMs ?? 10_000, trace));
  return page.evaluate(async (all) => {
    const t0 = performance.now();
    for (const job of all) {
      const result = await window.hintbench.runJob(job);
      if (result.results.some((r) => r.status !== 'ok')) throw new Error(`a benchmark program failed in the sandbox`);
    }
    return performance.now() - t0;
  }, jobs);
}

function nativeWallMs(py: string, mode: 'inproc' | 'subprocess', repeat: number, dataset = CORPUS): number {
  const out = execFileSync(
    py,
    [join(PROJECT_ROOT, 'bench', 'native.py'), '--mode', mode, '--dataset', dataset, '--repeat', String(repeat), '--time-limit', '60000'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  const run = JSON.parse(out) as { wallMs: number; results: { tests: { status: string }[] }[] };
  if (run.results.some((r) => r.tests.some((t) => t.status !== 'ok'))) throw new Error(`a benchmark program failed natively (${mode})`);
  return run.wallMs;
}

interface BuildStarts {
  cold: Start[];
  warm: Start[];
  /** A page of this build, started and with its snapshot stored (the warm starts reload it). */
  page: Page;
}

/**
 * Cold starts (each in a fresh profile: empty HTTP and code caches), then warm ones (reloads
 * with the snapshot stored), of each build in turn: with several builds, they alternate.
 */
async function measureStarts(browser: Browser, builds: { url: string }[]): Promise<BuildStarts[]> {
  const out: BuildStarts[] = [];
  for (let i = 0; i < REPEATS; i++) {
    for (const [b, build] of builds.entries()) {
      const context = await browser.newContext();
      const start = await startAfterNavigation(await context.newPage(), build.url);
      await context.close();
      (out[b] ??= { cold: [], warm: [], page: undefined as unknown as Page }).cold.push(start);
    }
  }
  for (const [b, build] of builds.entries()) {
    const page = await (await browser.newContext()).newPage();
    await startAfterNavigation(page, build.url);
    await page.evaluate(() => window.hintbench.settled()); // the snapshot is stored for the reloads
    out[b]!.page = page;
  }
  for (let i = 0; i < REPEATS; i++) {
    for (const [b, build] of builds.entries()) out[b]!.warm.push(await startAfterNavigation(out[b]!.page, build.url, true));
  }
  return out;
}

/** The zero-key PAIR demo (Home's main button) through the page's API: start to leaderboard (ms). */
function demoRunMs(page: Page): Promise<number> {
  return page.evaluate(async (config) => {
    const demo = (await window.hintbench.builtinInstances()).filter((i) => i.subsets?.includes('demo'));
    const t0 = performance.now();
    const runId = await window.hintbench.startRun(config, { id: 'builtin', name: 'Built-in benchmark', instances: demo });
    await window.hintbench.waitRun(runId);
    return performance.now() - t0;
  }, DEMO_RUN);
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const py = python();
  const instances = loadCorpus();
  const tests = instances.reduce((n, i) => n + i.tests.length, 0);
  await ensureBuilt(log);
  const againstCommit = againstArg();
  const other = againstCommit ? buildAgainst(againstCommit, log) : null;
  const server = await startServer({ root: DIST, isolated: true });
  const otherServer = other ? await startServer({ root: other.dist, isolated: true }) : null;
  const browser = await launchBrowser();
  try {
    log(`corpus: the built-in benchmark's ${instances.length} stdio references, ${tests} tests; ${REPEATS} repeats; Chromium ${browser.version()}`);

    // With --against, the earlier build's starts alternate with this one's.
    const builds = [{ url: server.url }, ...(otherServer ? [{ url: otherServer.url }] : [])];
    const starts = await measureStarts(browser, builds);
    const { page } = starts[0]!;
    const cold = starts[0]!.cold.map((s) => s.readyMs);
    const warm = starts[0]!.warm.map((s) => s.readyMs);
    const coldPhases = medianPhases(starts[0]!.cold);
    const warmPhases = medianPhases(starts[0]!.warm);
    log(`start: cold ${cold.map((x) => x.toFixed(0)).join(', ')} ms; warm ${warm.map((x) => x.toFixed(0)).join(', ')} ms`);
    log(`cold phases (median): ${JSON.stringify(coldPhases)}`);
    log(`warm phases (median): ${JSON.stringify(warmPhases)}`);
    let againstStart: Record<string, unknown> | null = null;
    if (other) {
      const [, earlier] = starts as [BuildStarts, BuildStarts];
      const readyOf = (list: Start[]) => Math.round(median(list.map((s) => s.readyMs)));
      const current = { coldStartMs: readyOf(starts[0]!.cold), warmStartMs: readyOf(starts[0]!.warm) };
      const before = { coldStartMs: readyOf(earlier.cold), warmStartMs: readyOf(earlier.warm) };
      const earlierCold = medianPhases(earlier.cold);
      const earlierWarm = medianPhases(earlier.warm);
      log(
        `${other.commit}: cold ${earlier.cold.map((s) => s.readyMs.toFixed(0)).join(', ')} ms; warm ${earlier.warm.map((s) => s.readyMs.toFixed(0)).join(', ')} ms`,
      );
      log(sideBySideTable('start (median ms)', current, before, other.commit));
      log(sideBySideTable('cold phases (median ms)', coldPhases, earlierCold, other.commit));
      log(sideBySideTable('warm phases (median ms)', warmPhases, earlierWarm, other.commit));
      againstStart = {
        commit: other.commit,
        sha: other.sha,
        start: sideBySide(current, before),
        coldStartPhases: sideBySide(coldPhases, earlierCold),
        warmStartPhases: sideBySide(warmPhases, earlierWarm),
      };
    }
    // (left out with --against: the two builds' starts are the comparison asked for)
    const stdlibBytecode = other ? null : await stdlibComparison(browser, server.url);
    if (process.argv.includes('--start-only')) {
      const start = { coldStartMs: Math.round(median(cold)), warmStartMs: Math.round(median(warm)), coldStartPhases: coldPhases, warmStartPhases: warmPhases };
      process.stdout.write(
        `${JSON.stringify({ ...start, largestColdPhase: largestPhase(coldPhases), largestWarmPhase: largestPhase(warmPhases), stdlibBytecode, ...(againstStart ? { against: againstStart } : {}) })}\n`,
      );
      return;
    }

    const check = await page.evaluate((all) => window.hintbench.exec(all, 'reference'), instances);
    const failed = check.results.flatMap((r) => r.outcomes).filter((o) => o.outcome !== 'passed');
    if (failed.length > 0) throw new Error(`${failed.length} benchmark tests did not pass in the sandbox`);
    const plain: number[] = [];
    const traced: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      plain.push(await sandboxWallMs(page, instances, false));
      traced.push(await sandboxWallMs(page, instances, true));
    }
    const sandboxMs = median(plain);
    const tracedMs = median(traced);
    log(`sandbox: ${plain.map((x) => x.toFixed(0)).join(', ')} ms plain; ${traced.map((x) => x.toFixed(0)).join(', ')} ms traced`);

    // Isolation: the same corpus, each reference one job, in a one-worker sandbox of its own with
    // the interpreter restored before every job (the product) and reused (the earlier design),
    // alternating, so both see the same machine.
    const corpusJobs = instances.map((inst) => buildJob(inst, inst.reference, inst.tests, inst.timeLimitMs ?? 10_000));
    const pristineMs: number[] = [];
    const reuseMs: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      for (const reuse of [false, true]) {
        const { wallMs, failed } = await page.evaluate(([jobs, reuseInterpreter]) => window.hintbench.measureJobs(jobs, { reuseInterpreter }), [
          corpusJobs,
          reuse,
        ] as const);
        if (failed) throw new Error(`${failed} benchmark tests failed in the ${reuse ? 'reused' : 'restored'} sandbox`);
        (reuse ? reuseMs : pristineMs).push(wallMs);
      }
    }
    const isolation = {
      evaluations: corpusJobs.length,
      evaluationsPerSecRestored: round((corpusJobs.length / median(pristineMs)) * 1000, 2),
      evaluationsPerSecReused: round((corpusJobs.length / median(reuseMs)) * 1000, 2),
      /** The share of throughput the restoration costs. */
      throughputCost: round(1 - median(reuseMs) / median(pristineMs)),
      costPerEvaluationMs: round((median(pristineMs) - median(reuseMs)) / corpusJobs.length, 2),
    };
    log(
      `isolation: restored ${pristineMs.map((x) => x.toFixed(0)).join(', ')} ms, reused ${reuseMs.map((x) => x.toFixed(0)).join(', ')} ms for ${corpusJobs.length} evaluations: ${JSON.stringify(isolation)}`,
    );

    // The zero-key PAIR demo (Home's main button), run through the page's API (with --against,
    // on the earlier build's page right after).
    const demoMs = await demoRunMs(page);
    log(`the PAIR demo: ${(demoMs / 1000).toFixed(1)} s`);
    if (other && againstStart) {
      const earlierDemoMs = await demoRunMs(starts[1]!.page);
      log(`the PAIR demo, ${other.commit}: ${(earlierDemoMs / 1000).toFixed(1)} s`);
      againstStart.demoMs = sideBySide({ demoMs: Math.round(demoMs) }, { demoMs: Math.round(earlierDemoMs) }).demoMs;
    }

    const tiny = [tinyInstance()];
    const tinySandbox: number[] = [];
    for (let i = 0; i < REPEATS; i++) tinySandbox.push(await sandboxWallMs(page, tiny, false));
    const tinySandboxMs = median(tinySandbox);
    log(
      `sandbox, ${TINY_TESTS} tiny tests: ${tinySandbox.map((x) => x.toFixed(0)).join(', ')} ms (${((tinySandboxMs / TINY_TESTS) * 1000).toFixed(0)} µs per test)`,
    );

    const inprocMs = py ? nativeWallMs(py, 'inproc', REPEATS) : null;
    const subprocessMs = py ? nativeWallMs(py, 'subprocess', 1) : null;
    let tinySubprocessMs: number | null = null;
    if (py) {
      writeFileSync(TINY, JSON.stringify(tiny));
      tinySubprocessMs = nativeWallMs(py, 'subprocess', 1, TINY);
      log(
        `native CPython (${execFileSync(py, ['--version'], { encoding: 'utf8' }).trim()}): in-process ${inprocMs!.toFixed(0)} ms, subprocess ${subprocessMs!.toFixed(0)} ms; tiny tests by subprocess ${tinySubprocessMs.toFixed(0)} ms`,
      );
    } else log('python3 not found: native comparisons skipped');

    const result = {
      tests,
      sandboxTestsPerSec: round((tests / sandboxMs) * 1000, 1),
      nativeInprocTestsPerSec: inprocMs ? round((tests / inprocMs) * 1000, 1) : null,
      nativeSubprocessTestsPerSec: subprocessMs ? round((tests / subprocessMs) * 1000, 1) : null,
      ratioSandboxVsNativeInproc: inprocMs ? round(sandboxMs / inprocMs) : null,
      ratioSubprocessVsSandbox: subprocessMs ? round(subprocessMs / sandboxMs) : null,
      coldStartMs: Math.round(median(cold)),
      warmStartMs: Math.round(median(warm)),
      coldStartPhases: coldPhases,
      warmStartPhases: warmPhases,
      largestColdPhase: largestPhase(coldPhases),
      largestWarmPhase: largestPhase(warmPhases),
      stdlibBytecode,
      traceOverhead: round(tracedMs / sandboxMs - 1),
      isolation,
      demoMs: Math.round(demoMs),
      // The same comparison on tests that do almost nothing (per-test cost only).
      tinySandboxMsPerTest: round(tinySandboxMs / TINY_TESTS),
      tinyRatioSubprocessVsSandbox: tinySubprocessMs ? round(tinySubprocessMs / tinySandboxMs, 1) : null,
      ...(againstStart ? { against: againstStart } : {}),
    };
    if (!json) {
      log('');
      for (const [k, v] of Object.entries(result)) log(`${k.padEnd(28)} ${typeof v === 'object' && v ? JSON.stringify(v) : v}`);
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await browser.close();
    await server.close();
    await otherServer?.close();
  }
}

main().catch((err: unknown) => {
  console.error(`bench:exec: ${(err as Error)?.message ?? err}`);
  process.exit(1);
});
