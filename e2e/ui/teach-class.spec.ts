// The class view: a teacher opens five learners' session logs of two seats (e2e/fixtures/class)
// and sees, per seat, the learners with the protocol's measures, where most got stuck and the
// hints learners wrote ranked by what they did; a name opens that learner's trajectory; the
// tables export as CSV; the class is remembered over a reload; the page fits a phone.
import { readFileSync } from 'node:fs';
import { readRunLogFile } from '../../cli/runlog-file.ts';
import type { Instance } from '../../src/core/model/instance.ts';
import { formatMetric } from '../../src/core/protocols/leaderboard.ts';
import { classOf, learnersCsv } from '../../src/core/teach/class.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { downloadText } from '../runs-ui.ts';

const DIR = 'e2e/fixtures/class';
const FILES = ['1-candidate-ada', '2-candidate-grace', '3-candidate-linus', '4-hints-alan', '5-hints-barbara'].map((f) => `${DIR}/${f}.json.gz`);
const logs = await Promise.all(FILES.map((f) => readRunLogFile(f)));
const expected = classOf(logs);
const builtin = new Map(
  readFileSync('datasets/builtin.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Instance)
    .map((i) => [i.id, i]),
);

test('a class of five learners of two seats: measures, where they got stuck, their hints ranked, trajectories, CSV, kept over a reload', async ({ app }) => {
  test.setTimeout(180_000);
  expect(expected.seats.map((s) => s.sessions.length)).toEqual([3, 2]);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach' }).click();
  await app.getByTestId('class-link').click();
  await expect(app).toHaveURL(/#\/teach\/class$/);
  await app.getByTestId('class-files').setInputFiles(FILES);
  const seats = app.getByTestId('class-seat');
  await expect(seats).toHaveCount(2, { timeout: 60_000 });

  for (const [k, group] of expected.seats.entries()) {
    const section = seats.nth(k);
    await expect(section).toHaveAttribute('data-seat', `${group.protocol.id}/${group.seat.id}`);
    // One row per learner, named as the log says, each with the stored leaderboard numbers.
    const rows = section.getByTestId('class-learners').locator('tbody tr');
    await expect(rows).toHaveCount(group.sessions.length);
    for (const [i, s] of group.sessions.entries()) {
      await expect(rows.nth(i).getByRole('rowheader')).toHaveText(s.learner!);
      for (const c of group.protocol.metrics.columns.filter((c) => ['finalFix', 'trs', 'he'].includes(c.key)))
        await expect(rows.nth(i).locator(`td[data-metric="${c.key}"]`)).toHaveText(
          `${formatMetric(c, s.row!.metrics[c.key])}${c.format === 'pct' && s.row!.metrics[c.key] != null ? '\u00a0%' : ''}`,
        );
    }
    // Where they got stuck: the seat's scenarios, most stuck first, with their counts.
    const stuck = section.getByTestId('class-stuck').locator('tbody tr');
    await expect(stuck).toHaveCount(group.stuck.length);
    expect(group.stuck.length).toBeGreaterThan(0);
    await expect(stuck.first()).toContainText(group.stuck[0]!.what);
    await expect(stuck.first().locator('td').nth(2)).toHaveText(String(group.stuck[0]!.stuck));
    // The learners' table as CSV is what the core writes from the same logs.
    const csv = await downloadText(app, () => section.getByTestId('class-learners-csv').click());
    expect(csv.text).toBe(learnersCsv(group));
  }

  // The hint writers' seat: every hint they wrote (Barbara's refused tries are not hints), best first.
  const [, hintSeat] = expected.seats;
  const written = hintSeat!.sessions
    .flatMap((s) => hintSeat!.seat.writings!(s.log, builtin).map((w) => ({ ...w, learner: s.learner! })))
    .sort((a, b) => b.score - a.score || a.learner.localeCompare(b.learner) || a.turn - b.turn);
  const writings = seats.nth(1).getByTestId('class-writings').locator('tbody tr');
  await expect(writings).toHaveCount(written.length);
  expect(written.length).toBe(6);
  await expect(writings.first()).toContainText(written[0]!.text);
  await expect(writings.first()).toContainText(written[0]!.learner);
  await expect(seats.nth(1).getByTestId('class-writings')).not.toContainText('Look at'); // a refused try is never listed as a hint
  await screenshot(app, 'teach-class');

  // A phone: nothing wider than the screen (the tables scroll in their boxes).
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // A row of written hints stays a few lines high: no column squeezed to a word a line.
  const rowHeights = await writings.evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...rowHeights), 'the tallest row of written hints at 390').toBeLessThan(100);
  await screenshot(app, 'teach-class-390');
  await app.setViewportSize({ width: 1280, height: 800 });

  // Kept over a reload; a learner's name opens their trajectory.
  await app.reload();
  await expect(seats).toHaveCount(2, { timeout: 60_000 });
  const ada = expected.seats[0]!.sessions[0]!;
  await seats.first().getByRole('link', { name: 'Ada' }).click();
  await expect(app).toHaveURL(new RegExp(`#/results/${ada.log.manifest.runId}/`));
  await expect(app.getByTestId('turn-panel')).toBeVisible({ timeout: 60_000 });
});
