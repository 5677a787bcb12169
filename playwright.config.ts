import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './cli/browser.ts';
import type { SiteOptions } from './e2e/fixtures.ts';

const executablePath = chromiumExecutable();

// Every spec runs with cross-origin isolation (shared-memory interrupts); the specs that touch
// the sandbox's limits, security, traces, the shell, offline use and a provider run run again
// without it (the interrupt falls back to restarting a worker). The CLI (cli-*), which serves
// its own site, and PAIR's LLM roles (pair.spec.ts) run once. The Datasets page and the
// workbench's views (e2e/ui/) and each protocol's own specs (e2e/protocols/) do not depend on isolation. static-host.spec.ts serves the site
// itself (under a sub-path, with no headers: the service worker isolates it), so it runs once.
export default defineConfig<SiteOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) },
  },
  projects: [
    { name: 'isolated', use: { isolated: true } },
    { name: 'not-isolated', use: { isolated: false }, testIgnore: ['ui/**', 'protocols/**', 'datasets.spec.ts', 'static-host.spec.ts', 'cli-*.spec.ts', 'pair.spec.ts'] },
  ],
});
