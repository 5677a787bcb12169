// PrismBench in the built site with the simulated models (no key, no network): a run started
// from the Run page grows its tree live, a node opens its detail, the Results page draws the
// heatmap, the radars, Tables 4–6, structure, concept pairs and diagnostics, and the tree is
// usable from the keyboard. Screenshots at 1280 and 390 px go to e2e/screenshots/.
import type { Page } from '@playwright/test';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { runLog, startRun, waitForStatus } from '../runs-ui.ts';

const MODELS = ['Simulated model, strong (hidden capability map)', 'Simulated model, weak (hidden capability map)'];

async function startPrism(page: Page, params: Record<string, string>): Promise<string> {
  return startRun(page, {
    protocol: 'prism',
    models: MODELS,
    concurrency: 3,
    prepare: async (setup) => {
      await expect(setup.getByTestId('run-subset')).toHaveCount(0); // no dataset to choose for a search
      await setup.getByTestId('run-analyser').selectOption('sim:rules');
      // The presets fill the parameters: the code's values, then the paper's again.
      await setup.getByTestId('run-preset').selectOption('code');
      await expect(setup.getByTestId('param-formulas')).toHaveValue('code');
      await expect(setup.getByTestId('param-eps1')).toHaveValue('0.25');
      await setup.getByTestId('run-preset').selectOption('paper');
      await expect(setup.getByTestId('param-formulas')).toHaveValue('paper');
      await expect(setup.getByTestId('param-eps1')).toHaveValue('0.2');
      for (const [key, value] of Object.entries(params)) await setup.getByTestId(`param-${key}`).fill(value);
      await setup.screenshot({ path: 'e2e/screenshots/prism-setup.png' });
    },
  });
}

test('a Prism run: the live tree, a node’s detail, the heatmap and the other figures', async ({ app }) => {
  test.setTimeout(180_000);
  const runId = await startPrism(app, { concepts: 'loops, conditionals, recursion, sorting, searching', maxNodes: '30', iterations1: '18', iterations2: '8', variations: '2' });
  const live = app.getByTestId('prism-live');
  await expect(live).toBeVisible();
  // The tree grows while the run goes: its node count rises, with progress per model.
  const nodes = () => live.locator('[data-node]').count();
  await expect.poll(nodes, { timeout: 60_000 }).toBeGreaterThan(15);
  await expect(live.getByTestId('tree-progress').first()).toContainText('of 30 node evaluations');
  await screenshot(app, 'prism-live');
  await waitForStatus(app, 'done');
  const log: RunLog = await runLog(app, runId);
  for (const m of ['sim-strong', 'sim-weak']) expect(log.items.filter((i) => i.modelId === m).length).toBeLessThanOrEqual(30);
  await expect(live.getByTestId('tree-progress').first()).toContainText('of 30 node evaluations');
  await expect(live.getByTestId('prism-spend')).toContainText('$0');

  // A node's detail: its challenge, the model's tests and each attempt with its cases.
  const evaluated = live.locator('[data-node][aria-label*="evaluation(s)"]').first();
  await evaluated.click();
  const detail = live.getByTestId('node-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('evaluation').first()).toBeVisible();
  if (!(await detail.getByTestId('challenge').first().isVisible())) await detail.getByText(/^Challenge/).first().click(); // open unless it is
  await expect(detail.getByTestId('challenge').first()).toBeVisible();
  await expect(detail.getByTestId('attempt').first()).toBeVisible();
  await screenshot(app, 'prism-node-detail');

  // The keyboard: Tab onto the tree, arrows move, Enter opens.
  await evaluated.focus();
  await app.keyboard.press('ArrowRight');
  const moved = await app.evaluate(() => document.activeElement?.getAttribute('data-node'));
  expect(moved).toBeTruthy();
  await app.keyboard.press('Enter');
  await expect(detail).toHaveAttribute('data-node', moved!);

  // The Results page: the heatmap and the rest.
  await app.getByRole('link', { name: 'Results of this run' }).click();
  const heatmap = app.getByTestId('heatmap-figure');
  await expect(heatmap.locator('rect[data-value]').first()).toBeVisible();
  expect(await heatmap.locator('rect[data-value]').count()).toBeGreaterThan(5);
  for (const id of ['prism-tree', 'radar-figure', 'radar-groups-figure', 'table-4', 'table-5', 'table-6', 'depth-figure', 'pairs-figure', 'diag-errors']) await expect(app.getByTestId(id)).toBeVisible();
  await expect(app.getByTestId('leaderboard')).toContainText('Simulated model, strong');
  await app.getByTestId('heatmap-figure').scrollIntoViewIfNeeded();
  await app.getByTestId('heatmap-figure').screenshot({ path: 'e2e/screenshots/prism-heatmap.png' });
  await app.getByTestId('prism-mastery').screenshot({ path: 'e2e/screenshots/prism-mastery.png' });
  await app.getByTestId('prism-structure').screenshot({ path: 'e2e/screenshots/prism-structure.png' });
  await app.getByTestId('prism-combinations').screenshot({ path: 'e2e/screenshots/prism-pairs.png' });
  await app.getByTestId('prism-diagnostics').screenshot({ path: 'e2e/screenshots/prism-diagnostics.png' });
  await screenshot(app, 'prism-results');

  // The whole tree exports as SVG (not only the zoomed view): a circle per node.
  const tree = app.getByTestId('prism-tree').getByTestId('tree-figure');
  const [svg] = await Promise.all([app.waitForEvent('download'), tree.locator('[data-export="svg"]').click()]);
  const svgText = await (await import('node:fs/promises')).readFile((await svg.path())!, 'utf8');
  expect((svgText.match(/<circle/g) ?? []).length).toBe(await app.getByTestId('prism-tree').locator('[data-node]').count());

  // The heatmap's data as CSV, its values the log's.
  const [download] = await Promise.all([app.waitForEvent('download'), heatmap.locator('[data-export="csv"]').click()]);
  expect(download.suggestedFilename()).toBe(`${runId}-heatmap-sim-strong.csv`);

  // An evaluation's own page.
  const key = log.items.find((i) => i.modelId === 'sim-strong')!.key;
  await app.goto(app.url().replace(/#.*$/, `#/results/${runId}/${encodeURIComponent(key)}`));
  await expect(app.getByTestId('evaluation-page')).toBeVisible();
  await expect(app.getByTestId('evaluation-calls')).toContainText('designer');
  await screenshot(app, 'prism-evaluation');

  // 390 px: the live view and the results fit the width.
  await app.setViewportSize({ width: 390, height: 800 });
  await app.goto(app.url().replace(/#.*$/, `#/run/${runId}`));
  await expect(app.getByTestId('prism-live')).toBeVisible();
  await app.getByTestId('prism-live').screenshot({ path: 'e2e/screenshots/prism-live-390.png' });
  await app.goto(app.url().replace(/#.*$/, `#/results/${runId}`));
  await expect(app.getByTestId('heatmap-figure')).toBeVisible();
  await app.getByTestId('results-summary').screenshot({ path: 'e2e/screenshots/prism-summary-390.png' });
  await app.getByTestId('heatmap-figure').screenshot({ path: 'e2e/screenshots/prism-heatmap-390.png' });
  await app.getByTestId('table-4').screenshot({ path: 'e2e/screenshots/prism-table4-390.png' });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
});
