// Text safety across the workbench: a dataset whose title and statement carry <script>, event-
// handler attributes and javascript: links, a program that prints markup, and model replies and
// hints that carry the same, all render inert — on the Datasets, Run, Results and trajectory
// views. Nothing runs, no element gets an on* attribute, no link goes to javascript:.
import { pairLog } from '../../src/core/protocols/pair/view.ts';
import { expect, screenshot, test } from '../fixtures.ts';
import { fenced, MOCK_MODEL, mockLlm, type Answer } from '../mock-llm.ts';
import { expectInert, PAYLOAD } from '../inert.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from '../runs-ui.ts';

const EVIL = {
  id: 'evil-xss',
  title: `Evil <img src=x onerror="window.__pwned=6">`,
  source: { name: 'test' },
  statement: `# Sum\n\nPrint the sum of two numbers.\n\n${PAYLOAD}`,
  language: 'python',
  // The buggy program prints markup next to a wrong answer.
  buggy: 'a, b = map(int, input().split())\nprint("<b onmouseover=\\"window.__pwned=7\\">", a - b)\n',
  reference: 'a, b = map(int, input().split())\nprint(a + b)\n',
  testKind: 'stdio',
  tests: Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, input: `${i} ${i + 1}\n`, expected: `${2 * i + 1}\n` })),
};

test('markup in statements, program output, model replies and hints renders inert everywhere', async ({ app }) => {
  test.setTimeout(240_000);
  // Import the dataset.
  await app.goto(app.url().replace(/#.*$/, '') + '#/datasets');
  await app.getByTestId('import-format').selectOption('pairbench');
  await app.getByTestId('import-files').setInputFiles({ name: 'evil.jsonl', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(EVIL)) });
  await app.getByTestId('import-name').fill('Evil set');
  await app.getByTestId('import-save').click();
  await app.getByTestId('instance-table').getByRole('link', { name: EVIL.title }).click();
  await expect(app.getByTestId('statement')).toContainText('Print the sum of two numbers.');
  await expect(app.getByRole('heading', { level: 1 })).toHaveText(EVIL.title); // the title is text
  await expect(app.getByTestId('scenario-summary')).toBeVisible({ timeout: 60_000 });
  await expectInert(app, 'dataset instance view');

  // A PAIR run on it: the candidate and the feedback model answer with markup.
  const mock = await mockLlm(app, (r): Answer => {
    const system = r.body.messages[0]?.content ?? '';
    if (system.startsWith('You write hints')) return { content: `Some outputs differ. ${PAYLOAD}` };
    const turn = r.body.messages.filter((m) => m.role === 'user').length - 1;
    return { content: `${PAYLOAD}\n\n${fenced(turn === 0 ? EVIL.buggy : EVIL.reference, 'Here it is:')}` };
  });
  await addMockProvider(app);
  const runId = await startRun(app, {
    turns: 2,
    prepare: async (setup) => {
      await setup.getByLabel('Dataset').selectOption({ label: 'Evil set' });
      await setup.getByTestId('run-subset').selectOption('all');
      await setup.getByTestId('run-feedback').selectOption(`mock:${MOCK_MODEL}`);
    },
  });
  await waitForStatus(app, 'done');
  expect(mock.requests.length).toBeGreaterThan(2);
  await expectInert(app, 'run page');
  const log = pairLog(await runLog(app, runId));
  const item = log.items[0]!;
  expect(item.turns[1]!.feedback!.validation![0]!.text).toContain('<script>');

  // Results and the trajectory of the item, at the turn with the hint.
  await app.goto(app.url().replace(/#.*$/, '') + `#/results/${encodeURIComponent(runId)}`);
  await expect(app.getByTestId('leaderboard')).toBeVisible();
  await expectInert(app, 'results page');
  await app.goto(app.url().replace(/#.*$/, '') + `#/results/${encodeURIComponent(runId)}/${encodeURIComponent(item.key)}/1`);
  await expect(app.getByTestId('trajectory')).toContainText('window.__pwned=1'); // shown, as text
  await expectInert(app, 'trajectory viewer');
  // The instructor view shows the feedback model's request and the rejected hints: still text.
  const reveal = app.getByTestId('show-hidden').first();
  if (await reveal.count()) {
    await reveal.click();
    await app.getByTestId('confirm-hidden').click();
  }
  await expectInert(app, 'trajectory viewer, instructor view');
  await screenshot(app, 'xss-trajectory');
  // Following every link the page has still runs nothing.
  for (const link of await app.locator('[data-testid="trajectory"] a[href]').all()) {
    const href = await link.getAttribute('href');
    expect(href ?? '').not.toMatch(/^\s*javascript:/i);
  }
  await expectInert(app, 'after all');
});
