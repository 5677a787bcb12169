// The model-profile study from the Run page: the preset starts the five runs of
// docs/studies/profile.json, they survive a reload mid-way and all finish, and the Run view
// links their profile with the five run ids in the study's order.
import { readFileSync } from 'node:fs';
import { expect, screenshot, SCREENSHOTS, test } from '../fixtures.ts';
import { MOCK_MODEL } from '../mock-llm.ts';
import { addMockProvider, runLog } from '../runs-ui.ts';

const STUDY = JSON.parse(readFileSync('docs/studies/profile.json', 'utf8')) as {
  name: string;
  protocol: string;
  params: Record<string, number>;
  settings: { name: string; protocol: string; params?: Record<string, string | number> }[];
};
/** The study's runs as the file names them: name, protocol, the parameters it gives. */
const RUNS = [
  { name: STUDY.name, protocol: STUDY.protocol, params: { turns: STUDY.params.turns } },
  ...STUDY.settings.map((s) => ({ name: s.name, protocol: s.protocol, params: s.params ?? {} })),
];
const LABELS: Record<string, string> = {
  pair: 'PAIR (controlled feedback)',
  talk: 'When Benchmarks Talk (simulated user feedback)',
  prism: 'PrismBench (capability map)',
  interview: 'Interview (multi-requirement projects)',
};
/** With the three models the study took 2–4½ min in the browser on a shared 2-core machine; one model keeps the test short (PROFILE_E2E_MODELS=solo,recursion,even runs all three). */
const MODELS = (process.env.PROFILE_E2E_MODELS ?? 'solo').split(',');

test('the model-profile study from the Run page: five runs, a reload mid-way, all finish, the profile link', async ({ app }) => {
  test.setTimeout(600_000);
  await app.setViewportSize({ width: 1280, height: 900 });
  await addMockProvider(app); // a provider model every protocol can use: offered, not chosen
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Run', exact: true }).click();
  await app.getByTestId('mode-profile').check();
  const form = app.getByTestId('profile-study');
  await expect(form.getByRole('heading', { name: 'Model profile study (four protocols)' })).toBeVisible();
  // The three simulated profile models are offered and chosen by default, labelled as simulated; the provider model is offered too.
  const boxes = form.getByRole('group', { name: 'Models under test' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(4);
  for (const m of ['solo', 'recursion', 'even']) await expect(form.getByLabel(`Simulated profile model ${m}`, { exact: true })).toBeChecked();
  const own = form.getByLabel(`${MOCK_MODEL} (mock)`, { exact: true });
  await expect(own).not.toBeChecked();
  await expect(form.getByTestId('profile-size')).toContainText('(all simulated: free, no network)');
  await own.check();
  await expect(form.getByTestId('profile-size')).toContainText(/4 models · .* \([\d,]+ to paid models at most\)/);
  await own.uncheck();
  // What it starts, before it starts: the five runs with their items.
  const plan = form.getByTestId('profile-plan');
  const planned = plan.getByTestId('plan-run');
  await expect(planned).toHaveCount(5);
  for (const [i, r] of RUNS.entries()) await expect(planned.nth(i)).toContainText(`${r.name} · ${LABELS[r.protocol]}`);
  await expect(planned.nth(0)).toContainText(`Turns (α) = ${STUDY.params.turns} · demo subset (9) · 27 items · at most`);
  await expect(planned.nth(1)).toContainText('Setting: Static · demo subset (9) · 27 items');
  await expect(planned.nth(2)).toContainText('Setting: Code feedback · demo subset (9) · 27 items');
  await expect(planned.nth(3)).toContainText(/N_max\) = 80 · no dataset .* · 3 searches · at most [\d,]+ calls/);
  await expect(planned.nth(4)).toContainText(/demo tasks \((\d+)\) · \d+ items/);
  await expect(form.getByTestId('profile-size')).toContainText('3 models · seed 1 · concurrency 2');
  await expect(form.getByTestId('profile-budget')).toHaveValue('1');
  await screenshot(app, 'profile-study-form-1280');
  await app.setViewportSize({ width: 390, height: 844 });
  await screenshot(app, 'profile-study-form-390');
  await app.setViewportSize({ width: 1280, height: 900 });

  for (const m of ['solo', 'recursion', 'even']) await form.getByLabel(`Simulated profile model ${m}`, { exact: true }).setChecked(MODELS.includes(m));
  await form.getByTestId('profile-seed').fill('5');
  await expect(form.getByTestId('profile-size')).toContainText(`${MODELS.length} model${MODELS.length === 1 ? '' : 's'} · seed 5 · concurrency 2`);
  const pairItems = 9 * MODELS.length;
  await expect(planned.nth(0).getByTestId('plan-items')).toHaveText(`${pairItems} item${pairItems === 1 ? '' : 's'}`);
  const started = Date.now();
  await form.getByTestId('profile-start').click();
  await expect(app).toHaveURL(/#\/run\/run-/);

  // The Run view lists the study's five runs and links their profile, in the study's order.
  const study = app.getByTestId('profile-study-runs');
  const rows = study.getByTestId('study-run');
  await expect(rows).toHaveCount(5);
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id')!));
  expect(app.url()).toContain(`#/run/${ids[0]}`);
  for (const [i, r] of RUNS.entries()) await expect(rows.nth(i)).toContainText(`${r.name} · ${LABELS[r.protocol]}`);
  const link = study.getByTestId('profile-link');
  await expect(link).toHaveText('Model profile of these runs');
  await expect(link).toHaveAttribute('href', `#/results/profile/${ids.join('/')}`);

  // A reload mid-way: some run is still going.
  await expect(study).toContainText(/[0-4] of 5 runs finished/);
  await expect(rows.getByTestId('study-run-status').filter({ hasText: 'running' }).first()).toBeVisible();
  // The profile opens while the runs go on, and says its numbers are not final yet.
  await link.click();
  await expect(app.getByTestId('profile-running')).toContainText('still running');
  await app.reload();
  await expect(app.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await app.goto(app.url().replace(/#.*/, `#/run/${ids[0]}`));
  await expect(rows).toHaveCount(5);
  await expect(link).toHaveAttribute('href', `#/results/profile/${ids.join('/')}`);
  // Every run goes on to the end.
  await expect(study).toContainText('5 of 5 runs finished', { timeout: 540_000 });
  console.log(`profile study with ${MODELS.length} model(s): ${((Date.now() - started) / 1000).toFixed(0)} s from the click to the last run's end`);
  for (const s of await rows.getByTestId('study-run-status').allTextContents()) expect(s).toBe('done');

  // Each run as the file says: name, protocol, parameters, seed, concurrency, budget; the chosen models.
  for (const [i, r] of RUNS.entries()) {
    const log = await runLog(app, ids[i]!);
    const m = log.manifest;
    expect([m.name, m.protocol.id]).toEqual([r.name, r.protocol]);
    expect(m.params).toMatchObject(r.params);
    expect(m.settings).toMatchObject({ seed: 5, concurrency: STUDY.params.concurrency, budgetUsd: STUDY.params.budgetUsd, repeats: 1 });
    expect(m.models.filter((x) => x.id.startsWith('profile-')).map((x) => x.id)).toEqual(MODELS.map((x) => `profile-${x}`));
    expect(log.items.length).toBeGreaterThan(0);
    expect(log.items.every((it) => it.status === 'done')).toBe(true);
    if (r.protocol === 'prism') expect(m.dataset.instances).toEqual([]);
    else expect(m.dataset.id).toBe('builtin');
  }
  // Interview's demo tasks, PAIR's and Talk's demo subset (9 instances).
  expect((await runLog(app, ids[0]!)).manifest.dataset.instances).toHaveLength(9);
  expect((await runLog(app, ids[4]!)).manifest.dataset.tasks?.length).toBeGreaterThan(0);

  // The finished study's profile: every run, the chosen models, no notice of running runs.
  await link.click();
  await expect(app.getByTestId('profile-measures')).toBeVisible();
  await expect(app.getByTestId('profile-running')).toHaveCount(0);
  await expect(app.getByTestId('profile-measures').locator('thead th')).toHaveCount(1 + MODELS.length);
  // One model has no ranking to compare: the page says so and leaves the ranks and matrices out.
  await expect(app.getByTestId('profile-single')).toHaveCount(MODELS.length === 1 ? 1 : 0);
  await expect(app.getByTestId('profile-tau')).toHaveCount(MODELS.length === 1 ? 0 : 1);
  await expect(app.getByTestId('profile-concepts').first()).toBeVisible();
  await screenshot(app, 'profile-study-profile-1280');

  // Every run's page shows the same link; it survives a reload.
  await app.goto(app.url().replace(/#.*/, `#/run/${ids[3]}`));
  await expect(app.getByTestId('profile-link')).toHaveAttribute('href', `#/results/profile/${ids.join('/')}`);
  await expect(app.getByTestId('group-compare')).toHaveCount(0);
  await screenshot(app, 'profile-study-run-1280');
  await app.setViewportSize({ width: 390, height: 844 });
  await screenshot(app, 'profile-study-run-390');
  await app.getByTestId('profile-study-runs').screenshot({ path: `${SCREENSHOTS}/profile-study-runs-390.png` });
});
