// Gzip-compressed run logs in the Results page: a .json.gz opened through *Open results file*
// and through ?results= shows the leaderboard the plain file shows, the gzip export
// decompresses to the run log the plain export writes, and a truncated file is refused as
// not gzip.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { parseRunLog, toJson } from '../../src/core/runner/export.ts';
import { expect, test } from '../fixtures.ts';

// A real run (PAIR without hints, three simulated models), as version 2 writes it.
const log = await parseRunLog(readFileSync('src/core/runlog/fixtures/runlog-v1-no-hint.json', 'utf8'));
const json = toJson(log);
const gz = gzipSync(json);

async function download(page: Page, name: string): Promise<{ file: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await d.createReadStream()) chunks.push(chunk as Buffer);
  return { file: d.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** The leaderboard once the opened run shows, as its rows' text. */
async function leaderboard(page: Page): Promise<string[]> {
  await expect(page.getByTestId('results-summary')).toContainText(log.manifest.name);
  const board = page.getByTestId('results-summary').getByTestId('leaderboard');
  await expect(board.locator('tr[data-model]')).toHaveCount(log.summaries.length);
  return board.getByRole('row').allInnerTexts();
}

test("a .json.gz run log opens through Open results file and ?results= with the plain file's leaderboard, and exports as gzip", async ({
  app,
  site,
  browser,
}) => {
  // The plain file, opened as before.
  await app.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await app.getByTestId('results-open').setInputFiles({ name: 'run.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  const plain = await leaderboard(app);
  // The numbers the log's own summaries hold.
  for (const s of log.summaries) {
    const finalFix = (s.metrics as { finalFix?: number }).finalFix!;
    await expect(app.getByTestId('leaderboard').locator(`tr[data-model="${s.modelId}"] td[data-metric="finalFix"]`)).toHaveText(
      new RegExp(`^${(finalFix * 100).toFixed(1)}%`),
    );
  }
  const plainExport = await download(app, 'Export JSON');
  expect(plainExport.bytes.toString('utf8')).toBe(json);

  // A fresh profile: the gzip file through Open results file.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${site.url}#/results`);
  await page.getByTestId('results-open').setInputFiles({ name: 'run.json.gz', mimeType: 'application/gzip', buffer: gz });
  expect(await leaderboard(page)).toEqual(plain);

  // Its gzip export: a gzip file that decompresses to the plain export, byte for byte.
  const exported = await download(page, 'Run log (.json.gz)');
  expect(exported.file).toBe(`${log.manifest.runId}.json.gz`);
  expect([exported.bytes[0], exported.bytes[1]]).toEqual([0x1f, 0x8b]);
  expect(gunzipSync(exported.bytes).toString('utf8')).toBe(json);
  const exportedJsonl = await download(page, 'Run log (.jsonl.gz)');
  expect(exportedJsonl.file).toBe(`${log.manifest.runId}.jsonl.gz`);
  expect(toJson(await parseRunLog(gunzipSync(exportedJsonl.bytes).toString('utf8')))).toBe(json);

  // A truncated gzip file is refused as such, never as invalid JSON.
  await page.goto(`${site.url}#/results`);
  await page.getByTestId('results-open').setInputFiles({ name: 'cut.json.gz', mimeType: 'application/gzip', buffer: gz.subarray(0, gz.length >> 1) });
  await expect(page.getByRole('alert')).toContainText('Could not open cut.json.gz: not a valid gzip file');
  await expect(page.getByRole('alert')).not.toContainText('JSON');
  await context.close();

  // Another fresh profile: the gzip file published next to the site, through ?results=.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  const published = await other.newPage();
  await published.route(`${site.url}published/run.json.gz`, (route) => route.fulfill({ status: 200, contentType: 'application/gzip', body: gz }));
  await published.goto(`${site.url}?results=published/run.json.gz`);
  await expect(published).toHaveURL(new RegExp(`#/results/${encodeURIComponent(log.manifest.runId)}$`));
  expect(await leaderboard(published)).toEqual(plain);
  await other.close();
});
