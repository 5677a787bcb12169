// When Benchmarks Talk in the app: three settings of the same simulated code models started
// together from the Run page (code feedback, with static and paragraph beside it), their
// comparison (TCA per setting, the rank change and the footrule), one run's results and
// figures, and an item's transcript — every number checked against the run logs; and Home's
// Talk demo, which starts its six settings and opens them side by side.
import type { Page } from '@playwright/test';
import { compareTalk } from '../../src/core/protocols/talk/compare.ts';
import { talkItems } from '../../src/core/protocols/talk/view.ts';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO, fenced, MOCK_MODEL, mockLlm, type Answer } from '../mock-llm.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from '../runs-ui.ts';

const MODELS = ['Simulated code model, stubborn', 'Simulated code model, attentive'];
const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);
const pct = (x: number) => (x * 100).toFixed(1);

test('three settings side by side, a run’s results and an item’s transcript', async ({ app }) => {
  test.setTimeout(300_000);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run', exact: true }).click();
  const setup = app.getByTestId('run-setup');
  await setup.getByTestId('run-subset').selectOption('sliding window');
  await setup.getByTestId('run-protocol').selectOption('talk');
  for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
  for (const label of MODELS) await setup.getByLabel(label, { exact: true }).check();
  await setup.getByTestId('param-setting').selectOption('code-feedback');
  await setup.getByTestId('param-steps').fill('4');
  const also = setup.getByTestId('also-values');
  await also.getByLabel('Static', { exact: true }).check();
  await also.getByLabel('Paragraph', { exact: true }).check();
  await expect(setup.getByTestId('protocol-description')).toContainText('under-specified statement');
  await expect(setup.getByTestId('run-size')).toContainText('2 instances × 2 models');
  await screenshot(app, 'talk-run-setup-1280');
  await app.setViewportSize({ width: 390, height: 844 });
  await setup.screenshot({ path: 'e2e/screenshots/talk-run-setup-390.png' });
  await app.setViewportSize({ width: 1280, height: 800 });
  await setup.getByTestId('run-start').click();
  await expect(app).toHaveURL(/#\/run\/run-/);
  const group = app.getByTestId('group-compare');
  await expect(group).toContainText('Compare it with the 2 run(s) started with it');
  const href = (await group.getAttribute('href'))!;
  const ids = href.split('/').slice(3).map(decodeURIComponent);
  for (const id of ids) await app.evaluate((runId) => window.hintbench.waitRun(runId).then(() => undefined), id);
  const logs: RunLog[] = [];
  for (const id of ids) logs.push(await runLog(app, id));
  expect(logs.map((l) => l.manifest.params.setting)).toEqual(['code-feedback', 'static', 'paragraph']);
  expect(logs.every((l) => l.items.length === 4 && l.items.every((i) => i.status === 'done'))).toBe(true);
  // Readability was counted in the page (Ruff's WebAssembly build).
  const step0 = logs[0]!.items[0]!.steps[0]!.data as { style?: { tool: string } };
  expect(step0.style?.tool).toMatch(/^ruff \d+\.\d+\.\d+ \(pycodestyle rules E, W\)$/);

  // ---- the comparison
  await go(app, href);
  const c = compareTalk(logs);
  const table = app.getByTestId('talk-tca-table');
  for (const [s, setting] of c.settings.entries()) {
    for (const [k, m] of c.models.entries()) {
      const v = c.tca[s]![k]!;
      await expect(table.locator(`td[data-setting="${setting.setting}"][data-model="${m.modelId}"]`)).toHaveText(`${pct(v.mean)} ± ${pct(v.se!)}`);
    }
  }
  expect(c.reference).toBe(1); // the static run
  const footrule = app.getByTestId('talk-footrule');
  for (const [s, setting] of c.settings.entries()) {
    if (s === c.reference) continue;
    await expect(footrule.locator(`tr[data-setting="${setting.setting}"] [data-testid="footrule-normalized"]`)).toHaveText(c.byTca[s]!.normalized!.toFixed(3));
  }
  await expect(app.getByTestId('talk-bump').locator('svg[data-chart="bump"] path.mark')).toHaveCount(c.models.length * c.settings.length);
  await expect(app.getByTestId('talk-compare')).toContainText('3 settings compared');
  await screenshot(app, 'talk-compare-1280');
  await app.setViewportSize({ width: 390, height: 844 });
  await screenshot(app, 'talk-compare-390');
  for (const id of ['talk-tca-table', 'talk-bump', 'talk-footrule'])
    await app.getByTestId(id).screenshot({ path: `e2e/screenshots/talk-compare-390-${id}.png` });
  await app.setViewportSize({ width: 1280, height: 800 });

  // ---- one run's results: its table and figures
  const [codeRun] = logs;
  await go(app, `#/results/${encodeURIComponent(codeRun!.manifest.runId)}`);
  const summary = app.getByTestId('results-summary');
  for (const s of codeRun!.summaries) {
    const row = summary.locator(`tr[data-model="${s.modelId}"]`);
    await expect(row.locator('td[data-metric="tca"]')).toContainText(`${pct(s.metrics.tca!)}% ±${pct(s.metrics.tcaSe!)}`);
    await expect(row.locator('td[data-metric="dc"]')).toContainText(`${pct(s.metrics.dc!)}%`);
    await expect(row.locator('td[data-metric="style"]')).toContainText(s.metrics.style!.toFixed(2));
  }
  for (const fig of ['talk-fig-steps', 'talk-fig-change', 'talk-fig-steer', 'talk-fig-scatter']) await expect(app.getByTestId(fig)).toBeVisible();
  await expect(app.getByTestId('items-table')).toBeVisible();
  await screenshot(app, 'talk-results-1280');

  // ---- an item's transcript, at its first revision
  const item = talkItems(codeRun!).find((i) => i.attempts.length >= 2 && i.attempts[1]!.feedback?.text)!;
  expect(item).toBeTruthy();
  const revision = item.attempts[1]!;
  await go(app, `#/results/${encodeURIComponent(codeRun!.manifest.runId)}/${encodeURIComponent(item.key)}/1`);
  const view = app.getByTestId('trajectory');
  await expect(view.getByRole('tab')).toHaveCount(item.attempts.length);
  await expect(view.getByRole('tab', { selected: true })).toHaveAttribute('data-turn', '1');
  await expect(view.getByRole('tab', { selected: true })).toContainText('C');
  await expect(app.getByTestId('turn-pass-rate')).toHaveText(`${pct(revision.tca)}%`);
  await expect(app.getByTestId('statement-seen-text')).toHaveText(revision.question.text!);
  await expect(app.getByTestId('statement-seen')).toContainText(`${revision.question.text!.length} characters`);
  await expect(app.getByTestId('statement-full')).toContainText('characters');
  await expect(app.getByTestId('feedback-type')).toContainText('Code feedback');
  await expect(app.getByTestId('feedback-text')).toHaveText(revision.feedback!.text!);
  await expect(app.getByTestId('feedback-claim')).toContainText(`claims the program is ${revision.feedback!.claim!.verdict}`);
  await expect(app.getByTestId('feedback-attempt')).toHaveCount(revision.feedback!.attempts.length);
  const before = new Set(item.attempts[0]!.passed);
  const fixed = revision.passed.filter((id) => !before.has(id)).length;
  await expect(app.getByTestId('turn-fixed')).toHaveText(String(fixed));
  await screenshot(app, 'talk-transcript-1280');
  await app.setViewportSize({ width: 390, height: 844 });
  await screenshot(app, 'talk-transcript-390');
  for (const id of ['turn-timeline', 'statement-panel', 'feedback-panel'])
    await app.getByTestId(id).screenshot({ path: `e2e/screenshots/talk-transcript-390-${id}.png` });
  await app.setViewportSize({ width: 1280, height: 800 });
  // Turn 0 has nothing before it.
  await view.getByRole('tab').first().click();
  await expect(app.getByTestId('from-scratch')).toBeVisible();
  await expect(app.getByTestId('feedback-none')).toBeVisible();
});

test('Home’s Talk demo starts its six settings and opens them side by side', async ({ app }) => {
  test.setTimeout(120_000);
  await app.getByTestId('run-demo-talk').click();
  await expect(app).toHaveURL(/#\/results\/compare\//);
  const ids = new URL(app.url()).hash.split('/').slice(3).map(decodeURIComponent);
  expect(ids).toHaveLength(6);
  await expect(app.getByTestId('talk-compare')).toContainText('6 settings compared');
  await expect(app.getByTestId('talk-compare').locator('ol li')).toHaveCount(6);
  const names = await app.evaluate(async (runIds) => Promise.all(runIds.map(async (id) => (await window.hintbench.runLog(id))!.manifest.params.setting)), ids);
  expect(names).toEqual(['static', 'self-critique', 'paragraph', 'sentence', 'code-feedback', 'query-rephrasing']);
  await screenshot(app, 'talk-demo-started-1280');
  for (const id of ids) await app.evaluate((runId) => window.hintbench.cancelRun(runId), id);
});

test("a user's reply that quoted a hidden test never reaches the code model, and stays out of the page until the instructor view", async ({ app }) => {
  test.setTimeout(240_000);
  const inst = DEMO.find((i) => i.id === 'algo-island-count')!;
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  // 30 characters of a hidden test's input that the statement does not show.
  const piece = inst.tests.map((t) => squash((t as { input: string }).input).slice(0, 30)).find((p) => p.length === 30 && !squash(inst.statement).includes(p))!;
  const LEAKY = `Check the input ${piece} closely.`;
  const CLEAN = 'The solution does not treat a map with no land the way the problem asks.';
  let userCalls = 0;
  const codePrompts: string[] = [];
  await mockLlm(app, (r): Answer => {
    if ((r.body.messages[0]?.content ?? '').startsWith('You are an expert human programmer')) return { content: userCalls++ === 0 ? LEAKY : CLEAN };
    codePrompts.push(r.prompt);
    return { content: fenced(r.prompt.includes('Here is your last version of the code') ? inst.reference : inst.buggy) };
  });
  await addMockProvider(app);
  const runId = await startRun(app, {
    subset: 'dfs and similar',
    protocol: 'talk',
    prepare: async (setup) => {
      await setup.getByTestId('param-setting').selectOption('paragraph');
      await setup.getByTestId('param-steps').fill('2');
      await setup.getByTestId('run-user').selectOption(`mock:${MOCK_MODEL}`);
    },
  });
  await waitForStatus(app, 'done', 180_000);
  const log = await runLog(app, runId);
  const item = talkItems(log)[0]!;
  const fb = item.attempts[1]!.feedback!;
  expect(fb.attempts.map((a) => [a.text, a.accepted, a.problems.map((p) => p.kind)])).toEqual([
    [LEAKY, false, ['hidden-data']],
    [CLEAN, true, []],
  ]);
  // The code model's prompts never held it.
  expect(codePrompts).toHaveLength(2);
  for (const prompt of codePrompts) expect(squash(prompt)).not.toContain(piece);
  expect(codePrompts[1]).toContain(CLEAN);

  await go(app, `#/results/${encodeURIComponent(runId)}/${encodeURIComponent(item.key)}/1`);
  const view = app.getByTestId('trajectory');
  const rows = view.getByTestId('feedback-attempt');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('rejected');
  await expect(rows.nth(0)).toContainText('hidden-data');
  await expect(rows.nth(0)).toContainText('shown only in the instructor view');
  await expect(view.getByTestId('feedback-text')).toHaveText(CLEAN);
  await expect(rows.nth(1).getByTestId('attempt-shown-above')).toHaveText('Its text is the one above.');
  const firstUser = view.locator('[data-testid="call"][data-role="user"]').first();
  await firstUser.locator('summary').click();
  await expect(firstUser.getByTestId('call-response')).toHaveCount(0);
  await expect(firstUser.getByTestId('call-request-hidden')).toBeVisible(); // it holds the reference
  expect(await app.evaluate(() => document.body.textContent)).not.toContain(piece);
  await screenshot(app, 'talk-transcript-hidden');

  await view.getByTestId('show-hidden').click();
  await app.getByTestId('confirm-hidden').click();
  await expect(rows.nth(0)).toContainText(LEAKY);
  await expect(firstUser.getByTestId('call-response')).toHaveText(LEAKY);
  await expect(firstUser.getByTestId('call-request')).toContainText(inst.statement.slice(0, 40));
});
