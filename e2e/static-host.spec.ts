// The built site as a plain static host (GitHub Pages) serves it: under a sub-path, with no
// COOP/COEP headers. The service worker adds them, the page reloads once into cross-origin
// isolation and says so, the sandbox keeps its boundary, and the demo, pressed at once on the
// first visit, is held through that reload and runs from Home to its leaderboard. The test
// serves the site itself, so it runs in one project only.
import { startServer } from '../cli/server.ts';
import { DIST } from '../cli/site.ts';
import { DEMO_RUN } from '../src/core/runner/demo.ts';
import { RELOADED } from '../src/offline.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { sandboxInfo } from './helpers.ts';

const BASE = '/hintbench/';

test('under a sub-path with no isolation headers, the service worker isolates the page and the demo runs', async ({ page }) => {
  test.setTimeout(420_000); // the whole demo runs, as in e2e/ui/workbench.spec.ts
  const server = await startServer({ root: DIST, base: BASE, plain: true });
  try {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      // The CSP probe below is refused on purpose; the browser logs that.
      if (msg.type() === 'error' && !/Content Security Policy/.test(msg.text())) errors.push(msg.text());
    });
    let loads = 0;
    page.on('load', () => loads++);
    expect(server.url).toMatch(/\/hintbench\/$/);

    // First visit: not isolated; once the service worker controls the page, one reload. Run the
    // demo, pressed at once, is held while the page prepares, and runs after the reload.
    await page.goto(server.url);
    await page.getByTestId('run-demo').click();
    await expect(page.getByTestId('demo-preparing')).toBeVisible();
    await expect(page.getByTestId('run-demo')).toHaveText('Preparing the sandbox…');
    await screenshot(page, 'static-host-demo-preparing');
    await expect(page).toHaveURL(/#\/run\/run-/, { timeout: 120_000 });
    const runId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
    await page.evaluate((id) => window.hintbench.waitRun(id).then(() => undefined), runId);
    await expect(page.getByTestId('run-status')).toHaveText('done');
    const board = page.getByTestId('run-leaderboard').getByTestId('leaderboard');
    await expect(board.locator('tbody tr')).toHaveCount(DEMO_RUN.candidates.length);
    await screenshot(page, 'static-host-demo');
    // One demo run in all: none started and then thrown away by the reload, none twice.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results', exact: true }).click();
    await expect(page.getByTestId('run-size')).toHaveCount(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const status = page.getByTestId('sandbox-status');
    await expect(status).toHaveAttribute('data-isolation', 'service-worker', { timeout: 90_000 });
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('isolation-mode')).toContainText('yes, through the service worker');
    await expect(page.getByTestId('interrupts')).toHaveAttribute('data-interrupts', 'shared-buffer');
    await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('title', /cross-origin isolated through the service worker/);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await screenshot(page, 'static-host-isolated');
    // The sandbox itself is isolated (shared-memory interrupts) and still opaque and offline.
    expect(await sandboxInfo(page)).toMatchObject({ crossOriginIsolated: true, interrupts: 'shared-buffer' });
    const frame = page.frames().find((f) => f.url() === 'about:srcdoc')!;
    expect(await frame.evaluate(() => origin)).toBe('null');
    const sandboxWorker = await frame.evaluate(() => {
      try {
        return navigator.serviceWorker?.controller ? 'controlled' : 'not controlled';
      } catch (err) {
        return `unavailable: ${(err as Error).name}`;
      }
    });
    expect(sandboxWorker).not.toBe('controlled');
    const probe = await frame.evaluate(
      (url) =>
        fetch(url).then(
          () => 'fetched',
          () => 'blocked',
        ),
      `${server.url}leak-from-sandbox`,
    );
    expect(probe).toBe('blocked');

    // The service worker's scope and cache are the sub-path, and it added the headers.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const key = (await caches.keys()).find((k) => k.startsWith('hintbench-'))!;
      const files = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
      const shell = await fetch('./');
      return {
        scope: registration.scope,
        files,
        coop: shell.headers.get('Cross-Origin-Opener-Policy'),
        coep: shell.headers.get('Cross-Origin-Embedder-Policy'),
      };
    });
    expect(worker.scope).toBe(server.url);
    expect(worker.files).toEqual(
      expect.arrayContaining([
        BASE,
        `${BASE}index.html`,
        `${BASE}datasets/builtin.jsonl`,
        `${BASE}docs/security.md`,
        expect.stringMatching(/^\/hintbench\/pyodide\/.*\/pyodide\.asm\.wasm$/),
      ]),
    );
    expect(worker.files.filter((f) => !f.startsWith(BASE))).toEqual([]);
    expect(worker).toMatchObject({ coop: 'same-origin', coep: 'require-corp' });

    // The docs load from under the sub-path.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs', exact: true }).click();
    await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'Security model' }).click();
    await expect(page.getByTestId('doc').getByRole('heading', { name: 'Security model' })).toBeVisible();

    // Nothing was asked of the host outside the sub-path, not even by the sandbox.
    expect(server.requests.filter((p) => !p.startsWith(BASE))).toEqual([]);
    expect(server.requests.filter((p) => p.includes('leak'))).toEqual([]);

    // ?results= opens only addresses under the sub-path: another site of the same origin is refused unasked.
    await page.goto(`${server.url}?results=/elsewhere/run.json`);
    await expect(page.getByRole('alert')).toContainText('same origin, under /hintbench/');
    expect(server.requests.filter((p) => p.startsWith('/elsewhere'))).toEqual([]);
    expect(server.requests.filter((p) => !p.startsWith(BASE))).toEqual([]);
    expect(loads, 'page loads: the first visit, one reload into isolation, the ?results= visit').toBe(3);
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});

test('a tab that already reloaded for isolation does not reload again: no loop', async ({ page }) => {
  const server = await startServer({ root: DIST, base: BASE, plain: true });
  try {
    // As if this tab had reloaded once and the browser had ignored the service worker's headers.
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), RELOADED);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(server.url);
    // The service worker takes control and would isolate a reload, but the page stays and says why.
    await expect(page.getByTestId('isolation-mode')).toContainText("the service worker's headers did not take effect", { timeout: 90_000 });
    await expect(page.getByTestId('sandbox-status')).toHaveAttribute('data-isolation', 'none');
    await expect(page.getByTestId('isolation-mode')).toContainText('no — deadline-only interrupts');
    expect(await page.evaluate(() => ({ controlled: Boolean(navigator.serviceWorker.controller), isolated: crossOriginIsolated }))).toEqual({
      controlled: true,
      isolated: false,
    });
    expect(loads).toBe(1);
  } finally {
    await server.close();
  }
});
