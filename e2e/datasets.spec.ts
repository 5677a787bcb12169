// The Datasets page: the built-in benchmark with filters, an instance view (sanitized
// statement, highlighted code, live failure scenarios, reference behind a toggle, hidden
// tests behind an instructor confirmation), importing, storing and deleting a dataset,
// and synthesizing instances from an imported problem.
import { readFileSync } from 'node:fs';
import { expect, screenshot, test } from './fixtures.ts';

const FIXTURES = 'src/core/datasets/importers/fixtures';
const builtin = readFileSync('datasets/builtin.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; title: string; subsets?: string[]; testKind: string });

test('the built-in benchmark is listed, with pass rates measured live and working filters', async ({ app }, info) => {
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  const table = app.getByTestId('instance-table');
  await expect(table.locator('tbody tr')).toHaveCount(builtin.length);
  await expect(app.getByTestId('measuring')).toHaveCount(0, { timeout: 120_000 }); // every buggy program ran
  await expect(table.locator('tbody tr').first().locator('td').nth(5)).toHaveText(/^\d+%$/);
  await app.getByTestId('filter-tag').selectOption('demo');
  await expect(table.locator('tbody tr')).toHaveCount(builtin.filter((i) => i.subsets?.includes('demo')).length);
  await app.getByTestId('filter-tag').selectOption('');
  await app.getByTestId('filter-band').selectOption('band');
  const stdio = builtin.filter((i) => i.testKind === 'stdio').length;
  expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(stdio); // every stdio instance is inside the paper's band
  await app.getByTestId('filter-band').selectOption('any');
  if (info.project.name === 'isolated') await screenshot(app, 'datasets');
});

test('an instance view shows the statement, the buggy program, its scenarios, and hides what it should', async ({ app }, info) => {
  const inst = builtin.find((i) => i.subsets?.includes('demo'))!;
  await app.goto(app.url().replace(/#.*$/, '') + `#/datasets/builtin/${inst.id}`);
  const view = app.getByTestId('instance-view');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(inst.title); // statement headings start at h2
  await expect(app.getByTestId('statement').locator('h3', { hasText: 'Examples' })).toHaveCount(1);
  await expect(app.getByTestId('scenario-summary')).toContainText('scenario', { timeout: 60_000 });
  await expect(app.getByTestId('scenarios').locator('tbody tr')).not.toHaveCount(0);
  // The reference and the hidden tests need an explicit confirmation (one instructor view).
  await expect(app.getByRole('figure', { name: 'Reference solution' })).toHaveCount(0);
  await expect(app.getByTestId('hidden-tests')).toHaveCount(0);
  await app.getByTestId('show-hidden').click();
  await expect(app.getByTestId('confirm-dialog').filter({ visible: true })).toBeVisible();
  await app.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.getByTestId('hidden-tests')).toHaveCount(0);
  await expect(app.getByRole('figure', { name: 'Reference solution' })).toHaveCount(0);
  await app.getByTestId('reveal-reference').click();
  await app.getByTestId('confirm-hidden').filter({ visible: true }).click();
  await expect(app.getByRole('figure', { name: 'Reference solution' })).toBeVisible();
  await expect(app.getByRole('figure', { name: 'Buggy program' }).locator('.line.mark')).not.toHaveCount(0);
  await expect(app.getByTestId('hidden-tests').locator('tbody tr').first()).toBeVisible();
  // Leaving the instructor view hides both again.
  await app.getByRole('button', { name: 'Leave the instructor view' }).first().click();
  await expect(app.getByRole('figure', { name: 'Reference solution' })).toHaveCount(0);
  await expect(app.getByTestId('hidden-tests')).toHaveCount(0);
  await app.getByTestId('reveal-reference').click();
  await app.getByTestId('confirm-hidden').filter({ visible: true }).click();
  if (info.project.name === 'isolated') await screenshot(app, 'instance-view');
});

test('importing reports rejected rows, stores the dataset with its size, and deletes it', async ({ app }, info) => {
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  await app.getByTestId('import-format').selectOption('apps');
  await app.getByTestId('import-files').setInputFiles(`${FIXTURES}/malformed-apps.jsonl`);
  const result = app.getByTestId('import-result');
  await expect(result).toContainText('Imported 1 instance, rejected 4');
  await expect(app.getByTestId('import-rejections').locator('li')).toHaveCount(4);
  await expect(app.getByTestId('import-rejections')).toContainText('malformed-apps.jsonl line 3: tests without outputs');
  if (info.project.name === 'isolated') await screenshot(app, 'datasets-import');
  await app.getByTestId('import-name').fill('My APPS sample');
  await app.getByTestId('import-save').click();
  await expect(app).toHaveURL(/#\/datasets\/apps-/);
  await expect(app.getByTestId('instance-table').locator('tbody tr')).toHaveCount(1);
  const stored = app.getByTestId('stored-table');
  await expect(stored).toContainText('My APPS sample');
  await expect(stored).toContainText(/\d+(\.\d)? (B|KiB)/);
  // Survives a reload.
  await app.reload();
  await expect(app.getByTestId('stored-table')).toContainText('My APPS sample');
  app.once('dialog', (d) => void d.accept());
  await app.getByRole('button', { name: 'Delete My APPS sample' }).click();
  await expect(app.getByText('No imported datasets yet.')).toBeVisible();
});

test('statements are sanitized: markup in an imported dataset cannot run', async ({ app }) => {
  const evil = {
    id: 'evil',
    title: 'Evil <img src=x onerror="window.__pwned=1">',
    source: { name: 'test' },
    statement: '# Hi\n\n<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>[link](javascript:window.__pwned=3)',
    language: 'python',
    buggy: 'print(1)',
    reference: 'print(2)',
    testKind: 'stdio',
    tests: [{ id: 't', input: '', expected: '2\n' }],
  };
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  await app.getByTestId('import-format').selectOption('pairbench');
  await app.getByTestId('import-files').setInputFiles({ name: 'evil.jsonl', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(evil)) });
  await app.getByTestId('import-save').click();
  await app.getByRole('link', { name: /^Evil/ }).click();
  await expect(app.getByTestId('statement').locator('h2')).toHaveText('Hi');
  await app
    .getByTestId('statement')
    .locator('a')
    .click({ trial: false })
    .catch(() => undefined);
  expect(await app.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await app.getByTestId('statement').innerHTML()).not.toMatch(/onerror|<script|javascript:/);
});

test('synthesis turns an imported APPS problem into instances and shows the operators', async ({ app }, info) => {
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  await app.getByTestId('import-format').selectOption('apps');
  await app.getByTestId('import-files').setInputFiles(`${FIXTURES}/apps-synthesis.jsonl`);
  await app.getByTestId('import-save').click();
  await app.getByRole('link', { name: /You are given n integers/ }).click();
  await app.getByTestId('synthesize').click();
  await expect(app.getByTestId('synthesis-summary')).toContainText(/Kept [1-9]/, { timeout: 120_000 });
  await expect(app.getByTestId('synthesis').locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^[a-z-]+( \+ [a-z-]+)?$/);
  if (info.project.name === 'isolated') await screenshot(app, 'synthesis');
  await app.getByTestId('synthesis-save').click();
  await expect(app).toHaveURL(/#\/datasets\/synthesized-/);
  await expect(app.getByTestId('instance-table').locator('tbody tr td:nth-child(7)').first()).toHaveText('synthesized');
});

test('files can be dropped onto the import area', async ({ app }) => {
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  await app.getByTestId('import-format').selectOption('wbt');
  const wbt = readFileSync(`${FIXTURES}/wbt.json`, 'utf8');
  const transfer = await app.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'wbt.json', { type: 'application/json' }));
    return dt;
  }, wbt);
  await app.getByRole('region', { name: 'Drop files or folders here' }).dispatchEvent('drop', { dataTransfer: transfer });
  await expect(app.getByTestId('import-result')).toContainText('Imported 2 instances, rejected 0');
});
