// Shared e2e fixtures: the built site served in-process (so tests can read its request
// log), a watched listener on another port, and screenshot helpers.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base, type Page } from '@playwright/test';
import { startServer, type SiteServer } from '../cli/server.ts';
import { DIST } from '../cli/site.ts';

export interface SiteOptions {
  isolated: boolean;
}

export interface Listener {
  url: string;
  hits: string[];
}

interface Fixtures {
  /** Loads the app and waits for the sandbox; fails on any console error not allowed below. */
  app: Page;
  /**
   * The same, but one page per Playwright worker, shared by the tests that use it (a warmed
   * browser for specs that only run programs): each test still fails on its own console errors.
   */
  warmApp: Page;
  /** Console errors a test provokes on purpose (e.g. CSP violations it checks for). */
  consoleAllow: RegExp[];
}

interface WorkerFixtures {
  site: SiteServer;
  listener: Listener;
  warmPage: { page: Page; errors: ConsoleErrors };
}

/** Console errors seen on a page, filtered by what the current test allows. */
class ConsoleErrors {
  allow: RegExp[] = [];
  seen: string[] = [];

  watch(page: Page): void {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !this.allow.some((re) => re.test(msg.text()))) this.seen.push(msg.text());
      // Svelte's runtime warnings (e.g. derived_inert) point at real bugs: they fail the test too.
      if (msg.type() === 'warning' && /svelte\.dev\/e\//.test(msg.text())) this.seen.push(msg.text());
    });
    page.on('pageerror', (err) => this.seen.push(err.message));
  }
}

async function openApp(page: Page, site: SiteServer): Promise<void> {
  await page.goto(site.url);
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
}

export const SCREENSHOTS = 'e2e/screenshots';

export const test = base.extend<Fixtures, WorkerFixtures & SiteOptions>({
  isolated: [true, { option: true, scope: 'worker' }],
  consoleAllow: [[], { option: true }],
  site: [
    async ({ isolated }, use) => {
      const server = await startServer({ root: DIST, isolated });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  listener: [
    async ({}, use) => {
      const hits: string[] = [];
      const server = createServer((req, res) => {
        hits.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      await use({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, hits });
      await new Promise<void>((r) => server.close(() => r()));
    },
    { scope: 'worker' },
  ],
  app: async ({ page, site, consoleAllow }, use) => {
    const errors = new ConsoleErrors();
    errors.allow = consoleAllow;
    errors.watch(page);
    await openApp(page, site);
    await use(page);
    expect(errors.seen, 'console errors on the page').toEqual([]);
  },
  warmPage: [
    async ({ browser, site }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = new ConsoleErrors();
      errors.watch(page);
      await openApp(page, site);
      await use({ page, errors });
      await context.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  warmApp: async ({ warmPage, consoleAllow }, use) => {
    const { page, errors } = warmPage;
    errors.allow = consoleAllow;
    errors.seen = [];
    await use(page);
    expect(errors.seen, 'console errors on the page').toEqual([]);
  },
});

export { expect };

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}
