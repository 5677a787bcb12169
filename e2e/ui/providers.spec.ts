// Providers as their own documents describe them, met through the pages: an Azure OpenAI
// deployment added and checked on the Models page; a PAIR run with a Mistral model whose effort
// the provider refuses (moved to the nearest it takes, said at the top of the results and under
// the leaderboard) and an OpenAI model that refuses a reply (shown as a refusal in the
// trajectory, counted under the leaderboard). The servers are generated from the corpus.
import type { Page } from '@playwright/test';
import { azure } from '../../src/core/llm/fixtures/providers/azure.ts';
import { mistral } from '../../src/core/llm/fixtures/providers/mistral.ts';
import { openaiChat } from '../../src/core/llm/fixtures/providers/openai-chat.ts';
import { expect, screenshot, SCREENSHOTS, test } from '../fixtures.ts';
import { BUILTIN, fenced } from '../mock-llm.ts';
import { startCorpusServer, type AskedFor, type CorpusServer } from '../provider-server.ts';
import { addMockProvider, KEY, runLog, startRun, waitForStatus } from '../runs-ui.ts';

const repair = (asked: AskedFor) => fenced(BUILTIN.find((i) => asked.user.includes(i.buggy.trim()))?.reference ?? 'print()\n');
const servers: CorpusServer[] = [];
test.afterAll(() => Promise.all(servers.map((s) => s.close())));
// The refusals the models learn from show in the console as failed resources.
test.use({ consoleAllow: [/^Failed to load resource: the server responded with a status of (400|422)/] });

async function serve(...args: Parameters<typeof startCorpusServer>) {
  const server = await startCorpusServer(...args);
  servers.push(server);
  return server;
}

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);

test('an Azure OpenAI deployment: added with its endpoint and api-version, checked, its key in api-key', async ({ app }) => {
  const server = await serve(azure, () => 'ready');
  await app.getByRole('navigation').getByRole('link', { name: 'Models', exact: true }).click();
  await app.getByTestId('provider-preset').selectOption('azure');
  await app.getByTestId('provider-url').fill(server.baseURL);
  await expect(app.getByTestId('provider-api-version')).toHaveAttribute('placeholder', '2025-04-01-preview');
  await app.getByTestId('provider-name').fill('az');
  await app.locator('section.card', { has: app.getByTestId('provider-preset') }).screenshot({ path: `${SCREENSHOTS}/models-azure-form.png` });
  await app.getByTestId('provider-add').click();
  const card = app.getByTestId('provider-az');
  await expect(card).toContainText('api-version 2025-04-01-preview');
  await card.getByTestId('provider-key').fill(KEY);
  await card.getByTestId('provider-key-save').click();
  await card.getByTestId('provider-model').fill('o4-mini');
  await card.getByTestId('provider-model-add').click();
  await card.getByTestId('provider-test').click();
  await expect(card.getByTestId('diagnosis')).toHaveAttribute('data-kind', 'ok');
  await expect(card.getByTestId('diagnosis-capabilities')).toContainText('sent through chat completions');
  await expect(card.getByTestId('diagnosis-capabilities')).toContainText('a reasoning effort can be set (low, medium, high)');
  await expect(card.getByTestId('diagnosis-capabilities')).not.toContainText('kept in'); // nothing was learned
  expect(server.exchanges.at(-1)).toMatchObject({
    status: 200,
    path: '/openai/deployments/{deployment}/chat/completions',
    model: 'o4-mini',
    roles: ['developer', 'user'],
  });
  await screenshot(app, 'models-azure');
  await card.screenshot({ path: `${SCREENSHOTS}/models-azure-card.png` });
});

test('an effort the provider refuses is moved and said at the top of the results and under the leaderboard; a refusal is shown as one', async ({ app }) => {
  test.setTimeout(240_000);
  const strict = await serve(mistral, repair);
  const firsts = new Set<string>();
  const refusing = await serve(openaiChat, repair, { refuse: (asked) => !firsts.has(asked.model) && Boolean(firsts.add(asked.model)) });
  // A Mistral model behind a custom endpoint (the table does not know its efforts), asked for effort "low".
  await addMockProvider(app, { baseURL: strict.baseURL, name: 'strict', models: ['mistral-small-latest'] });
  const options = app.getByTestId('model-options-strict-mistral-small-latest');
  await options.locator('summary').click();
  await options.getByTestId('model-reasoningEffort').selectOption('true');
  await options.getByTestId('model-effort').selectOption('low');
  await addMockProvider(app, { baseURL: refusing.baseURL, name: 'oai', models: ['gpt-4o-mini'] });
  const runId = await startRun(app, { subset: 'dfs and similar', turns: 2, models: ['mistral-small-latest (strict)', 'gpt-4o-mini (oai)'] });
  await waitForStatus(app, 'done', 180_000);
  const log = await runLog(app, runId);
  const calls = log.items.flatMap((i) => i.steps.flatMap((s) => s.calls));
  const mistralCalls = calls.filter((c) => c.model === 'mistral-small-latest');
  // Refused for stream_options (422) and for the effort (400, naming none and high); then every request moved low → high.
  expect(
    strict.exchanges
      .filter((x) => x.status !== 200)
      .map((x) => x.status)
      .sort(),
  ).toEqual([400, 422]);
  expect(mistralCalls.every((c) => c.reasoningEffort === 'high' && c.settingsChanged?.includes('reasoning effort low → high'))).toBe(true);
  const refused = calls.filter((c) => c.refusal !== undefined);
  expect(refused).toHaveLength(1);

  await go(app, `#/results/${encodeURIComponent(runId)}`);
  const notice = app.getByTestId('settings-changed');
  await expect(notice).toContainText(
    `mistral-small-latest (strict): reasoning effort low → high on ${mistralCalls.length} request${mistralCalls.length === 1 ? '' : 's'}`,
  );
  const notes = app.getByTestId('leaderboard-notes').first();
  await expect(notes).toContainText(`reasoning effort low → high on ${mistralCalls.length}`);
  await expect(notes).toContainText('1 reply refused (no answer)');
  await screenshot(app, 'results-settings-changed');

  // The refused turn in the trajectory.
  const item = log.items.find((i) => i.modelId.includes('gpt-4o-mini'))!;
  await go(app, `#/results/${encodeURIComponent(runId)}/${encodeURIComponent(item.key)}/0`);
  await expect(app.getByTestId('no-code')).toContainText('No code: the model refused to reply');
  await app.getByTestId('calls-panel').locator('summary').first().click();
  await expect(app.getByTestId('call-refusal').first()).toContainText("Refused: “I'm sorry, but I can't help with that request.”");
  await screenshot(app, 'trajectory-refusal');
});
