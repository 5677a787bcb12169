// `npm run bench:local-model [-- --model FILE|URL]`: the in-browser engine's speed, measured
// side by side in one run, in headless Chromium against the built site: prompt processing and
// generation in tokens a second (llama.cpp's own timings of each reply), on one WebAssembly
// thread, on several, and on WebGPU where an adapter answers (a browser started without
// --disable-gpu); the time a cancel takes to end a reply; and, with --model, the same for that
// model plus the time of one PAIR item (the demo's first instance, 3 turns, the rule-based
// feedback). The tiny model is written for the run (e2e/tiny-model.ts); a model file is served
// from this machine (cli/model-files.ts), a link is downloaded by the page.
// Progress goes to stderr; the table to stdout; the last line of stdout is one JSON object.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../cli/browser.ts';
import { serveModelFiles, type ModelFiles } from '../cli/model-files.ts';
import { inBrowserFiles } from '../cli/run.ts';
import { startServer } from '../cli/server.ts';
import { DIST, ensureBuilt } from '../cli/site.ts';
import type { RunLog } from '../src/core/model/runlog.ts';
import { writeTinyModel } from '../e2e/tiny-model.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const REPEATS = 3;

interface Timings {
  prompt_n: number;
  prompt_per_second: number;
  predicted_n: number;
  predicted_per_second: number;
}

interface Row {
  model: string;
  backend: string;
  threads: number;
  adapter?: string;
  promptTokens: number;
  promptPerSecond: number;
  generated: number;
  generatedPerSecond: number;
  loadMs: number;
  cancelMs: number;
}

/** A prompt of about this many characters (code-like text, as PAIR's prompts are). */
const promptOf = (chars: number) => {
  const line = 'def total(values):\n    return sum(v for v in values if v is not None)  # repair the bug\n';
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
};

async function measure(
  page: Page,
  id: string,
  options: { gpu: boolean; threads: number; adapter?: string },
  size: { promptChars: number; generate: number },
): Promise<Row | null> {
  await page.evaluate((o) => window.hintbench.localModels.configure(o), options);
  const loaded = await page.evaluate((m) => window.hintbench.localModels.load(m), id);
  const body = {
    messages: [{ role: 'user', content: promptOf(size.promptChars) }],
    max_tokens: size.generate,
    temperature: 0,
    stream: true,
    stream_options: { include_usage: true },
    // The prompt is processed anew each time (no cache from the run before).
    cache_prompt: false,
  };
  await page.evaluate(([m, b]) => window.hintbench.localModels.complete(m, b), [id, { ...body, max_tokens: 4 }] as const); // warm-up
  const runs: Timings[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const r = await page.evaluate(([m, b]) => window.hintbench.localModels.complete(m, b), [id, body] as const);
    runs.push((r.last as { timings: Timings }).timings);
  }
  const cancel = await page.evaluate(([m, b]) => window.hintbench.localModels.complete(m, b, { stopAfterMs: 500 }), [
    id,
    { ...body, max_tokens: 100_000 },
  ] as const);
  return {
    model: id,
    backend: options.gpu ? `WebGPU${options.adapter ? ` (${options.adapter})` : ''}` : 'WebAssembly',
    threads: loaded.threads,
    promptTokens: runs[0]!.prompt_n,
    promptPerSecond: median(runs.map((t) => t.prompt_per_second)),
    generated: runs[0]!.predicted_n,
    generatedPerSecond: median(runs.map((t) => t.predicted_per_second)),
    loadMs: loaded.loadMs,
    cancelMs: cancel.stoppedInMs ?? NaN,
  };
}

/** One PAIR item with the model under test: the demo's first instance, its turns, the rule-based feedback. */
async function pairItem(page: Page, id: string): Promise<{ ms: number; turns: number; completionTokens: number; finalFix: number | null }> {
  const t0 = Date.now();
  const runLog: RunLog = await page.evaluate(async (model) => {
    const instances = (await window.hintbench.builtinInstances()).filter((i) => i.subsets?.includes('demo')).slice(0, 1);
    const runId = await window.hintbench.startRun(
      {
        protocol: 'pair',
        candidates: [{ kind: 'provider', id: 'local', preset: 'inbrowser', baseURL: 'in-browser:', model }],
        roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
        params: { turns: 3 },
      },
      { id: 'builtin', name: 'Built-in', instances },
    );
    return window.hintbench.waitRun(runId);
  }, id);
  const item = runLog.items[0]!;
  const calls = item.steps.flatMap((s) => s.calls).filter((c) => c.role === 'candidate');
  return {
    ms: Date.now() - t0,
    turns: item.steps.length,
    completionTokens: calls.reduce((a, c) => a + (c.usage?.completionTokens ?? 0), 0),
    finalFix: (runLog.scores?.items[item.key]?.finalFix as number | null | undefined) ?? null,
  };
}

async function main() {
  const { values } = parseArgs({ options: { model: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
  await ensureBuilt(log);
  const site = await startServer({ root: DIST, isolated: true });
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-bench-'));
  const tiny = writeTinyModel(dir, 'tiny');
  const hosts: ModelFiles[] = [await serveModelFiles(tiny)];
  const sources: { id: string; url: string; size: { promptChars: number; generate: number } }[] = [
    { id: 'tiny', url: hosts[0]!.urls.get(tiny[0]!)!, size: { promptChars: 2000, generate: 256 } },
  ];
  if (values.model) {
    const source = inBrowserFiles(values.model);
    let url: string;
    if ('url' in source) url = source.url;
    else {
      const served = await serveModelFiles(source.files);
      hosts.push(served);
      url = served.urls.get(source.files[0]!)!;
    }
    sources.push({ id: '', url, size: { promptChars: 2000, generate: 128 } });
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  const items: Record<string, unknown> = {};
  const executablePath = chromiumExecutable();
  // Two browsers: the product's flags (no GPU), and one that may offer WebGPU.
  for (const gpuBrowser of [false, true]) {
    const args = gpuBrowser ? [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), '--enable-unsafe-webgpu'] : CHROMIUM_ARGS;
    const browser = await chromium.launch({ headless: true, args, ...(executablePath ? { executablePath } : {}) });
    try {
      const page = await browser.newPage();
      page.on('pageerror', (e) => log(`[page] ${e.message}`));
      await page.goto(site.url);
      await page.waitForFunction(() => typeof window.hintbench === 'object');
      await page.evaluate(() => window.hintbench.ready());
      const device = await page.evaluate(() => window.hintbench.localModels.device());
      if (gpuBrowser && !device.webgpu) {
        notes.push('WebGPU: no adapter answered in this browser on this machine (no GPU), so no WebGPU row.');
        break;
      }
      await page.evaluate(() => window.hintbench.localModels.setMemoryLimit(15 * 2 ** 30));
      for (const source of sources) {
        log(`storing ${source.url}`);
        const stored = await page.evaluate((u) => window.hintbench.localModels.add(u), source.url);
        source.id = stored.id;
        const adapter = `${device.adapter ?? 'adapter'}${device.webgpuFallback ? ', a software fallback on the CPU' : ''}`;
        const configs = gpuBrowser
          ? [{ gpu: true, threads: Math.max(1, Math.floor(device.cores / 2)), adapter }]
          : [...new Set([1, device.cores])].map((threads) => ({ gpu: false, threads }));
        for (const options of configs) {
          log(`measuring ${stored.id}: ${options.gpu ? 'WebGPU' : 'WebAssembly'}, ${options.threads} thread(s)`);
          const row = await measure(page, stored.id, options, source.size);
          if (row) rows.push(row);
        }
        if (!gpuBrowser && source !== sources[0]) {
          log(`one PAIR item with ${stored.id}`);
          await page.evaluate(() => window.hintbench.localModels.configure({ gpu: false, threads: 1 }));
          items[stored.id] = await pairItem(page, stored.id);
        }
      }
    } finally {
      await browser.close();
    }
  }
  for (const h of hosts) await h.close();
  await site.close();

  const base = (r: Row) => rows.find((x) => x.model === r.model && x.backend === 'WebAssembly' && x.threads === 1);
  const lines = [
    '| Model | Backend | Threads | Prompt tokens | Prompt tok/s | × 1 thread | Generated | Generation tok/s | × 1 thread | Load (ms) | Cancel (ms) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const b = base(r);
      const x = (a: number, c: number | undefined) => (c ? (a / c).toFixed(2) : '—');
      return `| ${r.model} | ${r.backend} | ${r.threads} | ${r.promptTokens} | ${r.promptPerSecond.toFixed(1)} | ${x(r.promptPerSecond, b?.promptPerSecond)} | ${r.generated} | ${r.generatedPerSecond.toFixed(1)} | ${x(r.generatedPerSecond, b?.generatedPerSecond)} | ${Math.round(r.loadMs)} | ${Math.round(r.cancelMs)} |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const [id, item] of Object.entries(items)) {
    const i = item as Awaited<ReturnType<typeof pairItem>>;
    process.stdout.write(
      `\nOne PAIR item with ${id} (one thread): ${(i.ms / 1000).toFixed(1)} s, ${i.turns} turns, ${i.completionTokens} reply tokens, final fix ${i.finalFix ?? '—'}\n`,
    );
  }
  for (const n of notes) process.stdout.write(`\n${n}\n`);
  process.stdout.write(`\n${JSON.stringify({ rows, items, notes })}\n`);
}

main().catch((err: unknown) => {
  log(String((err as Error)?.stack ?? err));
  process.exit(1);
});
