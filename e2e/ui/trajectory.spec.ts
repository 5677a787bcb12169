// The trajectory viewer on a PAIR run with the rule-based feedback model and a mocked candidate
// whose replies are scripted: turn 0 echoes the buggy program, turn 1 applies one of the
// reference's fixes (and carries hostile markup), turn 2 answers with the reference. Every
// number on the page is checked against values computed here from the run log. A second run,
// with a mocked feedback model whose first hint quotes a hidden test, checks that such an
// attempt stays out of the page until the instructor view is confirmed.
import type { Page } from '@playwright/test';
import { pairLog, type PairItem } from '../../src/core/protocols/pair/view.ts';
import { applyHunk, hunks } from '../../src/core/text/diff.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO, fenced, MOCK_MODEL, MOCK_USAGE, mockLlm, type Answer } from '../mock-llm.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from '../runs-ui.ts';

const HOSTILE = '<script>window.__pwned=1</script> <img src=x onerror="window.__pwned=1"> [x](javascript:window.__pwned=1)';
const HOSTILE_COMMENT = '# <img src=x onerror="window.__pwned=1">';
/** $ per million tokens, input and output. */
const PRICE: [number, number] = [2, 10];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const hashOf = (...parts: string[]) => `#/results/${parts.map(encodeURIComponent).join('/')}`;
const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);

function flips(item: PairItem, t: number, tests: string[]) {
  const before = new Set(t === 0 ? item.initialPassed! : item.turns[t - 1]!.passed);
  const now = new Set(item.turns[t]!.passed);
  return { fixed: tests.filter((id) => !before.has(id) && now.has(id)), broken: tests.filter((id) => before.has(id) && !now.has(id)) };
}

test('the trajectory viewer shows every turn of an item, checked against the run log', async ({ app }) => {
  test.setTimeout(300_000);
  await mockLlm(app, (r): Answer => {
    const inst = r.instance!;
    const turn = r.body.messages.filter((m) => m.role === 'user').length - 1;
    if (turn === 0) return { content: fenced(inst.buggy) };
    if (turn === 1)
      return { content: fenced(`${applyHunk(inst.buggy, hunks(inst.buggy, inst.reference)[0]!)}${HOSTILE_COMMENT}\n`, `${HOSTILE}\nI fixed part of it.`) };
    return { content: fenced(inst.reference) };
  });
  await addMockProvider(app, { price: PRICE });
  // One demo instance (the only one tagged "dfs and similar"), the mock and a simulated candidate (low skill: a longer trajectory).
  const runId = await startRun(app, { subset: 'dfs and similar', turns: 4, models: [`${MOCK_MODEL} (mock)`, 'Simulated candidate, low skill'] });
  await waitForStatus(app, 'done', 240_000);
  const log = pairLog(await runLog(app, runId));
  expect(log.manifest.protocol.id).toBe('pair');
  expect(log.manifest.models.find((m) => m.role === 'feedback')?.profile).toBe('rule-based');
  expect(log.items).toHaveLength(2);
  const item = log.items.find((i) => !i.modelId.startsWith('sim-'))!;
  const simulated = log.items.find((i) => i.modelId.startsWith('sim-'))!;
  const tests = log.manifest.dataset.instances.find((i) => i.id === item.instanceId)!.testIds;
  // The script: turn 0 changes nothing, turn 1 fixes part of the tests, turn 2 fixes the rest.
  expect(item.turns).toHaveLength(3);
  expect(item.turns[0]!.passed).toEqual(item.initialPassed);
  expect(item.turns[1]!.passed.length).toBeGreaterThan(item.turns[0]!.passed.length);
  expect(item.turns[1]!.passed.length).toBeLessThan(tests.length);
  expect(item.stopReason).toBe('fixed');

  // ---- turn 1, opened from its permalink
  await go(app, hashOf(runId, item.key, '1'));
  const view = app.getByTestId('trajectory');
  await expect(view.getByRole('tab')).toHaveCount(item.turns.length);
  await expect(view.getByRole('tab', { selected: true })).toHaveAttribute('data-turn', '1');
  await expect(view.getByTestId('trajectory-header')).toContainText(`${MOCK_MODEL} (mock)`);
  const t1 = item.turns[1]!;
  const f1 = flips(item, 1, tests);
  expect(f1.fixed.length).toBeGreaterThan(0);
  await expect(view.getByTestId('turn-pass-rate')).toHaveText(pct(t1.passed.length / t1.total));
  const change = (t1.passed.length - item.turns[0]!.passed.length) / t1.total;
  await expect(view.getByTestId('turn-change')).toHaveText(`+${(change * 100).toFixed(1)} points`);
  await expect(view.getByTestId('turn-passed')).toHaveText(`${t1.passed.length} / ${t1.total}`);
  await expect(view.getByTestId('turn-fixed')).toHaveText(String(f1.fixed.length));
  await expect(view.getByTestId('turn-broken')).toHaveText(String(f1.broken.length));
  // The test grid: one cell per test, the flips marked, the scenario and the samples counted.
  const grid = view.getByTestId('test-grid');
  await expect(grid.getByRole('button')).toHaveCount(tests.length);
  await expect(grid.locator('[data-state="fixed"]')).toHaveCount(f1.fixed.length);
  await expect(grid.locator('[data-state="broken"]')).toHaveCount(f1.broken.length);
  await expect(grid.locator('.scenario')).toHaveCount(t1.feedback!.scenario!.testIds.length);
  await expect(grid.locator('.shown')).toHaveCount(t1.feedback!.sampleIds!.length);
  await expect(view.getByTestId('count-fixed')).toHaveText(String(f1.fixed.length));
  await expect(grid.locator(`[data-test-id="${f1.fixed[0]}"]`)).toHaveAttribute('title', new RegExp(`^Test ${f1.fixed[0]}: passing, newly fixed`));
  // The test id on focus; arrow keys move between cells.
  const cells = grid.getByRole('button');
  await cells.first().focus();
  await expect(view.getByTestId('test-detail')).toHaveText(new RegExp(`^Test ${tests[0]}: (passing|failing)`));
  await app.keyboard.press('ArrowRight');
  await expect(cells.nth(1)).toBeFocused();
  await expect(view.getByTestId('test-detail')).toHaveText(new RegExp(`^Test ${tests[1]}: `));
  // Why: the scenario's size and the staircase's explanation.
  await expect(view.getByTestId('scenario-size')).toHaveText(
    `${t1.feedback!.scenario!.testIds.length} test${t1.feedback!.scenario!.testIds.length === 1 ? '' : 's'}`,
  );
  await expect(view.getByTestId('scenario-why')).toContainText('Every instance starts at L1 (symptom)');
  // The hint and its validation log.
  const fb = t1.feedback!;
  await expect(view.getByTestId('hint-text')).toHaveText(fb.text);
  await expect(view.getByTestId('hint-level')).toContainText(`L${fb.level}`);
  const attempts = view.getByTestId('validation-attempt');
  await expect(attempts).toHaveCount(fb.validation!.length);
  for (const [i, a] of fb.validation!.entries()) {
    await expect(attempts.nth(i)).toHaveAttribute('data-accepted', String(a.accepted));
    await expect(attempts.nth(i)).toContainText(a.accepted ? 'accepted' : 'rejected');
  }
  // The diff: the fixed line removed and added, with the hostile comment as text.
  const hunk = hunks(item.turns[0]!.code, t1.code)[0]!;
  const removedLine = item.turns[0]!.code.split('\n')[hunk.start]!.trim();
  const diff = view.getByTestId('code-diff');
  await expect(diff.locator('[data-kind="removed"]').first()).toContainText(removedLine);
  await expect(diff.locator('[data-kind="added"]').first()).toContainText(hunk.added[0]!.trim());
  await expect(diff.locator('[data-kind="added"]').last()).toContainText(HOSTILE_COMMENT);
  // The calls: the candidate's request holds the hint; its usage and cost are the mock's.
  const candidateCall = view.locator('[data-testid="call"][data-role="candidate"]');
  await candidateCall.locator('summary').click();
  await expect(candidateCall.getByTestId('call-request')).toContainText(fb.text);
  await expect(candidateCall.getByTestId('call-response')).toContainText(HOSTILE);
  const candidateRow = view.locator('[data-testid="call-row"][data-role="candidate"]');
  await expect(candidateRow.getByTestId('call-tokens-in')).toHaveText(MOCK_USAGE.prompt.toLocaleString('en-US'));
  await expect(candidateRow.getByTestId('call-tokens-out')).toHaveText(String(MOCK_USAGE.completion));
  const candidateCost = (MOCK_USAGE.prompt * PRICE[0] + MOCK_USAGE.completion * PRICE[1]) / 1e6; // $0.004
  await expect(candidateRow.getByTestId('call-cost')).toHaveText(`$${candidateCost.toFixed(4)}`);
  const calls = t1.calls;
  expect(calls.map((c) => c.role)).toEqual([...calls.slice(0, -1).map(() => 'feedback'), 'candidate']);
  const sum = (k: 'promptTokens' | 'completionTokens') => calls.reduce((n, c) => n + (c.usage?.[k] ?? 0), 0);
  await expect(view.getByTestId('total-tokens-in')).toHaveText(sum('promptTokens').toLocaleString('en-US'));
  await expect(view.getByTestId('total-tokens-out')).toHaveText(sum('completionTokens').toLocaleString('en-US'));
  await expect(view.getByTestId('total-cost')).toHaveText(`$${candidateCost.toFixed(4)}`); // the rule-based feedback model is free
  await expect(view.getByTestId('turn-cost')).toHaveText(`$${candidateCost.toFixed(4)}`);

  // Hostile markup in the reply and the code stays text.
  expect(await app.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(view.locator('img')).toHaveCount(0);
  await expect(view.locator('script')).toHaveCount(0);
  await expect(view.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(view.locator('[onerror]')).toHaveCount(0);

  // The feedback model's request is not in the page until the instructor view is confirmed.
  const feedbackUser = calls[0]!.messages.find((m) => m.role === 'user')!.content;
  const probe = feedbackUser
    .split('\n')
    .find((l) => l.trim().length > 30)!
    .trim();
  const feedbackCall = view.locator('[data-testid="call"][data-role="feedback"]').first();
  await feedbackCall.locator('summary').click();
  await expect(feedbackCall.getByTestId('call-request-hidden')).toBeVisible();
  await expect(feedbackCall.getByTestId('call-request')).toHaveCount(0);
  expect(await app.evaluate(() => document.body.textContent)).not.toContain(probe);
  await screenshot(app, 'trajectory-turn1');
  await view.getByTestId('show-hidden').click();
  await expect(app.getByTestId('confirm-dialog')).toBeVisible();
  await app.getByTestId('confirm-hidden').click();
  await expect(feedbackCall.getByTestId('call-request')).toContainText(probe);

  // ---- arrow keys move between turns and change the URL; back and forward work.
  await view.getByRole('tab', { selected: true }).focus();
  await app.keyboard.press('ArrowRight');
  await expect(app).toHaveURL(new RegExp(`${literal(hashOf(runId, item.key, '2'))}$`));
  await expect(view.getByRole('tab', { selected: true })).toHaveAttribute('data-turn', '2');
  await expect(view.getByRole('tab', { selected: true })).toBeFocused();
  await expect(view.getByTestId('turn-pass-rate')).toHaveText('100.0%');
  await app.keyboard.press('Home');
  await expect(view.getByTestId('turn-panel')).toHaveAttribute('data-turn', '0');
  await expect(app).toHaveURL(new RegExp(`${literal(hashOf(runId, item.key, '0'))}$`));
  // Turn 0: the unaided repair; the program is the buggy one, unchanged.
  await expect(view.getByTestId('scenario-why')).toContainText('unaided initial repair');
  await expect(view.getByTestId('diff-none')).toContainText('No change');
  const f0 = flips(item, 0, tests);
  await expect(view.getByTestId('turn-fixed')).toHaveText(String(f0.fixed.length));
  await expect(view.getByTestId('turn-broken')).toHaveText(String(f0.broken.length));
  await app.goBack();
  await expect(view.getByTestId('turn-panel')).toHaveAttribute('data-turn', '2');
  await app.goBack();
  await expect(view.getByTestId('turn-panel')).toHaveAttribute('data-turn', '1');

  // ---- a reload at the permalink shows the same turn.
  await app.reload();
  await expect(app.getByTestId('turn-panel')).toHaveAttribute('data-turn', '1');
  await expect(app.getByTestId('turn-pass-rate')).toHaveText(pct(t1.passed.length / t1.total));
  await app.setViewportSize({ width: 390, height: 844 });
  await expect(app.getByTestId('turn-timeline')).toBeVisible();
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'trajectory-turn1-narrow');
  await app.setViewportSize({ width: 1280, height: 800 });

  // ---- an unknown turn and an unknown item say so.
  await go(app, hashOf(runId, item.key, '9'));
  await expect(app.getByTestId('trajectory-missing')).toContainText('No turn 9');
  await go(app, hashOf(runId, 'nope|nobody|0'));
  await expect(app.getByTestId('trajectory-missing')).toContainText('No such item');

  // ---- the instance panel lists both items and links to their trajectories.
  await go(app, hashOf(runId, item.key));
  await expect(app.getByTestId('turn-panel')).toHaveAttribute('data-turn', '2'); // no turn in the URL: the last one
  await app.getByTestId('link-instance').click();
  const panel = app.getByTestId('instance-trajectories');
  const rows = panel.getByTestId('instance-item');
  await expect(rows).toHaveCount(2);
  const buggyRate = pct(item.initialPassed!.length / tests.length);
  await expect(panel.getByTestId('buggy-pass-rate')).toContainText(buggyRate);
  for (const it of [item, simulated]) {
    const row = panel.locator(`[data-testid="instance-item"][data-key="${it.key}"]`);
    const last = it.turns.at(-1)!;
    await expect(row.getByTestId('item-final-rate')).toHaveText(pct(last.passed.length / last.total));
    await expect(row.getByTestId('item-link')).toHaveAttribute('href', hashOf(runId, it.key));
  }
  await expect(panel.locator(`[data-key="${simulated.key}"]`)).toContainText('simulated');
  await screenshot(app, 'trajectory-instance');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'trajectory-instance-narrow');
  await app.setViewportSize({ width: 1280, height: 800 });
  await panel.locator(`[data-key="${simulated.key}"]`).getByTestId('item-link').click();
  await expect(app.getByTestId('trajectory-header')).toContainText('simulated');
  await expect(app.getByRole('tab')).toHaveCount(simulated.turns.length);
  await screenshot(app, 'trajectory-simulated');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await expect(app.getByRole('tab', { selected: true })).toBeInViewport();
  await screenshot(app, 'trajectory-simulated-narrow');
});

/** A string as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a hint attempt that quoted a hidden test stays out of the page until the instructor view', async ({ app }) => {
  test.setTimeout(240_000);
  const inst = DEMO.find((i) => i.id === 'algo-island-count')!;
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  // 30 characters of a hidden test's input that the statement does not show.
  const piece = inst.tests.map((t) => squash((t as { input: string }).input).slice(0, 30)).find((p) => p.length === 30 && !squash(inst.statement).includes(p))!;
  const LEAKY = `Look at the input ${piece} closely.`;
  const CLEAN = 'On some tests the printed answer differs from the expected one.';
  let feedbackCalls = 0;
  await mockLlm(app, (r): Answer => {
    if ((r.body.messages[0]?.content ?? '').startsWith('You write hints')) return { content: feedbackCalls++ === 0 ? LEAKY : CLEAN };
    const turn = r.body.messages.filter((m) => m.role === 'user').length - 1;
    return { content: fenced(turn === 0 ? r.instance!.buggy : r.instance!.reference) };
  });
  await addMockProvider(app);
  const runId = await startRun(app, {
    subset: 'dfs and similar',
    turns: 2,
    prepare: (setup) =>
      setup
        .getByTestId('run-feedback')
        .selectOption(`mock:${MOCK_MODEL}`)
        .then(() => {}),
  });
  await waitForStatus(app, 'done', 180_000);
  const log = pairLog(await runLog(app, runId));
  const item = log.items[0]!;
  const attempts = item.turns[1]!.feedback!.validation!;
  expect(attempts.map((a) => [a.text, a.accepted, a.leaks.some((l) => l.kind === 'hidden-data')])).toEqual([
    [LEAKY, false, true],
    [CLEAN, true, false],
  ]);

  await go(app, hashOf(runId, item.key, '1'));
  const view = app.getByTestId('trajectory');
  const rows = view.getByTestId('validation-attempt');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('rejected');
  await expect(rows.nth(0)).toContainText('hidden-data');
  await expect(rows.nth(0)).toContainText('shown only in the instructor view');
  // The accepted attempt is the hint printed above: it says so rather than printing it twice.
  await expect(rows.nth(1).getByTestId('attempt-shown-above')).toHaveText('Its text is the hint above.');
  await expect(rows.nth(1)).not.toContainText(CLEAN);
  await expect(view.getByTestId('hint-text')).toHaveText(CLEAN);
  const firstCall = view.locator('[data-testid="call"][data-role="feedback"]').first();
  await firstCall.locator('summary').click();
  await expect(firstCall.getByTestId('call-response')).toHaveCount(0);
  expect(await app.evaluate(() => document.body.textContent)).not.toContain(piece);

  await view.getByTestId('show-hidden').click();
  await app.getByTestId('confirm-hidden').click();
  await expect(rows.nth(0)).toContainText(LEAKY);
  await expect(firstCall.getByTestId('call-response')).toHaveText(LEAKY);
  await expect(firstCall.getByTestId('call-request')).toBeVisible();
});
