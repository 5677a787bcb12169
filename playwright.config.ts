import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './cli/browser.ts';
import type { SiteOptions } from './e2e/fixtures.ts';

const executablePath = chromiumExecutable();

/** The command-line specs: each starts its own headless Chromium (several, for shards). */
const CLI_SPECS = ['cli-*.spec.ts', 'protocols/*-cli.spec.ts'];
const NOT_ISOLATED_SPECS = ['limits.spec.ts', 'fairness.spec.ts', 'app.spec.ts', 'offline.spec.ts'];

// Every browser spec runs with cross-origin isolation (shared-memory interrupts). The specs
// whose code path changes without it run again without it (NOT_ISOLATED_SPECS): the limits
// and a slow program's fairness (interrupts fall back to deadlines and restarted workers), the
// shell's start-up and isolation report, and offline use (the service worker declines to add
// headers). Security, traces, provider runs and the workbench's views do not depend on it and
// run once; static-host.spec.ts serves the site itself (under a sub-path, with no headers: the
// service worker isolates it).
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
    // Each CLI test starts the command (and its own browser) several times: a larger budget.
    { name: 'cli', use: { isolated: true }, testMatch: CLI_SPECS, workers: 1, timeout: 300_000 },
    { name: 'isolated', use: { isolated: true }, testIgnore: CLI_SPECS },
    { name: 'not-isolated', use: { isolated: false }, testMatch: NOT_ISOLATED_SPECS },
  ],
});
