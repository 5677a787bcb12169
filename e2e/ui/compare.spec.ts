// Controlled vs vanilla feedback, as the PAIR paper compares them: a PAIR run and its vanilla
// baseline started together from the Run page with repeats, then compared side by side (Tables
// V–VII), and one run's repeated-run tables; the numbers are recomputed here from the run logs.
import { expect, screenshot, test } from '../fixtures.ts';
import { downloadText, runLog } from '../runs-ui.ts';
import type { RunLog } from '../../src/core/model/runlog.ts';

const MODELS = ['Simulated candidate, low skill', 'Simulated candidate, high skill'];

/** Mean and sample std of the per-repeat values of a metric, as a table cell shows them. */
function cell(log: RunLog, modelId: string, metric: 'finalFix' | 'repairRate', scale = 100): string {
  const values = log.summaries
    .find((s) => s.modelId === modelId)!
    .repeats!.map((r) => r[metric])
    .filter((x): x is number => x !== null);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const std = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
  return `${(mean * scale).toFixed(2)}% ± ${(std * scale).toFixed(2)}`;
}

test('a PAIR run and its vanilla baseline, started together and compared (Tables V–VII)', async ({ app }) => {
  test.setTimeout(300_000);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run', exact: true }).click();
  const setup = app.getByTestId('run-setup');
  await setup.getByTestId('run-subset').selectOption('demo');
  for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
  for (const label of MODELS) await setup.getByLabel(label, { exact: true }).check();
  await setup.getByLabel('Turns (α)').fill('2');
  await setup.getByLabel('Repeats').fill('2');
  await setup.getByRole('checkbox', { name: 'Vanilla feedback baseline' }).check();
  await setup.getByTestId('run-start').click();
  await expect(app).toHaveURL(/#\/run\/run-/);
  const compare = app.getByTestId('group-compare');
  await expect(compare).toContainText('Compare it with the 1 run(s) started with it');
  // The links read as words apart: "Results of this run · Compare…", a space on each side of the dot.
  await expect(compare.locator('xpath=..')).toContainText('Results of this run · Compare it with');
  const href = (await compare.getAttribute('href'))!;
  const [pairId, vanillaId] = href.split('/').slice(3).map(decodeURIComponent);
  for (const id of [pairId!, vanillaId!]) await app.evaluate((runId) => window.hintbench.waitRun(runId).then(() => undefined), id);
  const pair = await runLog(app, pairId!);
  const vanilla = await runLog(app, vanillaId!);
  expect([pair.manifest.protocol.id, vanilla.manifest.protocol.id]).toEqual(['pair', 'vanilla']);
  // The baseline takes every parameter it shares with PAIR from the same form; it has no scenarios, so no β, K_max or s_min.
  expect(vanilla.manifest.params).toEqual({ turns: pair.manifest.params.turns, m: pair.manifest.params.m, regenerations: pair.manifest.params.regenerations });
  expect(pair.manifest.params).toMatchObject({ turns: 2, m: 3, regenerations: 3 });

  // One run's repeated-run tables.
  await app.evaluate((id) => (location.hash = `#/results/${encodeURIComponent(id)}`), pairId!);
  const spread = app.getByTestId('spread-table');
  for (const s of pair.summaries)
    await expect(spread.locator('tbody tr').filter({ hasText: s.label }).locator('td[data-metric="finalFix"]')).toHaveText(cell(pair, s.modelId, 'finalFix'));
  await expect(app.getByTestId('tau-table').locator('td[data-metric="average"]')).toHaveText(/^(-?\d\.\d{3}|—)$/);
  // Table III exports as CSV, one row per model.
  const csv = await downloadText(app, () => app.getByRole('button', { name: /Table III leaderboard as CSV$/i }).click());
  const lines = csv.text.trim().split('\n');
  expect(lines[0]).toBe('model,simulated,items,initialFix,trs,brg,bp,pmr,he,finalFix,gc,turnsToFix,net_gain,tokens,cost_usd');
  expect(lines).toHaveLength(1 + pair.summaries.length);

  // The comparison.
  await app.evaluate((h) => (location.hash = h), href);
  const table5 = app.getByTestId('compare-table-v');
  for (const [setting, log] of [pair, vanilla].entries()) {
    for (const s of log.summaries) {
      const row = table5.locator('tbody tr').filter({ hasText: s.label });
      await expect(row.locator(`td[data-setting="${setting}"][data-metric="finalFix"]`)).toHaveText(cell(log, s.modelId, 'finalFix'));
      await expect(row.locator(`td[data-setting="${setting}"][data-metric="repairRate"]`)).toHaveText(cell(log, s.modelId, 'repairRate'));
    }
  }
  await expect(app.getByTestId('compare-table-vi').locator('tbody tr')).toHaveCount(2);
  await expect(app.getByTestId('compare-table-vii').locator('td[data-setting="1"][data-metric="finalFix"]')).toHaveText(/^(-?\d\.\d{3}|—)$/);
  // Percents carry their sign, as Table III's do; Table V's names say what Table III calls them.
  await expect(table5.locator('th[title]', { hasText: 'Preservation Rate' }).first()).toHaveAttribute('title', /Table III’s BP/);
  await expect(table5).toContainText('Preservation Rate is Table III’s BP');
  await expect(app.getByTestId('leaderboard')).toHaveCount(2);
  await screenshot(app, 'compare');

  // The same comparison from the Results list: tick two runs, then Compare.
  await app.evaluate(() => (location.hash = '#/results'));
  await app.getByLabel(`Compare ${pair.manifest.name} (${pairId})`).check();
  await expect(app.getByTestId('compare-link')).toHaveAttribute('aria-disabled', 'true');
  await app.getByLabel(`Compare ${vanilla.manifest.name} (${vanillaId})`).check();
  await app.getByTestId('compare-link').click();
  await expect(app.getByTestId('compare')).toContainText('2 runs compared');
  await expect(app.getByTestId('compare-table-v')).toBeVisible();
});
