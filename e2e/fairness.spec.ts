// A slow program holds nothing up (docs/execution.md, "Fairness"): a run whose model answers
// with a program that times out on every test runs beside a fast run, the Home sandbox and
// Teach-like interactive work; the fast run finishes first, the waiting shows in its grid,
// interactive work goes ahead, Pause shows at once and takes effect, and Cancel stops at once.
import type { Page } from '@playwright/test';
import { DEMO } from './mock-llm.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { sandboxInfo } from './helpers.ts';
import { fenced, mockLlm } from './mock-llm.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from './runs-ui.ts';

const LOOP = 'while True:\n    pass\n';

const progress = (page: Page, runId: string) => page.evaluate((id) => window.hintbench.runProgress(id), runId);

/** A run of the simulated oracle on a few demo instances, started through the page's API. */
function startFastRun(page: Page): Promise<string> {
  return page.evaluate(
    async (ids) => {
      const instances = (await window.hintbench.builtinInstances()).filter((i) => ids.includes(i.id));
      return window.hintbench.startRun(
        { name: 'fast', protocol: 'pair', candidates: [{ kind: 'simulated', profile: 'oracle' }], params: { turns: 0 }, settings: { concurrency: 1 } },
        { id: 'builtin', name: 'Built-in benchmark', instances },
      );
    },
    DEMO.slice(0, 3).map((i) => i.id),
  );
}

async function startSlowRun(page: Page, protocol = 'pair'): Promise<string> {
  await mockLlm(page, () => ({ content: fenced(LOOP) }));
  // The key is remembered: a reload finds it, and nothing but a pause keeps the run from resuming.
  await addMockProvider(page, { remember: true });
  const runId = await startRun(page, { subset: 'demo', concurrency: 1, protocol, ...(protocol === 'pair' ? { turns: 10 } : {}) });
  // Its first program is in the sandbox, timing out test after test.
  await expect(page.locator('[data-testid="item-status"]', { hasText: /executing/ }).first()).toBeVisible({ timeout: 60_000 });
  return runId;
}

test('a run whose program times out on every test holds up neither another run, nor the Home sandbox, nor Cancel', async ({ app }) => {
  test.setTimeout(240_000);
  const slow = await startSlowRun(app);

  // The Home sandbox (interactive) answers while the slow program runs, through the page and
  // through the API: the slow run is still running when both have answered.
  await app.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
  await app.getByTestId('playground-code').fill('print(42)');
  await app.getByTestId('playground-run').click();
  await expect(app.getByTestId('playground-stdout')).toHaveText('42\n');
  const home = await app.evaluate(() =>
    window.hintbench.runJob({ program: 'print(42)', kind: 'stdio', tests: [{ id: 'p', payload: '' }], timeLimitMs: 5000 }, { priority: 'interactive' }),
  );
  expect(home.results[0]).toMatchObject({ status: 'ok', stdout: '42\n' });
  expect((await progress(app, slow)).status).toBe('running');

  // A PrismBench search (simulated, keyless) started beside it runs to its end.
  const prism = await startRun(app, {
    protocol: 'prism',
    models: ['Simulated model, strong (hidden capability map)'],
    concurrency: 2,
    prepare: async (setup) => {
      await setup.getByTestId('run-analyser').selectOption('sim:rules');
      await setup.getByTestId('param-maxNodes').fill('6');
    },
  });
  await expect.poll(async () => (await progress(app, prism)).status, { timeout: 90_000 }).toBe('done');
  expect((await progress(app, slow)).status).toBe('running');

  // A fast run started beside it: its items wait for the sandbox (and say so), then finish
  // while the slow run is still running.
  const fast = await startFastRun(app);
  await app.goto(`${app.url().split('#')[0]}#/run/${encodeURIComponent(fast)}`);
  const waitingCell = app.locator('[data-state="waiting-sandbox"]').first();
  await expect(waitingCell).toBeVisible({ timeout: 30_000 });
  await expect(waitingCell).toContainText('waiting (sandbox)');
  await expect(waitingCell).toHaveAttribute('title', /waiting for the sandbox/);
  await screenshot(app, 'fairness-fast-run-waiting');
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const p = await progress(app, fast);
        for (const i of p.items) seen.add(i.status.replace(/ \(turn \d+\)$/, ''));
        return p.status;
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe('done');
  expect((await progress(app, slow)).status).toBe('running');
  const fastLog = await runLog(app, fast);
  expect(fastLog.summaries[0]!.metrics.initialFix).toBe(1);

  // The slow run's evaluations end on the time budget: three timeouts, the rest not run.
  await expect.poll(async () => (await runLog(app, slow)).items.some((i) => i.steps.length > 0), { timeout: 60_000 }).toBe(true);
  const slowLog = await runLog(app, slow);
  const evaluated = slowLog.items.flatMap((i) => i.steps).find((s) => s.evaluation)!.evaluation!;
  expect(evaluated.failures!.filter((f) => f.outcome === 'timeout')).toHaveLength(3);
  expect(evaluated.failures!.filter((f) => f.outcome === 'not-run').length).toBeGreaterThan(0);
  await app.goto(`${app.url().split('#')[0]}#/run/${encodeURIComponent(slow)}`);
  await screenshot(app, 'fairness-slow-run');

  // Cancel stops the running program at once: its worker is terminated, the run ends.
  const before = await sandboxInfo(app);
  await expect(app.locator('[data-testid="item-status"]', { hasText: /executing/ }).first()).toBeVisible({ timeout: 30_000 });
  await app.getByTestId('run-cancel').click();
  await app.getByTestId('run-cancel-yes').click();
  await waitForStatus(app, 'cancelled', 30_000); // it had minutes of timeouts left
  await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBeGreaterThan(before.workersReplaced);
  expect((await sandboxInfo(app)).waitingJobs).toBe(0);
});

test('Pause shows at once, holds across a reload before it took effect, and the run stops once the step in progress ends (a Talk run)', async ({
  app,
  isolated,
}) => {
  test.skip(!isolated, 'pausing does not depend on isolation');
  test.setTimeout(180_000);
  const runId = await startSlowRun(app, 'talk');
  await app.getByTestId('run-pause').click();
  await expect(app.getByTestId('run-status')).toHaveText('pausing'); // seen before the step in progress ends
  await expect(app.getByTestId('run-pause')).toHaveText('Pausing…');
  await expect(app.getByTestId('run-pausing')).toBeVisible();
  await screenshot(app, 'fairness-pausing');
  // A reload while the step in progress is still running: the run comes back paused, and stays so.
  await app.reload();
  await waitForStatus(app, 'paused', 30_000);
  await app.waitForTimeout(2_000);
  await expect(app.getByTestId('run-status')).toHaveText('paused');
  expect((await progress(app, runId)).status).toBe('paused');
  // Resumed, then paused again without a reload: it stops once the step in progress ends.
  await app.getByTestId('run-resume').click();
  await expect(app.locator('[data-testid="item-status"]', { hasText: /executing/ }).first()).toBeVisible({ timeout: 60_000 });
  await app.getByTestId('run-pause').click();
  await expect(app.getByTestId('run-status')).toHaveText('pausing'); // seen before the step in progress ends
  await waitForStatus(app, 'paused', 60_000);
  await expect(app.getByTestId('run-resume')).toBeVisible();
});
