import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './cli/browser.ts';
import type { SiteOptions } from './e2e/fixtures.ts';

const executablePath = chromiumExecutable();

/** The command-line specs: each starts its own headless Chromium (several, for shards). */
const CLI_SPECS = ['cli-*.spec.ts', 'protocols/*-cli.spec.ts'];

// Every browser spec runs with cross-origin isolation (shared-memory interrupts); the specs
// that touch the sandbox's limits, security, traces, the shell, offline use and a provider run
// run again without it (the interrupt falls back to restarting a worker). PAIR's LLM roles
// (pair.spec.ts), the Datasets page, the workbench's views (e2e/ui/) and each protocol's own
// specs (e2e/protocols/) do not depend on isolation and run once; static-host.spec.ts serves
// the site itself (under a sub-path, with no headers: the service worker isolates it).
// Two spec files run at a time (a file's tests in order, in one worker); the CLI specs, which
// are heavy, run one at a time beside them.
export default defineConfig<SiteOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 2,
  fullyParallel: false,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) },
  },
  // Projects are dispatched in this order: the CLI specs first, so that they run beside the
  // browser specs in the other worker rather than alone at the end.
  projects: [
    { name: 'cli', use: { isolated: true }, testMatch: CLI_SPECS, workers: 1 },
    { name: 'isolated', use: { isolated: true }, testIgnore: CLI_SPECS },
    { name: 'not-isolated', use: { isolated: false }, testIgnore: ['ui/**', 'protocols/**', 'datasets.spec.ts', 'static-host.spec.ts', 'pair.spec.ts', ...CLI_SPECS] },
  ],
});
