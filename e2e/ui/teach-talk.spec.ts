// Teach mode, Talk's code-model seat: a scripted person works from the one-sentence statement of
// a demo instance with the rule-based (simulated) user's paragraph feedback. A first program that
// ignores the input gets feedback; a reload keeps the session and the unsubmitted draft; the
// reference solves it and the summary shows Talk's measures. Until then the page holds none of
// the full statement, the reference or the hidden tests; the stored log records the person as
// the code model and its scores are its item's own; the instructor view shows the hidden parts.
import type { Page } from '@playwright/test';
import { requireProtocol } from '../../src/core/protocols/registry.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO } from '../mock-llm.ts';
import { runLog } from '../runs-ui.ts';

const inst = DEMO.find((i) => i.id === 'str-word-freq')!;
const distinct = (lines: string[]) => [...new Set(lines.map((l) => l.replace(/[*`#]/g, '').trim()))];
/** Prose of the full statement (whole lines), reference lines and hidden tests' lines, none of them in the one-sentence statement. */
const STATEMENT = distinct(inst.statement.split('\n')).filter((l) => l.length >= 40);
const REFERENCE = distinct(inst.reference.split('\n')).filter((l) => l.length >= 16);
const TESTS = distinct(inst.tests.slice(0, 30).flatMap((t) => ('input' in t ? [...t.input.split('\n'), ...t.expected.split('\n')] : []))).filter(
  (l) => l.length >= 16 && !inst.statement.includes(l),
);

/** The page holds none of the hidden strings (a statement line the user's feedback quotes aside). */
async function assertNothingHidden(page: Page, step: string, { reference = true } = {}) {
  const text = await page.evaluate(() => document.documentElement.textContent ?? '');
  const feedback = (await page.getByTestId('feedback-text').allTextContents()).join('\n');
  for (const s of STATEMENT) if (!feedback.includes(s)) expect(text.includes(s), `${step}: the full statement's "${s}" is in the page`).toBe(false);
  for (const s of TESTS) expect(text.includes(s), `${step}: hidden test data "${s}" is in the page`).toBe(false);
  if (reference) for (const s of REFERENCE) expect(text.includes(s), `${step}: reference line "${s}" is in the page`).toBe(false);
}

const editorText = (page: Page) => page.evaluate(() => window.hintbench.editorText());
async function typeProgram(page: Page, code: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
  await expect.poll(() => editorText(page)).toBe(code);
}
async function submit(page: Page) {
  const status = page.getByTestId('teach-status');
  const before = await status.textContent();
  await page.getByTestId('teach-submit').click();
  await expect(status).not.toHaveText(before ?? '', { timeout: 60_000 });
}

test('a person solves a problem from one sentence with the simulated user’s feedback: stored, scored as a model, hidden parts kept back', async ({ app }) => {
  test.setTimeout(180_000);
  expect([STATEMENT.length, REFERENCE.length, TESTS.length].every((n) => n >= 3)).toBe(true);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await app.getByTestId('seat-talk-coder').getByRole('link').click();
  await expect(app).toHaveURL(/#\/teach\/new\/talk\/coder$/);
  const setup = app.getByTestId('teach-setup');
  await setup.getByRole('radio', { name: new RegExp(inst.title) }).check();
  await expect(setup.getByTestId('teach-setting')).toHaveValue('paragraph');
  await setup.getByTestId('teach-steps').fill('3');
  await setup.getByTestId('teach-name').fill('Ada');
  await screenshot(app, 'teach-talk-setup');
  await setup.getByTestId('teach-start').click();
  await expect(app).toHaveURL(/#\/teach\/run-/);
  const runId = decodeURIComponent(new URL(app.url()).hash.split('/')[2]!);

  // Attempt 1: the one sentence only; a program that ignores the input.
  const status = app.getByTestId('teach-status');
  await expect(status).toContainText('Your turn: write a program from the statement (attempt 1 of 3)', { timeout: 60_000 });
  await expect(app.getByTestId('question-text')).toHaveText(inst.summary!);
  await expect(app.getByTestId('io-note')).toContainText('reads its input from stdin');
  await assertNothingHidden(app, 'attempt 1');
  await typeProgram(app, 'print("no idea yet")\n');
  await submit(app);

  // Attempt 2: the user's paragraph on that program.
  await expect(status).toContainText('Your turn: revise your program with the feedback (attempt 2 of 3)', { timeout: 60_000 });
  await expect(app.getByTestId('feedback-type')).toHaveText('Paragraph feedback from the user');
  const feedback = await app.getByTestId('feedback-text').innerText();
  expect(feedback.length).toBeGreaterThan(20);
  await expect(app.getByTestId('history-step')).toHaveCount(1);
  await assertNothingHidden(app, 'attempt 2');
  await screenshot(app, 'teach-talk-session');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'teach-talk-session-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // A reload: the same step and feedback, and the draft kept.
  const draft = 'import sys\n# count the words\n';
  await typeProgram(app, draft);
  await app.reload();
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(status).toContainText('attempt 2 of 3', { timeout: 60_000 });
  await expect(app.getByTestId('feedback-text')).toHaveText(feedback);
  await expect.poll(() => editorText(app)).toBe(draft);

  // Attempt 2 with the reference: solved; the summary shows Talk's measures.
  await typeProgram(app, inst.reference);
  await submit(app);
  const summary = app.getByTestId('session-summary');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(app.getByTestId('session-ended')).toHaveText('Solved: your program passes every hidden test.');
  await expect(app.getByTestId('metric-tca')).toHaveText('100.0 %');
  await expect(app.getByTestId('metric-tcaFirst')).toHaveText('0.0 %');
  await expect(app.getByTestId('metric-steps')).toHaveText('1.00');
  await expect(app.getByTestId('attempt-tca')).toContainText(`attempt 2: ${inst.tests.length} of ${inst.tests.length} (100.0%)`);
  await assertNothingHidden(app, 'summary', { reference: false });

  // The stored log: the person as the code model; its stored scores are its item's scores and their reduction.
  const log = await runLog(app, runId);
  expect(log.manifest.models.find((m) => m.role === 'code')).toMatchObject({ id: 'learner', label: 'Ada', human: true });
  expect(log.manifest.params).toMatchObject({ setting: 'paragraph', steps: 3 });
  const item = log.items[0]!;
  expect(item.stopReason).toBe('solved');
  const code = item.steps.map((s) => s.calls.find((c) => c.role === 'code'));
  expect(code.map((c) => c?.model)).toEqual(['human', 'human']);
  expect(code[1]!.messages.at(-1)!.content).toContain(feedback); // the person's second attempt answered that feedback
  const talk = requireProtocol('talk');
  const score = talk.metrics.itemScores(log.manifest, item);
  expect(log.scores!.items[item.key]).toEqual(score);
  expect(log.summaries[0]!.metrics).toEqual(talk.metrics.reduce(log.manifest, [score]).metrics);

  // The instructor view, after confirmation: the full statement, the attempts' tests, the reference.
  await app.getByTestId('teach-instructor').getByTestId('show-hidden').click();
  await app.getByTestId('confirm-hidden').click();
  const panel = app.getByTestId('instructor-panel');
  await expect(panel.getByTestId('instructor-statement')).toContainText(STATEMENT[0]!);
  await expect(panel.getByTestId('instructor-attempts').locator('tbody tr')).toHaveCount(2);
  await expect(panel).toContainText(REFERENCE[0]!);
  await screenshot(app, 'teach-talk-instructor');

  // The session's results: a run like any other, the person on its leaderboard.
  await app.getByRole('link', { name: 'Results of this session', exact: true }).click();
  await expect(app.getByTestId('leaderboard')).toContainText('Ada', { timeout: 30_000 });
});
