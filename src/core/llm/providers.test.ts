// Requests as real providers take them (capabilities.ts, openai-compat.ts): the shape per
// preset and model name, learning from a refused parameter, thinking kept apart, usage in every
// provider's fields, streaming with a silence timeout, and a connection check that works for
// reasoning models. The provider's HTTP is a fetch written here.
import { describe, expect, it } from 'vitest';
import { capabilitiesFor, describeCapabilities } from './capabilities.ts';
import { testConnection, TEST_REPLY_TOKENS } from './diagnose.ts';
import { OpenAICompatibleModel } from './openai-compat.ts';
import { usageOf } from './usage.ts';
import { AZURE_PROMPT_FILTERED } from './fixtures/providers/azure.ts';
import { presetById } from './presets.ts';
import { costOf } from './pricing.ts';
import { LlmError, type ChatRequest, type ReplyProgress } from './types.ts';

type Body = Record<string, unknown> & { messages: { role: string; content: string }[] };

function endpoint(respond: (body: Body, n: number, signal: AbortSignal | undefined) => Response | Promise<Response>) {
  const bodies: Body[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const body = (await req.json()) as Body;
    bodies.push(body);
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(respond(body, bodies.length, init?.signal ?? undefined)).then(resolve, reject);
    });
  }) as typeof fetch;
  return { bodies, fetchFn };
}

const model = (fetchFn: typeof fetch, preset: string, name: string, timeoutMs = 2000) =>
  new OpenAICompatibleModel('m', 'm', {
    baseURL: 'http://llm.test/v1',
    apiKey: 'sk-x',
    timeoutMs,
    fetch: fetchFn,
    capabilities: capabilitiesFor(preset, name),
  });
/** The same model answering whole (not streamed). */
const whole = (fetchFn: typeof fetch, preset: string, name: string) =>
  new OpenAICompatibleModel('m', 'm', {
    baseURL: 'http://llm.test/v1',
    apiKey: 'sk-x',
    timeoutMs: 2000,
    fetch: fetchFn,
    capabilities: { ...capabilitiesFor(preset, name), stream: false },
  });

const completion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      created: 0,
      model: 'served',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', ...message } }],
      usage: { prompt_tokens: 10, completion_tokens: 4 },
      ...extra,
    }),
    { headers: { 'content-type': 'application/json' } },
  );

/** OpenAI's answer to a parameter a model does not take. */
const refusal = (param: string, message: string) =>
  new Response(JSON.stringify({ error: { message, type: 'invalid_request_error', param, code: 'unsupported_parameter' } }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });

/** A server-sent-events stream of chat-completion chunks. */
function sse(chunks: unknown[], gapMs = 0, stallAfter?: number, signal?: AbortSignal): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // As a real fetch does: an aborted request ends its body with an error.
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      for (const [i, chunk] of chunks.entries()) {
        if (stallAfter !== undefined && i === stallAfter) return; // never another byte
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        if (signal?.aborted) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
      }
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const delta = (d: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'served',
  choices: [{ index: 0, delta: d, finish_reason: finish }],
  ...extra,
});

const ask: ChatRequest = {
  model: 'x',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Fix it.' },
  ],
  temperature: 0,
  maxTokens: 100,
  seed: 7,
};

describe('request shapes by preset and model name', () => {
  it('OpenAI reasoning models: max_completion_tokens, no temperature, developer messages, a reasoning effort; chat models keep their temperature', () => {
    expect(capabilitiesFor('openai', 'o3')).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      temperature: false,
      systemRole: 'developer',
      reasoningEffort: true,
    });
    expect(capabilitiesFor('openai', 'gpt-5-mini')).toMatchObject({ tokenLimit: 'max_completion_tokens', temperature: false, reasoningEffort: true });
    expect(capabilitiesFor('openai', 'o1-mini')).toMatchObject({ systemRole: 'user', reasoningEffort: false, stream: true });
    expect(capabilitiesFor('openai', 'gpt-4o-mini')).toMatchObject({ tokenLimit: 'max_completion_tokens', temperature: true, systemRole: 'system' });
    expect(capabilitiesFor('openrouter', 'openai/o4-mini')).toMatchObject({ temperature: false, systemRole: 'developer' });
    expect(capabilitiesFor('deepseek', 'deepseek-reasoner')).toMatchObject({ tokenLimit: 'max_tokens', temperature: false });
    expect(capabilitiesFor('gemini', 'gemini-2.5-flash')).toMatchObject({ reasoningEffort: true, seed: false });
    expect(capabilitiesFor('ollama', 'qwen2.5-coder:7b')).toEqual({
      api: 'chat',
      tokenLimit: 'max_tokens',
      temperature: true,
      seed: true,
      systemRole: 'system',
      reasoningEffort: false,
      stream: true,
      streamUsage: true,
    });
    expect(capabilitiesFor('ollama', 'qwen3:8b')).toMatchObject({ reasoningEffort: true, efforts: ['none', 'low', 'medium', 'high'] });
    // Each family's effort values; the Responses API for the models OpenAI serves only there.
    expect(capabilitiesFor('openai', 'gpt-5.1').efforts).toEqual(['none', 'low', 'medium', 'high']);
    expect(capabilitiesFor('openai', 'gpt-5-pro')).toMatchObject({ api: 'responses', efforts: ['high'] });
    expect(capabilitiesFor('openai', 'gpt-5.1-codex')).toMatchObject({ api: 'responses' });
    expect(capabilitiesFor('mistral', 'mistral-small-latest')).toMatchObject({ streamUsage: false, efforts: ['none', 'high'] });
    expect(capabilitiesFor('openai', 'o3', { temperature: true, stream: false })).toMatchObject({ temperature: true, stream: false });
    expect(describeCapabilities(capabilitiesFor('openai', 'o3'))).toBe(
      'max_completion_tokens, no temperature, developer messages, reasoning effort, streaming',
    );
  });

  it('sends each model the body it takes', async () => {
    const { bodies, fetchFn } = endpoint(() => completion({ content: 'ok' }));
    await whole(fetchFn, 'openai', 'o3').chat({ ...ask, reasoningEffort: 'low' });
    const o3 = bodies[0]!;
    expect(o3).toMatchObject({ max_completion_tokens: 100, reasoning_effort: 'low', seed: 7 });
    expect(o3).not.toHaveProperty('max_tokens');
    expect(o3).not.toHaveProperty('temperature');
    expect(o3.messages.map((m) => m.role)).toEqual(['developer', 'user']);
    await whole(fetchFn, 'openai', 'o1-mini').chat(ask);
    expect(bodies[1]!.messages).toEqual([{ role: 'user', content: 'Be brief.\n\nFix it.' }]);
    await whole(fetchFn, 'gemini', 'gemini-2.0-flash').chat(ask);
    expect(bodies[2]).toMatchObject({ max_tokens: 100, temperature: 0 });
    expect(bodies[2]).not.toHaveProperty('seed');
  });
});

describe('a provider that refuses a parameter teaches the model', () => {
  it('max_tokens refused: sent again as max_completion_tokens, the call says so, and later requests start that way', async () => {
    const { bodies, fetchFn } = endpoint((b) =>
      'max_tokens' in b
        ? refusal('max_tokens', "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.")
        : completion({ content: 'ok' }),
    );
    const m = new OpenAICompatibleModel('m', 'm', {
      baseURL: 'http://llm.test/v1',
      apiKey: '',
      timeoutMs: 2000,
      fetch: fetchFn,
      capabilities: { ...capabilitiesFor('custom', 'my-model'), stream: false },
    });
    const reply = await m.chat(ask);
    expect(reply).toMatchObject({ content: 'ok', adjusted: ['max_tokens → max_completion_tokens'] });
    expect(bodies.map((b) => 'max_completion_tokens' in b)).toEqual([false, true]);
    const again = await m.chat(ask);
    expect(again.adjusted).toBeUndefined();
    expect(bodies).toHaveLength(3);
    expect(m.requestShape().tokenLimit).toBe('max_completion_tokens');
  });

  it('an unsupported temperature value (named only in the message) is left out', async () => {
    const { bodies, fetchFn } = endpoint((b) =>
      'temperature' in b
        ? new Response(
            JSON.stringify({
              error: { message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported." },
            }),
            { status: 400 },
          )
        : completion({ content: 'ok' }),
    );
    const reply = await new OpenAICompatibleModel('m', 'm', {
      baseURL: 'http://llm.test/v1',
      apiKey: '',
      timeoutMs: 2000,
      fetch: fetchFn,
      capabilities: { ...capabilitiesFor('custom', 'x'), stream: false },
    }).chat(ask);
    expect(reply.adjusted).toEqual(['temperature left out']);
    expect(bodies[1]).not.toHaveProperty('temperature');
  });

  it('requests sent at once, before the first refusal taught the shape, each go again in the learned shape', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const { bodies, fetchFn } = endpoint(async (b, n) => {
      if (n <= 2) await held; // both first requests are in flight before either is refused
      return 'max_tokens' in b ? refusal('max_tokens', 'Unsupported parameter') : completion({ content: 'ok' });
    });
    const m = new OpenAICompatibleModel('m', 'm', {
      baseURL: 'http://llm.test/v1',
      apiKey: '',
      timeoutMs: 2000,
      fetch: fetchFn,
      capabilities: { ...capabilitiesFor('custom', 'my-model'), stream: false },
    });
    const both = Promise.all([m.chat(ask), m.chat(ask)]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    const replies = await both;
    expect(replies.map((r) => r.content)).toEqual(['ok', 'ok']);
    // One of them learned it (and says so); the other was refused for what was already learned and went again.
    expect(replies.flatMap((r) => r.adjusted ?? [])).toEqual(['max_tokens → max_completion_tokens']);
    expect(bodies.map((b) => 'max_tokens' in b)).toEqual([true, true, false, false]);
  });

  it('a 400 that names nothing it can leave out is an error, sent once', async () => {
    const { bodies, fetchFn } = endpoint(() => new Response(JSON.stringify({ error: { message: 'messages is too long' } }), { status: 400 }));
    await expect(
      new OpenAICompatibleModel('m', 'm', {
        baseURL: 'http://llm.test/v1',
        apiKey: '',
        timeoutMs: 2000,
        fetch: fetchFn,
        capabilities: { ...capabilitiesFor('custom', 'x'), stream: false },
      }).chat(ask),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    expect(bodies).toHaveLength(1);
  });

  it('Azure\'s content filter refusing the prompt (400, param "prompt") is an error sent once, in the provider\'s words: the prompt is not a parameter to leave out', async () => {
    for (const withInnerError of [true, false]) {
      const { bodies, fetchFn } = endpoint(
        () =>
          new Response(JSON.stringify(AZURE_PROMPT_FILTERED.body(withInnerError)), {
            status: AZURE_PROMPT_FILTERED.status,
            headers: { 'content-type': 'application/json' },
          }),
      );
      const refused = await whole(fetchFn, 'azure', 'gpt-4o')
        .chat(ask)
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LlmError);
      expect(refused).toMatchObject({ kind: 'bad-request', status: 400 });
      expect((refused as LlmError).message).toContain("Azure OpenAI's content management policy");
      expect(bodies).toHaveLength(1);
    }
  });

  it("reads Anthropic's and Gemini's error bodies as they come over the wire", async () => {
    const bodies400 = [
      { type: 'error', error: { type: 'invalid_request_error', message: 'seed: Extra inputs are not permitted' } },
      [{ error: { code: 400, message: 'Invalid JSON payload received. Unknown name "seed": Cannot find field.', status: 'INVALID_ARGUMENT' } }],
    ];
    for (const refusedBody of bodies400) {
      const { bodies, fetchFn } = endpoint((b) =>
        'seed' in b
          ? new Response(JSON.stringify(refusedBody), { status: 400, headers: { 'content-type': 'application/json' } })
          : completion({ content: 'ok' }),
      );
      const reply = await whole(fetchFn, 'custom', 'some-model').chat(ask);
      expect(reply).toMatchObject({ content: 'ok', adjusted: ['seed left out'] });
      expect(bodies.map((b) => 'seed' in b)).toEqual([true, false]);
    }
  });

  it("Mistral's 422 validation list (no `error` key) is read whole: the field it names is left out, and a body is never 'no body'", async () => {
    const refusal = {
      object: 'error',
      message: {
        detail: [{ type: 'extra_forbidden', loc: ['body', 'stream_options'], msg: 'Extra inputs are not permitted', input: { include_usage: true } }],
      },
      type: 'invalid_request_error',
      param: null,
      code: null,
    };
    const { bodies, fetchFn } = endpoint((b) =>
      'stream_options' in b
        ? new Response(JSON.stringify(refusal), { status: 422, headers: { 'content-type': 'application/json' } })
        : sse([delta({ content: 'ok' }, 'stop')]),
    );
    const reply = await model(fetchFn, 'custom', 'mistral-small-latest').chat(ask);
    expect(reply).toMatchObject({ content: 'ok', adjusted: ['stream_options left out'] });
    expect(bodies.map((b) => 'stream_options' in b)).toEqual([true, false]);
    // A 422 naming nothing that can change is an error in the provider's words.
    const other = {
      object: 'error',
      message: { detail: [{ type: 'missing', loc: ['body', 'messages'], msg: 'Field required' }] },
      type: 'invalid_request_error',
    };
    const { fetchFn: f2 } = endpoint(() => new Response(JSON.stringify(other), { status: 422, headers: { 'content-type': 'application/json' } }));
    await expect(model(f2, 'mistral', 'mistral-small-latest').chat(ask)).rejects.toMatchObject({
      kind: 'bad-request',
      message: 'the provider rejected the request (HTTP 422): messages: Field required',
    });
  });

  it("sends none of the SDK's telemetry headers (a provider whose CORS lists its headers refuses them)", async () => {
    const seen: string[][] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push([...new Request(input, init).headers.keys()]);
      return completion({ content: 'ok' });
    }) as typeof fetch;
    await whole(fetchFn, 'mistral', 'mistral-small-latest').chat(ask);
    expect(seen[0]!.filter((h) => h.startsWith('x-stainless'))).toEqual([]);
    expect(seen[0]).toContain('authorization');
  });
});

describe('thinking is kept apart from the answer', () => {
  it('<think> blocks in the content (local servers) and reasoning_content (DeepSeek) are the thinking; the answer is the rest', async () => {
    const draft = '<think>\nFirst try:\n```python\nprint("draft")\n```\nNo, fix the bound.\n</think>\n\nHere it is:\n```python\nprint("final")\n```';
    const { fetchFn } = endpoint((_b, n) =>
      n === 1 ? completion({ content: draft }) : completion({ content: '```python\nprint(1)\n```', reasoning_content: 'Let me think about the bound.' }),
    );
    const local = await new OpenAICompatibleModel('m', 'm', {
      baseURL: 'http://llm.test/v1',
      apiKey: '',
      timeoutMs: 2000,
      fetch: fetchFn,
      capabilities: { ...capabilitiesFor('ollama', 'qwen3'), stream: false },
    }).chat(ask);
    expect(local.content).toBe('Here it is:\n```python\nprint("final")\n```');
    expect(local.thinking).toContain('print("draft")');
    const deepseek = await new OpenAICompatibleModel('m', 'm', {
      baseURL: 'http://llm.test/v1',
      apiKey: '',
      timeoutMs: 2000,
      fetch: fetchFn,
      capabilities: { ...capabilitiesFor('deepseek', 'deepseek-reasoner'), stream: false },
    }).chat(ask);
    expect(deepseek).toMatchObject({ content: '```python\nprint(1)\n```', thinking: 'Let me think about the bound.' });
  });
});

describe("usage and cost in every provider's fields", () => {
  it("reasoning and cached tokens: OpenAI's details, DeepSeek's cache hits, Anthropic's cache reads", () => {
    expect(
      usageOf({ prompt_tokens: 100, completion_tokens: 50, completion_tokens_details: { reasoning_tokens: 30 }, prompt_tokens_details: { cached_tokens: 64 } }),
    ).toEqual({ promptTokens: 100, completionTokens: 50, reasoningTokens: 30, cachedPromptTokens: 64 });
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 50, prompt_cache_hit_tokens: 40, prompt_cache_miss_tokens: 60 })).toEqual({
      promptTokens: 100,
      completionTokens: 50,
      cachedPromptTokens: 40,
    });
    expect(usageOf({ prompt_tokens: 100, completion_tokens: 50, cache_read_input_tokens: 10 })).toMatchObject({ cachedPromptTokens: 10 });
    expect(usageOf(null)).toBeNull();
  });

  it('cached prompt tokens cost the cached price; reasoning tokens are output', () => {
    const price = { input: 2, cachedInput: 0.5, output: 8 };
    // 60 uncached × 2 + 40 cached × 0.5 + 50 × 8 (30 of them reasoning) = 120 + 20 + 400 = 540 per million
    expect(costOf({ promptTokens: 100, completionTokens: 50, reasoningTokens: 30, cachedPromptTokens: 40 }, price)).toBeCloseTo(540e-6, 12);
    expect(costOf({ promptTokens: 100, completionTokens: 50, cachedPromptTokens: 40 }, { input: 2, output: 8 })).toBeCloseTo(600e-6, 12);
  });
});

describe('streaming', () => {
  it('assembles a streamed reply, tells its progress, reads the usage and the finish reason', async () => {
    const chunks = [
      delta({ role: 'assistant', reasoning_content: 'hmm' }),
      delta({ content: '```python\n' }),
      delta({ content: 'print(2)\n```' }),
      delta({}, 'length'),
      { ...delta({}), choices: [], usage: { prompt_tokens: 9, completion_tokens: 7, completion_tokens_details: { reasoning_tokens: 3 } } },
    ];
    const { bodies, fetchFn } = endpoint(() => sse(chunks, 60)); // progress is told at most every 50 ms
    const seen: ReplyProgress[] = [];
    const reply = await model(fetchFn, 'deepseek', 'deepseek-reasoner').chat({ ...ask, onProgress: (p) => seen.push({ ...p }) });
    expect(reply).toMatchObject({
      content: '```python\nprint(2)\n```',
      thinking: 'hmm',
      finishReason: 'length',
      streamed: true,
      usage: { promptTokens: 9, completionTokens: 7, reasoningTokens: 3 },
    });
    expect(seen.at(-1)).toEqual({ content: '```python\nprint(2)\n```', thinking: 'hmm' });
    expect(bodies[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('progress keeps <think> blocks out of the answer so far, as the reply will', async () => {
    const parts = ['<think>\nfirst ', 'a draft: print(1)\n', '</think>\n\n', 'The fix:\n', '```python\nprint(2)\n```'];
    const { fetchFn } = endpoint(() =>
      sse(
        parts.map((p) => delta({ content: p })),
        60,
      ),
    );
    const seen: ReplyProgress[] = [];
    const reply = await model(fetchFn, 'ollama', 'qwen3:8b').chat({ ...ask, onProgress: (p) => seen.push({ ...p }) });
    expect(seen.map((p) => p.content)).toEqual(['', '', '', 'The fix:', 'The fix:\n```python\nprint(2)\n```']);
    expect(seen.map((p) => p.thinking)).toEqual([
      'first',
      'first a draft: print(1)',
      'first a draft: print(1)',
      'first a draft: print(1)',
      'first a draft: print(1)',
    ]);
    expect(reply).toMatchObject({ content: 'The fix:\n```python\nprint(2)\n```', thinking: 'first a draft: print(1)' });
  });

  it('a server that ignores `stream` and answers whole is read as a whole answer', async () => {
    const { bodies, fetchFn } = endpoint(() => completion({ content: '<think>x</think>ok' }, { usage: { prompt_tokens: 5, completion_tokens: 3 } }));
    const reply = await model(fetchFn, 'ollama', 'qwen3').chat(ask);
    expect(bodies[0]).toMatchObject({ stream: true });
    expect(reply).toMatchObject({ content: 'ok', thinking: 'x', finishReason: 'stop', usage: { promptTokens: 5, completionTokens: 3 } });
    expect(reply.streamed).toBeUndefined();
  });

  it('a slow stream that keeps sending is not a timeout; a silent one is, named as such', async () => {
    const words = Array.from({ length: 6 }, (_, i) => delta({ content: `w${i} ` }));
    const slow = endpoint(() => sse(words, 120));
    expect((await model(slow.fetchFn, 'ollama', 'qwen3', 300).chat(ask)).content).toBe('w0 w1 w2 w3 w4 w5 ');
    const stalled = endpoint((_b, _n, signal) => sse(words, 0, 2, signal));
    await expect(model(stalled.fetchFn, 'ollama', 'qwen3', 300).chat(ask)).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('went silent'),
    });
    // No answer at all (not even the stream's headers) is told apart.
    const mute = endpoint(() => new Promise<Response>(() => {}));
    await expect(model(mute.fetchFn, 'ollama', 'qwen3', 300).chat(ask)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timed out: no answer came within 300 ms',
    });
  });

  it('cancel stops a stream in the middle', async () => {
    const words = Array.from({ length: 50 }, (_, i) => delta({ content: `w${i} ` }));
    const { fetchFn } = endpoint((_b, _n, signal) => sse(words, 50, undefined, signal));
    const controller = new AbortController();
    const reply = model(fetchFn, 'ollama', 'qwen3', 5000).chat({ ...ask, onProgress: (p) => p.content.length > 10 && controller.abort() }, controller.signal);
    await expect(reply).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('the connection check works for reasoning models', () => {
  it('sends no temperature and a generous limit, and reports the shape and what the model does', async () => {
    const { bodies, fetchFn } = endpoint(() =>
      completion(
        { content: 'ready', reasoning_content: 'The user wants one word.' },
        { usage: { prompt_tokens: 20, completion_tokens: 300, completion_tokens_details: { reasoning_tokens: 290 } } },
      ),
    );
    const d = await testConnection(whole(fetchFn, 'openai', 'o3'), 'o3', presetById('openai'));
    expect(d).toMatchObject({ ok: true, kind: 'ok' });
    expect(bodies[0]).not.toHaveProperty('temperature');
    expect(bodies[0]).toMatchObject({ max_completion_tokens: TEST_REPLY_TOKENS });
    expect(d.capabilities).toEqual(
      expect.arrayContaining([
        'reply limit sent as max_completion_tokens',
        'system messages sent as developer messages',
        'no temperature (the default only)',
        expect.stringContaining('290 reasoning tokens'),
      ]),
    );
  });

  it('a model that spends the whole limit thinking is told apart from a failure', async () => {
    const { fetchFn } = endpoint(() =>
      completion(
        { content: '<think>Still thinking about', reasoning_content: null },
        { choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: '<think>Still thinking about' } }] },
      ),
    );
    const d = await testConnection(
      new OpenAICompatibleModel('m', 'm', {
        baseURL: 'http://llm.test/v1',
        apiKey: '',
        timeoutMs: 2000,
        fetch: fetchFn,
        capabilities: { ...capabilitiesFor('ollama', 'qwen3'), stream: false },
      }),
      'qwen3',
      presetById('ollama'),
    );
    expect(d).toMatchObject({ ok: false, kind: 'other', message: expect.stringContaining('cut off') });
    expect(d.fix).toContain('reasoning effort');
  });
});
