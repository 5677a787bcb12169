// Teach mode, the feedback model's seat: a scripted person writes the hints for a simulated
// candidate. A hint that quotes a hidden test is refused with the validator's reason and written
// again; the candidate revises with each accepted hint; the page shows what each hint did and the
// level its words reach; the stored log records the person in the feedback role, every try and
// the candidate's turns, and its scores are the reduction of its items; the instructor view, once
// confirmed, shows the scenarios, the hidden tests and the reference; the session is set beside
// the same candidate under the rule-based hints (the row the person shaped marked) and on the
// compare page.
import type { Page } from '@playwright/test';
import { pairLog } from '../../src/core/protocols/pair/view.ts';
import { formatMetric } from '../../src/core/protocols/leaderboard.ts';
import { requireProtocol } from '../../src/core/protocols/registry.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { DEMO } from '../mock-llm.ts';
import { downloadText, runLog } from '../runs-ui.ts';

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

test('a person writes the hints: a leaking hint is refused with its reason, the candidate revises, the session is stored, scored and compared; shared as an assignment', async ({
  app,
  browser,
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
  await setup.getByTestId('teach-name').fill('The teacher');
  // The same setup shared as an assignment: a link, and a file (without the teacher's name).
  await setup.getByTestId('share-make').click();
  const link = await setup.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#\/teach\/assignment\/[A-Za-z0-9_-]+$/);
  const file = await downloadText(app, () => setup.getByTestId('share-file').click());
  expect(JSON.parse(file.text)).toMatchObject({
    schema: 'hintbench.assignment/1',
    protocol: 'pair',
    seat: 'feedback',
    instance: inst.id,
    params: { turns: 2 },
  });
  expect(file.text).not.toContain('The teacher');
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
  expect(log.manifest.models.find((m) => m.role === 'feedback')).toMatchObject({ id: 'learner', label: 'The teacher', human: true }); // the name typed in the form
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

  // The instructor view, behind its confirmation: the scenarios turn by turn, the hidden tests and the reference.
  const instructor = app.getByTestId('teach-instructor');
  await expect(app.getByTestId('instructor-panel')).toHaveCount(0);
  await instructor.getByTestId('show-hidden').click();
  await app.getByTestId('confirm-hidden').click();
  const panel = app.getByTestId('instructor-panel');
  await expect(panel.getByTestId('hidden-tests')).toBeVisible();
  await expect(panel.getByTestId('instructor-scenarios').locator('tbody tr')).toHaveCount(item.turns.filter((t) => t.index > 0).length);
  await expect(panel.getByTestId('instructor-scenarios').locator('tbody tr').first()).toContainText(asked.split(' ')[0]!);
  const referenceOnly = inst.reference
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= 12 && !inst.buggy.includes(l));
  expect(referenceOnly.length).toBeGreaterThan(0);
  for (const l of referenceOnly) await expect(panel).toContainText(l);
  await instructor.scrollIntoViewIfNeeded();
  await screenshot(app, 'teach-hints-instructor');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'teach-hints-instructor-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // You beside the models: the same candidate, instance, parameters and seed under the rule-based hints, in one leaderboard of
  // stored scores; the row the person's hints shaped is marked, and says who wrote the hints.
  const beside = app.getByTestId('beside-models');
  await beside.getByTestId('beside-run').click();
  const board = beside.getByTestId('leaderboard');
  await expect(board.locator('tbody tr')).toHaveCount(2, { timeout: 60_000 });
  await expect(board.locator('tr[data-person] th')).toHaveText('[1] Simulated candidate, low skill · Feedback model: The teacher person');
  await expect(board.locator('tbody tr:not([data-person]) th')).toHaveText(
    /^\[2\] Simulated candidate, low skill · Feedback model: Rule-based feedback \(simulated\)/,
  );
  await expect(board.locator('tr[data-person] td[data-metric="finalFix"]')).toHaveText(
    new RegExp(
      `^${formatMetric(
        pair.metrics.columns.find((c) => c.key === 'finalFix')!,
        log.summaries[0]!.metrics.finalFix,
      )}%`,
    ),
  );
  await expect(beside.getByTestId('beside-run')).toHaveCount(0); // the seat's one simulated feedback model is beside it now
  await screenshot(app, 'teach-hints-beside');
  await beside.getByTestId('beside-compare').click();
  await expect(app).toHaveURL(new RegExp(`#/results/compare/${runId}/run-`));
  await expect(app.getByRole('heading', { name: '2 runs compared' })).toBeVisible({ timeout: 60_000 });
  await expect(app.getByText(`${log.manifest.name} · beside: Rule-based feedback (simulated)`).first()).toBeVisible();
  const otherId = decodeURIComponent(new URL(app.url()).hash.split('/').at(-1)!);
  const other = await runLog(app, otherId);
  expect(other.manifest.models.find((m) => m.role === 'feedback')).toMatchObject({ simulated: true, profile: 'rule-based' });
  expect([other.manifest.settings.seed, other.manifest.params]).toEqual([log.manifest.settings.seed, log.manifest.params]);
  await expect(app.getByText('Some runs are still running')).toHaveCount(0);
  await screenshot(app, 'teach-hints-compare');

  // A learner opens the assignment's link in another browser profile: it shows the session, and Start starts exactly it, with their name.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto(link);
  const assignment = learner.getByTestId('assignment');
  await expect(assignment).toContainText('Write the hints');
  await expect(assignment.getByTestId('assignment-subject')).toHaveText(inst.title);
  await screenshot(learner, 'teach-assignment');
  await assignment.getByTestId('teach-name').fill('Ada');
  await assignment.getByTestId('assignment-start').click();
  await expect(learner).toHaveURL(/#\/teach\/run-/);
  await expect(learner.getByTestId('hint-form').or(learner.getByTestId('session-summary'))).toBeVisible({ timeout: 120_000 });
  const started = await runLog(learner, decodeURIComponent(new URL(learner.url()).hash.split('/')[2]!));
  expect(started.manifest.name).toBe(log.manifest.name);
  expect([started.manifest.params, started.manifest.settings.seed, started.manifest.dataset.instances.map((i) => i.id)]).toEqual([
    log.manifest.params,
    log.manifest.settings.seed,
    [inst.id],
  ]);
  expect(started.manifest.models.map((m) => [m.role, m.label, m.human ?? false])).toEqual([
    ['candidate', 'Simulated candidate, low skill', false],
    ['feedback', 'Ada', true],
  ]);
  // The file opens the same assignment from the Teach page.
  await learner.goto(link.replace(/#.*$/, '#/teach'));
  await learner.getByTestId('assignment-file').setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
  await expect(learner).toHaveURL(/#\/teach\/assignment\//);
  await expect(learner.getByTestId('assignment-subject')).toHaveText(inst.title);
  await context.close();
});
