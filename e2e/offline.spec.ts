// After one visit the app works with no network: the service worker has the whole site,
// including the Python runtime, and the sandbox starts and runs programs offline.
import { startServer } from '../cli/server.ts';
import { DIST } from '../cli/site.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { runProgram } from './helpers.ts';

test('the app loads and runs Python offline after one visit', async ({ page, isolated }, info) => {
  // A server of this test's own, so it can be switched off for real.
  const server = await startServer({ root: DIST, isolated });
  await page.goto(server.url);
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const cached = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 50));
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('hintbench-'))!);
    return {
      active: Boolean(registration.active),
      controlled: Boolean(navigator.serviceWorker.controller),
      files: (await cache.keys()).map((r) => new URL(r.url).pathname),
    };
  });
  expect(cached.active).toBe(true);
  expect(cached.controlled).toBe(true);
  expect(cached.files).toEqual(expect.arrayContaining(['/', '/index.html', expect.stringMatching(/\/pyodide\/.*\/pyodide\.asm\.wasm$/)]));

  await server.close();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.reload();
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const [result] = await runProgram(page, 'print(sum(i * i for i in range(10)))', ['']);
  expect(result).toMatchObject({ status: 'ok', stdout: '285\n' });
  expect(errors).toEqual([]);
  if (info.project.name === 'isolated') await screenshot(page, 'offline');
});
