// A newcomer's complaints about words and small signs: run headers of bare symbols and ids, run
// names of model ids, a stop reason shouted in capitals, "Trial" where the rest says "Turn", a
// save with no word of it, radios nearer the previous answer than their own, and a table of
// directional correctness with no unit. Each check here failed on the build before the fix.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures.ts';
import { runLog, startRun, waitForStatus } from '../runs-ui.ts';

const FIXTURES = 'src/core/runlog/fixtures';
const runIdOf = (name: string): string =>
  (JSON.parse(gunzipSync(readFileSync(`${FIXTURES}/v2-${name}.json.gz`)).toString('utf8')) as { manifest: { runId: string } }).manifest.runId;

async function open(app: Page, name: string): Promise<Locator> {
  await app.getByRole('navigation').getByRole('link', { name: 'Results', exact: true }).click();
  await app.getByTestId('results-open').setInputFiles(`${FIXTURES}/v2-${name}.json.gz`);
  const summary = app.getByTestId('results-summary');
  await expect(summary).toBeVisible();
  return summary;
}

/** The line under a run's title: the first paragraph after it. */
const headerOf = (card: Locator) => card.locator('h2 ~ p').first();

test('a run header names each parameter in words beside its symbol, with a tooltip saying what it is', async ({ app }) => {
  const talk = headerOf(await open(app, 'talk-paragraph'));
  await expect(talk).toContainText('Code generations per item (steps) = 5');
  await expect(talk).toContainText('Reference lines in code feedback (codeLines) = 2');
  await expect(talk).toContainText('Simulated user’s error rate (userErrorRate) = 0.1');
  await expect(talk).not.toContainText(' · steps = 5');
  await expect(talk.locator('[title]', { hasText: 'Code generations per item' })).toHaveAttribute('title', /Code generations per item at most/);
  await expect(talk.locator('[title]', { hasText: 'Setting: Paragraph' })).toHaveAttribute('title', /What the code model gets/);
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await screenshot(app, `newcomer-words-talk-header-${width}`);
  }
  await app.setViewportSize({ width: 1280, height: 800 });

  // PrismBench's forty-odd parameters are folded to those off their defaults, the rest on request.
  const prism = headerOf(await open(app, 'prism'));
  const toggle = prism.getByTestId('run-params-toggle');
  await expect(toggle).toHaveText(/^all \d+ parameters/);
  const folded = await prism.locator('[data-param]').count();
  await toggle.click();
  await expect(toggle).toHaveText('fewer parameters');
  expect(await prism.locator('[data-param]').count()).toBeGreaterThan(folded + 20);
  await expect(prism).toContainText('Node evaluations (budget) (N_max) = 100');
  await expect(prism).toContainText('Discount γ = 0.9');
  await expect(prism).toContainText('Penalty per failure (P_failure) = 2');
  await expect(prism).toContainText('Max evaluations, Phase 3 (I₃) = 5000');
  await expect(prism.locator('[title]', { hasText: 'Node evaluations (budget)' })).toHaveAttribute('title', /stops after this many node evaluations/);
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await screenshot(app, `newcomer-words-prism-header-${width}`);
  }
});

test('a run started without a name is named by its models’ labels, and its Run page header uses plain names', async ({ app }) => {
  const runId = await startRun(app, {
    protocol: 'prism',
    models: ['Simulated model, strong (hidden capability map)', 'Simulated model, weak (hidden capability map)'],
    prepare: async (setup) => {
      await setup.getByTestId('param-maxNodes').fill('6');
      await setup.getByTestId('param-concepts').fill('loops, sorting');
      await setup.getByTestId('run-start').scrollIntoViewIfNeeded();
      expect(await app.evaluate(() => scrollY)).toBeGreaterThan(0); // Start is below the fold
    },
  });
  expect(runId).toMatch(/^run-/);
  // The run page opens at its top: its title and status in sight, not the form's scroll position.
  await expect(app.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await app.evaluate(() => scrollY)).toBe(0);
  const title = app.locator('#live-title');
  await expect(title).toHaveText('PrismBench: Simulated model, strong; Simulated model, weak on its own problems, Node evaluations (budget) (N_max) = 6');
  await expect(title).not.toContainText('sim-');
  const header = title.locator('xpath=../following-sibling::p[1]');
  await expect(header).toContainText('Node evaluations (budget) (N_max) = 6');
  await expect(header).not.toContainText('Discount γ'); // at its default: folded
  await header.getByTestId('run-params-toggle').click();
  await expect(header.locator('[title]', { hasText: 'Discount γ' })).toHaveAttribute('title', /Discount factor/);
  // Time is measured here, not promised: elapsed while it runs, and once it is over.
  await expect(app.getByTestId('run-time')).toContainText('elapsed');
  await waitForStatus(app, 'done');
  await expect(app.getByTestId('run-time')).toHaveText(/^\d+:\d\d elapsed$/);
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await screenshot(app, `newcomer-words-run-page-${width}`);
  }
  // On a phone the long name takes at most three lines, on the Run page and on Results; a button shows it whole.
  for (const page of ['run', 'results']) {
    await app.evaluate(([p, id]) => (location.hash = `#/${p}/${encodeURIComponent(id!)}`), [page, runId]);
    const heading = app.getByTestId('run-title');
    await expect(heading).toContainText('PrismBench: Simulated model, strong');
    expect(await lines(heading), `${page}: lines of the folded name`).toBeLessThanOrEqual(3);
    await app.getByTestId('run-title-toggle').click();
    expect(await lines(heading), `${page}: lines of the whole name`).toBeGreaterThan(3);
    await expect(app.getByTestId('run-title-toggle')).toHaveText('fold the name');
    await app.getByTestId('run-title-toggle').click();
    expect(await lines(heading)).toBeLessThanOrEqual(3);
    await screenshot(app, `newcomer-run-title-${page}-390`);
  }
  await app.setViewportSize({ width: 1280, height: 800 });
});

/** How many lines of text an element shows: its height over its line height. */
const lines = (el: Locator) =>
  el.evaluate((e) => {
    const style = getComputedStyle(e);
    const lh = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.round(e.getBoundingClientRect().height / lh);
  });

test('a paused run can be cancelled, after a question; Cancel of a running one asks too', async ({ app }) => {
  const runId = await startRun(app, { subset: 'demo', models: ['Simulated candidate, low skill'], concurrency: 1 });
  expect(runId).toMatch(/^run-/);
  await app.getByTestId('run-cancel').click();
  await expect(app.getByTestId('run-cancel-confirm')).toContainText('Steps in progress are abandoned');
  await app.getByTestId('run-cancel-no').click();
  await app.getByTestId('run-pause').click();
  await waitForStatus(app, 'paused');
  await expect(app.getByTestId('run-resume')).toBeVisible();
  // Paused, it still offers Cancel, which asks first; keeping it paused changes nothing.
  await app.getByTestId('run-cancel').click();
  await expect(app.getByTestId('run-cancel-confirm')).toContainText('End the run here, as cancelled?');
  await screenshot(app, 'newcomer-paused-cancel-confirm');
  await app.getByTestId('run-cancel-no').click();
  await expect(app.getByTestId('run-status')).toHaveText('paused');
  await app.getByTestId('run-cancel').click();
  await app.getByTestId('run-cancel-yes').click();
  await waitForStatus(app, 'cancelled', 10_000);
  await expect(app.getByTestId('run-cancel')).toHaveCount(0);
  expect((await runLog(app, runId)).items.filter((i) => i.status === 'done').length).toBeLessThan(9);
});

test('an interview the interviewer ended says so plainly; its transcript keeps the exact words', async ({ app }) => {
  await open(app, 'interview');
  const items = app.getByTestId('interview-items-table');
  await expect(items).toContainText('the interviewer ended the interview');
  await expect(items).not.toContainText('INTERVIEW IS OVER');
  // S_G and S′_G are said in words where they head a column, and the paper's "-g" where it names the guided bars.
  await expect(items.locator('thead')).toContainText('By the checks: unguided → guided (S_G → S′_G)');
  await expect(app.getByTestId('fig-base-guided')).toContainText('the paper marks these bars “-g”, here “guided”');
  await screenshot(app, 'newcomer-words-interview-items');
});

async function openGrading(app: Page): Promise<Locator> {
  await open(app, 'interview');
  await app.evaluate((id) => (location.hash = `#/results/${id}/grade`), runIdOf('interview'));
  await expect(app.getByTestId('hint-grading')).toBeVisible();
  const card = app.getByTestId('grading-hint');
  await expect(card).toBeVisible();
  return card;
}

test('the hint grading page says Turn, as the interview’s own pages do, never Trial', async ({ app }) => {
  const card = await openGrading(app);
  await expect(app.getByTestId('grading-sample').locator('thead')).toContainText('Turn');
  await expect(card.locator('h3')).toContainText(/· Turn \d+$/);
  await card.getByTestId('grading-history').locator('summary').click();
  await expect(card.getByTestId('grading-history')).toContainText(/Turn 0: checks passed/);
  await expect(app.locator('main')).not.toContainText(/\bTrial\b|\btrial\b/);
});

test('on the hint grading page each radio sits by its own answer, at 1280 and at 390 wide', async ({ app }) => {
  const card = await openGrading(app);
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    // Each radio is nearer its own answer than the answer before it on the line.
    const gaps = await card
      .getByTestId('grade-form')
      .locator('fieldset')
      .evaluateAll((sets) =>
        sets.flatMap((set) => {
          const labels = [...set.querySelectorAll('label')];
          const textBox = (label: Element) => {
            const range = document.createRange();
            const text = [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
            range.setStartBefore(text[0]!);
            range.setEndAfter(text[text.length - 1]!);
            return range.getBoundingClientRect();
          };
          return labels.slice(1).flatMap((label, i) => {
            const radio = label.querySelector('input')!.getBoundingClientRect();
            const own = textBox(label);
            const before = textBox(labels[i]!);
            if (Math.abs(before.top - own.top) > 4) return []; // the choices wrapped: no answer before it on its line
            return [{ own: own.left - radio.right, previous: radio.left - before.right, text: label.textContent!.trim() }];
          });
        }),
      );
    expect(gaps.length, `radios with an answer before them on their line, ${width} px wide`).toBeGreaterThan(3);
    for (const g of gaps)
      expect(g.own, `“${g.text}”: its radio's gap to its own answer, against the gap to the answer before (${g.previous} px), ${width} px wide`).toBeLessThan(
        g.previous / 2,
      );
    await card.getByTestId('grade-form').screenshot({ path: `e2e/screenshots/newcomer-words-grading-form-${width}.png` });
  }
});

test('saving a hint’s grade says what was saved, in a status, after moving on to the next hint', async ({ app }) => {
  const card = await openGrading(app);
  await card
    .getByRole('group', { name: /overcome a specific obstacle/ })
    .getByLabel('Yes')
    .check();
  await card.getByTestId('grade-4').check();
  await card.getByTestId('save-grade').click();
  await expect(app.getByTestId('grading-progress')).toContainText('1 of ');
  const saved = card.getByRole('status').filter({ hasText: 'Saved' });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText(/Saved: grade 4 for hint 1 of \d+ \(.+, turn \d+\)/);
  await expect(card.getByText('Hint 2 of', { exact: false })).toBeVisible();
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await screenshot(app, `newcomer-words-grading-${width}`);
  }
});

test('the Talk table of directional correctness says its unit', async ({ app }) => {
  await open(app, 'talk-static');
  await open(app, 'talk-paragraph');
  await app.evaluate((ids) => (location.hash = `#/results/compare/${ids.join('/')}`), [runIdOf('talk-static'), runIdOf('talk-paragraph')]);
  const dc = app.getByTestId('talk-dc-table');
  await expect(dc).toBeVisible();
  await expect(dc.getByRole('heading', { level: 2 })).toContainText('(% of judged claims)');
  await expect(dc.getByRole('table')).toHaveAccessibleName(/in percent/);
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: 844 });
    await dc.screenshot({ path: `e2e/screenshots/newcomer-words-talk-dc-${width}.png` });
  }
});
