// Comparing runs as a newcomer does: tick two runs of one protocol on the Results page and
// choose "Compare 2 selected runs". The runs are the demo logs of src/core/runlog/fixtures/,
// and a second run made from one of them here (another id and name, fewer tasks or instances).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures.ts';

const FIXTURES = 'src/core/runlog/fixtures';

interface FixtureLog {
  manifest: { runId: string; name: string; params: Record<string, unknown>; dataset: { instances: { id: string }[]; tasks?: { id: string }[] } };
  items: { taskId?: string; instanceId?: string; modelId?: string; status?: string; stopReason?: string; steps?: unknown[] }[];
  summaries?: unknown;
}

const fixture = (name: string): FixtureLog => JSON.parse(gunzipSync(readFileSync(`${FIXTURES}/${name}.json.gz`)).toString());

/** A fixture as another run: its own id and name, keeping only the first `keep` tasks or instances (and their items). */
function variant(name: string, runName: string, keep?: number, change?: (log: FixtureLog) => void): { name: string; mimeType: string; buffer: Buffer } {
  const log = fixture(name);
  change?.(log);
  log.manifest.runId = `${log.manifest.runId}-b`;
  log.manifest.name = runName;
  if (keep !== undefined) {
    const d = log.manifest.dataset;
    if (d.tasks?.length) d.tasks = d.tasks.slice(0, keep);
    else d.instances = d.instances.slice(0, keep);
    const kept = new Set([...(d.tasks ?? []), ...d.instances].map((x) => x.id));
    log.items = log.items.filter((i) => kept.has(i.taskId ?? i.instanceId ?? ''));
  }
  delete log.summaries; // scored again when opened
  return { name: `${name}-b.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) };
}

async function openResults(app: Page): Promise<void> {
  await app.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
}

/** Open each file through the Results page, then tick the runs in this order and compare them. */
async function compare(app: Page, files: (string | ReturnType<typeof variant>)[]): Promise<string[]> {
  const names: string[] = [];
  for (const file of files) {
    await openResults(app);
    await app.getByTestId('results-open').setInputFiles(typeof file === 'string' ? `${FIXTURES}/${file}.json.gz` : file);
    await expect(app.getByTestId('results-summary')).toBeVisible();
    names.push(typeof file === 'string' ? fixture(file).manifest.name : JSON.parse(file.buffer.toString()).manifest.name);
  }
  await openResults(app);
  for (const name of names) await app.getByRole('checkbox', { name: new RegExp(`^Compare ${name.replace(/[()]/g, '\\$&')} \\(`) }).check();
  await app.getByRole('link', { name: `Compare ${files.length} selected runs` }).click();
  return names;
}

/** The whole page at 1280 and 390 wide, and at 390 the runs' card and the first table close up. */
async function shots(app: Page, name: string, card: string, table: string): Promise<void> {
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await screenshot(app, `${name}-${width}`);
  }
  for (const id of [card, table]) await app.getByTestId(id).screenshot({ path: `e2e/screenshots/${name}-390-${id}.png` });
}

test('two Interview runs are set side by side: every model of each run, S_G → S′_G, and the data they differ in', async ({ app }) => {
  await compare(app, ['v2-interview', variant('v2-interview', 'Interview, one task', 1)]);
  await expect(app.getByTestId('compare-unavailable')).toHaveCount(0);
  const view = app.getByTestId('interview-compare');
  await expect(view).toBeVisible();
  await expect(view.getByRole('listitem').filter({ hasText: '[1]' })).toContainText('Interview (v2 fixture)');
  await expect(view.getByRole('listitem').filter({ hasText: '[2]' })).toContainText('Interview, one task');
  await expect(view.getByRole('listitem').first()).toContainText('T = 5');
  // Two interviewees in each run: four rows, each told apart by its run's number.
  const table = app.getByTestId('interview-compare-table');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.locator('tbody th').filter({ hasText: /\[1\]/ })).toHaveCount(2);
  await expect(table.locator('tbody th').filter({ hasText: /\[2\]/ })).toHaveCount(2);
  await expect(table).toContainText('→');
  await expect(app.getByTestId('compare-data-differs')).toHaveText(/\[1\] has 2 tasks and \[2\] has 1\. Only the one task they share is like for like/);
  await expect(app.getByRole('button', { name: /CSV/ }).first()).toBeVisible();
  await shots(app, 'newcomer-compare-interview', 'interview-compare', 'interview-compare-table');
});

test('two Talk runs on different instances show the data warning, and two Static columns are told apart', async ({ app }) => {
  await compare(app, ['v2-talk-static', variant('v2-talk-static', 'Talk demo: static, 5 instances', 5)]);
  await expect(app.getByTestId('compare-unavailable')).toHaveCount(0);
  await expect(app.getByTestId('compare-data-differs')).toHaveText(/\[1\] has 9 instances and \[2\] has 5\. Only the 5 instances they share are like for like/);
  const head = app.getByTestId('talk-tca-table').locator('thead th');
  await expect(head.filter({ hasText: 'Static [1]' })).toHaveCount(1);
  await expect(head.filter({ hasText: 'Static [2]' })).toHaveCount(1);
  await shots(app, 'newcomer-compare-talk', 'talk-compare', 'talk-tca-table');
});

test('two PrismBench runs are set side by side, with no data warning for the same concepts', async ({ app }) => {
  await compare(app, ['v2-prism', variant('v2-prism', 'PrismBench demo, again')]);
  await expect(app.getByTestId('compare-unavailable')).toHaveCount(0);
  const view = app.getByTestId('prism-compare');
  await expect(view).toBeVisible();
  await expect(view.getByRole('listitem').filter({ hasText: '[2]' })).toContainText('PrismBench demo, again');
  await expect(app.getByTestId('compare-levels').locator('tbody tr')).toHaveCount(4);
  await expect(app.getByTestId('compare-radar')).toBeVisible();
  await expect(app.getByTestId('compare-data-differs')).toHaveCount(0);
  await shots(app, 'newcomer-compare-prism', 'prism-compare', 'compare-levels');
});

test('a PrismBench run that searched fewer concepts, with a smaller budget, is compared under the data warning and a note that its parameters differ', async ({
  app,
}) => {
  const fewer = variant('v2-prism', 'PrismBench demo, five concepts', undefined, (log) => {
    log.manifest.params.concepts = String(log.manifest.params.concepts).split(',').slice(0, 5).join(',');
    log.manifest.params.maxNodes = 50;
  });
  await compare(app, ['v2-prism', fewer]);
  await expect(app.getByTestId('prism-compare')).toBeVisible();
  await expect(app.getByTestId('compare-data-differs')).toHaveText(/\[1\] has 10 concepts and \[2\] has 5\. Only the 5 concepts they share are like for like/);
  await expect(app.getByTestId('prism-setup-differs')).toBeVisible();
  await app.getByTestId('prism-compare').screenshot({ path: 'e2e/screenshots/newcomer-compare-prism-concepts.png' });
});

test('a Talk setting in which a model has no finished item yet shows no rank change ("—"), not a footrule', async ({ app }) => {
  // The paragraph run as it is while it still runs: the low-skill model has finished nothing.
  const going = variant('v2-talk-paragraph', 'Talk demo: paragraph, still going', undefined, (log) => {
    for (const item of log.items.filter((i) => i.modelId === 'sim-low')) {
      item.status = 'queued';
      item.steps = [];
      delete item.stopReason;
    }
  });
  await compare(app, ['v2-talk-static', going]);
  const row = app.getByTestId('talk-footrule').locator('tbody tr[data-setting="paragraph"]');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('footrule-normalized')).toHaveText('—');
  await expect(row.locator('td').first()).toHaveText('—');
  await app.getByTestId('talk-footrule').screenshot({ path: 'e2e/screenshots/newcomer-compare-talk-going.png' });
});
