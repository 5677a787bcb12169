// What a newcomer ran into, page by page, at 1280 px and 390 px: each defect found on that
// walk-through has a check here.
import { expect, screenshot, test } from '../fixtures.ts';
import { runLog, waitForStatus } from '../runs-ui.ts';

test('links between docs work after following an in-page link, however often', async ({ app }) => {
  const base = app.url().replace(/#.*$/, '');
  await app.goto(`${base}#/docs/providers`);
  const doc = app.getByTestId('doc');
  await expect(doc).toContainText('Keys');
  for (let i = 0; i < 2; i++) {
    await doc.getByRole('link', { name: 'Keys', exact: true }).first().click();
    await expect(app).toHaveURL(/#\/docs\/providers\/keys$/);
  }
  await expect(doc.getByRole('link', { name: 'security.md' }).first()).toHaveAttribute('href', '#/docs/security');
  await doc.getByRole('link', { name: 'security.md' }).first().click();
  await expect(app).toHaveURL(/#\/docs\/security$/);
  await expect(app.getByTestId('doc').getByRole('heading').first()).toHaveText('Security model');
});

test('the same file chosen again is imported again, a new format reads it again, and bad rows read like the docs', async ({ app }) => {
  const base = app.url().replace(/#.*$/, '');
  await app.goto(`${base}#/datasets`);
  const good = {
    id: 'g',
    title: 'G',
    source: { name: 's' },
    statement: '',
    language: 'python',
    buggy: '',
    reference: '',
    testKind: 'stdio',
    tests: [{ id: 't', input: '1', expected: '1' }],
  };
  const { tests: _t, ...noTests } = good;
  const file = { name: 'mine.jsonl', mimeType: 'application/json', buffer: Buffer.from([good, 42, noTests].map((x) => JSON.stringify(x)).join('\n')) };
  await app.getByTestId('import-format').selectOption('pairbench');
  const input = app.getByTestId('import-files');
  await input.setInputFiles(file);
  const result = app.getByTestId('import-result');
  await expect(result).toContainText('Imported 1 instance, rejected 2');
  await expect(app.getByTestId('import-rejections').locator('li')).toHaveText([
    'mine.jsonl line 2: not an object — each row must be a JSON object (got 42)',
    'mine.jsonl line 3: missing field: tests — "tests" is missing',
  ]);
  // The picker is cleared once read, so choosing the same file again is a change the page hears.
  await expect(input).toHaveValue('');
  await input.setInputFiles(file);
  await expect(result).toContainText('Imported 1 instance, rejected 2');
  // Another format reads the same file again, and says what that format makes of it.
  await app.getByTestId('import-format').selectOption('apps');
  await expect(result).toContainText('Imported 0 instances, rejected 3');
  await expect(app.getByTestId('import-rejections').locator('li').first()).toContainText('mine.jsonl line 1: missing field: question');
  await screenshot(app, 'import-report');
});

test('at phone width (390 px) every page of the menu is in sight, and no table widens the page', async ({ app }) => {
  const base = app.url().replace(/#.*$/, '');
  await app.setViewportSize({ width: 390, height: 844 });
  const inSight = async (locator: import('@playwright/test').Locator) => {
    const box = (await locator.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= 390;
  };
  const pageWidth = () => app.evaluate(() => document.documentElement.scrollWidth);
  for (const link of await app.getByRole('navigation', { name: 'Main' }).getByRole('link').all())
    expect(await inSight(link), await link.innerText()).toBe(true);
  await screenshot(app, 'menu-390');

  // An instance's failure-scenarios table scrolls inside its card.
  await app.goto(`${base}#/datasets/builtin/str-run-length`);
  await expect(app.getByTestId('scenario-table')).toBeVisible({ timeout: 60_000 });
  await expect.poll(pageWidth).toBe(390);

  // A stored dataset with a long name keeps its Delete button in sight.
  await app.goto(`${base}#/datasets`);
  const good = {
    id: 'g',
    title: 'G',
    source: { name: 's' },
    statement: '',
    language: 'python',
    buggy: 'print(1)',
    reference: '',
    testKind: 'stdio',
    tests: [{ id: 't', input: '1', expected: '1' }],
  };
  await app.getByTestId('import-format').selectOption('pairbench');
  await app
    .getByTestId('import-files')
    .setInputFiles({ name: 'a-rather-long-dataset-file-name-for-phones.jsonl', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
  await app.getByTestId('import-save').click();
  await app.goto(`${base}#/datasets`);
  const remove = app.getByTestId('stored-table').getByRole('button', { name: /^Delete/ });
  await expect(remove).toBeVisible();
  expect(await inSight(remove)).toBe(true);
  await expect.poll(pageWidth).toBe(390);
  await screenshot(app, 'datasets-390');
});

test('the Home sandbox clears the last result while it runs, and says where an output was cut', async ({ app }) => {
  const code = app.getByTestId('playground-code');
  await code.fill('import sys\nsys.stdout.write("x" * (3 << 20))');
  await app.getByTestId('playground-stdin').fill('');
  await app.getByTestId('playground-run').click();
  const result = app.getByTestId('playground-result');
  await expect(result).toHaveAttribute('data-status', 'output-limit', { timeout: 30_000 });
  await expect(app.getByTestId('playground-cut')).toContainText('its output was cut at 1 MiB');
  await code.fill('import time\ntime.sleep(1.5)\nprint("slept")');
  await app.getByTestId('playground-run').click();
  await expect(app.getByTestId('playground-running')).toBeVisible();
  await expect(result).toHaveCount(0); // the previous result is gone while this one runs
  await expect(app.getByTestId('playground-stdout')).toHaveText('slept\n', { timeout: 30_000 });
  await expect(app.getByTestId('playground-cut')).toHaveCount(0);
});

test('the Run page runs instances chosen by hand (search, check), and keeps the choice over a reload', async ({ app }) => {
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run' }).click();
  const setup = app.getByTestId('run-setup');
  await setup.getByTestId('run-subset').selectOption('picked');
  const picker = setup.getByTestId('instance-picker');
  await picker.getByTestId('instance-search').fill('bracket');
  await expect(picker.getByTestId('pick-instance')).toHaveCount(1);
  await picker.getByTestId('pick-instance').check();
  await picker.getByTestId('instance-search').fill('tape');
  await picker.getByTestId('pick-instance').first().check();
  await expect(picker.locator('legend')).toContainText('2 of 53 chosen');
  await expect(setup.getByTestId('run-size')).toContainText('2 instances × 3 models');
  await screenshot(app, 'run-picker');
  await app.reload();
  await expect(app.getByTestId('run-setup').getByTestId('instance-picker').locator('legend')).toContainText('2 of 53 chosen');
  await app.getByTestId('run-setup').getByLabel('Turns (α)').fill('0');
  await app.getByTestId('run-setup').getByTestId('run-start').click();
  await expect(app).toHaveURL(/#\/run\/run-/);
  const runId = decodeURIComponent(new URL(app.url()).hash.split('/')[2]!);
  await waitForStatus(app, 'done');
  const log = await runLog(app, runId);
  expect(log.manifest.dataset.instances.map((i) => i.id).sort()).toEqual(['algo-bracket-runs', 'str-run-length']);
});

test('runs are named by what sets them apart, and a run can be renamed', async ({ app }) => {
  const start = async (models: string[], turns: string) => {
    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run' }).click();
    const setup = app.getByTestId('run-setup');
    await setup.getByTestId('run-subset').selectOption('demo');
    for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
    for (const m of models) await setup.getByLabel(m, { exact: true }).check();
    await setup.getByLabel('Turns (α)').fill(turns);
    await setup.getByTestId('run-start').click();
    await expect(app).toHaveURL(/#\/run\/run-/);
    await waitForStatus(app, 'done');
  };
  await start(['Simulated candidate, low skill'], '0');
  await start(['Simulated candidate, high skill', 'Oracle (simulated: returns the reference)'], '1');
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
  const list = app.getByTestId('results-list');
  await expect(list.getByRole('link')).toHaveText([
    'PAIR: Simulated candidate, high skill; Oracle (simulated: returns the reference) on the demo subset (9), Turns (α) = 1',
    'PAIR: Simulated candidate, low skill on the demo subset (9), Turns (α) = 0',
  ]);
  await list.getByTestId('rename').first().click();
  await list.getByTestId('rename-input').fill('Oracle against high skill');
  await list.getByTestId('rename-save').click();
  await expect(list.getByRole('link').first()).toHaveText('Oracle against high skill');
  await app.reload();
  await expect(app.getByTestId('results-list').getByRole('link').first()).toHaveText('Oracle against high skill');
  await screenshot(app, 'results-list-names');
});

test('small things: the workers count adds up, and a new price is typed under its own headers', async ({ app }) => {
  const ready = await app.getByTestId('workers-ready').innerText();
  const m = /^(\d+) of (\d+) \((\d+) for jobs \+ (\d+) spares?\)$/.exec(ready);
  expect(m, ready).not.toBeNull();
  const [, readyCount, total, jobs, spares] = m!.map(Number);
  expect(total).toBe(jobs! + spares!);
  expect(readyCount).toBeLessThanOrEqual(total!);

  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Models' }).click();
  const table = app.getByTestId('price-table');
  for (const [header, input] of [
    ['Model (or prefix*)', 'price-model'],
    ['Input $/M', 'price-in'],
    ['Cached input $/M', 'price-cached'],
    ['Output $/M', 'price-out'],
  ] as const) {
    const h = (await table.getByRole('columnheader', { name: header, exact: true }).boundingBox())!;
    const i = (await app.getByTestId(input).boundingBox())!;
    expect(i.x, `${input} starts in the "${header}" column`).toBeGreaterThanOrEqual(h.x - 1);
    expect(i.x + i.width, `${input} ends in the "${header}" column`).toBeLessThanOrEqual(h.x + h.width + 1);
  }
  await app.getByTestId('price-model').fill('gpt-test');
  await app.getByTestId('price-in').fill('0.5');
  await app.getByTestId('price-out').fill('1.5');
  await app.getByTestId('price-add').click();
  await expect(table.locator('tbody tr')).toHaveText([/gpt-test\s*0\.5\s*—\s*1\.5/]);
  await screenshot(app, 'models-prices');
});

test('the docs show their own figures, shipped with the site: the Prism designs curve', async ({ app }) => {
  const base = app.url().replace(/#.*$/, '');
  await app.goto(`${base}#/docs/prism/designs-which-one-maps-a-model-for-the-fewest-evaluations`);
  const figure = app.getByTestId('doc').getByRole('img', { name: 'Share of seeds meeting each bar, every design on every map, by evaluations per model' });
  await expect(figure).toBeVisible();
  await expect(figure).toHaveAttribute('src', new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}docs/figures/prism-designs\\.svg$`));
  await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(600);
  // Scaled to the page's column, never cut: the whole figure is inside the article.
  const [img, article] = [(await figure.boundingBox())!, (await app.getByTestId('doc').boundingBox())!];
  expect(img.x + img.width).toBeLessThanOrEqual(article.x + article.width + 1);
  await figure.scrollIntoViewIfNeeded();
  await figure.screenshot({ path: 'e2e/screenshots/docs-prism-designs.png' });
});
