// What a newcomer ran into, page by page, at 1280 px and 390 px: each defect found on that
// walk-through has a check here.
import { expect, screenshot, test } from '../fixtures.ts';

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
  await expect(app.getByTestId('doc').getByRole('heading', { level: 1 })).toContainText('Security');
});

test('the same file chosen again is imported again, a new format reads it again, and bad rows read like the docs', async ({ app }) => {
  const base = app.url().replace(/#.*$/, '');
  await app.goto(`${base}#/datasets`);
  const good = { id: 'g', title: 'G', source: { name: 's' }, statement: '', language: 'python', buggy: '', reference: '', testKind: 'stdio', tests: [{ id: 't', input: '1', expected: '1' }] };
  const { tests: _t, ...noTests } = good;
  const file = { name: 'mine.jsonl', mimeType: 'application/json', buffer: Buffer.from([good, 42, noTests].map((x) => JSON.stringify(x)).join('\n')) };
  await app.getByTestId('import-format').selectOption('pairbench');
  const input = app.getByTestId('import-files');
  await input.setInputFiles(file);
  const result = app.getByTestId('import-result');
  await expect(result).toContainText('Imported 1 instance, rejected 2');
  await expect(app.getByTestId('import-rejections').locator('li')).toHaveText(['mine.jsonl line 2: not an object — each row must be a JSON object (got 42)', 'mine.jsonl line 3: missing field: tests — "tests" is missing']);
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
