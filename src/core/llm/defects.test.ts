// Each way the model layer once failed a provider as its own documents and bug reports describe
// it, replayed from the provider corpus by its test server over HTTP, through the model layer a
// run uses (the `openai` package in Node): one test per defect.
import { afterAll, describe, expect, it } from 'vitest';
import { DRAFT_MARK, REFUSAL_TEXT, startCorpusServer, type CorpusServer } from '../../../e2e/provider-server.ts';
import { capabilitiesFor, type Capabilities } from './capabilities.ts';
import { azure } from './fixtures/providers/azure.ts';
import { gemini } from './fixtures/providers/gemini.ts';
import { mistral } from './fixtures/providers/mistral.ts';
import { openaiChat } from './fixtures/providers/openai-chat.ts';
import { openaiReasoning } from './fixtures/providers/openai-reasoning.ts';
import { openaiResponses } from './fixtures/providers/openai-responses.ts';
import { openrouter } from './fixtures/providers/openrouter.ts';
import type { FamilyCorpus } from './fixtures/providers/types.ts';
import { OpenAICompatibleModel } from './openai-compat.ts';
import { presetById } from './presets.ts';
import type { ChatRequest } from './types.ts';

const ANSWER = 'print(42)';
const servers: CorpusServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function serve(corpus: FamilyCorpus): Promise<CorpusServer> {
  const server = await startCorpusServer(corpus, () => ANSWER);
  servers.push(server);
  return server;
}

const model = (server: CorpusServer, preset: string, name: string, over: Partial<Capabilities> = {}) =>
  new OpenAICompatibleModel('m', 'm', {
    baseURL: server.baseURL,
    apiKey: 'sk-test',
    timeoutMs: 5000,
    capabilities: { ...capabilitiesFor(preset, name), ...over },
  });

const ask = (name: string, more: Partial<ChatRequest> = {}): ChatRequest => ({
  model: name,
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Print 42.' },
  ],
  maxTokens: 1000,
  ...more,
});

describe('Mistral', () => {
  it("the preset's first call is taken: no stream_options, which Mistral refuses with HTTP 422", async () => {
    const server = await serve(mistral);
    const reply = await model(server, 'mistral', 'mistral-small-latest').chat(ask('mistral-small-latest'));
    expect(server.exchanges.map((x) => x.status)).toEqual([200]);
    expect(reply).toMatchObject({ content: ANSWER, usage: { promptTokens: expect.any(Number) } });
  });

  it("a 422 with no `error` key is read whole and learned from (it was '422 status code (no body)')", async () => {
    const server = await serve(mistral);
    const reply = await model(server, 'custom', 'mistral-small-latest').chat(ask('mistral-small-latest'));
    expect(server.exchanges.map((x) => `${x.status} ${x.entry}`)).toEqual(['422 refuses-unknown-field', '200 plain-answer']);
    expect(reply).toMatchObject({ content: ANSWER, adjusted: ['stream_options left out'] });
  });

  it("Magistral's content chunk lists, whole and streamed: the thinking apart, the text the answer (whole replies were retried as malformed; streamed ones were empty)", async () => {
    const server = await serve(mistral);
    for (const stream of [false, true]) {
      const reply = await model(server, 'mistral', 'magistral-medium-latest', { stream }).chat(ask('magistral-medium-latest'));
      expect(reply.content, `stream ${stream}`).toBe(ANSWER);
      expect(reply.thinking, `stream ${stream}`).toContain(DRAFT_MARK);
    }
  });
});

describe('OpenRouter', () => {
  it('an upstream refusal wrapped in metadata.raw names its parameter: it is learned', async () => {
    const server = await serve(openrouter);
    server.script('wraps-upstream-temperature-refusal');
    const reply = await model(server, 'openrouter', 'openai/o1-pro', { temperature: true }).chat(ask('openai/o1-pro', { temperature: 0.2 }));
    expect(server.exchanges.map((x) => x.status)).toEqual([400, 200]);
    expect(server.exchanges[1]!.params).not.toContain('temperature');
    expect(reply.adjusted).toEqual(['temperature left out']);
  });
});

describe('OpenAI', () => {
  it('a reasoning effort gpt-5.1 refuses is moved to the nearest it takes and said on every request (it was dropped: the model ran at its default)', async () => {
    const server = await serve(openaiReasoning);
    const m = model(server, 'openai', 'gpt-5.1');
    for (let i = 0; i < 2; i++) {
      const reply = await m.chat(ask('gpt-5.1', { reasoningEffort: 'minimal' }));
      expect(reply).toMatchObject({ content: ANSWER, reasoningEffort: 'low', settingsChanged: ['reasoning effort minimal → low'] });
    }
    expect(server.exchanges.map((x) => [x.status, x.body.reasoning_effort])).toEqual([
      [200, 'low'],
      [200, 'low'],
    ]);
    // A model the table does not know learns the values from the refusal, and says so too.
    const unknown = model(server, 'custom', 'gpt-5.1', { reasoningEffort: true, efforts: undefined });
    const reply = await unknown.chat(ask('gpt-5.1', { reasoningEffort: 'minimal' }));
    expect(reply).toMatchObject({ reasoningEffort: 'low', settingsChanged: ['reasoning effort minimal → low'] });
    expect(reply.adjusted?.[0]).toMatch(/^reasoning efforts limited to none, low, medium, high/);
  });

  it('none and xhigh can be chosen where models take them', () => {
    expect(capabilitiesFor('openai', 'gpt-5.2').efforts).toEqual(['none', 'low', 'medium', 'high', 'xhigh']);
    expect(capabilitiesFor('openai', 'gpt-5.1').efforts).toContain('none');
  });

  it('a refusal is an outcome of its own: recorded, no answer, not retried as malformed', async () => {
    const server = await serve(openaiChat);
    for (const stream of [false, true]) {
      server.script('refusal-field');
      const reply = await model(server, 'openai', 'gpt-4o-mini', { stream }).chat(ask('gpt-4o-mini'));
      expect(reply, `stream ${stream}`).toMatchObject({ content: '', refusal: REFUSAL_TEXT });
    }
  });
});

describe('the Responses API', () => {
  it('a model served only there goes there: its summary the thinking, its usage counted (chat completions answered 404: the run failed)', async () => {
    const server = await serve(openaiResponses);
    for (const stream of [false, true]) {
      const reply = await model(server, 'openai', 'gpt-5-pro', { stream }).chat(ask('gpt-5-pro', { reasoningEffort: 'medium' }));
      expect(reply, `stream ${stream}`).toMatchObject({
        content: ANSWER,
        api: 'responses',
        reasoningEffort: 'high',
        settingsChanged: ['reasoning effort medium → high'],
      });
      expect(reply.thinking, `stream ${stream}`).toContain(DRAFT_MARK);
      expect(reply.usage!.reasoningTokens, `stream ${stream}`).toBeGreaterThan(0);
    }
    expect(server.exchanges.map((x) => `${x.status} ${x.path}`)).toEqual(['200 /responses', '200 /responses']);
  });

  it('a model the table does not know learns it from the 404 of chat completions, and says so', async () => {
    const server = await serve(openaiResponses);
    const reply = await model(server, 'custom', 'gpt-5-pro', { api: 'chat' }).chat(ask('gpt-5-pro'));
    expect(server.exchanges.map((x) => `${x.status} ${x.path}`)).toEqual(['404 /chat/completions', '200 /responses']);
    expect(reply).toMatchObject({
      content: ANSWER,
      api: 'responses',
      adjusted: ['sent through the Responses API (the model is not served by chat completions)'],
    });
  });
});

describe('Azure OpenAI', () => {
  it("a preset of its own: the deployment's URL with an api-version, the key in api-key; its content filter is a refusal", async () => {
    const server = await serve(azure);
    const m = new OpenAICompatibleModel('m', 'm', {
      baseURL: server.baseURL,
      apiKey: 'az-key',
      timeoutMs: 5000,
      capabilities: capabilitiesFor('azure', 'gpt-4o-mini'),
      azure: { apiVersion: presetById('azure').apiVersion! },
    });
    expect(await m.chat(ask('gpt-4o-mini'))).toMatchObject({ content: ANSWER });
    expect(server.exchanges[0]).toMatchObject({ status: 200, path: '/openai/deployments/{deployment}/chat/completions', model: 'gpt-4o-mini' });
    server.script('content-filter-finish');
    expect(await m.chat(ask('gpt-4o-mini'))).toMatchObject({ content: '', refusal: "the provider's content filter stopped the reply" });
  });
});

describe('Gemini', () => {
  it('a whole reply cut while thinking, with no content field at all, is a cut reply (it was retried as malformed)', async () => {
    const server = await serve(gemini);
    server.script('cut-while-thinking');
    const reply = await model(server, 'gemini', 'gemini-2.5-pro', { stream: false }).chat(ask('gemini-2.5-pro'));
    expect(reply).toMatchObject({ content: '', finishReason: 'length' });
  });

  it('its thoughts are asked for when the user asks, and kept apart', async () => {
    const server = await serve(gemini);
    const reply = await model(server, 'gemini', 'gemini-2.5-flash', { thoughts: true }).chat(ask('gemini-2.5-flash'));
    expect(server.exchanges[0]!.body.extra_body).toEqual({ google: { thinking_config: { include_thoughts: true } } });
    expect(reply.content).toBe(ANSWER);
    expect(reply.thinking).toContain(DRAFT_MARK);
  });

  it('thinking tokens it counts only in total_tokens are output tokens, and cost as such', async () => {
    const server = await serve(gemini);
    server.script('usage-thoughts-outside');
    const reply = await model(server, 'gemini', 'gemini-2.5-pro', { stream: false }).chat(ask('gemini-2.5-pro'));
    const t = server.exchanges[0]!.usage!.tokens;
    expect(t.reasoning).toBeGreaterThan(0);
    expect(reply.usage).toMatchObject({ promptTokens: t.prompt, completionTokens: t.answer + t.reasoning, reasoningTokens: t.reasoning });
  });
});
