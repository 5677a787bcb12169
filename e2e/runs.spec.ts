// Runs end to end in the built site, with the provider mocked through page.route: the happy
// path and exports, rate limits, faults, cancel, reload-and-resume, the budget cap, and the
// key never leaving the app realm.
import type { Page } from '@playwright/test';
import { parseRunLog } from '../src/core/runner/export.ts';
import type { RunLog } from '../src/core/model/runlog.ts';
import { pairLog } from '../src/core/protocols/pair/view.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { DEMO, echoBuggy, fenced, MOCK_MODEL, MOCK_USAGE, mockLlm, reference, type Answer } from './mock-llm.ts';
import { addMockProvider, downloadText, KEY, runLog, startRun, storageDump, waitForStatus } from './runs-ui.ts';

// One pattern: Playwright reads a two-element array given to an option as [value, options].
test.use({
  consoleAllow: [
    /^Failed to load resource: (net::ERR_(FAILED|ABORTED|CONNECTION_REFUSED)|the server responded with a status of [45]\d\d)|has been blocked by CORS policy/,
  ],
});

/** Turns stored (steps that failed are not turns). */
const turnsOf = (log: RunLog) => pairLog(log).items.reduce((n, i) => n + i.turns.length, 0);
const itemOf = (log: RunLog, instanceId: string) => pairLog(log).items.find((i) => i.instanceId === instanceId)!;

/** Record, in the app realm, every message posted over a MessagePort (the way into the sandbox). */
async function capturePortMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __sent: string[] }).__sent = sent;
    const text = (value: unknown): string => {
      const seen = new WeakSet();
      return JSON.stringify(value, (_k, v: unknown) => {
        if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
          const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
          return bytes.length < 4 << 20 ? new TextDecoder('latin1').decode(bytes) : `[${bytes.length} bytes]`;
        }
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[cycle]';
          seen.add(v);
        }
        return v;
      });
    };
    const original = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: unknown[]) {
      sent.push(text(message));
      return (original as (...a: unknown[]) => void).call(this, message, ...rest);
    } as typeof original;
  });
}

test('a provider run from the UI: progress, results, exports without the key, lossless re-import', async ({ app, browser }) => {
  await capturePortMessages(app);
  await app.reload();
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const mock = await mockLlm(app, reference);
  await addMockProvider(app, { price: [2, 8] });
  const runId = await startRun(app, { subset: 'demo', turns: 2 });
  await waitForStatus(app, 'done');
  await expect(app.getByTestId('item-status')).toHaveText(DEMO.map(() => 'done: fixed'));
  await screenshot(app, 'run-done');

  // One call per instance, each with the key, each answered with the reference: all fixed at turn 0.
  expect(mock.requests).toHaveLength(DEMO.length);
  for (const r of mock.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(new Set(mock.requests.map((r) => r.instance?.id))).toEqual(new Set(DEMO.map((i) => i.id)));
  const log = await runLog(app, runId);
  expect(pairLog(log).items.map((i) => i.turns.length)).toEqual(DEMO.map(() => 1));
  for (const item of pairLog(log).items) {
    const inst = DEMO.find((i) => i.id === item.instanceId)!;
    expect(item.turns[0]!.passed).toEqual(inst.tests.map((t) => t.id)); // ids of passing tests, in test order
    expect(item.initialPassed!.length).toBeLessThan(inst.tests.length);
  }
  // Usage 1000 in / 200 out at $2 / $8 per million: $0.0036 a call.
  const perCall = (MOCK_USAGE.prompt * 2 + MOCK_USAGE.completion * 8) / 1e6;
  expect(log.summaries).toHaveLength(1);
  expect(log.summaries[0]).toMatchObject({ promptTokens: 9000, completionTokens: 1800, metrics: { initialFix: 1, finalFix: 1, turnsToFix: null } });
  expect(log.summaries[0]!.costUsd).toBeCloseTo(perCall * DEMO.length, 10);
  expect(log.manifest.models[0]).toEqual({
    id: 'mock-mock-coder',
    label: 'mock-coder (mock)',
    role: 'candidate',
    simulated: false,
    model: MOCK_MODEL,
    provider: { preset: 'custom', baseURL: 'https://llm.mock.test/v1' },
    capabilities: {
      api: 'chat',
      tokenLimit: 'max_tokens',
      temperature: true,
      seed: true,
      systemRole: 'system',
      reasoningEffort: false,
      stream: true,
      streamUsage: true,
    },
  });

  await app.getByRole('link', { name: 'Results of this run' }).click();
  const board = app.getByTestId('leaderboard');
  await expect(board.getByRole('row').nth(1)).toContainText('mock-coder (mock)');
  await expect(board.getByRole('row').nth(1)).toContainText('100.0%');
  await expect(board.getByRole('row').nth(1)).toContainText('$0.03');
  await screenshot(app, 'results');

  // Exports: the key is in none of them, nor in the URL or the run store; JSON and JSONL re-import losslessly.
  const json = await downloadText(app, () => app.getByRole('button', { name: 'Export JSON' }).click());
  const jsonl = await downloadText(app, () => app.getByRole('button', { name: 'JSONL', exact: true }).click());
  const csv = await downloadText(app, () => app.getByRole('button', { name: 'CSV', exact: true }).click());
  expect([json.name, jsonl.name, csv.name]).toEqual([`${runId}.json`, `${runId}.jsonl`, `${runId}.csv`]);
  for (const file of [json, jsonl, csv]) expect(file.text).not.toContain(KEY);
  expect(app.url()).not.toContain(KEY);
  expect(await storageDump(app)).not.toContain(KEY); // not remembered: in memory only
  expect(csv.text.trim().split('\n')).toHaveLength(1 + DEMO.length);
  expect(csv.text.split('\n')[0]).toContain('run_id,protocol,instance_id,model_id,simulated,repeat,step,evaluated');
  expect(await parseRunLog(jsonl.text)).toEqual(await parseRunLog(json.text));
  expect(await parseRunLog(json.text)).toEqual(log);

  // Nothing posted toward the sandbox held the key, though the programs it ran did go that way.
  const sent = await app.evaluate(() => (window as unknown as { __sent: string[] }).__sent.join('\n'));
  expect(sent).toContain(DEMO[0]!.reference.split('\n')[0]);
  expect(sent).not.toContain(KEY);

  // A fresh browser profile opens the exported file and shows the same leaderboard.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(app.url().replace(/#.*$/, '#/results'));
  await other.getByTestId('results-open').setInputFiles({ name: json.name, mimeType: 'application/json', buffer: Buffer.from(json.text) });
  await expect(other).toHaveURL(new RegExp(`#/results/${runId}$`));
  await expect(other.getByTestId('leaderboard').getByRole('row').nth(1)).toContainText('100.0%');
  const again = await downloadText(other, () => other.getByRole('button', { name: 'Export JSON' }).click());
  expect(again.text).toBe(json.text);
  await context.close();
});

test('429 with retry-after: the item waits, says so, and retries', async ({ app }) => {
  const limited = new Set<string>();
  const mock = await mockLlm(app, (r) => {
    const id = r.instance!.id;
    if (limited.has(id)) return reference(r);
    limited.add(id);
    return id === DEMO[0]!.id ? { status: 429, headers: { 'retry-after': '2' } } : { status: 429, headers: { 'retry-after-ms': '1500' } };
  });
  await addMockProvider(app, { retries: 3 });
  const runId = await startRun(app, { subset: 'demo', turns: 1, concurrency: 2 });
  // The wait counts down in full words, never cut off.
  const waiting = app
    .getByTestId('item-status')
    .filter({ hasText: /^rate limit: retry 1 of 3 in \d s$/ })
    .first();
  await expect(waiting).toBeVisible();
  // The cell's status line shows all of it (no ellipsis), while the item waits.
  const cut = await app
    .locator('[data-state="rate-limited"] .state')
    .first()
    .evaluate((e) => e.scrollWidth > e.clientWidth);
  expect(cut).toBe(false);
  // It counts down: the same wait reads 2 s, then 1 s (retry-after: 2).
  const seconds = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const t of await app.getByTestId('item-status').allTextContents()) seconds.add(/^rate limit: retry 1 of 3 in (\d) s$/.exec(t)?.[1] ?? '');
        seconds.delete('');
        return seconds.size;
      },
      { timeout: 5000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);
  await screenshot(app, 'run-rate-limited');
  await waitForStatus(app, 'done');
  const log = await runLog(app, runId);
  expect(log.items.every((i) => i.stopReason === 'fixed')).toBe(true);
  for (const item of pairLog(log).items) expect(item.turns[0]!.calls[0]!.retries).toBe(1);
  expect(mock.requests).toHaveLength(2 * DEMO.length);
  // Each retry came no sooner than the provider asked.
  for (const inst of DEMO) {
    const [first, second] = mock.requests.filter((r) => r.instance?.id === inst.id);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(inst.id === DEMO[0]!.id ? 2000 : 1500);
  }
});

test('faults stay on their items: repeated 500s, a timeout, malformed JSON, a reply with no code', async ({ app }) => {
  const [failing, hanging, garbled, wordy] = DEMO;
  const behaviour = new Map<string, Answer>([
    [failing!.id, { status: 500 }],
    [hanging!.id, { hang: true }],
    [garbled!.id, { malformed: true }],
    [wordy!.id, { content: 'I looked at it carefully and I think the program is already correct.' }],
  ]);
  const mock = await mockLlm(app, (r) => behaviour.get(r.instance!.id) ?? reference(r));
  await addMockProvider(app, { retries: 1, timeoutSeconds: 5 });
  const runId = await startRun(app, { subset: 'demo', turns: 1, concurrency: 3 });
  await waitForStatus(app, 'done');
  await screenshot(app, 'run-faults');
  mock.release();
  const log = await runLog(app, runId);
  const count = (id: string) => mock.requests.filter((r) => r.instance?.id === id).length;

  expect(itemOf(log, failing!.id)).toMatchObject({ status: 'error', stopReason: 'error', turns: [] });
  expect(itemOf(log, failing!.id).error).toContain('HTTP 500');
  expect(count(failing!.id)).toBe(2); // one try and one retry
  expect(itemOf(log, hanging!.id)).toMatchObject({ status: 'error', turns: [] });
  expect(itemOf(log, hanging!.id).error).toMatch(/timed out/);
  expect(count(hanging!.id)).toBe(2);
  expect(itemOf(log, garbled!.id)).toMatchObject({ status: 'error', turns: [] });
  expect(itemOf(log, garbled!.id).error).toMatch(/JSON/);
  expect(count(garbled!.id)).toBe(2);

  // No code: both turns are recorded as no-code, and the program stays the buggy one.
  const noCode = itemOf(log, wordy!.id);
  expect(noCode).toMatchObject({ status: 'done', stopReason: 'turns' });
  expect(noCode.turns.map((t) => [t.index, t.outcome, t.extraction])).toEqual([
    [0, 'no-code', 'none'],
    [1, 'no-code', 'none'],
  ]);
  for (const t of noCode.turns) expect(t.passed).toEqual(noCode.initialPassed);
  for (const t of noCode.turns) expect(t.code).toBe(wordy!.buggy);

  // The run went on: every other item was fixed.
  for (const item of log.items.filter((i) => !behaviour.has(i.instanceId!))) expect(item.stopReason).toBe('fixed');
  const rows = app.getByTestId('run-grid');
  await expect(rows.locator(`[data-key^="${failing!.id}|"] [data-testid=item-status]`)).toContainText('error: provider error (HTTP 500)');
  await expect(rows.locator(`[data-key^="${hanging!.id}|"] [data-testid=item-status]`)).toContainText('timed out');

  // Results: the three failed items are left out of the rates and listed with their reasons.
  await app.goto(app.url().replace(/#.*$/, `#/results/${runId}`));
  await expect(app.getByTestId('leaderboard').getByRole('row').nth(1)).toContainText(`mock-coder (mock)${DEMO.length - 3}`);
  const errors = app.getByTestId('results-errors');
  await expect(errors).toContainText('3 item(s) ended with an error');
  await errors.locator('summary').click();
  await expect(errors.getByRole('listitem')).toHaveCount(3);
  await expect(errors).toContainText('HTTP 500');
  await screenshot(app, 'results-errors');
});

test('cancel aborts the request in flight and records no turn for it', async ({ app }) => {
  const mock = await mockLlm(app, () => ({ hang: true }));
  await addMockProvider(app);
  const runId = await startRun(app, { subset: 'demo', turns: 1, concurrency: 2 });
  await expect.poll(() => mock.requests.length).toBe(2);
  await expect(app.getByTestId('item-status').filter({ hasText: 'generating (turn 0)' })).toHaveCount(2);
  // Cancel asks first; "Keep running" leaves the run going.
  await app.getByTestId('run-cancel').click();
  await expect(app.getByTestId('run-cancel-confirm')).toContainText('Steps in progress are abandoned');
  await app.getByTestId('run-live').screenshot({ path: 'e2e/screenshots/run-cancel-confirm.png' });
  await app.getByTestId('run-cancel-no').click();
  await expect(app.getByTestId('run-cancel')).toBeVisible();
  expect(mock.aborted).toBe(0);
  await expect(app.getByTestId('run-status')).toHaveText('running');
  await app.getByTestId('run-cancel').click();
  await app.getByTestId('run-cancel-yes').click();
  await waitForStatus(app, 'cancelled');
  await expect.poll(() => mock.aborted).toBe(2);
  const log = await runLog(app, runId);
  expect(turnsOf(log)).toBe(0);
  expect(log.items.filter((i) => i.status === 'stopped').map((i) => i.stopReason)).toEqual(['cancelled', 'cancelled']);
  expect(log.items.filter((i) => i.status === 'queued')).toHaveLength(DEMO.length - 2);
  await expect(app.getByTestId('item-status').filter({ hasText: /^cancelled$/ })).toHaveCount(2);
  expect(mock.requests).toHaveLength(2); // nothing new started after the cancel
  await expect(app.getByTestId('run-resume')).toBeVisible();
  mock.release();
});

test('a reload in the middle of a run resumes it with no lost and no duplicated turns', async ({ app }) => {
  const mock = await mockLlm(app, echoBuggy);
  await addMockProvider(app, { remember: true });
  const turns = 3;
  const runId = await startRun(app, { subset: 'demo', turns, concurrency: 2 });
  await expect.poll(async () => turnsOf(await runLog(app, runId)), { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
  const before = await runLog(app, runId);
  await app.reload();
  const requestsAtReload = mock.requests.length;
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await waitForStatus(app, 'done');
  const after = await runLog(app, runId);

  // Every item has exactly turns 0..α; the turns stored before the reload were kept, not redone.
  for (const item of pairLog(after).items) expect(item.turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
  expect(turnsOf(after)).toBe(DEMO.length * (turns + 1));
  for (const item of pairLog(before).items) {
    const kept = itemOf(after, item.instanceId).turns.slice(0, item.turns.length);
    expect(kept.map((t) => t.startedAt)).toEqual(item.turns.map((t) => t.startedAt));
  }
  // Requests: one per stored turn, plus at most the two that were in flight at the reload.
  expect(mock.requests.length).toBeGreaterThanOrEqual(DEMO.length * (turns + 1));
  expect(mock.requests.length).toBeLessThanOrEqual(DEMO.length * (turns + 1) + 2);
  expect(requestsAtReload).toBeLessThan(mock.requests.length);
  expect(await storageDump(app)).toContain(KEY); // remembered, as asked
});

test('after a reload, a run whose key was not remembered waits for it', async ({ app }) => {
  const mock = await mockLlm(app, echoBuggy);
  await addMockProvider(app);
  const runId = await startRun(app, { subset: 'demo', turns: 3, concurrency: 1 });
  await expect.poll(() => mock.requests.length).toBeGreaterThanOrEqual(2);
  await app.reload();
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await waitForStatus(app, 'paused');
  await expect(app.getByRole('alert')).toContainText('Set the API key of mock on the Models page, then resume');
  const stalled = mock.requests.length;
  // The message takes the user to the page where the key goes.
  await app.getByTestId('missing-keys').getByRole('link', { name: 'Models page' }).click();
  await expect(app).toHaveURL(/#\/models$/);
  const card = app.getByTestId('provider-mock');
  await card.getByTestId('provider-key').fill(KEY);
  await card.getByTestId('provider-key-save').click();
  await app.goto(app.url().replace(/#.*$/, `#/run/${runId}`));
  await app.getByTestId('run-resume').click();
  await waitForStatus(app, 'done');
  expect(mock.requests.length).toBeGreaterThan(stalled);
  for (const r of mock.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
  const log = await runLog(app, runId);
  for (const item of pairLog(log).items) expect(item.turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
});

test('the budget cap stops the run before it is exceeded', async ({ app }) => {
  const mock = await mockLlm(app, reference);
  // Output at $10 per million, input free: each call costs 200 × $10/M = $0.002, and its worst
  // case (a 4096-token reply) is $0.04096. Under a $0.05 cap a call starts only while
  // spent ≤ $0.05 − $0.04096 = $0.00904, so exactly 5 calls run (spent $0.010).
  await addMockProvider(app, { price: [0, 10] });
  const runId = await startRun(app, { subset: 'demo', turns: 1, concurrency: 1, budget: '0.05' });
  await waitForStatus(app, 'budget');
  const log = await runLog(app, runId);
  expect(mock.requests).toHaveLength(5);
  for (const r of mock.requests) expect((r.body as { max_tokens?: number }).max_tokens).toBe(4096);
  expect(turnsOf(log)).toBe(5);
  expect(log.summaries[0]!.costUsd).toBeCloseTo(0.01, 10);
  expect(log.summaries[0]!.costUsd!).toBeLessThanOrEqual(0.05);
  expect(log.items.filter((i) => i.stopReason === 'budget')).toHaveLength(1);
  await expect(app.getByTestId('item-status').filter({ hasText: 'stopped: budget reached' })).toHaveCount(1);
  await expect(app.getByTestId('run-cost')).toHaveText('$0.01');
  await screenshot(app, 'run-budget');
});

test('Models page: test connection tells a server that is not there, a CORS refusal, a bad key and an unknown model apart', async ({ app }) => {
  let mode: 'unreachable' | 'cors' | 'auth' | 'model' | 'ok' = 'unreachable';
  await app.route('https://llm.mock.test/**', async (route) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (mode === 'unreachable') return route.abort('connectionrefused');
    // A server that allows another origin only (Playwright answers preflights itself and adds an
    // allow-all header to a fulfilled answer that names none, so the refusal is named here).
    if (mode === 'cors')
      return route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': 'https://elsewhere.example' },
        contentType: 'application/json',
        body: '{}',
      });
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    if (mode === 'auth') return route.fulfill({ status: 401, headers: cors, contentType: 'application/json', body: '{"error":{"message":"Invalid API key"}}' });
    if (mode === 'model')
      return route.fulfill({ status: 404, headers: cors, contentType: 'application/json', body: '{"error":{"message":"The model does not exist"}}' });
    return route.fulfill({
      status: 200,
      headers: cors,
      contentType: 'application/json',
      body: JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: MOCK_MODEL,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ready' } }],
      }),
    });
  });
  await addMockProvider(app);
  const card = app.getByTestId('provider-mock');
  const diagnosis = card.getByTestId('diagnosis');
  await card.getByTestId('provider-test').click();
  await expect(diagnosis).toHaveAttribute('data-kind', 'unreachable');
  await expect(diagnosis).toContainText('the server may not be running, or the URL or port may be wrong');
  mode = 'cors';
  await card.getByTestId('provider-test').click();
  await expect(diagnosis).toHaveAttribute('data-kind', 'network');
  await expect(diagnosis).toContainText('The server answers, but');
  await expect(diagnosis).toContainText('Access-Control-Allow-Origin');
  mode = 'auth';
  await card.getByTestId('provider-test').click();
  await expect(diagnosis).toHaveAttribute('data-kind', 'auth');
  await expect(diagnosis).toContainText('HTTP 401');
  mode = 'model';
  await card.getByTestId('provider-test').click();
  await expect(diagnosis).toHaveAttribute('data-kind', 'not-found');
  await expect(diagnosis).toContainText(`“${MOCK_MODEL}”`);
  mode = 'ok';
  await card.getByTestId('provider-test').click();
  await expect(diagnosis).toHaveAttribute('data-kind', 'ok');
  await expect(diagnosis).toContainText('answered “ready”');

  // Ollama refusing this page: its fix names this page's origin.
  await app.getByTestId('provider-preset').selectOption('ollama');
  await app.getByTestId('provider-add').click();
  await app.route('http://localhost:11434/**', (route) =>
    route.fulfill({ status: 200, headers: { 'access-control-allow-origin': 'https://elsewhere.example' }, contentType: 'application/json', body: '{}' }),
  );
  const ollama = app.getByTestId('provider-ollama');
  await ollama.getByTestId('provider-test').click();
  await expect(ollama.getByTestId('diagnosis')).toContainText(`OLLAMA_ORIGINS="${new URL(app.url()).origin}"`);
  await screenshot(app, 'models');
});

test('a results bundle opens in another copy of the site through ?results= (same origin only)', async ({ app, site, browser }) => {
  const mock = await mockLlm(app, reference);
  await addMockProvider(app);
  const runId = await startRun(app, { subset: 'demo', turns: 0 });
  await waitForStatus(app, 'done');
  expect(mock.requests).toHaveLength(DEMO.length);
  const json = await downloadText(app, () => app.getByRole('button', { name: 'Export JSON' }).click());

  // A fresh profile (nothing stored), the bundle published next to the site.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route(`${site.url}published/run.json`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: json.text }));
  await page.goto(`${site.url}?results=published/run.json`);
  await expect(page).toHaveURL(new RegExp(`#/results/${runId}$`));
  await expect(page.getByTestId('leaderboard').getByRole('row').nth(1)).toContainText('mock-coder (mock)');
  await expect(page.getByTestId('leaderboard').getByRole('row').nth(1)).toContainText('100.0%');
  await page.goto(`${site.url}?results=https://elsewhere.test/run.json`);
  await expect(page.getByRole('alert')).toContainText('same origin');
  await context.close();
});
