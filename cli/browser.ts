// Headless Chromium driving the built site (the headless runner's engine).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type SiteServer } from './server.ts';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless Chromium (also fine when running as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumExecutable(): string | undefined {
  return process.env.HINTBENCH_CHROMIUM ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  try {
    return await chromium.launch({ headless: true, args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
  } catch (err) {
    throw new Error(
      `could not start Chromium (${executablePath ?? "Playwright's browser"}): ${(err as Error).message.split('\n')[0]}\n` +
        'Install it with `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, ' +
        'or point HINTBENCH_CHROMIUM at a Chromium binary.',
    );
  }
}

export interface Site {
  server: SiteServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** Serve `root`, open it in headless Chromium and wait until the sandbox is ready. */
export async function openSite(root: string, options: { isolated?: boolean; query?: string; log?: (line: string) => void } = {}): Promise<Site> {
  const server = await startServer({ root, isolated: options.isolated ?? true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') options.log?.(`[page] ${msg.text()}`);
    });
    page.on('pageerror', (err) => options.log?.(`[page] ${err.message}`));
    await page.goto(`${server.url}${options.query ?? ''}`);
    await page.waitForFunction(() => typeof window.hintbench === 'object');
    await page.evaluate(() => window.hintbench.ready());
    return {
      server,
      browser,
      page,
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  } catch (err) {
    await browser.close();
    await server.close();
    throw err;
  }
}
