// Teach mode, the feedback model's seat: a scripted person writes the hints for a simulated
// candidate. A hint that quotes a hidden test is refused with the validator's reason and written
// again; the candidate revises with each accepted hint; the page shows what each hint did and the
// level its words reach; the stored log records the person in the feedback role, every try and
// the candidate's turns, and its scores are the reduction of its items; the session is set
// beside the same candidate under the rule-based hints on the compare page.
import type { Page } from '@playwright/test';
import { pairLog } from '../../src/core/protocols/pair/view.ts';
import { requireProtocol } from '../../src/core/protocols/registry.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO } from '../mock-llm.ts';
import { runLog } from '../runs-ui.ts';

const inst = DEMO.find((i) => i.id === 'str-run-length')!;
/** A line of a hidden test's input, 12 characters or more, that the statement does not show: quoting it gives the test away. */
const secret = inst.tests
  .flatMap((t) => ('input' in t ? t.input.split('\n').map((l) => l.trim()) : []))
  .find((l) => l.length >= 12 && l.length <= 80 && !inst.statement.includes(l))!;

/** Wait for the hint form, and give a hint; returns the level the staircase asked for. */
async function give(page: Page, hint: string): Promise<string> {
  const form = page.getByTestId('hint-form');
  await expect(form).toBeVisible({ timeout: 120_000 });
  const level = (await form.getByTestId('hint-level').textContent())!;
  await form.getByTestId('hint-input').fill(hint);
  await form.getByTestId('hint-submit').click();
  return level;
}

test('a person writes the hints: a leaking hint is refused with its reason, the candidate revises, the session is stored, scored and compared', async ({
  app,
}) => {
  test.setTimeout(300_000);
  expect(secret).toBeTruthy();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await app.getByTestId('seat-pair-feedback').getByRole('link').click();
  await expect(app).toHaveURL(/#\/teach\/new\/pair\/feedback$/);
  const setup = app.getByTestId('teach-setup');
  await setup.getByRole('radio', { name: new RegExp(inst.title) }).check();
  await setup.getByTestId('teach-candidate').selectOption('low');
  await setup.getByTestId('teach-alpha').fill('2');
  await screenshot(app, 'teach-hints-setup');
  await setup.getByTestId('teach-start').click();
  await expect(app).toHaveURL(/#\/teach\/run-/);
  const runId = decodeURIComponent(new URL(app.url()).hash.split('/')[2]!);

  // Turn 1: what a feedback model is shown, then a hint that quotes a hidden test: refused, with the reason.
  const form = app.getByTestId('hint-form');
  await expect(form).toBeVisible({ timeout: 120_000 });
  await expect(form.getByTestId('hint-prompt')).toContainText('Problem statement:');
  await expect(form.getByTestId('hint-prompt')).toContainText('Symptoms on the failing tests:');
  const asked = await give(app, `It fails on the input ${secret}, look at it.`);
  await expect(form.getByTestId('hint-refused')).toContainText('hidden-data', { timeout: 60_000 });
  await expect(app.getByTestId('teach-status')).toContainText('Your hint was refused: rewrite it (try 2 of 4)');
  await screenshot(app, 'teach-hints-refused');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'teach-hints-refused-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // Rewritten without the test: accepted; the candidate revises, and the page says what the hint did.
  const good = 'The printed text is wrong when the same character repeats several times in a row.';
  await form.getByTestId('hint-input').fill(good);
  await form.getByTestId('hint-submit').click();
  const effect = app.getByTestId('hint-effect').first();
  await expect(effect).toContainText(good, { timeout: 120_000 });
  await expect(effect).toContainText(`asked for ${asked}`);
  await expect(effect.getByTestId('hint-reads-as')).toHaveText(/^L[1-6] · /);
  await expect(effect.getByTestId('hint-outcome')).toContainText('The candidate then passed');

  // Turn 2 (α = 2), unless the candidate fixed the program already; then the session ends.
  const end = app.getByTestId('session-summary');
  if (!(await end.isVisible())) {
    await Promise.race([give(app, 'Some outputs are shorter than they should be.'), end.waitFor({ timeout: 120_000 })]);
  }
  await expect(end).toBeVisible({ timeout: 120_000 });
  await screenshot(app, 'teach-hints-summary');

  // The stored log: the person in the feedback role, every try, the candidate's turns; its scores are its items' reduction.
  const log = await runLog(app, runId);
  expect(log.manifest.models.find((m) => m.role === 'feedback')).toMatchObject({ id: 'learner', label: 'You', human: true });
  expect(log.manifest.models.find((m) => m.role === 'candidate')).toMatchObject({ simulated: true, profile: 'low' });
  const item = pairLog(log).items[0]!;
  const first = item.turns[1]!.feedback!;
  expect(first.validation!.map((a) => [a.accepted, a.leaks.map((l) => l.kind)])).toEqual([
    [false, ['hidden-data']],
    [true, []],
  ]);
  expect(first.text).toBe(good);
  expect(item.turns[1]!.prompt).toContain(good); // the candidate's prompt carried the person's hint
  expect(item.turns[1]!.prompt).not.toContain(secret); // … and never the refused one
  const pair = requireProtocol('pair');
  const score = pair.metrics.itemScores(log.manifest, log.items[0]!);
  expect(log.scores!.items[log.items[0]!.key]).toEqual(score);
  expect(log.summaries[0]!.metrics).toEqual(pair.metrics.reduce(log.manifest, [score]).metrics);

  // Beside the same candidate under the rule-based hints: the compare page of the two runs.
  await app.getByTestId('compare-rule-based').click();
  await expect(app).toHaveURL(new RegExp(`#/results/compare/${runId}/run-`));
  await expect(app.getByRole('heading', { name: '2 runs compared' })).toBeVisible({ timeout: 60_000 });
  await expect(app.getByText(`${log.manifest.name} · rule-based hints`).first()).toBeVisible();
  const otherId = decodeURIComponent(new URL(app.url()).hash.split('/').at(-1)!);
  await app.evaluate((id) => window.hintbench.waitRun(id).then(() => undefined), otherId);
  const other = await runLog(app, otherId);
  expect(other.manifest.models.find((m) => m.role === 'feedback')).toMatchObject({ simulated: true, profile: 'rule-based' });
  expect([other.manifest.settings.seed, other.manifest.params]).toEqual([log.manifest.settings.seed, log.manifest.params]);
  await expect(app.getByText('Some runs are still running')).toHaveCount(0);
  await screenshot(app, 'teach-hints-compare');
});
