// The Models page with reasoning models served as their providers serve them: the connection
// check works for one (no temperature, room to think) and says what shape it is sent; a model
// the table does not know learns its shape from the refusal during the check; one that spends
// the whole limit thinking is told apart from a failure; a model's own settings survive a reload.
import { expect, screenshot, test } from './fixtures.ts';
import { deepseek } from '../src/core/llm/fixtures/providers/deepseek.ts';
import { openaiReasoning } from '../src/core/llm/fixtures/providers/openai-reasoning.ts';
import { startCorpusServer, type CorpusServer } from './provider-server.ts';
import { addMockProvider } from './runs-ui.ts';

let reasoning: CorpusServer;
let thinker: CorpusServer;
test.beforeAll(async () => {
  reasoning = await startCorpusServer(openaiReasoning, () => 'ready');
  // A DeepSeek reasoner that needs more than the check's 2,048 tokens to think.
  thinker = await startCorpusServer(deepseek, () => 'ready', { truncateUnder: 4096 });
});
// The refusal the unknown model learns from shows in the console as a failed resource.
test.use({ consoleAllow: [/^Failed to load resource: the server responded with a status of 400/] });
test.afterAll(async () => {
  await reasoning.close();
  await thinker.close();
});

test('the connection check works for reasoning models and reports their request shape; model settings survive a reload', async ({ app }) => {
  test.setTimeout(90_000);

  // o3 behind a custom endpoint: the table knows its name.
  await addMockProvider(app, { baseURL: reasoning.baseURL, name: 'known', models: ['o3'] });
  const known = app.getByTestId('provider-known');
  await known.getByTestId('provider-test').click();
  await expect(known.getByTestId('diagnosis')).toHaveAttribute('data-kind', 'ok');
  await expect(known.getByTestId('diagnosis')).toContainText('answered “ready”');
  const found = known.getByTestId('diagnosis-capabilities');
  for (const line of [
    'sent through chat completions (/chat/completions)',
    'reply limit sent as max_completion_tokens',
    'system messages sent as developer messages',
    'no temperature (the default only)',
    'a reasoning effort can be set',
    'streaming',
  ])
    await expect(found).toContainText(line);
  await expect(found).toContainText(/it reasons before answering \(\d+ reasoning tokens\)/);
  await expect(found).toContainText(/its provider reports cached prompt tokens/);
  const first = reasoning.exchanges.at(-1)!;
  expect(first).toMatchObject({ status: 200, stream: true, roles: ['developer', 'user'] });
  expect(first.params).toContain('max_completion_tokens');
  expect(first.params).not.toContain('temperature');

  // A reasoning model by a name no rule knows: refused once, then right; the check says how.
  const before = reasoning.exchanges.length;
  await addMockProvider(app, { baseURL: reasoning.baseURL, name: 'unknown', models: ['house-reasoner'] });
  const unknown = app.getByTestId('provider-unknown');
  await unknown.getByTestId('provider-test').click();
  await expect(unknown.getByTestId('diagnosis')).toHaveAttribute('data-kind', 'ok');
  await expect(unknown.getByTestId('diagnosis-capabilities')).toContainText('the provider refused part of the request: max_tokens → max_completion_tokens');
  expect(reasoning.exchanges.slice(before).map((x) => x.status)).toEqual([400, 200]);
  // … and kept: the model's shape now starts with max_completion_tokens, and a second check is not refused.
  await expect(unknown.getByTestId('diagnosis-capabilities')).toContainText("kept in house-reasoner's settings below");
  await expect(unknown.getByTestId('model-options-unknown-house-reasoner').locator('summary')).toContainText('max_completion_tokens');
  await unknown.getByTestId('provider-test').click();
  await expect.poll(() => reasoning.exchanges.length - before).toBe(3);
  await expect(unknown.getByTestId('diagnosis')).toHaveAttribute('data-kind', 'ok');
  await expect(unknown.getByTestId('diagnosis-capabilities')).not.toContainText('refused');
  expect(reasoning.exchanges.slice(before).map((x) => x.status)).toEqual([400, 200, 200]);

  // A model that spends the whole limit thinking: it answered, but with no answer.
  await addMockProvider(app, { baseURL: thinker.baseURL, name: 'thinker', models: ['deepseek-reasoner'] });
  const cut = app.getByTestId('provider-thinker');
  await cut.getByTestId('provider-test').click();
  await expect(cut.getByTestId('diagnosis')).toHaveAttribute('data-kind', 'other');
  await expect(cut.getByTestId('diagnosis')).toContainText('its reply was cut off by the 2048-token limit before it gave an answer');
  await expect(cut.getByTestId('diagnosis')).toContainText('give it a larger reply limit');

  // o3's own settings: a reply limit and an effort, kept after a reload.
  const options = known.getByTestId('model-options-known-o3');
  await options.locator('summary').click();
  await expect(options).toContainText('Defaults: OpenAI o-series');
  // Only the efforts o3 takes are offered.
  await expect(options.getByTestId('model-effort').locator('option')).toHaveText(["the provider's default", 'low', 'medium', 'high']);
  await options.getByTestId('model-max-tokens').fill('12000');
  await options.getByTestId('model-max-tokens').blur();
  await options.getByTestId('model-effort').selectOption('high');
  await expect(options.locator('summary')).toContainText('limit 12000 · effort high');
  await screenshot(app, 'models-reasoning');
  await app.reload();
  await app.getByRole('navigation').getByRole('link', { name: 'Models', exact: true }).click();
  await expect(app.getByTestId('provider-known').getByTestId('model-options-known-o3').locator('summary')).toContainText('limit 12000 · effort high');
});
