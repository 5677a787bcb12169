// Every page of every protocol, as a newcomer meets them, at 1280 and at 390 px wide, on runs
// opened from results files (no run is started here): each page shows its heading with no
// console error, settles (nothing still "Loading…"), is no wider than the window, and leaves a
// screenshot, tour-<page>-<width>.png, for a person to look at as a set.
import type { Page } from '@playwright/test';
import { readRunLogFile } from '../../cli/runlog-file.ts';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { expect, screenshot, test } from '../fixtures.ts';

const FIXTURES = 'src/core/runlog/fixtures';
const PROFILE = 'e2e/fixtures/profile';
const FILES = {
  pair: `${FIXTURES}/v2-pair.json.gz`,
  talkStatic: `${FIXTURES}/v2-talk-static.json.gz`,
  talk: `${FIXTURES}/v2-talk-paragraph.json.gz`,
  prism: `${FIXTURES}/v2-prism.json.gz`,
  interview: `${FIXTURES}/v2-interview.json.gz`,
  profilePair: `${PROFILE}/1-profile-pair.json.gz`,
  profileTalkStatic: `${PROFILE}/2-profile-talk-static.json.gz`,
  profileTalkCode: `${PROFILE}/3-profile-talk-code-feedback.json.gz`,
  profilePrism: `${PROFILE}/4-profile-prismbench.json.gz`,
  profileInterview: `${PROFILE}/5-profile-interview.json.gz`,
} as const;
type Name = keyof typeof FILES;
const logs = Object.fromEntries(await Promise.all(Object.entries(FILES).map(async ([k, f]) => [k, await readRunLogFile(f)]))) as Record<Name, RunLog>;
const id = (name: Name) => encodeURIComponent(logs[name].manifest.runId);
/** An item of a run that ended well (its first done one), for the item pages. */
const itemOf = (name: Name) => encodeURIComponent((logs[name].items.find((i) => i.status === 'done') ?? logs[name].items[0]!).key);
const firstInstance = logs.pair.manifest.dataset.instances[0]!.id;

/** The pages of the tour: a name for the screenshot, the address, and what shows once it is there. */
const PAGES: { name: string; hash: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', hash: '#/', ready: heading('hintbench') },
  { name: 'datasets', hash: '#/datasets', ready: heading(null) },
  { name: 'datasets-instance', hash: `#/datasets/builtin/${firstInstance}`, ready: heading(null) },
  { name: 'models', hash: '#/models', ready: heading('Models') },
  { name: 'run-pair', hash: '#/run', ready: runForm('pair') },
  { name: 'run-talk', hash: '#/run', ready: runForm('talk') },
  { name: 'run-prism', hash: '#/run', ready: runForm('prism') },
  { name: 'run-interview', hash: '#/run', ready: runForm('interview') },
  { name: 'run-view-pair', hash: `#/run/${id('pair')}`, ready: runView('pair') },
  // Opened right after PAIR's run view: its leaderboard once kept PAIR's models.
  { name: 'run-view-prism', hash: `#/run/${id('prism')}`, ready: runView('prism') },
  { name: 'results-list', hash: '#/results', ready: heading('Results') },
  { name: 'results-pair', hash: `#/results/${id('pair')}`, ready: results },
  { name: 'results-talk', hash: `#/results/${id('talk')}`, ready: results },
  { name: 'results-prism', hash: `#/results/${id('prism')}`, ready: results },
  { name: 'results-interview', hash: `#/results/${id('interview')}`, ready: results },
  { name: 'item-pair', hash: `#/results/${id('pair')}/${itemOf('pair')}`, ready: heading(null) },
  { name: 'item-talk', hash: `#/results/${id('talk')}/${itemOf('talk')}`, ready: heading(null) },
  { name: 'item-prism', hash: `#/results/${id('prism')}/${itemOf('prism')}`, ready: heading(null) },
  { name: 'item-interview', hash: `#/results/${id('interview')}/${itemOf('interview')}`, ready: heading(null) },
  { name: 'instance-pair', hash: `#/results/${id('pair')}/instance/${firstInstance}`, ready: heading(null) },
  { name: 'grading-interview', hash: `#/results/${id('interview')}/grade`, ready: heading(null) },
  {
    name: 'compare-pair',
    hash: `#/results/compare/${id('pair')}/${id('profilePair')}`,
    // The note on runs of another metrics version (its words once ran together: "chooseRescore").
    ready: async (p) => void (await expect(p.getByTestId('compare-scored-elsewhere')).toContainText('Open a run and choose Rescore to recompute')),
  },
  { name: 'compare-talk', hash: `#/results/compare/${id('talkStatic')}/${id('talk')}`, ready: heading(null) },
  { name: 'compare-prism', hash: `#/results/compare/${id('prism')}/${id('profilePrism')}`, ready: heading(null) },
  { name: 'compare-interview', hash: `#/results/compare/${id('interview')}/${id('profileInterview')}`, ready: heading(null) },
  {
    name: 'profile',
    hash: `#/results/profile/${(['profilePair', 'profileTalkStatic', 'profileTalkCode', 'profilePrism', 'profileInterview'] as const).map(id).join('/')}`,
    ready: heading(null),
  },
  { name: 'teach', hash: '#/teach', ready: heading('Teach') },
  { name: 'docs', hash: '#/docs', ready: heading(null) },
  { name: 'docs-metrics', hash: '#/docs/metrics', ready: heading(null) },
];

function heading(name: string | null): (page: Page) => Promise<void> {
  return async (page) => {
    const h = name === null ? page.getByRole('heading', { level: 1 }).first() : page.getByRole('heading', { name, exact: true }).first();
    await expect(h).toBeVisible();
  };
}

/**
 * A finished run's page: the moment it shows the run's name, its leaderboard (if any) names none
 * of another run's models, and it then lists this run's own.
 */
function runView(name: Name): (page: Page) => Promise<void> {
  return async (page) => {
    const own = logs[name].manifest.models.map((m) => m.label);
    const others = Object.values(logs)
      .flatMap((l) => l.manifest.models.map((m) => m.label))
      .filter((l) => !own.includes(l));
    await expect(page.getByTestId('run-live').getByRole('heading', { level: 2 })).toHaveText(logs[name].manifest.name);
    const shown = await page.evaluate(() => document.querySelector('[data-testid="run-leaderboard"]')?.textContent ?? '');
    expect(
      others.filter((l) => shown.includes(l)),
      `${name}'s run page shows another run's models`,
    ).toEqual([]);
    await expect(page.getByTestId('run-leaderboard').getByRole('table').first()).toContainText(own[0]!);
  };
}

function runForm(protocol: string): (page: Page) => Promise<void> {
  return async (page) => {
    await expect(page.getByTestId('run-setup')).toBeVisible();
    await page.getByTestId('run-setup').getByTestId('run-protocol').selectOption(protocol);
    await expect(page.getByTestId('run-estimate')).toBeVisible();
  };
}

async function results(page: Page): Promise<void> {
  await expect(page.getByTestId('results-summary')).toBeVisible();
  await expect(page.getByTestId('steps-loading')).toHaveCount(0, { timeout: 60_000 });
}

/** Nothing on the page still loading, and nothing wider than the window (charts size themselves, so this may take a moment). */
async function settled(page: Page, what: string): Promise<void> {
  await expect(page.locator('main').getByText(/^(Loading|Starting)\b.*…$/), `${what}: still loading`).toHaveCount(0, { timeout: 60_000 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what} is wider than the window`,
    })
    .toBeLessThanOrEqual(0);
  // No control sticks out of its card (a long option's text once widened a select past it).
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('main select, main input, main textarea, main button')].flatMap((el) => {
      const card = el.closest('.card');
      if (!card || (el as HTMLElement).offsetParent === null) return [];
      // Inside a box that scrolls sideways (a wide table), a control may lie past the card: the box shows it.
      for (let a = el.parentElement; a && a !== card; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return [];
      const [c, e] = [card.getBoundingClientRect(), el.getBoundingClientRect()];
      return e.right > c.right + 0.5 || e.left < c.left - 0.5
        ? [`${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30) ?? ''}`]
        : [];
    }),
  );
  expect.soft(outside, `${what}: controls outside their card`).toEqual([]);
}

test('every page of every protocol at 1280 and 390 px: it shows, settles, fits the window, and leaves a screenshot', async ({ app }) => {
  test.setTimeout(420_000);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results', exact: true }).click();
  for (const [name, file] of Object.entries(FILES)) {
    await app.getByTestId('results-open').setInputFiles(file);
    await expect(app).toHaveURL(new RegExp(`#/results/${id(name as Name)}$`), { timeout: 60_000 });
    await expect(app.getByTestId('import-progress')).toHaveCount(0, { timeout: 60_000 });
    await app.evaluate(() => (location.hash = '#/results'));
  }
  for (const width of [1280, 390]) {
    await app.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    for (const p of PAGES) {
      const what = `${p.name} at ${width}`;
      await test.step(what, async () => {
        await app.evaluate((hash) => (location.hash = hash), p.hash);
        await p.ready(app);
        await settled(app, what);
        await app.mouse.move(0, 0); // no tooltip left under the pointer
        await screenshot(app, `tour-${p.name}-${width}`);
      });
    }
  }
});
