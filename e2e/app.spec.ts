// The app shell in a real browser: loads clean, the sandbox reports ready, every page
// renders (screenshots saved for a person to look at), nothing is fetched off-site.
import { PAGES } from '../src/ui/pages.ts';
import { expect, screenshot, test } from './fixtures.ts';

test('loads without console errors and the sandbox reports ready', async ({ app, isolated }, info) => {
  const status = app.getByTestId('sandbox-status');
  await expect(status).toHaveAttribute('data-state', 'ready');
  // The server's headers isolate the page, or (sent as unsafe-none) decline it: the service
  // worker adds none then, and the page does not reload.
  await expect(status).toHaveAttribute('data-isolation', isolated ? 'server' : 'none');
  await expect(app.getByTestId('isolation-mode')).toContainText(isolated ? "yes, through the server's headers" : 'no — deadline-only interrupts');
  await expect(app.getByTestId('interrupts')).toHaveAttribute('data-interrupts', isolated ? 'shared-buffer' : 'deadline-only');
  await expect(status).toContainText('3.14');
  expect(await app.evaluate(() => crossOriginIsolated)).toBe(isolated);
  await screenshot(app, `home-${info.project.name}`);
});

test('every page of the shell renders', async ({ app, isolated }) => {
  test.skip(!isolated, 'the pages do not depend on isolation');
  for (const { path, label } of PAGES) {
    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await expect(app).toHaveURL(new RegExp(`#${path.replace('/', '\\/')}$`));
    await expect(app.getByRole('heading', { level: 1 })).toHaveText(path === '/' ? 'hintbench' : label);
    await screenshot(app, `page-${label.toLowerCase()}`);
  }
});

test('the playground runs a program and shows its output as text', async ({ app, isolated }) => {
  test.skip(!isolated, 'the playground does not depend on isolation');
  await app.getByTestId('playground-code').fill('name = input()\nprint("<b>hello</b>", name)');
  await app.getByTestId('playground-stdin').fill('world\n');
  await app.getByTestId('playground-run').click();
  const result = app.getByTestId('playground-result');
  await expect(result).toHaveAttribute('data-status', 'ok');
  await expect(app.getByTestId('playground-stdout')).toHaveText('<b>hello</b> world\n');
  await expect(result.locator('b')).toHaveCount(0); // rendered as inert text, never as HTML
  await screenshot(app, 'playground');
});

test('everything is served by the app itself: no CDN or other origin', async ({ page, site }) => {
  const origins = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http')) origins.add(url.origin);
  });
  await page.goto(site.url);
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  expect([...origins]).toEqual([new URL(site.url).origin]);
  expect(site.requests.some((p) => p.startsWith('/pyodide/') && p.endsWith('pyodide.asm.wasm'))).toBe(true);
});
