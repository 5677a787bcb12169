// In-browser models end to end, with the tiny model written at test time (e2e/tiny-model.ts)
// and served from this machine (cli/model-files.ts, with byte ranges as model hosts answer):
// a model too large for the set limit is refused before its download; a download stopped
// midway resumes with a Range request; a split model without a chat template comes in from
// files (its named fallback shown); both are kept after a reload; a reply streams, is stopped
// midway, and a whole one reports its usage, seed and cost; a stored model answers with the
// site and the model host switched off; a PAIR item with the tiny model (which writes
// nonsense, always up to its reply limit) ends with no code in any turn; removal.
// No request leaves this machine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveModelFiles } from '../cli/model-files.ts';
import { startServer } from '../cli/server.ts';
import { DIST } from '../cli/site.ts';
import type { RunLog } from '../src/core/model/runlog.ts';
import { callSeed } from '../src/core/runner/runner.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { writeTinyModel } from './tiny-model.ts';

test('an in-browser model: refused, downloaded, resumed, stored, reused, streamed, stopped, offline, a PAIR item, removed', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-tiny-'));
  const [tiny] = writeTinyModel(dir, 'tiny');
  const split = writeTinyModel(dir, 'tiny-split', { splits: 2, chatTemplate: null, seed: 2 });
  const host = await serveModelFiles([tiny!]);
  const site = await startServer({ root: DIST, isolated: true });
  const leaving: string[] = [];
  page.on('request', (r) => {
    if (!/^(http:\/\/127\.0\.0\.1:\d+\/|blob:|data:)/.test(r.url())) leaving.push(r.url());
  });
  page.on('dialog', (d) => void d.accept());
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(site.url);
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await page.goto(`${site.url}#/models`);
    await page.getByTestId('provider-preset').selectOption('inbrowser');
    await page.getByTestId('provider-add').click();
    const card = page.getByTestId('in-browser');
    await expect(card.getByTestId('local-backend')).toContainText(/WebAssembly/);

    // Too large for a limit of 1 MB: refused with the reason, before any download.
    await card.getByTestId('local-limit').fill('0.001');
    await card.getByTestId('local-limit').dispatchEvent('change');
    await card.getByTestId('local-url').fill(host.urls.get(tiny!)!);
    await card.getByTestId('local-check-url').click();
    await expect(card.getByTestId('local-refusal')).toContainText(/it needs about 80\.\d MB of memory, more than the 1\.0 MB set as the limit/);
    await expect(card.getByTestId('local-size')).toHaveText('34 kB');
    await expect(card.getByTestId('local-confirm')).toHaveCount(0);
    // Only the header was read (16 kB of the 34 kB file).
    expect(host.requests).toEqual(['HEAD /models/tiny.gguf', 'GET /models/tiny.gguf bytes=0-16383']);

    // Under a limit of 1 GB: downloaded slowly, stopped midway, resumed from where it stopped.
    await card.getByTestId('local-limit').fill('1');
    await card.getByTestId('local-limit').dispatchEvent('change');
    await expect(card.getByTestId('local-memory')).toContainText('context of 4,096 tokens');
    host.throttle.bytesPerSecond = 4096;
    await card.getByTestId('local-confirm').click();
    await expect(card.getByTestId('local-progress')).toContainText(/^[1-9]\d* kB of 34 kB/);
    await card.getByTestId('local-stop-download').click();
    await expect(card.getByTestId('local-error')).toContainText('what was downloaded is kept');
    await expect(card.getByTestId('local-model-tiny')).toContainText(/unfinished: \d+ kB of 34 kB/);
    host.throttle.bytesPerSecond = 0;
    await card.getByTestId('local-model-tiny').getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByTestId('local-model-tiny')).not.toContainText('unfinished');
    const resumed = host.requests.find((r) => /^GET \/models\/tiny\.gguf bytes=[1-9]\d*-$/.test(r));
    expect(resumed, host.requests.join('\n')).toBeTruthy();

    // A split model without a chat template, from files: both parts, the fallback named.
    await card.getByTestId('local-file').setInputFiles(split);
    await expect(card.getByTestId('local-check')).toContainText('none in the file: ChatML, the named fallback');
    await card.getByTestId('local-confirm').click();
    await expect(card.getByTestId('local-model-tiny-split')).toContainText('ChatML (fallback)');

    // Kept after a reload; a reply streams, and Stop ends it midway.
    await page.reload();
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect(card.getByTestId('local-model-tiny')).toBeVisible();
    await expect(card.getByTestId('local-model-tiny-split')).toBeVisible();
    await expect(card.getByTestId('local-storage')).toContainText('Models take 68 kB');
    await card.getByTestId('local-try-model').selectOption('tiny');
    await card.getByTestId('local-max-tokens').fill('4000');
    await card.getByTestId('local-send').click();
    await expect.poll(async () => (await card.getByTestId('local-reply').textContent())?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(20);
    await card.getByTestId('local-stop').click();
    await expect(card.getByTestId('local-usage')).toContainText('the request was cancelled');
    // The reply limit is 4,000 tokens of one character or two: stopped, it is far from it.
    expect((await card.getByTestId('local-reply').textContent())!.length).toBeLessThan(3000);

    // A whole reply: its usage, its seed, its cost.
    await card.getByTestId('local-try-model').selectOption('tiny-split');
    await card.getByTestId('local-max-tokens').fill('256');
    await card.getByTestId('local-send').click();
    await expect(card.getByTestId('local-usage')).toContainText(
      /\d+ prompt tokens, 256 reply tokens in [\d.]+ s; seed \d+; stopped at the reply limit; cost \$0/,
      { timeout: 60_000 },
    );
    const provider = page.getByTestId('provider-in-browser');
    await provider.screenshot({ path: `${SCREENSHOTS}/local-models.png` });
    // Home: the demo with a model of this browser starts, with it under test (then it is stopped).
    await page.goto(`${site.url}#/`);
    await page.getByTestId('real-demo-stored').selectOption('tiny');
    await page.getByTestId('real-demo-run-stored').click();
    await expect(page).toHaveURL(/#\/run\/run-/);
    const demoId = decodeURIComponent(page.url().split('#/run/')[1]!);
    const demo = await page.evaluate((id) => window.hintbench.runLog(id), demoId);
    expect(demo!.manifest.name).toBe('Demo (tiny, in this browser)');
    expect(demo!.manifest.models.map((m) => [m.role, m.model, m.provider?.preset ?? m.profile])).toEqual([
      ['candidate', 'tiny', 'inbrowser'],
      ['feedback', 'simulated-rule-based', 'rule-based'],
    ]);
    expect(demo!.manifest.params).toMatchObject({ turns: 3 });
    await page.evaluate((id) => window.hintbench.cancelRun(id), demoId);
    await page.goto(`${site.url}#/`);
    await page.getByTestId('real-demo').screenshot({ path: `${SCREENSHOTS}/local-demo-home.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('real-demo').screenshot({ path: `${SCREENSHOTS}/local-demo-home-390.png` });
    await page.goto(`${site.url}#/models`);
    await provider.screenshot({ path: `${SCREENSHOTS}/local-models-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A PAIR item with the tiny model under test: nonsense cut at its reply limit, so no code in any turn.
    const log: RunLog = await page.evaluate(async () => {
      const instances = (await window.hintbench.builtinInstances()).filter((i) => i.subsets?.includes('demo')).slice(0, 1);
      const runId = await window.hintbench.startRun(
        {
          protocol: 'pair',
          candidates: [{ kind: 'provider', id: 'tiny', preset: 'inbrowser', baseURL: 'in-browser:', model: 'tiny', maxTokens: 32 }],
          roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
          params: { turns: 1 },
          settings: { retryTruncated: false },
        },
        { id: 'builtin', name: 'Built-in', instances },
      );
      return window.hintbench.waitRun(runId);
    });
    const item = log.items[0]!;
    expect(item.status).toBe('done');
    expect(item.steps.length).toBe(2);
    expect(item.steps.every((s) => !s.evaluation)).toBe(true);
    const calls = item.steps.flatMap((s) => s.calls).filter((c) => c.role === 'candidate');
    expect(calls).toHaveLength(2);
    // Each call's seed comes from the run's seed and its place (step, call), so a run made again answers alike.
    expect(calls.map((c) => c.seed)).toEqual(
      item.steps.map((s) =>
        callSeed(
          log.manifest.settings.seed,
          item.key,
          s.index,
          s.calls.findIndex((c) => c.role === 'candidate'),
        ),
      ),
    );
    for (const c of calls) {
      expect(c).toMatchObject({ model: 'tiny', truncated: true, finishReason: 'length', maxTokens: 32, streamed: true, costUsd: 0 });
      expect(c.usage!.completionTokens).toBe(32);
      expect(c.usage!.promptTokens).toBeGreaterThan(500);
      expect(c.latencyMs).toBeGreaterThan(0);
    }
    expect(log.scores?.items[item.key]).toMatchObject({ finalFix: 0 });

    // With the site and the model host off, the stored model still answers.
    await site.close();
    await host.close();
    await page.reload();
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await card.getByTestId('local-try-model').selectOption('tiny');
    await card.getByTestId('local-send').click();
    await expect(card.getByTestId('local-usage')).toContainText('256 reply tokens', { timeout: 60_000 });

    // Removed: gone from the list and from storage.
    await card.getByTestId('local-remove-tiny').click();
    await expect(card.getByTestId('local-model-tiny')).toHaveCount(0);
    expect((await page.evaluate(() => window.hintbench.localModels.list())).map((m) => m.id)).toEqual(['tiny-split']);
    expect(leaving).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await site.close().catch(() => {});
    await host.close().catch(() => {});
  }
});
