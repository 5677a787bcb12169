// The model profile page: the five results files of a profile study (e2e/fixtures/profile,
// README there) opened in the Results page, chosen in the run list and profiled. The page must
// show what `hintbench study` prints for the same files (profileReport), computed here from the
// files with the core code; its CSV and PNG exports work; and at 390 px nothing overflows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readRunLogFile, writeRunLogFile } from '../../cli/runlog-file.ts';
import { summarizeRun, testedModels } from '../../src/core/protocols/registry.ts';
import { modelProfile } from '../../src/core/profile/profile.ts';
import { profileReport } from '../../src/core/profile/report.ts';
import { profileSummary, profileTitle } from '../../src/core/profile/summary.ts';
import { expect, screenshot, SCREENSHOTS, test } from '../fixtures.ts';

const DIR = 'e2e/fixtures/profile';
const FILES = ['1-profile-pair', '2-profile-talk-static', '3-profile-talk-code-feedback', '4-profile-prismbench', '5-profile-interview'].map(
  (f) => `${DIR}/${f}.json.gz`,
);
const logs = await Promise.all(FILES.map((f) => readRunLogFile(f)));
const ids = logs.map((l) => l.manifest.runId);

// The PAIR run's stored scores give its first model an Initial Fix of 100 % (item records and row
// alike) that today's metric code does not: the page must show the stored number, and say whose
// scores another metrics version made.
const pairLog = logs[0]!;
const ALTERED = testedModels(pairLog.manifest)[0]!.id;
const TODAYS_INITIAL_FIX = summarizeRun(pairLog.manifest, pairLog.items).find((s) => s.modelId === ALTERED)!.metrics.initialFix;
for (const item of pairLog.items) {
  const stored = pairLog.scores!.items[item.key]!;
  if (item.modelId === ALTERED && stored.initialFix !== null) stored.initialFix = 1;
}
for (const row of pairLog.scores!.summaries.filter((s) => s.modelId === ALTERED))
  row.metrics = { ...row.metrics, initialFix: 1, netGain: row.metrics.finalFix! - 1 };
pairLog.summaries = pairLog.scores!.summaries;
const ALTERED_DIR = mkdtempSync(join(tmpdir(), 'hb-profile-'));
const UPLOADS = [join(ALTERED_DIR, '1-profile-pair.json.gz'), ...FILES.slice(1)];
await writeRunLogFile(UPLOADS[0]!, pairLog);
test.afterAll(() => rmSync(ALTERED_DIR, { recursive: true, force: true }));
const profile = modelProfile(logs);
const report = profileReport(profile).split('\n');

/** The report's table rows under a heading line (cells split where two or more spaces are). */
function reportRows(heading: string): string[][] {
  const start = report.findIndex((l) => l.startsWith(heading));
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rule = report.findIndex((l, i) => i > start && /^-+(\s+-+)+\s*$/.test(l));
  const rows: string[][] = [];
  for (const line of report.slice(rule + 1)) {
    if (!line.trim()) break;
    rows.push(line.trim().split(/\s{2,}/));
  }
  return rows;
}

async function openAll(page: Page): Promise<void> {
  for (const [i, file] of UPLOADS.entries()) {
    await page.goto(`${new URL(page.url()).origin}/#/results`);
    await page.getByTestId('results-open').setInputFiles(file);
    await expect(page).toHaveURL(new RegExp(`#/results/${ids[i]}`), { timeout: 60_000 });
  }
  await page.goto(`${new URL(page.url()).origin}/#/results`);
  await expect(page.getByTestId('results-list').locator('tr[data-run]')).toHaveCount(FILES.length, { timeout: 60_000 });
}

const tick = (page: Page, i: number) => page.getByTestId('results-list').locator(`tr[data-run="${ids[i]}"] input[type=checkbox]`).check();

test('the profile of a profile study: the report’s numbers, matrices, discordant pairs, exports, one panel per model', async ({ app }) => {
  test.setTimeout(240_000);
  await app.setViewportSize({ width: 1280, height: 900 });
  await openAll(app);

  // Four runs, no Interview: the action is off and says what is missing.
  for (let i = 0; i < 4; i++) await tick(app, i);
  const link = app.getByTestId('profile-link');
  await expect(link).toHaveAttribute('aria-disabled', 'true');
  await expect(link).toHaveAttribute('title', /missing: an Interview run/);
  await expect(app.getByTestId('profile-why')).toHaveText('Model profile: not yet, a model profile needs a run of each protocol (missing: an Interview run).');
  // Runs of different protocols are not set side by side: Compare is off and says why.
  await expect(app.getByTestId('compare-link')).toHaveAttribute('aria-disabled', 'true');
  await expect(app.getByTestId('compare-why')).toHaveText(
    /^Compare: not possible, the ticked runs are of protocols with different metrics: PAIR .*, When Benchmarks Talk .* and PrismBench.*\.$/,
  );
  await link.locator('xpath=ancestor::section[1]').screenshot({ path: `${SCREENSHOTS}/profile-run-list-not-yet-1280.png` });
  await tick(app, 4);
  await expect(link).toHaveAttribute('aria-disabled', 'false');
  await expect(app.getByTestId('profile-why')).toHaveCount(0);
  await expect(app.getByTestId('compare-why')).toHaveCount(1);
  await link.locator('xpath=ancestor::section[1]').screenshot({ path: `${SCREENSHOTS}/profile-run-list-1280.png` });
  await link.click();
  await expect(app).toHaveURL(new RegExp(`#/results/profile/${ids.join('/')}`));

  const page = app.getByTestId('model-profile');
  for (const m of profile.models) await expect(page).toContainText(m.label);
  expect(profile.models.every((m) => m.simulated && /simulated/i.test(m.label))).toBe(true);

  // The heading and the summary in words, as the report leads with them.
  await expect(app.locator('#profile-title')).toHaveText(profileTitle(profile));
  expect(report[0]).toBe(profileTitle(profile));
  await expect(app.getByTestId('profile-summary').locator('p')).toHaveText(profileSummary(profile));
  for (const s of profileSummary(profile)) expect(report).toContain(`  ${s}`);

  // The stored Initial Fix, not today's; and the runs scored by another metrics version named.
  expect(TODAYS_INITIAL_FIX).not.toBe(1);
  const initialFix = profile.measures.find((m) => m.key === 'pair.initialFix')!;
  expect(initialFix.values[profile.models.findIndex((m) => m.id === ALTERED)]!.value).toBe(1);
  await expect(app.getByTestId('compare-scored-elsewhere')).toContainText(
    `[1] ${pairLog.manifest.name}: scored by version ${pairLog.scores!.metrics.version} of the pair metrics`,
  );

  // Per model: every measure's cell as the report prints it.
  const measures = app.getByTestId('profile-measures');
  const rows = reportRows('Per model');
  expect(rows).toHaveLength(profile.measures.length);
  for (const [k, m] of profile.measures.entries()) {
    const row = rows[k]!;
    expect(row[0]!.startsWith(m.label)).toBe(true);
    const cells = measures.locator(`tr[data-measure="${m.key}"] td`);
    await expect(cells).toHaveText(row.slice(1));
  }

  // Ranks, and the τ and footrule matrices, as the report prints them.
  await expect(app.getByTestId('profile-ranks').locator('tbody td')).toHaveText(reportRows('Ranks per protocol').flatMap((r) => r.slice(1)));
  await expect(app.getByTestId('profile-tau').locator('tbody td')).toHaveText(reportRows("Kendall's τ-b").flatMap((r) => r.slice(1)));
  await expect(app.getByTestId('profile-footrule').locator('tbody td')).toHaveText(reportRows('Spearman footrule').flatMap((r) => r.slice(1)));

  // Discordant pairs in words, the report's sentences.
  const sentences = report.filter((l) => /^ {2}\(\d\) vs \(\d\): /.test(l)).map((l) => l.replace(/^ {2}\(\d\) vs \(\d\): /, ''));
  expect(sentences.length).toBeGreaterThan(0);
  await expect(app.getByTestId('profile-discordant').locator('li')).toHaveText(sentences);
  expect(sentences[0]).toMatch(/ above .* in .*, below it in .* \(\d+\.\d% of draws\)$/);

  // Talk's rank change and PrismBench's weakest concepts.
  const talk = profile.sections.find((s) => s.protocol === 'talk')!.data as { settings: { label: string }[]; reference: number };
  const prism = profile.sections.find((s) => s.protocol === 'prism')!.data as { weakest: string[][] };
  await expect(app.getByTestId('profile-talk').locator('tbody tr').first()).toContainText(talk.settings[talk.reference]!.label);
  for (const [k, m] of profile.models.entries()) {
    await expect(app.locator(`[data-testid="profile-concepts"][data-model="${m.id}"] [data-testid="profile-weakest"]`)).toHaveText(
      prism.weakest[k]!.join(', ') || '—',
    );
  }

  // The per-model table as CSV: its header and the first measure's row.
  const [csv] = await Promise.all([app.waitForEvent('download'), app.getByRole('button', { name: 'Download Model profile measures as CSV' }).click()]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe(['Measure', 'Unit', ...profile.models.flatMap((m) => [m.label, `${m.label} 95% low`, `${m.label} 95% high`])].join(','));
  const first = rows[0]!.slice(1).map((c) => c.replace(/^(\S+) \[(\S+), (\S+)\]$/, '$1,$2,$3'));
  expect(lines[1]).toBe([profile.measures[0]!.label, '%', ...first].join(','));

  // The figure: one panel per model, every share measure a mark, the PNG export.
  const figure = app.getByTestId('profile-fingerprint');
  const panels = figure.getByTestId('fingerprint-panel');
  await expect(panels).toHaveCount(profile.models.length);
  for (const [k, m] of profile.models.entries()) {
    const panel = panels.nth(k);
    await expect(panel).toHaveAttribute('data-model', m.id);
    await expect(panel.locator('h4')).toHaveText(m.label);
    await expect(panel.locator('g.mark')).toHaveCount(profile.measures.filter((x) => x.format === 'pct').length);
    const ff = profile.measures.find((x) => x.key === 'pair.finalFix')!.values[k]!.value!;
    expect(Number(await panel.locator('g.mark[data-measure="pair.finalFix"]').getAttribute('data-value'))).toBeCloseTo(ff, 12);
  }
  const [png] = await Promise.all([app.waitForEvent('download'), figure.getByRole('button', { name: 'PNG', exact: true }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  expect(
    readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  await png.saveAs(`${SCREENSHOTS}/profile-figure-export.png`);
  await screenshot(app, 'profile-1280');
  await figure.screenshot({ path: `${SCREENSHOTS}/profile-figure-1280.png` });
  await app
    .getByTestId('profile-tau')
    .locator('xpath=ancestor::section[1]')
    .screenshot({ path: `${SCREENSHOTS}/profile-agreement-1280.png` });

  // A phone: nothing wider than the window once the charts have redrawn.
  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => app.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(panels).toHaveCount(profile.models.length);
  for (let k = 0; k < profile.models.length; k++) {
    const box = (await panels.nth(k).locator('svg').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await screenshot(app, 'profile-390');
  await figure.screenshot({ path: `${SCREENSHOTS}/profile-figure-390.png` });
  await measures.locator('xpath=ancestor::section[1]').screenshot({ path: `${SCREENSHOTS}/profile-measures-390.png` });
  await app
    .getByTestId('profile-tau')
    .locator('xpath=ancestor::section[1]')
    .screenshot({ path: `${SCREENSHOTS}/profile-agreement-390.png` });
  await app.getByTestId('model-profile').screenshot({ path: `${SCREENSHOTS}/profile-head-390.png` });
  for (const part of ['ranks', 'talk'])
    await app
      .getByTestId(`profile-${part}`)
      .locator('xpath=ancestor::section[1]')
      .screenshot({ path: `${SCREENSHOTS}/profile-${part}-390.png` });
  await app
    .getByTestId('profile-concepts')
    .first()
    .screenshot({ path: `${SCREENSHOTS}/profile-concepts-390.png` });
});

test('runs that cannot be profiled say what is missing', async ({ app }) => {
  test.setTimeout(180_000);
  await openAll(app);
  await app.goto(`${new URL(app.url()).origin}/#/results/profile/${ids.slice(0, 2).join('/')}`);
  await expect(app.getByTestId('profile-gap')).toContainText('missing: a Talk run with feedback, a PrismBench run, an Interview run');
  await expect(app.getByTestId('profile-measures')).toHaveCount(0);
});
