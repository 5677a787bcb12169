// Teach mode, the Interview's seats on the built-in "Server logs" task (T = 1). The interviewee:
// a scripted person builds part of the project in the file editor alone (a bad file name is
// refused with the reason), submits it again at the guided start, gets the rule-based
// interviewer's hint, and then submits the whole reference; S_G and S′_G are their project's.
// The interviewer: a scripted person guides a simulated interviewee — shown the problem with its
// requirements, the reference, the solution and its run, never the checks — gives a hint, ends
// the interview, writes the report, and grades the hint with the paper's rubric. Each stored log
// records the person in their role, and its stored scores are its items' own.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseTasks, RUN_SCRIPT } from '../../src/core/model/task.ts';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { requireProtocol } from '../../src/core/protocols/registry.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { runLog } from '../runs-ui.ts';

const task = parseTasks(readFileSync('datasets/interview.jsonl', 'utf8')).find((t) => t.id === 'server-logs')!;
const reference = task.reference!;
/** What the checks look at: never shown in either seat during a session. */
const EXPLAINS = task.requirements.map((r) => r.check!.explain);
/** The requirements' criteria, which the interviewee is never shown. */
const CRITERIA = task.requirements.map((r) => r.criteria.replace(/`/g, ''));

async function assertAbsent(page: Page, step: string, hidden: readonly string[]) {
  const text = (await page.evaluate(() => document.documentElement.textContent ?? '')).replace(/`/g, '');
  for (const s of hidden) expect(text.includes(s), `${step}: "${s}" is in the page`).toBe(false);
}

/** The open file's text in the project editor. */
const editorText = (page: Page) => page.evaluate(() => window.hintbench.editorText());
async function write(page: Page, path: string, text: string) {
  const tab = page.getByTestId('project-tab').and(page.locator(`[data-path="${path}"]`));
  if (!(await tab.count())) {
    await page.getByTestId('project-path').fill(path);
    await page.getByTestId('project-add').click();
  } else await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await expect.poll(() => editorText(page)).toBe(text);
}

function expectStoredScores(log: RunLog) {
  const interview = requireProtocol('interview');
  const scores = log.items.map((item) => interview.metrics.itemScores(log.manifest, item));
  log.items.forEach((item, i) => expect(log.scores!.items[item.key]).toEqual(scores[i]));
  expect(log.summaries[0]!.metrics).toEqual(interview.metrics.reduce(log.manifest, scores).metrics);
}

async function start(page: Page, seat: string, name: string, choose: (setup: ReturnType<Page['getByTestId']>) => Promise<unknown> = async () => {}) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await page.getByTestId(`seat-interview-${seat}`).getByRole('link').click();
  const setup = page.getByTestId('teach-setup');
  await setup.getByRole('radio', { name: new RegExp(task.title) }).check();
  await setup.getByTestId('teach-iterations').fill('1');
  await setup.getByTestId('teach-name').fill(name);
  await choose(setup);
  await screenshot(page, `teach-${seat}-setup`);
  await setup.getByTestId('teach-start').click();
  await expect(page).toHaveURL(/#\/teach\/run-/);
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
}

test('a person builds a multi-file project, alone and then from a hint: S_G and S′_G are theirs', async ({ app }) => {
  test.setTimeout(180_000);
  const runId = await start(app, 'interviewee', 'Grace');
  const status = app.getByTestId('teach-status');
  await expect(status).toContainText('build the project from the brief, alone', { timeout: 60_000 });
  await expect(app.getByTestId('interview-brief')).toContainText('data/server.log');
  await assertAbsent(app, 'unguided', [...CRITERIA, ...EXPLAINS, ...reference['src/stats.py']!.split('\n').filter((l) => l.trim().length > 30)]);

  // Alone: the run script, a main and the parser (R0 only). A file name the reply format cannot carry is refused.
  const alone = {
    [RUN_SCRIPT]: 'python src/main.py\n',
    'src/main.py': 'from parser import parse\n\nparse()  # R0\n',
    'src/parser.py': reference['src/parser.py']!,
  };
  await app.getByTestId('project-path').fill('Makefile');
  await app.getByTestId('project-add').click();
  await expect(app.getByTestId('project-path-problem')).toContainText('Makefile: a file name has an extension');
  for (const [path, text] of Object.entries(alone)) await write(app, path, text);
  await app.getByTestId('teach-submit').click();

  // The guided start: the same files, submitted again.
  await expect(status).toContainText('the guided interview starts', { timeout: 60_000 });
  await expect(app.getByTestId('project-tab')).toHaveCount(3);
  await assertAbsent(app, 'guided start', [...CRITERIA, ...EXPLAINS]);
  await app.getByTestId('teach-submit').click();

  // Revision 1: the interviewer's hint; then the whole reference.
  await expect(status).toContainText('revise your project with the interviewer', { timeout: 60_000 });
  const hint = await app.getByTestId('hint-text').innerText();
  expect(hint).toMatch(/^Requirement R1 /);
  await screenshot(app, 'teach-interviewee-session');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'teach-interviewee-session-390');
  await app.setViewportSize({ width: 1280, height: 800 });
  for (const [path, text] of Object.entries(reference)) await write(app, path, text);
  await app.getByTestId('teach-submit').click();

  const summary = app.getByTestId('session-summary');
  await expect(summary).toBeVisible({ timeout: 90_000 });
  await expect(app.getByTestId('session-ended')).toHaveText('The interviewer ended the interview.');
  await expect(app.getByTestId('metric-baseChecks')).toHaveText('20.0 %');
  await expect(app.getByTestId('metric-guidedChecks')).toHaveText('100.0 %');
  await expect(app.getByTestId('metric-hints')).toHaveText('1.00');
  await screenshot(app, 'teach-interviewee-summary');

  const log = await runLog(app, runId);
  expect(log.manifest.models.map((m) => [m.role, m.label, m.human ?? false])).toEqual([
    ['interviewee', 'Grace', true],
    ['interviewer', 'Rule-based interviewer (simulated)', false],
  ]);
  const phases = log.items[0]!.steps.map((s) => s.data as { phase: string; solution?: { files: Record<string, string> } });
  expect(phases.map((d) => d.phase)).toEqual(['unguided', 'guided', 'guided', 'report']);
  expect(phases[0]!.solution!.files).toEqual(alone);
  expect(phases[2]!.solution!.files).toEqual(reference);
  expectStoredScores(log);

  await app.getByTestId('teach-instructor').getByTestId('show-hidden').click();
  await app.getByTestId('confirm-hidden').click();
  const panel = app.getByTestId('instructor-panel');
  await expect(panel.getByTestId('instructor-checks').locator('tbody tr')).toHaveCount(task.requirements.length);
  await expect(panel).toContainText(EXPLAINS[0]!);
  await expect(panel.getByTestId('instructor-solutions').locator('tbody tr')).toHaveCount(3);

  // The session's results: a run like any other, the person on its leaderboard.
  await app.getByRole('link', { name: 'Results of this session', exact: true }).click();
  await expect(app.getByTestId('leaderboard')).toContainText('Grace', { timeout: 30_000 });
});

test('a person guides a simulated interviewee: a hint, the end, the report; scored by the interviewee’s S_G → S′_G; the hint graded with the rubric', async ({
  app,
}) => {
  test.setTimeout(180_000);
  const runId = await start(app, 'interviewer', 'Linus', (setup) => setup.getByTestId('teach-interviewee').selectOption('sim:low'));
  const status = app.getByTestId('teach-status');
  const form = app.getByTestId('review-form');

  // Turn 0: what an interviewer is shown, and never the checks.
  await expect(status).toContainText("review the interviewee's solution (turn 0)", { timeout: 60_000 });
  await expect(app.getByTestId('interviewer-requirements').locator('li')).toHaveCount(task.requirements.length);
  await expect(app.getByTestId('interviewer-reference').locator('[role=tab]')).toHaveCount(Object.keys(reference).length);
  await expect(app.getByTestId('solution-execution')).toContainText('$ python src/main.py');
  await assertAbsent(app, 'review 0', EXPLAINS);
  const hint =
    'R3: list the requests more than 3 population standard deviations above their endpoint’s mean latency in results/anomalies.json, with line numbers.';
  await form.getByTestId('review-input').fill(hint);
  await screenshot(app, 'teach-interviewer-session');
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(app, 'teach-interviewer-session-390');
  await app.setViewportSize({ width: 1280, height: 800 });
  await form.getByTestId('review-submit').click();

  // Turn 1 is the last revision: the review is recorded, not sent. End the interview, then the report.
  await expect(status).toContainText('gets no more revisions', { timeout: 60_000 });
  await assertAbsent(app, 'review 1', EXPLAINS);
  await form.getByTestId('review-end').click();
  await expect(status).toContainText('write the report', { timeout: 60_000 });
  const report = 'One hint, about the anomalies (R3); the rest was there from the start.';
  await form.getByTestId('review-input').fill(report);
  await form.getByTestId('review-submit').click();

  await expect(app.getByTestId('session-summary')).toBeVisible({ timeout: 60_000 });
  await expect(app.getByTestId('session-ended')).toHaveText('You ended the interview.');
  const effect = app.getByTestId('hint-effect');
  await expect(effect).toHaveCount(1);
  await expect(effect).toContainText(hint);
  await expect(effect.getByTestId('hint-outcome')).toContainText(/requirements? met after it \(by the checks\)/);
  await screenshot(app, 'teach-interviewer-summary');

  const log = await runLog(app, runId);
  expect(log.manifest.models.map((m) => [m.role, m.human ?? false, m.profile ?? null])).toEqual([
    ['interviewee', false, 'low'],
    ['interviewer', true, null],
  ]);
  const steps = log.items[0]!.steps;
  const guided = steps.flatMap((s) => {
    const d = s.data as { phase: string; review?: { kind: string; hint: string; delivered: boolean } };
    return d.phase === 'guided' ? [d.review!] : [];
  });
  expect(guided.map((r) => [r.kind, r.delivered])).toEqual([
    ['hint', true],
    ['over', false],
  ]);
  expect(guided[0]!.hint).toBe(hint);
  const second = steps.find((s) => (s.data as { phase: string; turn?: number }).turn === 1)!;
  expect(second.calls.find((c) => c.role === 'interviewee')!.messages.at(-1)!.content).toBe(hint); // the interviewee got the person's hint
  expect((steps.at(-1)!.data as { text?: string }).text).toBe(report);
  expectStoredScores(log);

  // The hint graded with the paper's rubric; the session then shows the grade.
  await app.getByTestId('grade-link').click();
  const grading = app.getByTestId('grading-hint');
  await expect(grading.getByTestId('graded-hint-text')).toHaveText(hint);
  await grading.getByTestId('grade-4').check();
  await grading.getByTestId('save-grade').click();
  await expect(grading.getByTestId('grade-saved')).toContainText('Saved: grade 4');
  await app.goBack();
  await expect(app.getByTestId('hint-effect')).toContainText('graded 4.0 of 5');
});
