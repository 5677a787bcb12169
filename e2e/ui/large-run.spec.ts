// A large run from the Run page: the form survives a reload, the live grid and the Results page's
// item list render only the rows in view (53 instances × 2 models), scrolling brings the rest,
// and both pages fit a narrow window.
import { expect, screenshot, test } from '../fixtures.ts';
import { BUILTIN } from '../mock-llm.ts';

const MODELS = ['Oracle (simulated: returns the reference)', 'No-op (simulated: returns its input)'];

test('a large run: the form is kept across a reload, long tables are virtualized, narrow windows fit', async ({ app }) => {
  test.setTimeout(300_000);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run', exact: true }).click();
  const setup = app.getByTestId('run-setup');
  await setup.getByTestId('run-subset').selectOption('all');
  for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
  for (const label of MODELS) await setup.getByLabel(label, { exact: true }).check();
  await setup.getByLabel('Turns (α)').fill('0');
  await expect(setup.getByTestId('run-size')).toContainText(`${BUILTIN.length} instances × 2 models × 1 repeat = ${BUILTIN.length * 2} items`);

  // Nothing typed into the form is lost on a reload.
  await app.reload();
  await expect(setup.getByTestId('run-subset')).toHaveValue('all');
  await expect(setup.getByLabel('Turns (α)')).toHaveValue('0');
  for (const label of MODELS) await expect(setup.getByLabel(label, { exact: true })).toBeChecked();
  await expect(setup.getByLabel('Simulated candidate, low skill', { exact: true })).not.toBeChecked();
  await expect(setup.getByTestId('run-estimate')).toContainText('Estimate, at most');

  await setup.getByTestId('run-start').click();
  await expect(app).toHaveURL(/#\/run\/run-/);
  const runId = decodeURIComponent(new URL(app.url()).hash.split('/')[2]!);
  const grid = app.getByTestId('run-grid');
  await expect(grid).toHaveAttribute('data-virtual', 'true');
  const rendered = await grid.locator('tbody tr:not(.spacer)').count();
  expect(rendered).toBeLessThan(BUILTIN.length);
  await app.evaluate((id) => window.hintbench.waitRun(id).then(() => undefined), runId);
  await expect(app.getByTestId('run-status')).toHaveText('done');
  // Scrolling the grid brings the last instance in.
  const last = BUILTIN.at(-1)!;
  await expect(grid.getByRole('link', { name: last.title, exact: true })).toHaveCount(0);
  await grid.locator('xpath=..').evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(grid.getByRole('link', { name: last.title, exact: true })).toBeVisible();
  await expect(grid.locator(`[data-key="${last.id}|oracle|0"] [data-testid="item-status"]`)).toHaveText('done: fixed');
  await screenshot(app, 'large-run-grid');

  // Results: 106 items, listed virtually; the filter narrows them.
  await app.getByRole('link', { name: 'Results of this run' }).click();
  const items = app.getByTestId('items-table');
  await expect(items).toHaveAttribute('data-virtual', 'true');
  expect(await items.locator('tbody tr:not(.spacer)').count()).toBeLessThan(BUILTIN.length * 2);
  await app.getByTestId('items-filter').fill(last.title);
  await expect(items).toHaveAttribute('data-virtual', 'false');
  await expect(items.locator('tbody tr')).toHaveCount(2);
  await app.getByTestId('items-filter').fill('');

  // A narrow window: nothing is wider than the page; wide tables scroll inside their box.
  await app.setViewportSize({ width: 390, height: 844 });
  for (const path of [`#/results/${encodeURIComponent(runId)}`, `#/run/${encodeURIComponent(runId)}`]) {
    await app.evaluate((hash) => (location.hash = hash), path);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    // Charts size themselves to the new width, so the page may take a moment to fit.
    await expect
      .poll(() => app.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${path} is wider than the window`,
      })
      .toBeLessThanOrEqual(0);
  }
  await screenshot(app, 'large-run-narrow');
});
