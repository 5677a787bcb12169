// PrismBench in the built site with the simulated models (no key, no network): a run started
// from the Run page grows its tree live, counting its progress in evaluations out of its budget,
// a node opens its detail, the Results page draws the heatmap (each cell's n, hatched below the
// minimum), the radars, Tables 4–6 (integer counts, every model's n, Wilson intervals),
// structure, concept pairs and diagnostics, and the tree is usable from the keyboard. A search
// that ends early shows complete, and a concept without data is a gap in the radar and "—" in
// the tables. Screenshots at 1280 and 390 px go to e2e/screenshots/.
import type { Locator, Page } from '@playwright/test';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { runLog, startRun, waitForStatus } from '../runs-ui.ts';

const MODELS = ['Simulated model, strong (hidden capability map)', 'Simulated model, weak (hidden capability map)'];
const MODEL_IDS = ['sim-strong', 'sim-weak'];
const CONCEPTS = ['loops', 'conditionals', 'recursion', 'sorting', 'searching'];

/** The run page's progress: its numbers, and the line's parts ("12 done, 0 with errors, 0 working, 48 to go"). */
async function progressOf(page: Page) {
  const line = page.getByTestId('run-progress');
  const text = (await line.textContent()) ?? '';
  const m = /(\d+) done, (\d+) with errors, (\d+) working, (\d+) to go/.exec(text);
  expect(m, text).not.toBeNull();
  const [done, errors, working, toGo] = m!.slice(1).map(Number) as [number, number, number, number];
  const bar = page.getByTestId('run-totals').locator('progress').first();
  return {
    total: Number(await line.getAttribute('data-total')),
    finished: Number(await line.getAttribute('data-finished')),
    done,
    errors,
    working,
    toGo,
    max: Number(await bar.getAttribute('max')),
    value: Number(await bar.getAttribute('value')),
    text,
  };
}

/** Each tree's progress in the live view: finished evaluations and budget. */
async function treesOf(live: Locator) {
  const spans = await live.getByTestId('tree-progress').all();
  return Promise.all(
    spans.map(async (s) => ({
      finished: Number(await s.getAttribute('data-finished')),
      budget: Number(await s.getAttribute('data-budget')),
      text: (await s.textContent()) ?? '',
    })),
  );
}

/** A model's evaluations with a result in the log (what the tables count), by what they held. */
const evaluationsOf = (log: RunLog, modelId: string) =>
  log.items
    .filter((i) => i.modelId === modelId && i.status === 'done' && i.steps.some((s) => (s.data as { kind?: string } | undefined)?.kind === 'attempt'))
    .map((i) => i.data as { concepts: string[]; level: number });

async function startPrism(page: Page, params: Record<string, string>): Promise<string> {
  return startRun(page, {
    protocol: 'prism',
    models: MODELS,
    concurrency: 3,
    prepare: async (setup) => {
      await expect(setup.getByTestId('run-subset')).toHaveCount(0); // no dataset to choose for a search
      await setup.getByTestId('run-analyser').selectOption('sim:rules');
      // The Run page names the default design and why; the Paper presets run the tree search.
      await expect(setup.getByTestId('protocol-description')).toContainText('The default design is stratified sampling');
      await expect(setup.getByTestId('param-design')).toHaveValue('stratified');
      // The presets fill the parameters: the code's values, the paper taken literally, then the defaults (bounded values) again.
      await expect(setup.getByTestId('param-formulas')).toHaveValue('bounded');
      await setup.getByTestId('run-preset').selectOption('code');
      await expect(setup.getByTestId('param-formulas')).toHaveValue('code');
      await expect(setup.getByTestId('param-eps1')).toHaveValue('0.25');
      await setup.getByTestId('run-preset').selectOption('paper');
      await expect(setup.getByTestId('param-formulas')).toHaveValue('paper');
      await expect(setup.getByTestId('param-eps1')).toHaveValue('0.2');
      await setup.getByTestId('run-preset').selectOption('bounded');
      await expect(setup.getByTestId('param-formulas')).toHaveValue('bounded');
      await expect(setup.getByTestId('param-design')).toHaveValue('tree');
      for (const [key, value] of Object.entries(params)) {
        const field = setup.getByTestId(`param-${key}`);
        if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
        else await field.fill(value);
      }
      await setup.screenshot({ path: 'e2e/screenshots/prism-setup.png' });
    },
  });
}

test('a Prism run: the live tree, a node’s detail, the heatmap and the other figures', async ({ app }) => {
  test.setTimeout(180_000);
  const runId = await startPrism(app, {
    concepts: 'loops, conditionals, recursion, sorting, searching',
    maxNodes: '30',
    iterations1: '18',
    iterations2: '8',
    variations: '2',
  });
  const live = app.getByTestId('prism-live');
  await expect(live).toBeVisible();
  // The tree grows while the run goes: its node count rises, with progress per model.
  const nodes = () => live.locator('[data-node]').count();
  await expect.poll(nodes, { timeout: 60_000 }).toBeGreaterThan(15);
  await expect(live.getByTestId('tree-progress').first()).toContainText('of 30 node evaluations');
  await screenshot(app, 'prism-live');

  // Mid-run (paused, so that the numbers hold still): progress counts evaluations out of the
  // budget, 2 models × 30, not the units the search has made so far.
  await app.getByTestId('run-pause').click();
  await waitForStatus(app, 'paused');
  const paused = await runLog(app, runId);
  const finishedNow = paused.items.filter((i) => i.status === 'done' || i.status === 'error').length;
  expect(finishedNow).toBeLessThan(60);
  await expect.poll(async () => (await progressOf(app)).total).toBe(60);
  const mid = await progressOf(app);
  expect(mid.done + mid.errors).toBe(finishedNow);
  expect(mid.working).toBe(0);
  expect(mid.toGo).toBe(60 - finishedNow); // the made-but-queued units and the unmade ones
  expect(paused.items.length).toBeLessThan(60); // counting the units made so far would have said less was left
  expect([mid.max, mid.value]).toEqual([60, finishedNow]);
  await expect(app.getByTestId('run-progress')).toContainText('of at most 60');
  // The live view re-reads the stored run as it changes: its trees come to the same count.
  await expect.poll(async () => (await treesOf(live)).reduce((n, t) => n + t.finished, 0)).toBe(finishedNow);
  expect((await treesOf(live)).map((t) => t.budget)).toEqual([30, 30]);
  await app.getByTestId('run-totals').screenshot({ path: 'e2e/screenshots/prism-progress-paused.png' });
  await app.getByTestId('run-resume').click();

  await waitForStatus(app, 'done');
  const log: RunLog = await runLog(app, runId);
  for (const m of MODEL_IDS) expect(log.items.filter((i) => i.modelId === m).length).toBeLessThanOrEqual(30);
  // Over: complete, each tree's budget what it made (30, or fewer if its search ended first).
  await expect.poll(async () => (await progressOf(app)).total).toBe(log.items.length);
  const end = await progressOf(app);
  expect([end.toGo, end.working, end.done + end.errors, end.value, end.max]).toEqual([0, 0, log.items.length, log.items.length, log.items.length]);
  await expect
    .poll(async () => (await treesOf(live)).map((t) => [t.finished, t.budget]))
    .toEqual(MODEL_IDS.map((m) => [log.items.filter((i) => i.modelId === m).length, log.items.filter((i) => i.modelId === m).length]));
  await expect(live.getByTestId('prism-spend')).toContainText('$0');

  // A node's detail: its challenge, the model's tests and each attempt with its cases.
  const evaluated = live.locator('[data-node][aria-label*="evaluation(s)"]').first();
  await evaluated.click();
  const detail = live.getByTestId('node-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('evaluation').first()).toBeVisible();
  if (!(await detail.getByTestId('challenge').first().isVisible()))
    await detail
      .getByText(/^Challenge/)
      .first()
      .click(); // open unless it is
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
  for (const id of ['prism-tree', 'radar-figure', 'radar-groups-figure', 'table-4', 'table-5', 'table-6', 'depth-figure', 'pairs-figure'])
    await expect(app.getByTestId(id)).toBeVisible();
  // The analyser looks at Phase-3 nodes: the weak model fails, so its failing Phase-2 nodes get variations, and the analyser's reports.
  await app.getByTestId('diag-model').selectOption('sim-weak');
  await expect(app.getByTestId('diag-errors')).toBeVisible();

  // Every heatmap cell with data prints its n, the log's count of the strong model's evaluations
  // of the concept at the level; those below 3 are hatched, the others not; the legend says so.
  const strong = evaluationsOf(log, 'sim-strong');
  const marks = heatmap.locator('rect.mark');
  expect(await marks.count()).toBeGreaterThan(5);
  let few = 0;
  for (const mark of await marks.all()) {
    const [concept, level] = [await mark.getAttribute('data-row'), await mark.getAttribute('data-col')];
    const n = strong.filter((r) => r.concepts.includes(concept!) && ['very easy', 'easy', 'medium', 'hard', 'very hard'][r.level] === level).length;
    expect(Number(await mark.getAttribute('data-n')), `${concept} at ${level}`).toBe(n);
    expect(await mark.getAttribute('aria-label')).toMatch(/of \d+ evaluations?; 95% interval \d+–\d+%/);
    expect(await mark.getAttribute('data-few')).toBe(n < 3 ? 'true' : null);
    few += n < 3 ? 1 : 0;
  }
  expect(await heatmap.locator('rect.few').count()).toBe(few);
  expect(await heatmap.locator('[data-cell-n]').count()).toBe(await marks.count());
  await expect(heatmap.locator('[data-cell-n]').first()).toHaveText(/^n=\d+$/);
  await expect(heatmap.getByTestId('heatmap-legend')).toContainText('hatched: fewer than 3 evaluations');

  // Tables 5–6: every model's n in every row, counts as integers, success with its interval; their n the log's.
  for (const [id, rows] of [
    ['table-5', 5],
    ['table-6', CONCEPTS.length],
  ] as const) {
    const t = app.getByTestId(id);
    for (const m of MODEL_IDS) {
      await expect(t.locator(`td[data-model="${m}"][data-col="n"]`)).toHaveCount(rows);
      for (const cell of await t.locator(`td[data-model="${m}"][data-col="n"], td[data-model="${m}"][data-col="interventions"]:not(.none)`).all())
        await expect(cell).toHaveText(/^\d+$/);
      for (const cell of await t.locator(`td[data-model="${m}"][data-col="success"]:not(.none)`).all())
        await expect(cell).toHaveText(/^\d+\.\d% \[\d+\.\d, \d+\.\d\]$/);
    }
  }
  for (const m of MODEL_IDS) {
    const mine = evaluationsOf(log, m);
    for (const c of CONCEPTS)
      await expect(app.getByTestId('table-6').locator(`tr[data-row="${c}"] td[data-model="${m}"][data-col="n"]`)).toHaveText(
        String(mine.filter((r) => r.concepts.includes(c)).length),
      );
  }
  await expect(app.getByTestId('table-5')).not.toContainText('.00');
  // Table 4: each cell with its interval; — (titled "no evaluation") where there is none.
  for (const cell of await app.getByTestId('table-4').locator('td:not(.none)').all())
    await expect(cell).toHaveText(/^(✓|✗|\d\.\d\d)†? \[\d\.\d\d, \d\.\d\d\]$/);
  for (const cell of await app.getByTestId('table-4').locator('td.none').all()) {
    await expect(cell).toHaveText('—');
    await expect(cell).toHaveAttribute('title', 'no evaluation');
  }
  await expect(app.getByTestId('leaderboard')).toContainText('Simulated model, strong');
  // The pointer off the charts: a chart mark scrolled under it would show its tooltip in the screenshots.
  await app.mouse.move(0, 0);
  await app.getByTestId('heatmap-figure').scrollIntoViewIfNeeded();
  await app.getByTestId('heatmap-figure').screenshot({ path: 'e2e/screenshots/prism-heatmap.png' });
  await app.getByTestId('prism-mastery').screenshot({ path: 'e2e/screenshots/prism-mastery.png' });
  // Each phase's end is listed with its reason: Phase 1 at its share of the budget (15 of 30), Phase 2 at I₂ = 8 or converged.
  const reasons = app.getByTestId('phase-reasons').first().locator('li');
  await expect(reasons.first()).toHaveText(
    /^Phase 1: \d+ evaluation\(s\) — (cap reached: 15 of 15 evaluation\(s\) \(its share of the budget\)|converged: 5 checks in a row within Δ₁ = 0\.3 .*)$/,
  );
  await expect(reasons.nth(1)).toHaveText(/^Phase 2: \d+ evaluation\(s\) — (cap reached: \d+ of \d+ evaluation\(s\) .*|converged: .*)$/);
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

test('a search that ends early shows complete; a concept without data is a gap in the radar and "—" in the tables', async ({ app }) => {
  test.setTimeout(120_000);
  // Single concepts only; Phase 1 stops at 3 evaluations and Phase 2 makes none, so Phase 3 has
  // nothing to vary: each search is over after 3 of its 50, and 2 of the 5 concepts are never met.
  const runId = await startPrism(app, { concepts: CONCEPTS.join(', '), initialNodes: 'singles', maxNodes: '50', iterations1: '3', iterations2: '0' });
  const live = app.getByTestId('prism-live');
  await waitForStatus(app, 'done');
  const log = await runLog(app, runId);
  expect(log.items).toHaveLength(6);
  await expect.poll(async () => (await progressOf(app)).total).toBe(6);
  const end = await progressOf(app);
  expect([end.done, end.working, end.toGo, end.value, end.max]).toEqual([6, 0, 0, 6, 6]);
  await expect
    .poll(async () => (await treesOf(live)).map((t) => [t.finished, t.budget]))
    .toEqual([
      [3, 3],
      [3, 3],
    ]);
  await expect(live.getByTestId('tree-progress').first()).toHaveText('3 of 3 node evaluations done (its search ended before the cap of 50)');
  await expect(live.getByTestId('prism-progress')).toContainText('search over');
  // Once the run is over its tree is no longer called live.
  await expect(live.getByTestId('tree-figure').getByRole('heading').first()).toContainText('Final');
  await expect(live.getByTestId('tree-figure').getByRole('heading').first()).not.toContainText('Live');
  await app.getByTestId('run-totals').screenshot({ path: 'e2e/screenshots/prism-progress-early.png' });

  await app.getByRole('link', { name: 'Results of this run' }).click();
  await expect(app.getByTestId('heatmap-figure')).toBeVisible();
  const radar = app.getByTestId('radar-figure');
  for (const m of MODEL_IDS) {
    const mine = evaluationsOf(log, m);
    const met = CONCEPTS.filter((c) => mine.some((r) => r.concepts.includes(c)));
    const missing = CONCEPTS.filter((c) => !met.includes(c));
    expect(missing.length).toBe(2);
    // Fig. 3: no point on the concepts without data (never a point at 0), the gap named under the chart.
    const series = radar.locator(`g.series[data-series="${m}"]`);
    await expect(series).toHaveAttribute('data-missing', missing.join(','));
    await expect(series.locator('.mark')).toHaveCount(met.length);
    await expect(series.locator('path').first()).toHaveAttribute('fill', 'none');
    const note = radar.locator(`[data-testid="radar-no-data"][data-series="${m}"]`);
    await expect(note).toHaveAttribute('aria-label', new RegExp(`no data · .*: ${missing.join(', ')}$`));
    // The note is whole (wrapped, never cut) and inside the chart.
    expect((await note.locator('tspan').allTextContents()).join(' ')).toBe(await note.getAttribute('aria-label'));
    const [box, chart] = [(await note.boundingBox())!, (await radar.locator('svg[data-chart="radar"]').first().boundingBox())!];
    expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(chart.x + chart.width + 1);
    // Table 6: n 0, and — titled "no evaluation", never 0 %.
    for (const c of missing) {
      const row = app.getByTestId('table-6').locator(`tr[data-row="${c}"]`);
      await expect(row.locator(`td[data-model="${m}"][data-col="n"]`)).toHaveText('0');
      for (const col of ['success', 'interventions']) {
        await expect(row.locator(`td[data-model="${m}"][data-col="${col}"]`)).toHaveText('—');
        await expect(row.locator(`td[data-model="${m}"][data-col="${col}"]`)).toHaveAttribute('title', 'no evaluation');
      }
    }
  }
  // Fig. 4: every evaluation was at the easiest level, so the other groups have no point at all.
  const groups = app.getByTestId('radar-groups-figure');
  await expect(groups.locator('g.series[data-series="group-2"] .mark')).toHaveCount(0);
  await expect(groups.locator('g.series[data-series="group-2"] path').first()).toHaveAttribute('d', '');
  await expect(groups.locator('[data-testid="radar-no-data"][data-series="group-2"]')).toHaveAttribute('aria-label', `no data · H/VH: ${CONCEPTS.join(', ')}`);
  // Table 4: the harder groups are — for every concept, titled "no evaluation".
  for (const c of CONCEPTS) {
    const cells = app.getByTestId('table-4').locator(`tr[data-concept="${c}"] td[data-group="2"]`);
    await expect(cells).toHaveCount(2);
    for (const cell of await cells.all()) {
      await expect(cell).toHaveText('—');
      await expect(cell).toHaveAttribute('title', 'no evaluation');
    }
  }
  // The heatmap: each evaluated cell has n = 1, hatched; the rest grey "—".
  const heatmap = app.getByTestId('heatmap-figure');
  for (const mark of await heatmap.locator('rect.mark').all()) {
    await expect(mark).toHaveAttribute('data-n', '1');
    await expect(mark).toHaveAttribute('data-few', 'true');
  }
  await expect(heatmap.locator('rect[data-empty="true"]')).toHaveCount(5 * 5 - (await heatmap.locator('rect.mark').count()));
  await expect(heatmap.getByTestId('heatmap-legend')).toContainText('—: no evaluation');
  await app.getByTestId('radar-figure').screenshot({ path: 'e2e/screenshots/prism-radar-gaps.png' });
  await app.getByTestId('table-6').screenshot({ path: 'e2e/screenshots/prism-table6-gaps.png' });
});

test('a stratified baseline from the Run page: every cell once per round, named a baseline wherever its stage shows', async ({ app }) => {
  test.setTimeout(120_000);
  // Two concepts × five levels = 10 cells; 20 evaluations per model: two rounds.
  const runId = await startPrism(app, { design: 'stratified', concepts: 'loops, sorting', maxNodes: '20' });
  await waitForStatus(app, 'done');
  const log = await runLog(app, runId);
  for (const m of ['sim-strong', 'sim-weak']) {
    const cells = log.items
      .filter((i) => i.modelId === m)
      .map((i) => {
        const d = i.data as { concepts: string[]; level: number; how: string };
        return `${d.how}:${d.concepts.join('+')}@${d.level}`;
      });
    expect(cells).toHaveLength(20);
    expect(new Set(cells.slice(0, 10)).size).toBe(10);
    expect(new Set(cells.slice(10)).size).toBe(10);
    expect(cells.every((c) => c.startsWith('stratified:'))).toBe(true);
  }
  await expect(app.getByTestId('prism-live').getByTestId('phase-log').first()).toHaveText(
    ' · Baseline (stratified) the budget is spent: 20 of 20 evaluation(s)',
  );
  await app.getByRole('link', { name: 'Results of this run' }).click();
  await expect(app.getByTestId('phase-reasons').first().locator('li')).toHaveText([
    'Baseline (stratified): 20 evaluation(s) — the budget is spent: 20 of 20 evaluation(s)',
  ]);
  await expect(app.getByTestId('tree-figure').getByRole('heading').first()).toContainText('Cells of the stratified baseline');
  await expect(app.getByTestId('tree-figure')).toContainText('A baseline design, no search');
  await app.getByTestId('prism-tree').scrollIntoViewIfNeeded();
  await app.getByTestId('prism-tree').screenshot({ path: 'e2e/screenshots/prism-baseline-tree.png', animations: 'disabled' });
});
