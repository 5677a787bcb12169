// Teach mode: a scripted learner repairs a demo instance with the rule-based feedback model.
// Turn 0 unchanged (pass rate, then an L1 hint), turn 1 unchanged (the staircase goes up to L2),
// a reload keeps the session and the unsubmitted draft, the reference fixes it, and the summary
// shows the metrics. After every step nothing hidden is on the page; the instructor view, once
// confirmed, shows it.
import type { Page } from '@playwright/test';
import type { Instance } from '../../src/core/model/instance.ts';
import { TEACH_SEATS } from '../../src/core/protocols/registry.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO } from '../mock-llm.ts';

const inst = DEMO.find((i) => i.id === 'str-run-length')!;
const visible = `${inst.statement}\n${inst.buggy}`;
/** How a string may appear in markup: as is, escaped in text, escaped in an attribute. */
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const forms = (s: string) => [s, escapeText(s), escapeText(s).replace(/"/g, '&quot;')];

/** Distinctive lines (12 characters or more, not in the statement or the buggy program) of some hidden tests' inputs and expected outputs. */
function hiddenLines(tests: Instance['tests'], within = Infinity): string[] {
  const out = new Set<string>();
  for (const t of tests) {
    for (const value of 'input' in t ? [t.input, t.expected] : []) {
      for (const line of value.split('\n')) {
        const l = line.trim();
        if (l.length >= 12 && !visible.includes(l) && value.indexOf(line) + line.length <= within) out.add(l);
      }
    }
  }
  return [...out];
}
// The table of the instructor view shows the first 20 tests, each value cut at 400 characters.
const SHOWN = hiddenLines(inst.tests.slice(0, 20), 400).slice(0, 12);
const HIDDEN = [...SHOWN, ...hiddenLines(inst.tests.slice(20)).slice(0, 20)];
const REFERENCE_ONLY = inst.reference
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.length >= 12 && !visible.includes(l));

/** The page holds none of the hidden test data (and, until the learner types it, no reference-only line). */
async function assertNothingHidden(page: Page, step: string, { reference = true } = {}) {
  const { html, text } = await page.evaluate(() => ({ html: document.documentElement.outerHTML, text: document.documentElement.textContent ?? '' }));
  const found = (s: string) => text.includes(s) || forms(s).some((f) => html.includes(f));
  for (const s of HIDDEN) expect(found(s), `${step}: hidden test data "${s}" is in the page`).toBe(false);
  if (reference) for (const l of REFERENCE_ONLY) expect(found(l), `${step}: reference line "${l}" is in the page`).toBe(false);
}

/** The editor's text, line by line (CodeMirror draws each line as a block; a final newline shows as an empty last line). */
const editorText = (page: Page) => page.evaluate(() => window.hintbench.editorText());

async function typeProgram(page: Page, code: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
  await expect.poll(() => editorText(page)).toBe(code);
}

async function submit(page: Page) {
  const button = page.getByTestId('teach-submit');
  await expect(button).toBeEnabled({ timeout: 120_000 });
  // The status line names the turn being waited for, so it differs after every submission
  // (the button's busy state can be too brief to observe).
  const status = page.getByTestId('teach-status');
  const before = await status.textContent();
  await button.click();
  await expect(status).not.toHaveText(before ?? '', { timeout: 120_000 });
}

test('a learner repairs a demo instance: hints, the staircase, a reload, the summary, the instructor view', async ({ app }) => {
  test.setTimeout(400_000);
  expect(HIDDEN.length).toBeGreaterThanOrEqual(10);
  expect(SHOWN.length).toBeGreaterThanOrEqual(3);
  expect(REFERENCE_ONLY.length).toBeGreaterThanOrEqual(1);

  // The Teach page lists every seat; the candidate's opens its setup: the demo subset, the rule-based feedback model by default, α = 10.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await expect(app.getByTestId('teach-seats').getByRole('listitem')).toHaveCount(TEACH_SEATS.length);
  await screenshot(app, 'teach-seats');
  await app.getByTestId('seat-pair-candidate').getByRole('link').click();
  await expect(app).toHaveURL(/#\/teach\/new\/pair\/candidate$/);
  const setup = app.getByTestId('teach-setup');
  await expect(setup.getByTestId('teach-instance')).toHaveCount(DEMO.filter((i) => i.buggy.trim()).length);
  await expect(setup).toContainText(`${inst.tests.length} hidden tests`);
  await expect(setup.getByTestId('teach-feedback')).toHaveValue('simulated');
  await expect(setup.getByTestId('teach-alpha')).toHaveValue('10');
  await setup.getByRole('radio', { name: new RegExp(inst.title) }).check();
  await assertNothingHidden(app, 'setup');
  await screenshot(app, 'teach-setup');
  await app.setViewportSize({ width: 390, height: 844 });
  await screenshot(app, 'teach-setup-390');
  await app.setViewportSize({ width: 1280, height: 800 });
  await setup.getByTestId('teach-start').click();
  await expect(app).toHaveURL(/#\/teach\/run-/);

  // Turn 0: the buggy program in the editor; submit it unchanged.
  const status = app.getByTestId('teach-status');
  await expect(status).toContainText('Your turn', { timeout: 120_000 });
  await expect.poll(() => editorText(app)).toBe(inst.buggy);
  // Scrolled into view as a learner would, every line number sits beside its line by the second frame.
  await app.locator('.cm-content').scrollIntoViewIfNeeded();
  const offsets = await app.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const numbers = [...document.querySelectorAll('.cm-lineNumbers .cm-gutterElement')].filter((e) => (e as HTMLElement).style.visibility !== 'hidden');
    const lines = [...document.querySelectorAll('.cm-line')].slice(0, numbers.length);
    return lines.map((l, i) => Math.abs(l.getBoundingClientRect().top - (numbers[i]?.getBoundingClientRect().top ?? Infinity)));
  });
  expect(offsets.length).toBeGreaterThan(10); // the lines drawn (the editor draws those in its viewport)
  expect(Math.max(...offsets), 'line numbers beside their lines').toBeLessThan(1);
  await expect(app.getByTestId('teach-hint')).toContainText('No hint yet');
  await assertNothingHidden(app, 'turn 0 waiting');
  await submit(app);
  await expect(app.getByTestId('pass-rate')).toContainText(new RegExp(`\\d+ of ${inst.tests.length}`), { timeout: 120_000 });
  const passedAtStart = Number((await app.getByTestId('pass-rate').innerText()).match(/(\d+) of/)![1]);
  expect(passedAtStart).toBeGreaterThan(0);
  expect(passedAtStart).toBeLessThan(inst.tests.length);
  await expect(app.getByTestId('hint-level')).toHaveText('L1 · Symptom', { timeout: 120_000 });
  await expect(app.getByTestId('hint-text')).not.toBeEmpty();
  await expect(app.getByTestId('staircase-next')).toContainText('Every instance starts at L1');
  await expect(app.getByTestId('progress-turns')).toHaveText('0 of 10 (α, the turn budget)');
  await assertNothingHidden(app, 'turn 1 waiting (L1 hint)');

  // Turn 1: unchanged again; the scenario did not close, so the staircase steps up to L2.
  await submit(app);
  await expect(app.getByTestId('hint-level')).toHaveText('L2 · Input pattern', { timeout: 120_000 });
  await expect(app.getByTestId('staircase-step')).toHaveCount(1);
  await expect(app.getByTestId('staircase-step')).toContainText('Turn 1: L1 · Symptom.');
  await expect(app.getByTestId('staircase-step')).toContainText('Not closed: the next hint on this scenario is one level deeper.');
  await expect(app.getByTestId('staircase-next')).toContainText('Now: L2 · Input pattern. One level deeper, to L2');
  await expect(app.getByTestId('staircase').locator('svg')).toHaveAttribute('aria-label', /turn 1 L1, not closed; now L2/);
  await expect(app.getByTestId('progress-turns')).toHaveText('1 of 10 (α, the turn budget)');
  await expect(app.getByTestId('progress-closed')).toHaveText('0');
  await expect(app.getByTestId('progress-scenario')).toHaveText(/^\d+ tests?$/);
  await expect(app.getByTestId('pass-history')).toHaveText(new RegExp(`turn 0: .*% · turn 1: .*%`));
  await assertNothingHidden(app, 'turn 2 waiting (L2 hint)');
  await screenshot(app, 'teach-session');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'teach-session-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // The editor by keyboard: Enter indents after a colon, undo and redo, Esc then Tab leaves it.
  await app.locator('.cm-content').click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('\nif True:\npass');
  await expect.poll(() => editorText(app)).toBe(`${inst.buggy}\nif True:\n    pass`);
  for (let i = 0; i < 10 && (await editorText(app)) !== inst.buggy; i++) await app.keyboard.press('ControlOrMeta+z');
  expect(await editorText(app)).toBe(inst.buggy);
  await app.keyboard.press('ControlOrMeta+Shift+z');
  await expect.poll(() => editorText(app)).not.toBe(inst.buggy);
  await app.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => editorText(app)).toBe(inst.buggy);
  await app.keyboard.press('Escape');
  await app.keyboard.press('Tab');
  await expect(app.getByTestId('teach-submit')).toBeFocused();

  // A reload mid-session: the session resumes at the same turn, and the draft is still there.
  const hint = await app.getByTestId('hint-text').innerText();
  const draft = `# my idea: count the digits after each letter\n${inst.buggy}`;
  await typeProgram(app, draft);
  await app.reload();
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(status).toContainText('Your turn', { timeout: 120_000 });
  await expect(app.getByTestId('hint-level')).toHaveText('L2 · Input pattern');
  await expect(app.getByTestId('hint-text')).toHaveText(hint);
  await expect.poll(() => editorText(app)).toBe(draft);
  await expect(app.getByTestId('staircase-step')).toHaveCount(1);
  await assertNothingHidden(app, 'after the reload');

  // Turn 2: the reference fixes it. From here the editor holds what the learner typed, the
  // reference's lines included, so only hidden tests are checked.
  await typeProgram(app, inst.reference);
  await submit(app);
  const summary = app.getByTestId('session-summary');
  await expect(summary).toBeVisible({ timeout: 120_000 });
  await expect(app.getByTestId('session-ended')).toHaveText('Fixed: your program passes every hidden test.');
  await expect(app.getByTestId('metric-initialFix')).toHaveText('0.0 %');
  await expect(app.getByTestId('metric-finalFix')).toHaveText('100.0 %');
  await expect(app.getByTestId('metric-turnsToFix')).toHaveText('2.00');
  await expect(app.getByTestId('metric-gc')).toHaveText('100.0 %');
  await expect(app.getByTestId('metric-he')).toHaveText('5.00'); // one scenario, closed at L2: 7 − 2
  await expect(app.getByTestId('pass-rate')).toContainText(`${inst.tests.length} of ${inst.tests.length}`);
  await expect(app.getByTestId('teach-submit')).toBeDisabled();
  await expect(summary.getByRole('link', { name: 'Full results of this session' })).toHaveAttribute('href', /#\/results\/run-/);
  await assertNothingHidden(app, 'summary', { reference: false });
  await summary.scrollIntoViewIfNeeded();
  await screenshot(app, 'teach-summary');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'teach-summary-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // You beside the models: the session's own row, the person's, from its stored scores; the skill candidates are a click away.
  const beside = app.getByTestId('beside-models');
  await expect(beside.getByTestId('leaderboard').locator('tbody tr')).toHaveCount(1);
  await expect(beside.locator('tr[data-person] th')).toHaveText('[1] Learner (you) person');
  await expect(beside.locator('tr[data-person] td[data-metric="finalFix"]')).toHaveText(/^100\.0%/);
  await expect(beside.getByTestId('beside-run')).toBeVisible();
  await expect(beside).toContainText(
    'Simulated candidate, low skill, Simulated candidate, medium skill, Simulated candidate, high skill, Simulated candidate, expert skill',
  );

  // The instructor view, after confirmation: scenarios, hidden tests and the reference.
  const instructor = app.getByTestId('teach-instructor');
  await instructor.getByTestId('show-hidden').click();
  await expect(app.getByTestId('confirm-dialog')).toBeVisible();
  await app.getByTestId('confirm-hidden').click();
  const panel = app.getByTestId('instructor-panel');
  await expect(panel.getByTestId('hidden-tests')).toBeVisible();
  await expect(panel.getByTestId('instructor-scenarios').locator('tbody tr')).toHaveCount(2);
  await expect(panel.getByTestId('instructor-scenarios').locator('tbody tr').first()).toContainText('L1');
  await expect(panel.getByTestId('instructor-trajectory')).toHaveAttribute('href', /#\/results\/run-[^/]+\/str-run-length%7Clearner%7C0$/);
  const html = await app.evaluate(() => document.documentElement.outerHTML);
  for (const s of SHOWN)
    expect(
      forms(s).some((f) => html.includes(f)),
      `instructor view shows "${s}"`,
    ).toBe(true);
  const panelText = await panel.innerText();
  for (const l of REFERENCE_ONLY) expect(panelText).toContain(l);
  await screenshot(app, 'teach-instructor');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // once charts have redrawn for the width
  await screenshot(app, 'teach-instructor-390');
});

test('a confirmation given on the Datasets page is never carried into a learner’s session: the gate asks again', async ({ app }) => {
  test.setTimeout(200_000);
  const base = app.url().replace(/#.*$/, '');
  await app.goto(`${base}#/datasets/builtin/${inst.id}`);
  await app.getByTestId('show-hidden').first().click();
  await app.getByTestId('confirm-hidden').filter({ visible: true }).click();
  await expect(app.getByTestId('hidden-tests')).toBeVisible();

  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await app.getByTestId('seat-pair-candidate').getByRole('link').click();
  const setup = app.getByTestId('teach-setup');
  await setup.getByRole('radio', { name: new RegExp(inst.title) }).check();
  await setup.getByTestId('teach-start').click();
  await expect(app.getByTestId('teach-status')).toContainText('Your turn', { timeout: 120_000 });
  await expect(app.getByTestId('instructor-panel')).toHaveCount(0);
  await expect(app.getByTestId('teach-instructor').getByTestId('show-hidden')).toBeVisible();
  await assertNothingHidden(app, 'a learner’s session after a confirmation on Datasets');

  // Back on the Datasets page, the earlier confirmation is gone too: it held only where it was given.
  await app.goto(`${base}#/datasets/builtin/${inst.id}`);
  await expect(app.getByTestId('hidden-tests')).toHaveCount(0);
});
