// Results written before run log version 2 still open: a version-1 results file in the Results
// page (its leaderboard as version 1 computed it, its trajectories), and runs an earlier
// version stored in this browser, migrated when the app opens its database.
import { readFileSync } from 'node:fs';
import type { RunLogV1 } from '../../src/core/protocols/pair/runlog-v1.ts';
import { expect, screenshot, test } from '../fixtures.ts';

const FIXTURE = 'src/core/runlog/fixtures/runlog-v1-pair.json';
const v1 = JSON.parse(readFileSync(FIXTURE, 'utf8')) as RunLogV1;
const recorded = v1.summaries as { modelId: string; label: string; metrics: { finalFix: number; trs: number | null; he: number | null } }[];

async function checkLeaderboard(page: import('@playwright/test').Page): Promise<void> {
  const board = page.getByTestId('results-summary').getByTestId('leaderboard');
  for (const s of recorded) {
    const row = board.locator(`tr[data-model="${s.modelId}"]`);
    await expect(row.locator('td[data-metric="finalFix"]')).toHaveText(new RegExp(`^${(s.metrics.finalFix * 100).toFixed(1)}%`));
    await expect(row.locator('td[data-metric="trs"]')).toHaveText(new RegExp(`^${(s.metrics.trs! * 100).toFixed(1)}%`));
    await expect(row.locator('td[data-metric="he"]')).toHaveText(new RegExp(`^${s.metrics.he!.toFixed(2)}`));
  }
}

test('a version-1 results file opens in the Results page, with its leaderboard and trajectories', async ({ app }) => {
  await app.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await app.getByTestId('results-open').setInputFiles(FIXTURE);
  await expect(app.getByTestId('results-summary')).toContainText(v1.manifest.name);
  await checkLeaderboard(app);
  await expect(app.getByTestId('results-summary')).toContainText('Turns (α) = 3 · Turns per scenario (β) = 3 · Failing tests per hint (m) = 3');
  await screenshot(app, 'runlog-v1-results');

  // A trajectory: turn 0 is compared with the buggy program, read back from turn 0's prompt.
  const item = v1.items[0]!;
  await app.evaluate(({ run, key }) => (location.hash = `#/results/${encodeURIComponent(run)}/${encodeURIComponent(key)}/0`), {
    run: v1.manifest.runId,
    key: item.key,
  });
  await expect(app.getByTestId('turn-panel')).toHaveAttribute('data-turn', '0');
  await expect(app.getByTestId('code-panel')).toContainText('the buggy program');
  await expect(app.getByTestId('turn-passed')).toHaveText(`${item.turns[0]!.passed.length} / ${item.turns[0]!.total}`);
  await expect(app.getByRole('tab')).toHaveCount(item.turns.length);
});

test('a parameter a version-1 log did not record is shown as inferred, not as recorded', async ({ app }) => {
  const older = structuredClone(v1);
  delete older.manifest.params.sMin;
  await app.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await app.getByTestId('results-open').setInputFiles({ name: 'older.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(older)) });
  const header = app.getByTestId('run-setting');
  await expect(header.locator('[data-param="sMin"]')).toHaveText(/^Smallest median group \(s_min\) = 3 \(inferred\)$/);
  await expect(header.locator('[data-param="sMin"]')).toHaveAttribute('title', /^Not recorded in this log/);
  await expect(header.locator('[data-inferred]')).toHaveCount(1);
});

test('runs an earlier version stored in this browser are migrated when the app opens', async ({ page, site }) => {
  // The database as version 1 of the app left it: runs with their manifests, turns apart.
  await page.goto(`${site.url}docs/README.md`);
  await page.evaluate(async (log) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('hintbench-runs', 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('runs', { keyPath: 'manifest.runId' });
        req.result.createObjectStore('turns', { keyPath: ['runId', 'itemKey', 'index'] }).createIndex('byRun', 'runId');
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['runs', 'turns'], 'readwrite');
    tx.objectStore('runs').put({
      manifest: log.manifest,
      status: 'done',
      items: log.items.map(({ turns: _t, ...item }) => item),
      updatedAt: log.manifest.createdAt,
    });
    for (const item of log.items)
      for (const turn of item.turns) tx.objectStore('turns').put({ runId: log.manifest.runId, itemKey: item.key, index: turn.index, turn });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, v1);

  await page.goto(`${site.url}#/results/${encodeURIComponent(v1.manifest.runId)}`);
  await expect(page.getByTestId('results-summary')).toContainText(v1.manifest.name, { timeout: 60_000 });
  await checkLeaderboard(page);
  // Stored as version 2 now: the same run log, with steps.
  const stored = await page.evaluate(async (id) => (await window.hintbench.runLog(id))!, v1.manifest.runId);
  expect(stored.manifest.schema).toBe('hintbench.runlog/3');
  expect(stored.items.map((i) => i.steps.length)).toEqual(v1.items.map((i) => i.turns.length));
  expect(stored.items.map((i) => i.key)).toEqual(v1.items.map((i) => i.key));
  // Its items are records of their own, in their order, and the run's record holds none.
  const layout = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('hintbench-runs');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['runs', 'items']);
    const run = await new Promise<Record<string, unknown>>((resolve) => {
      const req = tx.objectStore('runs').get(id);
      req.onsuccess = () => resolve(req.result as Record<string, unknown>);
    });
    const rows = await new Promise<{ order: number; head: { key: string } }[]>((resolve) => {
      const req = tx.objectStore('items').getAll(IDBKeyRange.bound([id], [id, []]));
      req.onsuccess = () => resolve(req.result as { order: number; head: { key: string } }[]);
    });
    db.close();
    return { version: db.version, runHasItems: 'items' in run, items: rows.sort((a, b) => a.order - b.order).map((r) => r.head.key) };
  }, v1.manifest.runId);
  expect(layout).toEqual({ version: 5, runHasItems: false, items: v1.items.map((i) => i.key) });
  await screenshot(page, 'runlog-v1-migrated');
});
