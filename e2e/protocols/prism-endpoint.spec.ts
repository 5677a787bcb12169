// A Prism run against a real OpenAI-compatible server on 127.0.0.1 (the model under test and
// the designer both served by it), added on the Models page with a price and its key
// remembered: the run survives 429s and 500s, stays within its node cap and budget, and after a
// reload in the middle of the search resumes with no node evaluated twice.
import type { RunLog } from '../../src/core/model/runlog.ts';
import { unitOf } from '../../src/core/protocols/prism/outcome.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { addMockProvider, KEY, runLog, startRun, waitForStatus } from '../runs-ui.ts';
import { startPrismEndpoint, type PrismEndpoint } from './prism-endpoint.ts';

let endpoint: PrismEndpoint;
test.beforeAll(async () => {
  endpoint = await startPrismEndpoint(KEY);
});
test.afterAll(() => endpoint.close());
test.use({ consoleAllow: [/^Failed to load resource: the server responded with a status of (429|500)/] });

test('a run on a local endpoint: retries through 429 and 500, within cap and budget, resumed after a reload', async ({ app }) => {
  test.setTimeout(150_000);
  await addMockProvider(app, {
    baseURL: endpoint.baseURL,
    name: 'local',
    models: ['local-coder', 'local-designer'],
    price: [1, 2],
    remember: true,
    retries: 4,
  });
  const CAP = 12;
  const runId = await startRun(app, {
    protocol: 'prism',
    models: ['local-coder (local)'],
    concurrency: 2,
    budget: '0.5',
    prepare: async (setup) => {
      await setup.getByTestId('run-designer').selectOption('local:local-designer');
      const params = {
        concepts: 'loops, sorting, recursion',
        maxNodes: String(CAP),
        iterations1: '8',
        iterations2: '3',
        variations: '1',
        feedbackRetries: '1',
      };
      for (const [key, value] of Object.entries(params)) await setup.getByTestId(`param-${key}`).fill(value);
    },
  });
  // Reload once a few evaluations are stored, in the middle of the search.
  await expect.poll(async () => (await runLog(app, runId)).items.filter((i) => i.status === 'done').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
  const before: RunLog = await runLog(app, runId);
  await app.reload();
  expect(before.items.length < CAP || before.items.some((i) => i.status !== 'done')).toBe(true); // the search was not over
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await waitForStatus(app, 'done');
  await expect(app.getByTestId('prism-progress')).toContainText('search over');
  await expect(app.getByTestId('prism-progress')).not.toContainText('running');
  await screenshot(app, 'prism-endpoint-done');
  const log: RunLog = await runLog(app, runId);

  // Within the cap, every evaluation once, each with its steps in order and one challenge.
  expect(log.items.length).toBeLessThanOrEqual(CAP);
  expect(log.items.map((i) => i.key)).toEqual(log.items.map((_, e) => `local-local-coder|0|e${e}`));
  for (const item of log.items) {
    expect(item.status).toBe('done');
    expect(item.steps.map((s) => s.index)).toEqual(item.steps.map((_, k) => k));
    expect(item.steps.filter((s) => !s.error && (s.data as { kind: string }).kind === 'design')).toHaveLength(1);
  }
  // What was stored before the reload was kept, not redone.
  for (const item of before.items.filter((i) => i.status === 'done')) {
    expect(log.items.find((i) => i.key === item.key)!.steps.map((s) => s.startedAt)).toEqual(item.steps.map((s) => s.startedAt));
  }
  // The server answered one designer request per evaluation, plus at most the two in flight at the reload.
  const designed = endpoint.exchanges.filter((x) => x.role === 'designer' && x.status === 200).length;
  expect(designed).toBeGreaterThanOrEqual(log.items.length);
  expect(designed).toBeLessThanOrEqual(log.items.length + 2);
  // The faults happened, and the run went through them.
  expect(endpoint.exchanges.some((x) => x.status === 429)).toBe(true);
  expect(endpoint.exchanges.some((x) => x.status === 500)).toBe(true);
  const calls = log.items.flatMap((i) => i.steps.flatMap((s) => s.calls));
  expect(calls.reduce((n, c) => n + c.retries, 0)).toBeGreaterThan(0);
  expect(new Set(calls.map((c) => c.role))).toEqual(new Set(['designer', 'model']));
  // Sorting problems failed until the fixer; the others passed at once.
  const sorting = log.items.filter((i) => unitOf(i)!.concepts.includes('sorting'));
  expect(sorting.length).toBeGreaterThan(0);
  expect(sorting.every((i) => i.stopReason === 'fixed')).toBe(true);
  expect(log.items.filter((i) => !unitOf(i)!.concepts.includes('sorting')).every((i) => i.stopReason === 'solved')).toBe(true);
  // Within the budget, priced.
  const cost = log.summaries[0]!.costUsd!;
  expect(cost).toBeGreaterThan(0);
  expect(cost).toBeLessThanOrEqual(0.5);
  await expect(app.getByTestId('prism-spend')).toContainText('of $0.50');
});
