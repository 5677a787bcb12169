// The Results page's figures (PAIR Figs. 3–6) on simulated runs: every plotted value is read
// from the marks' data attributes and checked against numbers this test computes itself from
// the run log; the exports (SVG, PNG, CSV), keyboard access, the baseline case and the layout
// at 1280 and 390 px wide.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { pairLog, type PairItem, type PairLog } from '../../src/core/protocols/pair/view.ts';
import { expect, screenshot, SCREENSHOTS, test } from '../fixtures.ts';

const ALPHA = 4;

async function simulatedRun(page: Page, protocol: string, instances: number, turns: number): Promise<string> {
  return page.evaluate(
    async ({ protocol, instances, turns }) => {
      const all = await window.hintbench.builtinInstances();
      const chosen = instances <= 3 ? all.filter((i) => i.subsets?.includes('demo')).slice(0, instances) : all.slice(0, instances);
      const id = await window.hintbench.startRun(
        {
          protocol,
          candidates: [
            { kind: 'simulated', profile: 'low' },
            { kind: 'simulated', profile: 'high' },
          ],
          params: { turns },
        },
        { id: 'builtin', name: 'Built-in benchmark', instances: chosen },
      );
      await window.hintbench.waitRun(id);
      return id;
    },
    { protocol, instances, turns },
  );
}

/** The run's log, read as PAIR turns. */
const runLog = async (page: Page, id: string) => pairLog(await page.evaluate(async (id) => (await window.hintbench.runLog(id))!, id));

async function openResults(page: Page, id: string): Promise<void> {
  await page.evaluate((id) => (location.hash = `#/results/${id}`), id);
  await expect(page.getByTestId('figures')).toBeVisible();
}

/** The plotted marks of a figure: series, x and value, read from their data attributes. */
async function marks(figure: Locator): Promise<{ series: string; x: string; value: number; carried: string | null }[]> {
  return figure.locator('.mark').evaluateAll((els) =>
    els.map((el) => ({
      series: el.getAttribute('data-series')!,
      x: el.getAttribute('data-x')!,
      value: Number(el.getAttribute('data-value')),
      carried: el.getAttribute('data-carried'),
    })),
  );
}

// ---- the expected values, computed here from the log ----

const candidates = (log: PairLog) => log.manifest.models.filter((m) => m.role === 'candidate');
const testCount = (log: PairLog, instanceId: string) => log.manifest.dataset.instances.find((i) => i.id === instanceId)!.testIds.length;
const evaluated = (log: PairLog, modelId: string) => log.items.filter((i) => i.modelId === modelId && i.turns.length > 0);
const rates = (log: PairLog, item: PairItem) => item.turns.map((t) => t.passed.length / testCount(log, item.instanceId));

/** Share of the model's items fully passing at some turn ≤ t. */
function fixedBy(log: PairLog, modelId: string, t: number): number {
  const items = evaluated(log, modelId);
  return (
    items.filter((i) =>
      rates(log, i)
        .slice(0, t + 1)
        .includes(1),
    ).length / items.length
  );
}

/** HCC: over initially failing items, the share of F_0 shown in a hint and passing at the end. */
function hcc(log: PairLog, modelId: string): number | null {
  const per = evaluated(log, modelId).flatMap((item) => {
    const first = new Set(item.turns[0]!.passed);
    const failing = log.manifest.dataset.instances.find((i) => i.id === item.instanceId)!.testIds.filter((id) => !first.has(id));
    if (!failing.length) return [];
    const shown = new Set(item.turns.flatMap((t) => t.feedback?.sampleIds ?? []));
    const last = new Set(item.turns.at(-1)!.passed);
    return [failing.filter((id) => shown.has(id) && last.has(id)).length / failing.length];
  });
  return per.length ? per.reduce((a, b) => a + b, 0) / per.length : null;
}

/** Attempts (runs of turns on one scenario) by the level they closed at; index 6 is unresolved. */
function closures(log: PairLog, modelId: string): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const item of evaluated(log, modelId)) {
    let open: string | null = null;
    for (const turn of item.turns.slice(1)) {
      const s = turn.feedback?.scenario;
      if (!s) continue;
      if (open !== s.id) {
        if (open !== null) counts[6]! += 1;
        open = s.id;
      }
      if (s.testIds.every((id) => turn.passed.includes(id))) {
        counts[turn.feedback!.level! - 1]! += 1;
        open = null;
      }
    }
    if (open !== null) counts[6]! += 1;
  }
  return counts;
}

async function downloaded(page: Page, figure: Locator, name: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name, exact: true }).click()]);
  return { download, bytes: readFileSync((await download.path())!) };
}

test('Figs. 3–6 of a simulated PAIR run plot the run log’s numbers, export, and work by keyboard', async ({ app }) => {
  test.setTimeout(300_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const runId = await simulatedRun(app, 'pair', 3, ALPHA);
  await openResults(app, runId);
  const log = await runLog(app, runId);
  const models = candidates(log);
  expect(models.map((m) => m.id)).toEqual(['sim-low', 'sim-high']);

  // Fig. 6: every point is the share of items fixed by that turn; the last one is Final Fix.
  const fig6 = app.getByTestId('fig6');
  const m6 = await marks(fig6);
  expect(m6).toHaveLength(models.length * (ALPHA + 1));
  for (const m of models) {
    for (let t = 0; t <= ALPHA; t++) expect(m6.find((p) => p.series === m.id && p.x === String(t))!.value).toBeCloseTo(fixedBy(log, m.id, t), 9);
    const last = m6.find((p) => p.series === m.id && p.x === String(ALPHA))!.value;
    expect(last).toBeCloseTo(log.summaries.find((s) => s.modelId === m.id)!.metrics.finalFix!, 9);
  }

  // Fig. 4: one bar per model at its HCC.
  const m4 = await marks(app.getByTestId('fig4'));
  for (const m of models) {
    const expected = hcc(log, m.id);
    expect(expected).not.toBeNull();
    expect(expected).toBeCloseTo(log.summaries.find((s) => s.modelId === m.id)!.metrics.hcc!, 9);
    expect(m4.filter((b) => b.series === m.id).map((b) => b.value)).toEqual([expect.closeTo(expected!, 9)]);
  }

  // Fig. 3: each model's segments are its attempts' shares per closing level, summing to 1.
  const m3 = await marks(app.getByTestId('fig3'));
  const buckets = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'unresolved'];
  for (const m of models) {
    const counts = closures(log, m.id);
    const attempted = counts.reduce((a, b) => a + b, 0);
    expect(attempted).toBeGreaterThan(0);
    const mine = m3.filter((s) => s.x === m.id);
    expect(mine.reduce((a, s) => a + s.value, 0)).toBeCloseTo(1, 9);
    // Empty levels draw no segment.
    expect(mine.map((s) => s.series)).toEqual(buckets.filter((_, k) => counts[k]! > 0));
    for (const s of mine) expect(s.value).toBeCloseTo(counts[buckets.indexOf(s.series)]! / attempted, 9);
  }
  await expect(app.getByTestId('fig3')).toContainText(`n = ${closures(log, models[0]!.id).reduce((a, b) => a + b, 0)}`);

  // Fig. 5: a panel per instance, a line per model, turn 0 at the turn-0 pass rate, α + 1 points.
  const panels = app.getByTestId('fig5-panel');
  await expect(panels).toHaveCount(3);
  for (const inst of log.manifest.dataset.instances) {
    const panel = app.locator(`[data-testid="fig5-panel"][data-instance="${inst.id}"]`);
    await expect(panel.locator('[data-line]')).toHaveCount(models.length);
    await expect(panel.getByRole('link', { name: inst.title })).toHaveAttribute('href', `#/results/${runId}/instance/${inst.id}`);
    const pts = await marks(panel);
    for (const m of models) {
      const item = log.items.find((i) => i.instanceId === inst.id && i.modelId === m.id)!;
      const mine = pts.filter((p) => p.series === m.id);
      expect(mine.map((p) => p.x)).toEqual(['0', '1', '2', '3', '4']);
      expect(mine[0]!.value).toBeCloseTo(item.turns[0]!.passed.length / inst.testIds.length, 9);
      // Points after the item's last turn carry its last rate, and say so.
      const last = rates(log, item).at(-1)!;
      for (const p of mine.slice(item.turns.length)) expect([p.value, p.carried]).toEqual([expect.closeTo(last, 9), 'true']);
      for (const p of mine.slice(0, item.turns.length)) expect(p.carried).toBe('false');
    }
  }
  // Simulated models keep their label in the legends.
  await expect(app.getByTestId('fig6').locator('.legend')).toContainText('Simulated candidate, low skill');

  // Exports: a standalone SVG with the title, a PNG, and the data as CSV.
  const svg = await downloaded(app, fig6, 'SVG');
  expect(svg.download.suggestedFilename()).toBe(`${runId}-fig6-cumulative-final-fix.svg`);
  const svgText = svg.bytes.toString('utf8');
  const parsed = await app.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      ns: doc.documentElement.namespaceURI,
      errors: doc.getElementsByTagName('parsererror').length,
      title: doc.querySelector('svg > title')?.textContent,
    };
  }, svgText);
  expect(parsed).toEqual({ root: 'svg', ns: 'http://www.w3.org/2000/svg', errors: 0, title: 'Cumulative Final Fix by turn (the paper’s Fig. 6)' });
  expect(svgText).toContain('>Cumulative Final Fix by turn (the paper’s Fig. 6)</text>');
  expect(svgText).toContain('Simulated candidate, high skill');
  const png = await downloaded(app, fig6, 'PNG');
  expect(png.download.suggestedFilename()).toBe(`${runId}-fig6-cumulative-final-fix.png`);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.length).toBeGreaterThan(2000);
  writeFileSync(`${SCREENSHOTS}/figures-export-fig6.png`, png.bytes);
  const csv = (await downloaded(app, fig6, 'Data (CSV)')).bytes.toString('utf8').trimEnd().split('\n');
  expect(csv[0]).toBe('model,turn,fixed items,items,cumulative Final Fix');
  expect(csv).toHaveLength(1 + models.length * (ALPHA + 1));
  const lowItems = evaluated(log, 'sim-low').length;
  const low0 = fixedBy(log, 'sim-low', 0);
  expect(csv[1]).toBe(`"Simulated candidate, low skill",0,${Math.round(low0 * lowItems)},${lowItems},${Math.round(low0 * 1e6) / 1e6}`);
  const csv5 = (await downloaded(app, app.getByTestId('fig5'), 'Data (CSV)')).bytes.toString('utf8').trimEnd().split('\n');
  expect(csv5[0]).toBe('instance,model,turn,pass rate,carried forward,buggy program pass rate');
  expect(csv5).toHaveLength(1 + 3 * models.length * (ALPHA + 1));
  const svg5 = (await downloaded(app, app.getByTestId('fig5'), 'SVG')).bytes.toString('utf8');
  for (const inst of log.manifest.dataset.instances) expect(svg5).toContain(`>${inst.title} · buggy `);
  writeFileSync(`${SCREENSHOTS}/figures-export-fig5.png`, (await downloaded(app, app.getByTestId('fig5'), 'PNG')).bytes);

  // The data table behind the chart.
  await fig6.getByText('Show the data').click();
  await expect(fig6.locator('details table tbody tr')).toHaveCount(models.length * (ALPHA + 1));

  // Keyboard: Tab from the legend reaches the first mark; its label and tooltip give its value.
  await fig6.locator('.legend button').last().focus();
  await app.keyboard.press('Tab');
  const focused = app.locator(':focus');
  await expect(focused).toHaveClass(/mark/);
  await expect(focused).toHaveAttribute('data-series', 'sim-low');
  await expect(focused).toHaveAttribute('data-x', '0');
  const share = fixedBy(log, 'sim-low', 0);
  const label = await focused.getAttribute('aria-label');
  expect(label).toContain(`${(share * 100).toFixed(1)}%`);
  await expect(fig6.getByTestId('chart-tooltip')).toHaveText(label!);
  await fig6.screenshot({ path: `${SCREENSHOTS}/figures-focus.png` });
  await app.keyboard.press('Tab');
  await expect(app.locator(':focus')).toHaveAttribute('data-x', '1');
  // Legend entries highlight a series.
  await fig6.locator('.legend button').first().click();
  await expect(fig6.locator('.legend button').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(fig6.locator('[data-line="sim-high"]')).toHaveClass(/dim/);
  await fig6.locator('.legend button').first().click();

  // The per-instance permalink shows the full-width Fig. 5 for that instance.
  const first = log.manifest.dataset.instances[0]!;
  await app.locator(`[data-testid="fig5-panel"][data-instance="${first.id}"]`).getByRole('link').click();
  const single = app.getByTestId('instance-trajectories');
  await expect(single).toBeVisible();
  await app.evaluate((id) => (location.hash = `#/results/${id}`), runId);

  await app.getByTestId('figures').scrollIntoViewIfNeeded();
  await app.mouse.move(0, 0);
  await screenshot(app, 'figures-1280');
  await app.getByTestId('figures').screenshot({ path: `${SCREENSHOTS}/figures-card-1280.png` });
  await app.setViewportSize({ width: 390, height: 844 });
  await expect(app.getByTestId('fig6').locator('svg[data-chart]')).toHaveAttribute('width', /^\d+$/);
  await app.waitForFunction(() => Number(document.querySelector('[data-testid="fig6"] svg[data-chart]')?.getAttribute('width')) < 390);
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'figures-390');
  for (const fig of ['fig3', 'fig4', 'fig5', 'fig6']) await app.getByTestId(fig).screenshot({ path: `${SCREENSHOTS}/figures-390-${fig}.png` });

  // Each description links to the figure's definition in the docs.
  await app.getByTestId('fig6').getByRole('link', { name: 'How it is computed' }).click();
  await expect(app.getByRole('heading', { name: 'Fig. 6: cumulative Final Fix by turn' })).toBeInViewport();
});

test('a vanilla-feedback run says Figs. 3–4 are not defined and shows the first 12 instances of Fig. 5', async ({ app }) => {
  test.setTimeout(300_000);
  const runId = await simulatedRun(app, 'vanilla', 13, 1);
  await openResults(app, runId);
  const log = await runLog(app, runId);
  for (const fig of ['fig3', 'fig4']) {
    await expect(app.getByTestId(`${fig}-undefined`)).toContainText('Not defined for the Vanilla feedback baseline protocol');
    await expect(app.getByTestId(fig).locator('svg')).toHaveCount(0);
  }
  const m6 = await marks(app.getByTestId('fig6'));
  for (const m of candidates(log))
    expect(m6.find((p) => p.series === m.id && p.x === '1')!.value).toBeCloseTo(log.summaries.find((s) => s.modelId === m.id)!.metrics.finalFix!, 9);
  await expect(app.getByTestId('fig5-panel')).toHaveCount(12);
  await expect(app.getByTestId('fig5').locator('[data-line]')).toHaveCount(12 * candidates(log).length);
  await app.getByRole('button', { name: 'Show all 13' }).click();
  await expect(app.getByTestId('fig5-panel')).toHaveCount(13);
  await app.getByTestId('figures').screenshot({ path: `${SCREENSHOTS}/figures-vanilla-1280.png` });
  await app.getByTestId('fig3-undefined').getByRole('link', { name: 'Why' }).click();
  await expect(app.getByRole('heading', { name: 'Figs. 3 and 4 under the baselines' })).toBeInViewport();
});
