// The PrismBench search tree at any size, and figures never cut: a results file of a large
// search (150 node evaluations, made here with the search itself and hand-made outcomes) opens
// in the Results page; at Fit the tree's labels can be read and none overlaps another; "+N
// more" opens a group; each node has one edge, from its primary parent, and choosing a pair
// shows its other parent's; a two-finger pinch zooms (d3-zoom's touch gestures, real touch events
// through the DevTools protocol); the keys the Keyboard list names work; a node's value history
// lists its Phase-2 reset; and every figure of the page exports as an SVG whose every text lies
// inside its box (and inside every nested panel's box), checked by laying the exported file out
// in the page. Screenshots: the tree at Fit and an exported figure, in e2e/screenshots/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { ItemRecord, RunLog } from '../../src/core/model/runlog.ts';
import { grow, searchStates } from '../../src/core/protocols/prism/search.ts';
import { finished, manifestOf } from '../../src/core/protocols/prism/test-support.ts';
import { expect, SCREENSHOTS, test } from '../fixtures.ts';
import { downloadText } from '../runs-ui.ts';

test.use({ hasTouch: true });

/** A finished search of 150 evaluations (its summaries are computed when the file opens) on the paper's concepts: two passes, then a failure, over and over. */
function largeRun(): RunLog {
  const manifest = { ...manifestOf({ maxNodes: 150, iterations1: 60 }), runId: 'run-prism-tree', name: 'A large PrismBench tree' };
  const items: ItemRecord[] = [];
  let k = 0;
  for (let units = grow(items, manifest); units.length; units = grow(items, manifest))
    items.push(...units.map((u) => finished(u, k++ % 3 === 2 ? 'fail' : 'pass')));
  return { manifest, items, summaries: [] };
}

const LOG = largeRun();
const STATE = searchStates(LOG.manifest, LOG.items)[0]!.state;

async function openResults(page: Page): Promise<void> {
  const file = join(tmpdir(), `prism-tree-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(LOG));
  await page.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await page.getByTestId('results-open').setInputFiles(file);
  await expect(page.getByTestId('prism-tree')).toBeVisible({ timeout: 60_000 });
}

type Box = { id: string; left: number; right: number; top: number; bottom: number };

/** The screen boxes of the drawn tree's labels (nodes and folds). */
const labelBoxes = (canvas: Locator): Promise<Box[]> =>
  canvas.evaluate((svg) =>
    [...svg.querySelectorAll('[data-node], [data-fold]')].map((g) => {
      const r = g.querySelector('text.label')!.getBoundingClientRect();
      return { id: g.getAttribute('data-node') ?? g.getAttribute('data-fold')!, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );

function overlaps(boxes: Box[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) out.push(`${a.id} × ${b.id}`);
    }
  return out;
}

const scaleOf = async (canvas: Locator) => Number(await canvas.getAttribute('data-scale'));

test('the tree of a large search: readable at Fit, folds that open, pinch zoom, the keyboard, the value history with its reset', async ({ app }) => {
  expect(STATE.tree.order.length).toBeGreaterThan(100);
  await openResults(app);
  const section = app.getByTestId('prism-tree');
  const canvas = section.getByTestId('search-tree');
  await expect(canvas.locator('[data-node]').first()).toBeVisible();

  // At Fit: an overview, its labels at a readable scale, none overlapping another, all inside the canvas.
  await expect(section.getByTestId('tree-count')).toContainText(`of ${STATE.tree.order.length} nodes shown`);
  expect(await canvas.locator('[data-fold]').count()).toBeGreaterThan(0);
  expect(await scaleOf(canvas)).toBeGreaterThanOrEqual(0.8);
  const boxes = await labelBoxes(canvas);
  expect(boxes.length).toBeGreaterThan(20);
  expect(overlaps(boxes)).toEqual([]);
  const frame = (await canvas.boundingBox())!;
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(frame.x);
    expect(b.right).toBeLessThanOrEqual(frame.x + frame.width);
    expect(b.top).toBeGreaterThanOrEqual(frame.y);
    expect(b.bottom).toBeLessThanOrEqual(frame.y + frame.height);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  await section.getByTestId('tree-figure').screenshot({ path: `${SCREENSHOTS}/prism-tree-fit.png`, animations: 'disabled' });

  // "+N more" opens its group: more nodes, still no overlap at Fit.
  const before = await canvas.locator('[data-node]').count();
  const fold = canvas.locator('[data-fold]').first();
  const hiddenThere = Number(/^\+(\d+)/.exec((await fold.locator('tspan').first().textContent())!)![1]);
  await fold.click();
  await expect(canvas.locator('[data-node]')).toHaveCount(before + hiddenThere);
  await section.getByTestId('tree-fit').click();
  expect(overlaps(await labelBoxes(canvas))).toEqual([]);

  // Show all: every node, no overlap; Overview again.
  await section.getByTestId('tree-all').click();
  await expect(canvas.locator('[data-node]')).toHaveCount(STATE.tree.order.length);
  expect(overlaps(await labelBoxes(canvas))).toEqual([]);
  // One edge per node, from its primary parent; choosing a pair shows its other parent's edge too.
  const withParents = STATE.tree.order.filter((n) => n.parents.length);
  await expect(canvas.locator('[data-edge]')).toHaveCount(withParents.length);
  const pair = withParents.find((n) => n.parents.length === 2)!;
  const other = canvas.locator(`[data-edge="${pair.parents[1]}>${pair.id}"]`);
  await expect(other).toHaveCount(0);
  await canvas.locator(`[data-node="${pair.id}"]`).click();
  await expect(other).toHaveCount(1);
  await expect(other).toHaveClass(/other/);
  await section.getByTestId('tree-all').click();
  await expect(canvas.locator('[data-fold]').first()).toBeVisible();

  // A two-finger pinch (real touch events) zooms in around the fingers.
  await section.getByTestId('tree-fit').click();
  const fitScale = await scaleOf(canvas);
  const cdp = await app.context().newCDPSession(app);
  expect(await app.evaluate(() => navigator.maxTouchPoints)).toBeGreaterThan(0); // a touch screen, as d3-zoom looks for
  await canvas.scrollIntoViewIfNeeded();
  const view = (await canvas.boundingBox())!;
  const cx = view.x + view.width / 2;
  const cy = view.y + view.height / 2;
  const fingers = (d: number) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const d of [45, 60, 75, 90]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitScale * 3, 2); // the fingers' distance went from 60 to 180
  // And pinching in zooms out.
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(90) });
  for (const d of [60, 45]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitScale * 1.5, 2);

  // The Keyboard list is there, and the keys it names work.
  const keys = section.getByTestId('tree-keys');
  await keys.getByText('Keyboard').click();
  for (const key of ['← →', '↑ ↓', 'Enter, Space', '+ −', 'Shift + arrows', '0']) await expect(keys.locator('kbd', { hasText: key })).toBeVisible();
  await section.getByTestId('tree-fit').click();
  const first = canvas.locator('[data-node]').first();
  await first.focus();
  await app.keyboard.press('+');
  await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitScale * 1.25, 3);
  await app.keyboard.press('-');
  await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitScale, 3);
  const x0 = Number(await canvas.getAttribute('data-x'));
  await app.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => Number(await canvas.getAttribute('data-x'))).toBeCloseTo(x0 - 60, 0);
  const y0 = Number(await canvas.getAttribute('data-y'));
  await app.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => Number(await canvas.getAttribute('data-y'))).toBeCloseTo(y0 - 60, 0);
  await app.keyboard.press('0');
  await expect.poll(async () => Number(await canvas.getAttribute('data-x'))).not.toBeCloseTo(x0 - 60, 0);
  await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitScale, 3);
  const firstId = await first.getAttribute('data-node');
  await app.keyboard.press('ArrowRight');
  const moved = await app.evaluate(() => document.activeElement?.getAttribute('data-node'));
  expect(moved).toBeTruthy();
  expect(moved).not.toBe(firstId);
  await app.keyboard.press('ArrowDown');
  const child = await app.evaluate(() => document.activeElement?.getAttribute('data-node') ?? document.activeElement?.getAttribute('data-fold'));
  expect(STATE.tree.get(moved!).children.includes(child!) || /^d\d+p\d$/.test(child!)).toBe(true);
  await app.keyboard.press('ArrowUp');
  await app.keyboard.press('Enter');
  const detail = section.getByTestId('node-detail');
  const opened = await detail.getAttribute('data-node');
  expect(STATE.tree.get(child!.startsWith('n') ? child! : moved!).parents.concat(moved!)).toContain(opened);

  // A node reset when Phase 2 began: its value history lists the reset, with the value it was given.
  const reset = STATE.tree.order.find(
    (n) => n.initial && n.history.length > 2 && n.history.some((h) => h.why === 'phase') && n.history.at(-1)!.why === 'phase',
  )!;
  expect(reset).toBeTruthy();
  await section.getByTestId('tree-all').click();
  await canvas.locator(`[data-node="${reset.id}"]`).click();
  await expect(detail).toHaveAttribute('data-node', reset.id);
  const points = detail.getByTestId('value-history').locator('li');
  await expect(points).toHaveCount(reset.history.length);
  const last = points.last();
  await expect(last).toHaveAttribute('data-why', 'phase');
  await expect(last).toContainText('reset: Phase 2 re-scored');
  await expect(last).toContainText(reset.value.toFixed(3));
  await expect(detail.getByTestId('node-value')).toContainText(reset.value.toFixed(3));
  await detail.scrollIntoViewIfNeeded();
  await detail.screenshot({ path: `${SCREENSHOTS}/prism-node-history.png` });

  // 390 px wide: the overview again, still readable at Fit, no label over another, the page no wider than the screen.
  await section.getByTestId('tree-all').click();
  await app.setViewportSize({ width: 390, height: 800 });
  await section.getByTestId('tree-fit').click();
  await expect.poll(() => scaleOf(canvas)).toBeGreaterThanOrEqual(0.8);
  expect(overlaps(await labelBoxes(canvas))).toEqual([]);
  await section.getByTestId('tree-figure').screenshot({ path: `${SCREENSHOTS}/prism-tree-fit-390.png`, animations: 'disabled' });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
});

/** Every text of an exported SVG laid out in the page: the ones reaching outside the root's box or a nested panel's. */
async function cutTexts(page: Page, svgText: string): Promise<{ size: string; cut: string[] }> {
  return page.evaluate((text) => {
    const host = document.createElement('div');
    host.style.cssText = 'position:absolute;left:0;top:0;';
    host.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, '');
    document.body.append(host);
    const root = host.querySelector('svg')!;
    const vb = root.viewBox.baseVal;
    const size =
      vb.width === Number(root.getAttribute('width')) && vb.height === Number(root.getAttribute('height')) && vb.x === 0 && vb.y === 0
        ? 'the viewBox is the size'
        : `a viewBox of ${vb.width}×${vb.height} for ${root.getAttribute('width')}×${root.getAttribute('height')}`;
    const cut: string[] = [];
    for (const t of root.querySelectorAll('text')) {
      if (!t.textContent?.trim()) continue;
      const r = t.getBoundingClientRect();
      for (let s: Element | null = t.closest('svg'); s; s = s.parentElement?.closest('svg') ?? null) {
        const box = s.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          cut.push(
            `"${t.textContent.trim().slice(0, 40)}" [${r.left.toFixed(1)}, ${r.top.toFixed(1)}, ${r.right.toFixed(1)}, ${r.bottom.toFixed(1)}] outside ${s === root ? 'the figure' : 'a panel'} [${box.left.toFixed(1)}, ${box.top.toFixed(1)}, ${box.right.toFixed(1)}, ${box.bottom.toFixed(1)}]`,
          );
      }
    }
    host.remove();
    return { size, cut };
  }, svgText);
}

/** Export every figure of the page as SVG and check that no text is cut; returns how many were checked. */
async function checkExports(page: Page, within: Locator): Promise<number> {
  const figures = within.locator('figure.chart-frame');
  const n = await figures.count();
  for (let i = 0; i < n; i++) {
    const figure = figures.nth(i);
    await figure.scrollIntoViewIfNeeded();
    const title = (await figure.locator('h3').textContent())!.trim();
    const { text } = await downloadText(page, () => figure.locator('[data-export="svg"]').click());
    const { size, cut } = await cutTexts(page, text);
    expect(size, title).toBe('the viewBox is the size');
    expect(cut, `${title}: texts cut in the exported SVG`).toEqual([]);
  }
  return n;
}

test('every figure of a Prism results page exports with no text cut (SVG), and as a PNG', async ({ app }) => {
  test.setTimeout(180_000);
  await openResults(app);
  await expect(app.getByTestId('heatmap-figure')).toBeVisible();
  const checked = await checkExports(app, app.locator('main'));
  expect(checked).toBeGreaterThanOrEqual(5);

  // The heatmap's PNG, rendered from the same SVG, saved to look at; and its SVG laid out in the page.
  const heatmap = app.getByTestId('heatmap-figure').first();
  const [png] = await Promise.all([app.waitForEvent('download'), heatmap.locator('[data-export="png"]').click()]);
  await png.saveAs(`${SCREENSHOTS}/prism-export-heatmap.png`);
  const { text } = await downloadText(app, () => heatmap.locator('[data-export="svg"]').click());
  await app.evaluate((svg) => {
    const host = document.createElement('div');
    host.id = 'exported';
    host.style.cssText = 'position:fixed;left:0;top:0;background:#fff;z-index:1000;';
    host.innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, '');
    document.body.append(host);
  }, text);
  await app.locator('#exported').screenshot({ path: `${SCREENSHOTS}/prism-export-heatmap-svg.png` });
  // The whole tree, exported: every node, nothing cut (checked above), saved to look at.
  const tree = app.getByTestId('prism-tree').getByTestId('tree-figure');
  const [treePng] = await Promise.all([app.waitForEvent('download'), tree.locator('[data-export="png"]').click()]);
  await treePng.saveAs(`${SCREENSHOTS}/prism-export-tree.png`);
});

test('the figures of a PAIR run export through the same path with no text cut', async ({ app }) => {
  test.setTimeout(300_000);
  const runId = await app.evaluate(async () => {
    const all = await window.hintbench.builtinInstances();
    const id = await window.hintbench.startRun(
      {
        protocol: 'pair',
        candidates: [
          { kind: 'simulated', profile: 'low' },
          { kind: 'simulated', profile: 'high' },
        ],
        params: { turns: 3 },
      },
      { id: 'builtin', name: 'Built-in benchmark', instances: all.filter((i) => i.subsets?.includes('demo')).slice(0, 3) },
    );
    await window.hintbench.waitRun(id);
    return id;
  });
  await app.evaluate((id) => (location.hash = `#/results/${id}`), runId);
  await expect(app.getByTestId('figures')).toBeVisible();
  expect(await checkExports(app, app.locator('main'))).toBeGreaterThanOrEqual(4);
});
