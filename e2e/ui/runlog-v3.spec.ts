// Run log version 3 in the Results page: a version-2 file opens with the numbers the previous
// version reported; a version-3 JSONL.gz opens through ?results= (stored leaderboard first, then
// the sections once the steps are read); scores stored by another metrics version are shown as
// such until Rescore recomputes them; and the runs list stays usable with many runs (it renders
// only the rows in view).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readRunLogFile, writeRunLogFile } from '../../cli/runlog-file.ts';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { METRIC_COLUMNS } from '../../src/core/protocols/pair/leaderboard.ts';
import { toJsonl } from '../../src/core/runner/export.ts';
import { expect, screenshot, SCREENSHOTS, test } from '../fixtures.ts';
import { downloadText } from '../runs-ui.ts';

const FIXTURES = 'src/core/runlog/fixtures';
const V2_PAIR = `${FIXTURES}/v2-pair.json.gz`;
const v2 = await readRunLogFile(V2_PAIR);

/** A fresh copy of the version-2 PAIR log (each test changes its own). */
const copyOfV2 = (): RunLog => structuredClone(v2);

/** Write a log as a version-3 file (the name says JSON or JSONL, gzip or not) and return its bytes. */
async function v3Bytes(log: RunLog, name: string): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-v3-'));
  try {
    const file = join(dir, name);
    await writeRunLogFile(file, log);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The leaderboard of a report printed by `hintbench report`, by model label and column header:
 * the columns are cut where the dashes under the header say.
 */
function reportTable(text: string): Map<string, Map<string, string>> {
  const lines = text.split('\n');
  const rule = lines.findIndex((l) => /^-+(\s+-+)+\s*$/.test(l));
  const spans: [number, number][] = [];
  for (const m of lines[rule]!.matchAll(/-+/g)) spans.push([m.index!, m.index! + m[0].length]);
  // A column's cell may run past its dashes on the left (right-aligned); cut from the end of the previous column.
  const cut = (line: string) => spans.map(([, end], i) => line.slice(i === 0 ? 0 : spans[i - 1]![1], end).trim());
  const headers = cut(lines[rule - 1]!);
  const out = new Map<string, Map<string, string>>();
  for (const line of lines.slice(rule + 1)) {
    if (!line.trim()) break;
    const cells = cut(line);
    out.set(cells[0]!, new Map(headers.map((h, i) => [h, cells[i]!])));
  }
  return out;
}

/** The first number in a cell ("100.0 (+66.7)▲" → "100.0"), or "—" when it has none. */
const firstNumber = (cell: string) => /-?\d+(?:\.\d+)?/.exec(cell)?.[0] ?? '—';

async function openResults(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
}

/** The run's sections once its steps are read: steps-loading goes, the figures and the items table show. */
async function sectionsLoaded(page: Page): Promise<void> {
  await expect(page.getByTestId('steps-loading')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('figures')).toBeVisible();
  await expect(page.getByTestId('items-table')).toBeVisible();
}

/** Open the first item of the items table: its trajectory shows. */
async function openTrajectory(page: Page): Promise<void> {
  const link = page.getByTestId('items-table').getByTestId('item-link').first();
  const key = await link.evaluate((a) => a.closest('tr')!.dataset.key!);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/results/[^/]+/${encodeURIComponent(key).replace(/[|]/g, '\\|')}`));
  await expect(page.getByTestId('turn-panel')).toBeVisible();
  const item = v2.items.find((i) => i.key === key)!;
  await expect(page.getByRole('tab')).toHaveCount(item.steps.length);
}

test('a version-2 log opens with the numbers the previous version reported, and its trajectories open', async ({ app }) => {
  const report = reportTable(readFileSync(`${FIXTURES}/v2-pair.report.txt`, 'utf8'));
  expect(report.size).toBe(3);
  await openResults(app);
  await app.getByTestId('results-open').setInputFiles(V2_PAIR);
  await expect(app.getByTestId('results-summary')).toContainText(v2.manifest.name);
  const board = app.getByTestId('results-summary').getByTestId('leaderboard');
  for (const [label, cells] of report) {
    const model = v2.manifest.models.find((m) => m.label === label);
    expect(model, label).toBeDefined();
    const row = board.locator(`tr[data-model="${model!.id}"]`);
    await expect(row.getByRole('rowheader')).toContainText(label);
    for (const col of METRIC_COLUMNS) {
      const header = [...cells.keys()].find((h) => h.startsWith(`${col.label}${col.format === 'pct' ? ' %' : ''} `));
      expect(header, `the report's column for ${col.label}`).toBeDefined();
      const want = firstNumber(cells.get(header!)!);
      const got = firstNumber(await row.locator(`td[data-metric="${col.key}"]`).innerText());
      expect(got, `${label}, ${col.label}`).toBe(want);
    }
    await expect(row.locator('td').first()).toHaveText(cells.get('Items')!);
  }
  // Each model's Final Fix, spelled out.
  expect(report.get('Simulated candidate, low skill')!.get('Final Fix % ↑')).toMatch(/^33\.3 /);
  await expect(board.locator('tr[data-model="sim-low"] td[data-metric="finalFix"]')).toHaveText(/^33\.3%/);
  await sectionsLoaded(app);
  await screenshot(app, 'runlog-v3-from-v2');
  await openTrajectory(app);
  await screenshot(app, 'runlog-v3-from-v2-trajectory');
});

test('?results= opens a version-3 JSONL.gz: the stored leaderboard, then the sections, then a trajectory', async ({ browser, site }) => {
  const log = copyOfV2();
  const gz = await v3Bytes(log, 'run.jsonl.gz');
  expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
  // Version 3 as JSONL: a manifest line first, then the stored scores.
  const { gunzipSync } = await import('node:zlib');
  const lines = gunzipSync(gz).toString('utf8').split('\n');
  expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'manifest', manifest: { schema: 'hintbench.runlog/3' } });
  expect(JSON.parse(lines[1]!).type).toBe('scores');

  // A fresh profile without the service worker, so that the file published next to the site is served by the route below.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const app = await context.newPage();
  const errors: string[] = [];
  app.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  app.on('pageerror', (err) => errors.push(err.message));
  await app.route(`${site.url}published/run-v3.jsonl.gz`, (route) => route.fulfill({ status: 200, contentType: 'application/gzip', body: gz }));
  await app.goto(`${site.url}?results=published/run-v3.jsonl.gz`);
  await expect(app).toHaveURL(new RegExp(`#/results/${encodeURIComponent(log.manifest.runId)}$`));
  await expect(app.getByTestId('results-summary')).toContainText(log.manifest.name);
  const board = app.getByTestId('results-summary').getByTestId('leaderboard');
  await expect(board.locator('tr[data-model]')).toHaveCount(log.manifest.models.filter((m) => m.role === 'candidate').length);
  for (const s of log.scores!.summaries) {
    await expect(board.locator(`tr[data-model="${s.modelId}"] td[data-metric="finalFix"]`)).toHaveText(
      new RegExp(`^${((s.metrics.finalFix ?? 0) * 100).toFixed(1)}%`),
    );
  }
  await sectionsLoaded(app);
  await screenshot(app, 'runlog-v3-results-url');
  await openTrajectory(app);
  expect(errors, 'console errors on the page').toEqual([]);
  await context.close();
});

test('a file still being read: its stored leaderboard shows at once, and exports wait for the last item', async ({ browser, site }) => {
  const log = copyOfV2();
  const text = toJsonl(log);
  const lines = text.split('\n');
  // The manifest, the stored scores, and the items up to the third one's first line (an item is read whole once the next one starts).
  const third = lines.map((l, i) => (l.startsWith('{"type":"item"') ? i : -1)).filter((i) => i >= 0)[2]!;
  const head = `${lines.slice(0, third + 1).join('\n')}\n`;
  // A fresh profile whose fetch of the published file holds back all but its head until the test releases it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const app = await context.newPage();
  await app.addInitScript(
    ({ url, head, rest }) => {
      const original = window.fetch.bind(window);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      (window as unknown as { __release: () => void }).__release = release;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input) !== url) return original(input, init);
        const bytes = (t: string) => new TextEncoder().encode(t);
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(bytes(head));
            await released;
            controller.enqueue(bytes(rest));
            controller.close();
          },
        });
        return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
      };
    },
    { url: `${site.url}published/held.jsonl`, head, rest: text.slice(head.length) },
  );
  await app.goto(`${site.url}?results=published/held.jsonl`);
  await expect(app).toHaveURL(new RegExp(`#/results/${encodeURIComponent(log.manifest.runId)}$`));
  const board = app.getByTestId('results-summary').getByTestId('leaderboard');
  await expect(board.locator('tr[data-model]')).toHaveCount(log.scores!.summaries.length);
  // Only part of the file is stored: nothing can be exported or rescored yet, and the page says why.
  await expect(app.getByTestId('import-progress')).toHaveText('Opening a results file: reading 2 item(s)…');
  await expect(app.getByTestId('steps-loading')).toHaveText('The figures and trajectories show once the whole file is read.');
  await expect(app.getByTestId('export-wait')).toHaveText('Export and Rescore are available once the whole file is read.');
  for (const name of ['Export JSON', 'JSONL', 'CSV', 'Rescore']) await expect(app.getByRole('button', { name, exact: true })).toBeDisabled();
  await screenshot(app, 'runlog-v3-held-import');
  await app.evaluate(() => (window as unknown as { __release: () => void }).__release());
  await expect(app.getByTestId('export-wait')).toHaveCount(0);
  const exported = await downloadText(app, () => app.getByRole('button', { name: 'JSONL', exact: true }).click());
  expect(exported.text).toBe(text);
  await context.close();
});

test('scores stored by another metrics version show as such until Rescore recomputes them', async ({ app }) => {
  const log = copyOfV2();
  const scores = log.scores!;
  const first = scores.summaries[0]!;
  const recomputed = first.metrics.finalFix!;
  const altered = recomputed === 0.5 ? 0.25 : 0.5;
  scores.metrics = { ...scores.metrics, version: 0 };
  first.metrics = { ...first.metrics, finalFix: altered };
  // Fig. 3 from the stored row too: every attempted scenario closed at L1 (today's code says otherwise).
  const levels = (first.data as { levelDistribution: number[] }).levelDistribution;
  expect(levels[0], 'the fixture must not already close everything at L1').not.toBe(1);
  first.data = { levelDistribution: [1, 0, 0, 0, 0, 0, 0] };
  const attempted = first.metrics.attempted!;
  expect(attempted).toBeGreaterThan(0);
  log.manifest = { ...log.manifest, runId: `${log.manifest.runId}-scored-v0`, name: `${log.manifest.name} (scored by metrics v0)` };
  const file = await v3Bytes(log, 'scored-v0.json.gz');

  await openResults(app);
  await app.getByTestId('results-open').setInputFiles({ name: 'scored-v0.json.gz', mimeType: 'application/gzip', buffer: file });
  await expect(app.getByTestId('results-summary')).toContainText(log.manifest.name);
  const cell = app.getByTestId('results-summary').locator(`tr[data-model="${first.modelId}"] td[data-metric="finalFix"]`);
  await expect(cell).toHaveText(new RegExp(`^${(altered * 100).toFixed(1)}%`));
  await expect(app.getByTestId('scored-elsewhere')).toBeVisible();
  await expect(app.getByTestId('scored-elsewhere')).toContainText('version 0');
  await sectionsLoaded(app);
  // The figure shows the stored levels: the model's L1 row holds all its attempted scenarios.
  const fig3 = app.getByTestId('fig3');
  await fig3.locator('details.data summary').click();
  const l1 = fig3.locator('details.data tbody tr').filter({ hasText: first.label }).filter({ hasText: 'L1' });
  await expect(l1).toContainText(String(attempted));
  await expect(l1.locator('td').last()).toHaveText(/^100(\.0+)?%$/);

  // The compare page sets the stored row beside the original run's (scored by this copy's code).
  await app.evaluate(() => (location.hash = '#/results'));
  await app
    .getByTestId('results-open')
    .setInputFiles({ name: 'original.json.gz', mimeType: 'application/gzip', buffer: await v3Bytes(copyOfV2(), 'original.json.gz') });
  await expect(app.getByTestId('results-summary')).toContainText(v2.manifest.name);
  await app.evaluate(([a, b]) => (location.hash = `#/results/compare/${encodeURIComponent(a)}/${encodeURIComponent(b)}`), [
    log.manifest.runId,
    v2.manifest.runId,
  ] as const);
  const table5 = app.getByTestId('compare-table-v');
  const row = table5.locator('tbody tr').filter({ hasText: first.label });
  await expect(row.locator('td[data-setting="0"][data-metric="finalFix"]')).toHaveText(new RegExp(`^${(altered * 100).toFixed(2)}%`));
  await expect(row.locator('td[data-setting="1"][data-metric="finalFix"]')).toHaveText(new RegExp(`^${(recomputed * 100).toFixed(2)}%`));
  await expect(app.getByTestId('compare-scored-elsewhere')).toContainText(`[1] ${log.manifest.name}: scored by version 0 of the pair metrics`);
  await screenshot(app, 'runlog-v3-scored-elsewhere-compare');
  await app.evaluate((id) => (location.hash = `#/results/${encodeURIComponent(id)}`), log.manifest.runId);
  await expect(app.getByTestId('scored-elsewhere')).toBeVisible();
  await screenshot(app, 'runlog-v3-scored-elsewhere');
  await app.getByTestId('results-summary').screenshot({ path: `${SCREENSHOTS}/runlog-v3-scored-elsewhere-card.png` });

  await app.getByTestId('rescore').click();
  await expect(app.getByTestId('scored-elsewhere')).toHaveCount(0);
  await expect(cell).toHaveText(new RegExp(`^${(recomputed * 100).toFixed(1)}%`));
  await expect(app.getByTestId('scored-by')).not.toContainText('v0');
  await screenshot(app, 'runlog-v3-rescored');
  await app.getByTestId('results-summary').screenshot({ path: `${SCREENSHOTS}/runlog-v3-rescored-card.png` });
});

test('the runs list with 60 runs renders only the rows in view, scrolls, and still compares two runs', async ({ app }) => {
  test.setTimeout(300_000);
  // A small run: the v2 log's first instance only (three items), under 60 run ids. Without stored scores: the import scores it.
  const base = copyOfV2();
  const instance = base.manifest.dataset.instances[0]!;
  const small = (n: number): RunLog => ({
    manifest: {
      ...base.manifest,
      runId: `run-many-${String(n).padStart(2, '0')}`,
      name: `Many runs ${String(n).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      dataset: { ...base.manifest.dataset, instances: [instance] },
    },
    items: base.items.filter((i) => i.instanceId === instance.id),
    summaries: [],
  });
  const files = await Promise.all(
    Array.from({ length: 60 }, async (_, n) => ({
      name: `many-${n}.json.gz`,
      mimeType: 'application/gzip',
      buffer: await v3Bytes(small(n), `many-${n}.json.gz`),
    })),
  );
  // And one run of each protocol whose units are not instances: PrismBench (evaluations) and an Interview (tasks).
  files.push({ name: 'v2-prism.json.gz', mimeType: 'application/gzip', buffer: readFileSync(`${FIXTURES}/v2-prism.json.gz`) });
  files.push({ name: 'v2-interview.json.gz', mimeType: 'application/gzip', buffer: readFileSync(`${FIXTURES}/v2-interview.json.gz`) });
  const prism = await readRunLogFile(`${FIXTURES}/v2-prism.json.gz`);
  const interview = await readRunLogFile(`${FIXTURES}/v2-interview.json.gz`);

  await openResults(app);
  for (const f of files) {
    await app.getByTestId('results-open').setInputFiles(f);
    await expect(app).toHaveURL(/#\/results\/[^/]+$/);
    await app.evaluate(() => (location.hash = '#/results'));
  }
  const list = app.getByTestId('results-list');
  const total = files.length;
  await expect(list).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect(list).toHaveAttribute('data-virtual', 'true');
  const rendered = async () => list.locator('tbody tr[data-run]').count();
  expect(await rendered()).toBeLessThan(60);
  expect(await rendered()).toBeGreaterThan(5);
  await screenshot(app, 'runs-list-many');

  // Sizes in each protocol's terms.
  const region = app.getByRole('region', { name: /^Runs in this browser \(scrolls; \d+ rows\)$/ });
  const rowOf = (runId: string) => list.locator(`tr[data-run="${runId}"]`);
  const scrollTo = async (runId: string) => {
    for (let top = 0; top <= 60 * 44 + 1000; top += 300) {
      if (await rowOf(runId).count()) break;
      await region.evaluate((el, t) => el.scrollTo(0, t), top);
    }
    await rowOf(runId).scrollIntoViewIfNeeded();
  };
  await scrollTo(prism.manifest.runId);
  await expect(rowOf(prism.manifest.runId).getByTestId('run-size')).toHaveText(`${prism.items.length} evaluation(s)`);
  await region.evaluate((el) => el.scrollTo(0, 0));
  await scrollTo(interview.manifest.runId);
  await expect(rowOf(interview.manifest.runId).getByTestId('run-size')).toHaveText(`${interview.manifest.dataset.tasks!.length} task(s)`);
  await region.evaluate((el) => el.scrollTo(0, 0));
  await scrollTo('run-many-05');
  await expect(rowOf('run-many-05').getByTestId('run-size')).toHaveText('1 instance(s)');
  // Renaming a run in the scrolling list: the form fits its row.
  await rowOf('run-many-05').getByTestId('rename').click();
  await rowOf('run-many-05').getByTestId('rename-input').fill('Renamed among many');
  await expect(rowOf('run-many-05').getByTestId('rename-save')).toBeVisible();
  await screenshot(app, 'runs-list-many-rename');
  await rowOf('run-many-05').getByTestId('rename-save').click();
  await expect(rowOf('run-many-05').getByRole('link')).toHaveText('Renamed among many');

  // Scroll to the end: the last rows render, the first ones are gone, and still fewer than 60 rows at once.
  await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const lastRow = list.locator(`tbody tr[aria-rowindex="${total + 1}"]`);
  await expect(lastRow).toBeVisible();
  await expect(list.locator('tbody tr[aria-rowindex="2"]')).toHaveCount(0);
  expect(await rendered()).toBeLessThan(60);
  await screenshot(app, 'runs-list-many-scrolled');

  // Tick a run near the end, scroll to the top (its row leaves the DOM), tick another: Compare holds both.
  const many = list.locator('tbody tr[data-run^="run-many-"]');
  const endRow = many.last();
  const endRun = (await endRow.getAttribute('data-run'))!;
  const endName = (await endRow.getByRole('link').innerText()).trim();
  await app.getByLabel(`Compare ${endName} (${endRun})`).check();
  await expect(app.getByTestId('compare-link')).toHaveAttribute('aria-disabled', 'true');
  await region.evaluate((el) => el.scrollTo(0, 0));
  await expect(rowOf(endRun)).toHaveCount(0);
  const firstRow = many.first();
  const firstRun = (await firstRow.getAttribute('data-run'))!;
  const firstName = (await firstRow.getByRole('link').innerText()).trim();
  await app.getByLabel(`Compare ${firstName} (${firstRun})`).check();
  await expect(app.getByTestId('compare-link')).toHaveText(/Compare 2 selected runs/);
  // Scrolling back keeps the first tick.
  await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(app.getByLabel(`Compare ${endName} (${endRun})`)).toBeChecked();
  await app.getByTestId('compare-link').click();
  await expect(app.getByTestId('compare')).toContainText('2 runs compared');
  await expect(app.getByTestId('compare-table-v')).toBeVisible();
  await screenshot(app, 'runs-list-many-compare');

  // At phone width the list scrolls inside its own box; the page does not widen.
  await app.setViewportSize({ width: 390, height: 800 });
  await app.evaluate(() => (location.hash = '#/results'));
  await expect(list.locator('tbody tr[data-run]').first()).toBeVisible();
  expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'runs-list-many-390');
});
