// The Interview protocol in the app: a run started from the Run page on built-in tasks with
// simulated models; the Results page's leaderboard, figures and judge-vs-checks table (their
// numbers read back from the marks and checked against the log); an interview turn by turn
// (the requirement DAG, the hint, the files, the run, the report); and the hint-grading page
// (grades stored with the run, kept across a reload, exported). Screenshots at 1280 and 390 px.
import type { Page } from '@playwright/test';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { runView } from '../../src/core/protocols/interview/analysis.ts';
import { readSteps } from '../../src/core/protocols/interview/item.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { expectInert, PAYLOAD } from '../inert.ts';

const runLog = (page: Page, id: string) => page.evaluate(async (id) => (await window.hintbench.runLog(id))!, id) as Promise<RunLog>;

test('an Interview run: Run page, results and figures, one interview turn by turn, and grading its hints', async ({ app: page }) => {
  test.setTimeout(240_000);
  // Home offers its zero-key demo beside the other protocols'.
  await expect(page.getByTestId('run-demo-interview')).toHaveText('Interview (multi-requirement projects)');
  // ---- start it from the Run page ----
  await page.getByRole('navigation').getByRole('link', { name: 'Run', exact: true }).click();
  const setup = page.getByTestId('run-setup');
  await setup.getByTestId('run-protocol').selectOption('interview');
  await expect(setup.getByRole('combobox', { name: 'Tasks' })).toBeVisible();
  await setup.getByTestId('run-subset').selectOption('demo');
  for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
  await setup.getByLabel('Simulated interviewee, low skill', { exact: true }).check();
  await setup.getByLabel('Simulated interviewee, high skill', { exact: true }).check();
  await setup.getByTestId('run-judge').selectOption('sim:check-based');
  await setup.getByLabel('Iterations (T)').fill('3');
  await expect(setup.getByTestId('run-size')).toContainText('4 tasks × 2 models × 1 repeat + 4 reference checks = 12 items');
  await expect(setup.getByTestId('run-size')).toContainText('interviewee calls (all simulated: free, no network)');
  await setup.getByTestId('run-start').click();
  await expect(page).toHaveURL(/#\/run\/run-/);
  const runId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
  await expect(page.getByTestId('run-grid')).toContainText('Sales report');
  await page.evaluate((id) => window.hintbench.waitRun(id).then(() => undefined), runId);
  await expect(page.getByTestId('run-grid').locator('[data-state="done"]')).toHaveCount(8);
  await screenshot(page, 'interview-run-1280');
  const log = await runLog(page, runId);
  expect(log.items.filter((i) => i.status !== 'done')).toEqual([]);
  expect(log.items).toHaveLength(12); // what the Run page said: 8 interviews and 4 reference checks
  expect(log.manifest.params).toMatchObject({ iterations: 3, prerequisites: 'direct' });

  // ---- the results ----
  await page.evaluate((id) => (location.hash = `#/results/${id}`), runId);
  const figures = page.getByTestId('interview-figures');
  await expect(figures).toBeVisible();
  // The paper's figure numbers (Fig. 34 beside Fig. 6) are said to be the paper's.
  await expect(figures.getByTestId('figure-numbering')).toHaveText(/^Numbered as in the paper/);
  const view = runView(log.manifest, log.items);
  // Figs. 8–9: each bar is the interviewee's mean S_G / S′_G by the checks, as the log gives it.
  const bars = await figures
    .getByTestId('fig-base-guided')
    .locator('svg[data-chart] .mark')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-x'), Number(el.getAttribute('data-value'))] as const));
  for (const s of log.summaries) {
    const mine = view.items.filter((i) => i.modelId === s.modelId);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(bars).toContainEqual([`${s.modelId}-base`, mean(mine.map((i) => i.base.checks!))]);
    expect(bars).toContainEqual([`${s.modelId}-guided`, mean(mine.map((i) => i.guided.checks!))]);
  }
  await expect(figures.getByTestId('fig-transitions')).toBeVisible();
  await expect(figures.getByTestId('fig-reference')).toContainText('mean 100.0%');
  await expect(page.getByTestId('interview-agreement')).toContainText('Cohen');
  await expect(page.getByTestId('interview-items').locator('tbody tr')).toHaveCount(8);
  await screenshot(page, 'interview-results-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'interview-results-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- one interview, turn by turn: one that needed hints ----
  const hinted = log.items.find((i) => !i.key.includes('@reference') && readSteps(i.steps).turns.some((t) => t.review.kind === 'hint' && t.review.delivered))!;
  const steps = readSteps(hinted.steps);
  await page.evaluate(([id, key]) => (location.hash = `#/results/${encodeURIComponent(id!)}/${encodeURIComponent(key!)}/1`), [runId, hinted.key]);
  const item = page.getByTestId('interview-item');
  await expect(item.getByTestId('interview-tab')).toHaveCount(1 + steps.turns.length + 1); // unguided, each turn, the report
  const panel = item.getByTestId('interview-panel');
  await expect(panel).toHaveAttribute('data-tab', '1');
  const task = log.manifest.dataset.tasks!.find((t) => t.id === hinted.taskId)!;
  const dag = panel.getByTestId('requirement-dag');
  await expect(dag.locator('[data-node]')).toHaveCount(task.requirements.length);
  // Each node's check mark is the turn's check.
  for (const c of steps.turns[0]!.run.checks)
    await expect(dag.locator(`[data-node="${c.requirement}"] [data-mark="check"]`)).toHaveAttribute('data-tone', c.passed ? 'good' : 'bad');
  await expect(panel.getByTestId('hint-text')).toHaveText(steps.turns[0]!.review.hint);
  await expect(panel.getByTestId('interview-files')).toBeVisible();
  await expect(panel.getByTestId('script-line').first()).toContainText('$ python');
  await screenshot(page, 'interview-turn-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  // At 390 px the requirements' labels wrap inside their boxes, never cut.
  for (const node of await dag.locator('[data-node]').all()) {
    const text = (await node.locator('text.label tspan').allTextContents()).join(' ');
    expect(text).not.toContain('…');
    const [, id, category] = /^R(\d+) \(([^)]*)\)/.exec((await node.getAttribute('aria-label'))!)!;
    expect(text).toBe(`R${id} · ${category}`);
    const [box, label] = [(await node.locator('rect').boundingBox())!, (await node.locator('text.label').boundingBox())!];
    expect(label.x + label.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(label.y + label.height).toBeLessThanOrEqual(box.y + box.height + 1);
  }
  await screenshot(page, 'interview-turn-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The next turn's diff shows what the hint changed; arrow keys move between tabs.
  await item.getByTestId('interview-tab').nth(1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel).toHaveAttribute('data-tab', '2');
  await expect(panel.getByTestId('file-diff').first()).toBeVisible();
  await item.getByTestId('interview-tab').last().click();
  await expect(page.getByTestId('interview-report')).toContainText('Overall');
  await screenshot(page, 'interview-report-1280');

  // ---- grading the hints ----
  await page.evaluate((id) => (location.hash = `#/results/${id}/grade`), runId);
  const grading = page.getByTestId('hint-grading');
  await expect(grading).toBeVisible();
  await grading.getByTestId('grader-name').fill('Ada');
  const progress = grading.getByTestId('grading-progress');
  await expect(progress).toContainText('0 of ');
  const hintCard = page.getByTestId('grading-hint');
  const firstHint = await hintCard.getByTestId('graded-hint-text').textContent();
  expect(view.items.flatMap((i) => i.steps.turns.map((t) => t.review.hint))).toContain(firstHint);
  await hintCard
    .getByRole('group', { name: /overcome a specific obstacle/ })
    .getByLabel('Yes')
    .check();
  await hintCard
    .getByRole('group', { name: /Is the hint minimal/ })
    .getByLabel('No')
    .check();
  await hintCard.getByTestId('grade-4').check();
  await hintCard.getByTestId('save-grade').click();
  await expect(progress).toContainText('1 of ');
  await hintCard.getByTestId('grade-2').check();
  await hintCard.getByTestId('save-grade').click();
  await expect(progress).toContainText('2 of ');
  await expect(page.getByTestId('fig-grades-person')).toContainText('mean 3.00, σ 1.00');
  await screenshot(page, 'interview-grading-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'interview-grading-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Kept across a reload, stored with the run and exported with it.
  await page.reload();
  await expect(page.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.getByTestId('grader-name').fill('Ada');
  await expect(page.getByTestId('grading-progress')).toContainText('2 of ');
  const stored = await runLog(page, runId);
  expect(stored.annotations?.map((a) => [a.kind, a.author, (a.value as { grade: number }).grade]).sort()).toEqual([
    ['hint-grade', { kind: 'person', name: 'Ada' }, 2],
    ['hint-grade', { kind: 'person', name: 'Ada' }, 4],
  ]);
  expect(stored.annotations?.find((a) => (a.value as { grade: number }).grade === 4)?.value).toMatchObject({ blocking: 'yes', minimal: 'no' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the run with its grades (JSON)' }).click();
  const file = await (await download).path();
  const exported = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')) as RunLog;
  expect(exported.annotations).toHaveLength(2);
  await page.evaluate((id) => (location.hash = `#/results/${id}`), runId);
  await expect(page.getByTestId('graded-count')).toHaveText('2');

  // ---- markup in a model's reply, a hint, a report, a file, a program's output and a task's title renders inert ----
  const evil = structuredClone(stored);
  evil.manifest.runId = `${runId}-evil`;
  evil.manifest.name = `Evil <img src=x onerror="window.__pwned=6">`;
  evil.manifest.dataset.tasks = evil.manifest.dataset.tasks!.map((t) => ({ ...t, title: `${t.title} ${PAYLOAD}`, query: PAYLOAD }));
  const target = evil.items.find((i) => i.key === hinted.key)!;
  for (const step of target.steps) {
    const d = step.data as {
      phase: string;
      text?: string;
      review?: { hint: string; reply: string };
      run?: { checks: { observed: string | null }[]; execution: { lines: { stdout: string }[] } };
      solution?: { files: Record<string, string> };
    };
    if (d.phase === 'report') d.text = `**Report** ${PAYLOAD}`;
    if (d.review) d.review.hint = d.review.reply = PAYLOAD;
    if (d.run) {
      for (const c of d.run.checks) c.observed = PAYLOAD;
      for (const l of d.run.execution.lines) l.stdout = PAYLOAD;
    }
    if (d.solution) d.solution.files['src/evil.py'] = PAYLOAD;
    for (const c of step.calls) c.content = PAYLOAD;
  }
  await page.evaluate(() => (location.hash = '#/results'));
  await page.getByTestId('results-open').setInputFiles({ name: 'evil.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(evil)) });
  await expect(page.getByTestId('results-summary')).toBeVisible();
  await expectInert(page, 'an imported interview run');
  for (const tab of ['1', '2', String(1 + steps.turns.length)]) {
    await page.evaluate(
      ([id, key, t]) => (location.hash = `#/results/${encodeURIComponent(id!)}/${encodeURIComponent(key!)}/${t}`),
      [evil.manifest.runId, hinted.key, tab],
    );
    await expect(page.getByTestId('interview-panel')).toHaveAttribute('data-tab', tab);
    for (const d of await page.locator('details').all()) await d.evaluate((el) => ((el as HTMLDetailsElement).open = true));
    await expectInert(page, `tab ${tab} of an interview`);
  }
  await page.evaluate((id) => (location.hash = `#/results/${id}/grade`), evil.manifest.runId);
  await expect(page.getByTestId('graded-hint-text')).toHaveText(PAYLOAD);
  await expectInert(page, 'the grading page');
});
