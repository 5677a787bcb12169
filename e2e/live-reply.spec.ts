// A slow reasoning model, added on the Models page, streams its thinking and then its answer:
// the live grid says which an item is doing and how much has come; the item's page shows the
// reply as it comes, its thinking folded; once the turn is stored, the call shows the thinking
// apart from the answer it evaluated.
import { expect, screenshot, test } from './fixtures.ts';
import { BUILTIN, fenced } from './mock-llm.ts';
import { ollama } from '../src/core/llm/fixtures/providers/ollama.ts';
import { DRAFT_MARK, startCorpusServer, type CorpusServer } from './provider-server.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from './runs-ui.ts';

let mock: CorpusServer;
test.beforeAll(async () => {
  // Ollama's way (its corpus): the thinking in a reasoning field, then the answer; a piece every 120 ms.
  mock = await startCorpusServer(ollama, (asked) => fenced(BUILTIN.find((i) => asked.user.includes(i.buggy.trim()))?.reference ?? 'print()\n'), { gapMs: 120 });
});
test.afterAll(() => mock.close());

test('a streaming reply is shown as it comes: thinking, then the answer; stored with its thinking apart', async ({ app }) => {
  test.setTimeout(120_000);
  await addMockProvider(app, { baseURL: mock.baseURL, name: 'local', models: ['qwen3:8b'] });
  await startRun(app, { subset: 'demo', models: ['qwen3:8b (local)'], concurrency: 1 });

  // The grid: the item replying says whether it is thinking or writing, and how much has come.
  const cell = app
    .locator('[data-testid="run-grid"] a.cell', { has: app.getByTestId('item-status').filter({ hasText: /^(thinking|writing): [\d,]+ chars$/ }) })
    .first();
  await expect(cell).toBeVisible({ timeout: 30_000 });
  const key = (await cell.getAttribute('data-key'))!;
  await screenshot(app, 'live-reply-grid');

  // Its page: the reply so far, growing.
  await cell.click();
  const live = app.getByTestId('live-reply');
  await expect(live).toBeVisible();
  await expect(live).toHaveAttribute('data-role', 'candidate');
  const answer = live.getByTestId('live-answer');
  await expect(answer).toContainText('```python', { timeout: 20_000 });
  const before = (await answer.textContent())!.length;
  await expect.poll(async () => (await answer.textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(before);
  // The thinking is folded, apart from the answer; the draft in it is not in the answer.
  const thinking = live.getByTestId('live-thinking');
  await expect(thinking).toContainText(/Thinking so far \([\d,]+ characters\)/);
  await expect(answer).not.toContainText(DRAFT_MARK);
  await expect(answer).not.toContainText('<think>');
  await thinking.locator('summary').click();
  await expect(thinking).toContainText(DRAFT_MARK);
  await screenshot(app, 'live-reply-item');

  // Once the turn is stored, the live reply gives way to the call: thinking folded, answer apart.
  await expect(live).toBeHidden({ timeout: 30_000 });
  const calls = app.getByTestId('calls-panel');
  await expect(calls).toBeVisible();
  const stored = calls.getByTestId('call-thinking').first();
  await expect(stored).toContainText(/Thinking \([\d,]+ words\) — kept apart from the answer/);
  await expect(calls.getByTestId('call-response').first()).not.toContainText(DRAFT_MARK);
  await screenshot(app, 'live-reply-stored');
  expect(decodeURIComponent(app.url())).toContain(key);

  // Cancel in the middle of the next reply: the run stops at once, the reply's call recorded as cancelled.
  const runId = decodeURIComponent(new URL(app.url()).hash.split('/')[2]!);
  await app.goto(app.url().replace(/#\/results\/.*/, `#/run/${encodeURIComponent(runId)}`));
  await expect(
    app
      .getByTestId('item-status')
      .filter({ hasText: /^(thinking|writing): / })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await app.getByRole('button', { name: 'Cancel' }).click();
  const cancelledAt = Date.now();
  await app.getByRole('button', { name: 'Stop now' }).click();
  await waitForStatus(app, 'cancelled', 10_000);
  expect(Date.now() - cancelledAt).toBeLessThan(10_000);
  const log = await runLog(app, runId);
  const made = log.items.flatMap((i) => i.steps.flatMap((s) => s.calls));
  expect(made.filter((c) => c.error?.kind === 'cancelled')).toHaveLength(1);
});
