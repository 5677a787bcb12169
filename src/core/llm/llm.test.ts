import { describe, expect, it, vi } from 'vitest';
import { Budget, BudgetExceeded } from './budget.ts';
import { Caller, CallFailed, type ModelBinding } from './caller.ts';
import { Cassette, RecordingModel, ReplayModel, requestKey } from './cassette.ts';
import { extractCode } from './extract.ts';
import { AdaptiveLimiter, LimiterRegistry } from './limiter.ts';
import { testConnection } from './diagnose.ts';
import { OpenAICompatibleModel } from './openai-compat.ts';
import { presetById } from './presets.ts';
import { costOf, priceFor, totalCost } from './pricing.ts';
import { backoffMs, withRetries } from './retry.ts';
import { LlmError, retryAfterMs, type ChatModel, type ChatRequest } from './types.ts';
import type { CallRecord, Step } from '../model/runlog.ts';
import { recordedSpend } from '../runner/runner.ts';

const headers = (h: Record<string, string>) => new Headers(h);

describe('retry-after', () => {
  it('reads milliseconds, seconds and HTTP dates', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': new Date(10_000 + 5000).toUTCString() }), 10_000)).toBe(5000);
    expect(retryAfterMs(headers({}))).toBeUndefined();
  });
});

describe('withRetries', () => {
  const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };
  it('uses full-jitter exponential backoff, and at least retry-after', () => {
    expect(backoffMs(policy, 1, new Error('x'), () => 0.5)).toBe(50); // 100 × 0.5
    expect(backoffMs(policy, 3, new Error('x'), () => 1)).toBe(400); // 100 × 2² × 1
    expect(backoffMs(policy, 6, new Error('x'), () => 1)).toBe(1000); // capped
    expect(backoffMs(policy, 1, new LlmError('rate-limit', '', 429, 2500), () => 0.5)).toBe(2500);
  });

  it('retries rate limits and server errors, then succeeds', async () => {
    const waits: number[] = [];
    const attempts = [new LlmError('rate-limit', '429', 429, 700), new LlmError('server', '500', 500)];
    const r = await withRetries(
      async () => {
        const e = attempts.shift();
        if (e) throw e;
        return 'ok';
      },
      policy,
      undefined,
      { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
    );
    expect(r).toEqual({ value: 'ok', retries: 2 });
    expect(waits).toEqual([700, 100]); // retry-after honoured; then 100 × 2 × 0.5
  });

  it('gives up after maxRetries, and 0 means one attempt', async () => {
    const fail = vi.fn(async () => {
      throw new LlmError('server', '500', 500);
    });
    await expect(withRetries(fail, policy, undefined, { sleep: async () => {} })).rejects.toMatchObject({ kind: 'server' });
    expect(fail).toHaveBeenCalledTimes(4);
    fail.mockClear();
    await expect(withRetries(fail, { ...policy, maxRetries: 0 }, undefined, { sleep: async () => {} })).rejects.toMatchObject({ kind: 'server' });
    expect(fail).toHaveBeenCalledTimes(1);
  });

  it('does not retry a bad key', async () => {
    const fail = vi.fn(async () => {
      throw new LlmError('auth', '401', 401);
    });
    await expect(withRetries(fail, policy, undefined, { sleep: async () => {} })).rejects.toMatchObject({ kind: 'auth' });
    expect(fail).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController();
    const run = withRetries(
      async () => {
        throw new LlmError('rate-limit', '429', 429, 60_000);
      },
      policy,
      controller.signal,
    );
    setTimeout(() => controller.abort(), 10);
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('AdaptiveLimiter', () => {
  it('halves on 429 and regains a slot after a run of successes', async () => {
    const l = new AdaptiveLimiter(8, 3);
    l.onRateLimit();
    expect(l.limit).toBe(4);
    l.onRateLimit();
    l.onRateLimit();
    l.onRateLimit();
    expect(l.limit).toBe(1);
    for (let i = 0; i < 3; i++) l.onSuccess();
    expect(l.limit).toBe(2);
  });
  it('never lets more than the limit run at once', async () => {
    const l = new AdaptiveLimiter(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const release = await l.acquire();
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        release();
      }),
    );
    expect(peak).toBe(2);
  });
  it('keeps one limiter per endpoint and key', () => {
    const r = new LimiterRegistry(4);
    expect(r.get('a', 'k1')).toBe(r.get('a', 'k1'));
    expect(r.get('a', 'k1')).not.toBe(r.get('a', 'k2'));
  });
});

describe('pricing and budget', () => {
  const table = { 'gpt-4o': { input: 2.5, output: 10 }, 'gpt-4o-mini*': { input: 0.15, output: 0.6 }, 'claude-*': { input: 3, output: 15 } };
  it('finds exact and prefix prices; unknown is null, never 0', () => {
    expect(priceFor('gpt-4o', table)).toEqual({ input: 2.5, output: 10 });
    expect(priceFor('gpt-4o-mini-2024', table)).toEqual({ input: 0.15, output: 0.6 });
    expect(priceFor('claude-sonnet', table)).toEqual({ input: 3, output: 15 });
    expect(priceFor('llama', table)).toBeNull();
    expect(costOf({ promptTokens: 1_000_000, completionTokens: 500_000 }, { input: 2.5, output: 10 })).toBe(7.5);
    expect(costOf({ promptTokens: 1, completionTokens: 1 }, null)).toBeNull();
    expect(costOf(null, { input: 2.5, output: 10 })).toBeNull(); // usage unknown at a price: unknown
    expect(costOf(null, { input: 0, output: 0 })).toBe(0); // a free model costs nothing, usage or not
    expect(totalCost([0.1, 0.2])).toBeCloseTo(0.3);
    expect(totalCost([0.1, null])).toBeNull();
  });
  it('refuses a call whose worst case would pass the cap', () => {
    const b = new Budget(1.0);
    const r1 = b.reserve(0.6);
    expect(() => b.reserve(0.5)).toThrow(BudgetExceeded); // 0.6 reserved + 0.5 > 1.0
    b.settle(r1, 0.2); // it really cost 0.2
    expect(b.spentUsd).toBeCloseTo(0.2);
    expect(() => b.reserve(0.8)).not.toThrow(); // 0.2 + 0.8 = 1.0
    expect(() => new Budget(1).reserve(null)).toThrow(/needs known prices/);
    expect(new Budget(null).reserve(null)).toBe(0);
  });
});

describe('extractCode', () => {
  it('takes the last python block', () => {
    expect(extractCode('First:\n```python\nprint(1)\n```\nBetter:\n```py\nprint(2)\n```\n')).toEqual({ code: 'print(2)\n', how: 'fenced-python' });
  });
  it('falls back to the last fenced block of another or no language', () => {
    expect(extractCode('```\nx = 1\nprint(x)\n```')).toEqual({ code: 'x = 1\nprint(x)\n', how: 'last-fenced' });
    expect(extractCode('~~~text\nhello\n~~~\n```sh\nrun it\n```')).toEqual({ code: 'run it\n', how: 'last-fenced' });
  });
  it('finds bare code after prose, and stops at prose after it', () => {
    const reply = 'Sure, here it is:\n\nimport sys\nn = int(input())\nfor i in range(n):\n    print(i)\n\nThis prints the numbers.';
    expect(extractCode(reply)).toEqual({ code: 'import sys\nn = int(input())\nfor i in range(n):\n    print(i)\n', how: 'unfenced' });
  });
  it('reads a longer fence to its own closing run, past lines of three backticks', () => {
    const code = 'doc = """\n```\nx\n```\n"""\nprint(doc, "```")';
    const fence = '`'.repeat(4);
    expect(extractCode(`Here:\n\n${fence}python\n${code}\n${fence}\n`)).toEqual({ code: `${code}\n`, how: 'fenced-python' });
  });
  it('says so when there is no code', () => {
    expect(extractCode('I think the program is already correct.')).toEqual({ code: null, how: 'none' });
  });
});

function fakeModel(replies: (string | Error)[]): ChatModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    id: 'fake',
    label: 'fake',
    simulated: false,
    requests,
    async chat(request) {
      requests.push(request);
      const r = replies.shift();
      if (r instanceof Error) throw r;
      return { content: r ?? '', usage: { promptTokens: 100, completionTokens: 50 }, model: request.model };
    },
  };
}

describe('cassettes', () => {
  it('record and replay by a hash of the request, with no key anywhere', async () => {
    const cassette = new Cassette();
    const inner = fakeModel(['```python\nprint(1)\n```']);
    const recorder = new RecordingModel(inner, 'https://api.example/v1', cassette);
    const req = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    await recorder.chat(req);
    const text = cassette.toJsonl();
    expect(text).not.toContain('sk-');
    const replay = new ReplayModel('fake', 'fake', false, 'https://api.example/v1', Cassette.fromJsonl(text));
    expect((await replay.chat(req)).content).toBe('```python\nprint(1)\n```');
    await expect(replay.chat({ ...req, messages: [{ role: 'user', content: 'other' }] })).rejects.toMatchObject({ kind: 'cassette-miss' });
    expect(await requestKey('e', req)).toBe(await requestKey('e', { ...req, context: { secret: 1 } } as typeof req));
  });

  it('hold only what went over the wire: never the context a simulated model works from (hidden tests, the reference)', async () => {
    const cassette = new Cassette();
    const recorder = new RecordingModel(fakeModel(['ok']), 'https://api.example/v1', cassette);
    const instance = { id: 'x', reference: 'print(42)  # REFERENCE-LINE', tests: [{ id: 't1', input: 'HIDDEN-INPUT', expected: 'HIDDEN-OUTPUT' }] };
    await recorder.chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, context: { instance, code: 'print(1)', turn: 1 } });
    const text = cassette.toJsonl();
    for (const secret of ['HIDDEN-INPUT', 'HIDDEN-OUTPUT', 'REFERENCE-LINE', 'context']) expect(text).not.toContain(secret);
    expect(JSON.parse(text).request).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 });
  });

  it('record and replay embeddings calls too, apart from chat calls', async () => {
    const cassette = new Cassette();
    const inner: ChatModel = {
      ...fakeModel(['ok']),
      embed: async (r) => ({ vectors: r.input.map((t) => [t.length, 1]), usage: { promptTokens: 3, completionTokens: 0 }, model: r.model }),
    };
    const recorder = new RecordingModel(inner, 'https://api.example/v1', cassette);
    const req = { model: 'embed-small', input: ['alpha', 'be'] };
    expect((await recorder.embed(req)).vectors).toEqual([
      [5, 1],
      [2, 1],
    ]);
    const line = JSON.parse(cassette.toJsonl()) as { request: unknown; vectors: unknown };
    expect(line.request).toEqual({
      model: 'embeddings:embed-small',
      messages: [
        { role: 'user', content: 'alpha' },
        { role: 'user', content: 'be' },
      ],
    });
    const replay = new ReplayModel('fake', 'fake', false, 'https://api.example/v1', Cassette.fromJsonl(cassette.toJsonl()));
    expect(await replay.embed(req)).toEqual({
      vectors: [
        [5, 1],
        [2, 1],
      ],
      usage: { promptTokens: 3, completionTokens: 0 },
      model: 'embed-small',
    });
    await expect(replay.embed({ ...req, input: ['other'] })).rejects.toMatchObject({ kind: 'cassette-miss' });
    // A chat request with the same texts is a different request.
    await expect(
      replay.chat({
        model: 'embed-small',
        messages: [
          { role: 'user', content: 'alpha' },
          { role: 'user', content: 'be' },
        ],
      }),
    ).rejects.toMatchObject({ kind: 'cassette-miss' });
  });
});

describe('Caller', () => {
  const binding = (model: ChatModel): ModelBinding => ({ model, modelName: 'gpt-4o', endpoint: 'e', keyId: 'k', maxConcurrency: 2, maxTokens: 1000 });
  const caller = (budget = new Budget(null)) =>
    new Caller({
      prices: { 'gpt-4o': { input: 2.5, output: 10 } },
      budget,
      limiters: new LimiterRegistry(4),
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });

  it('records usage, cost, retries and the reply', async () => {
    const model = fakeModel([new LlmError('server', '503', 503), 'answer']);
    const { content, record } = await caller().call(binding(model), 'candidate', [{ role: 'user', content: 'q' }]);
    expect(content).toBe('answer');
    expect(record).toMatchObject({ role: 'candidate', model: 'gpt-4o', content: 'answer', usage: { promptTokens: 100, completionTokens: 50 }, retries: 1 });
    expect(record.costUsd).toBeCloseTo((100 * 2.5 + 50 * 10) / 1e6);
    expect(model.requests[0]).toMatchObject({ model: 'gpt-4o', maxTokens: 1000 });
  });

  it('records a free binding (the learner’s seat) at cost 0 even without usage', async () => {
    const model: ChatModel = { id: 'learner', label: 'Learner', simulated: false, chat: async () => ({ content: 'x', usage: null, model: 'human' }) };
    const { record } = await caller(new Budget(0)).call({ ...binding(model), modelName: 'human', free: true }, 'candidate', [{ role: 'user', content: 'q' }]);
    expect(record).toMatchObject({ usage: null, costUsd: 0, simulated: false });
    const priced = await caller().call({ ...binding(model), modelName: 'human' }, 'candidate', [{ role: 'user', content: 'q' }]);
    expect(priced.record.costUsd).toBeNull(); // not free and no price: unknown
  });

  it('sends a call’s seed only to a model that honours seeds; a hosted model gets the binding’s (none for runs)', async () => {
    const hosted = fakeModel(['a', 'b']);
    await caller().call(binding(hosted), 'candidate', [{ role: 'user', content: 'q' }], { seed: 42 });
    expect(hosted.requests[0]!.seed).toBeUndefined();
    const local = Object.assign(fakeModel(['a']), { honoursSeed: true });
    await caller().call(binding(local), 'candidate', [{ role: 'user', content: 'q' }], { seed: 42 });
    expect(local.requests[0]!.seed).toBe(42);
    await caller().call({ ...binding(hosted), seed: 7 }, 'candidate', [{ role: 'user', content: 'q' }], { seed: 42 });
    expect(hosted.requests[1]!.seed).toBe(7);
  });

  it('reports a failed call with its error kind, and its cost: 0 when refused, unknown when it may have been billed', async () => {
    const fail = (e: LlmError) =>
      caller()
        .call(binding(fakeModel([e, e, e])), 'candidate', [{ role: 'user', content: 'q' }])
        .catch((x: unknown) => x as CallFailed);
    const refused = await fail(new LlmError('auth', 'bad key', 401));
    expect(refused).toBeInstanceOf(CallFailed);
    expect(refused.record).toMatchObject({ error: { kind: 'auth', message: 'bad key' }, content: null, usage: null, costUsd: 0 });
    expect((await fail(new LlmError('timeout', 'no answer in time'))).record).toMatchObject({ error: { kind: 'timeout' }, costUsd: null, retries: 2 });
    const simulated = { ...fakeModel([new LlmError('bad-response', 'garbled')]), simulated: true };
    expect(
      (
        await caller()
          .call(binding(simulated), 'candidate', [])
          .catch((x: unknown) => x as CallFailed)
      ).record.costUsd,
    ).toBe(0);
  });

  it('holds a model to its own maxConcurrency, under the shared provider limit', async () => {
    let inFlight = 0;
    let most = 0;
    const slow: ChatModel = {
      id: 's',
      label: 's',
      simulated: false,
      chat: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return { content: 'x', usage: null, model: 'gpt-4o' };
      },
    };
    const c = caller();
    const limited = { ...binding(slow), maxConcurrency: 4, modelLimit: new AdaptiveLimiter(1) };
    await Promise.all(Array.from({ length: 4 }, () => c.call(limited, 'candidate', [])));
    expect(most).toBe(1);
    most = 0;
    await Promise.all(Array.from({ length: 4 }, () => c.call({ ...binding(slow), endpoint: 'other', maxConcurrency: 4 }, 'candidate', [])));
    expect(most).toBe(4);
  });

  it('stops before a call that could pass the budget', async () => {
    const model = fakeModel(['a']);
    const budget = new Budget(0.005); // worst case: ~1 prompt token × 2.5 + 1000 × 10 per million = $0.01
    await expect(caller(budget).call(binding(model), 'candidate', [{ role: 'user', content: 'q' }])).rejects.toBeInstanceOf(BudgetExceeded);
    expect(model.requests).toHaveLength(0);
  });

  it('under a cap, a call of unknown cost counts its worst case, live and on resume alike', async () => {
    const worst = (1 * 2.5 + 1000 * 10) / 1e6; // one prompt token ('q'), the 1,000-token reply limit
    // No usage in the reply, and a timeout after which the provider may have billed.
    const noUsage: ChatModel = { id: 'u', label: 'u', simulated: false, chat: async () => ({ content: 'x', usage: null, model: 'gpt-4o' }) };
    const live = new Budget(1);
    const { record } = await caller(live).call(binding(noUsage), 'candidate', [{ role: 'user', content: 'q' }]);
    const timedOut = new LlmError('timeout', 'no answer in time');
    const failed = (
      await caller(live)
        .call(binding(fakeModel([timedOut, timedOut, timedOut])), 'candidate', [{ role: 'user', content: 'q' }])
        .catch((x: unknown) => x as CallFailed)
    ).record;
    expect(record).toMatchObject({ costUsd: null, budgetedUsd: worst });
    expect(failed).toMatchObject({ costUsd: null, budgetedUsd: worst });
    expect(live.spentUsd).toBeCloseTo(2 * worst, 12);
    // A resumed run counts what the live one counted.
    const step = (calls: CallRecord[]) => ({ calls }) as unknown as Step;
    expect(recordedSpend([[step([record]), step([failed])]])).toBeCloseTo(live.spentUsd, 12);
    // A refused call costs nothing either way; without a cap nothing extra is recorded.
    const refused = (
      await caller(live)
        .call(binding(fakeModel([new LlmError('auth', 'bad key', 401)])), 'candidate', [])
        .catch((x: unknown) => x as CallFailed)
    ).record;
    expect(refused).toMatchObject({ costUsd: 0 });
    expect(refused).not.toHaveProperty('budgetedUsd');
    expect((await caller().call(binding(noUsage), 'candidate', [{ role: 'user', content: 'q' }])).record).not.toHaveProperty('budgetedUsd');
  });

  it('under a budget cap, caps the reply at the worst case it reserved', async () => {
    const unbound = (model: ChatModel): ModelBinding => {
      const { maxTokens: _capped, ...rest } = binding(model);
      return rest;
    };
    const capped = fakeModel(['a']);
    await caller(new Budget(1)).call(unbound(capped), 'candidate', [{ role: 'user', content: 'q' }]);
    expect(capped.requests[0]!.maxTokens).toBe(4096);
    const free = fakeModel(['a']);
    await caller().call(unbound(free), 'candidate', [{ role: 'user', content: 'q' }]);
    expect(free.requests[0]!.maxTokens).toBeUndefined();
  });
});

describe('OpenAI-compatible provider', () => {
  function provider(respond: (req: Request) => Response | Promise<Response>) {
    const seen: Request[] = [];
    const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push(req);
      // Like a real fetch: an aborted signal rejects the request.
      return new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        Promise.resolve(respond(req)).then(resolve, reject);
      });
    }) as typeof fetch;
    return {
      model: new OpenAICompatibleModel('p', 'p', {
        baseURL: 'http://llm.test/v1',
        apiKey: 'sk-secret',
        timeoutMs: 200,
        fetch: fetchFn,
        headers: { 'x-extra': '1' },
      }),
      seen,
    };
  }
  const ok = (content: string) =>
    new Response(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
      }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  const req = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], context: { hidden: 'never sent' } };

  it('sends the request with the key and headers, and reads the reply and usage', async () => {
    const { model, seen } = provider(() => ok('hello'));
    expect(await model.chat(req)).toEqual({ content: 'hello', usage: { promptTokens: 12, completionTokens: 5 }, model: 'm', finishReason: 'stop' });
    expect(seen[0]!.url).toBe('http://llm.test/v1/chat/completions');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer sk-secret');
    expect(seen[0]!.headers.get('x-extra')).toBe('1');
    const body = await seen[0]!.json();
    expect(body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }); // no context
  });

  it('tells failures apart', async () => {
    const status =
      (s: number, h: Record<string, string> = {}) =>
      () =>
        new Response(JSON.stringify({ error: { message: 'nope' } }), { status: s, headers: { 'content-type': 'application/json', ...h } });
    await expect(provider(status(401)).model.chat(req)).rejects.toMatchObject({ kind: 'auth', status: 401 });
    await expect(provider(status(404)).model.chat(req)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(provider(status(429, { 'retry-after-ms': '1500' })).model.chat(req)).rejects.toMatchObject({ kind: 'rate-limit', retryAfterMs: 1500 });
    await expect(provider(status(500)).model.chat(req)).rejects.toMatchObject({ kind: 'server' });
    await expect(provider(() => new Response('{"choices": [', { headers: { 'content-type': 'application/json' } })).model.chat(req)).rejects.toMatchObject({
      kind: 'bad-response',
    });
    await expect(provider(() => Promise.reject(new TypeError('Failed to fetch'))).model.chat(req)).rejects.toMatchObject({ kind: 'network' });
    await expect(provider(() => new Promise<Response>(() => {})).model.chat(req)).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    const pending = provider(() => new Promise<Response>(() => {})).model.chat(req, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('diagnoses a connection test: no server, CORS, bad key, unknown model, success', async () => {
    const json = (s: number, message: string) => () =>
      new Response(JSON.stringify({ error: { message } }), { status: s, headers: { 'content-type': 'application/json' } });
    const ollama = presetById('ollama');
    const network = await testConnection(provider(() => Promise.reject(new TypeError('Failed to fetch'))).model, 'm', ollama);
    expect(network).toMatchObject({ ok: false, kind: 'network' });
    expect(network.fix).toContain('OLLAMA_ORIGINS');
    // A second request that needs no CORS permission tells a server that is not there from a CORS refusal.
    const failing = provider(() => Promise.reject(new TypeError('Failed to fetch'))).model;
    const absent = await testConnection(failing, 'm', ollama, undefined, async () => false, 'http://127.0.0.1:9/v1');
    expect(absent).toMatchObject({
      ok: false,
      kind: 'unreachable',
      message: 'Nothing answered at http://127.0.0.1:9/v1: the server may not be running, or the URL or port may be wrong.',
    });
    const refused = await testConnection(failing, 'm', ollama, undefined, async () => true);
    expect(refused).toMatchObject({ ok: false, kind: 'network', message: expect.stringContaining('The server answers') });
    expect(refused.fix).toContain('OLLAMA_ORIGINS');
    expect(await testConnection(provider(json(401, 'bad key')).model, 'm', presetById('openai'))).toMatchObject({ ok: false, kind: 'auth' });
    expect(await testConnection(provider(json(404, 'no such model')).model, 'm', presetById('openai'))).toMatchObject({ ok: false, kind: 'not-found' });
    expect(await testConnection(provider(json(400, 'm is not a valid model ID')).model, 'm', presetById('openrouter'))).toMatchObject({
      ok: false,
      kind: 'not-found',
    });
    expect(await testConnection(provider(json(400, 'messages too long')).model, 'm', presetById('openrouter'))).toMatchObject({ ok: false, kind: 'other' });
    expect(await testConnection(provider(() => ok('ready')).model, 'm', presetById('openai'))).toMatchObject({ ok: true, kind: 'ok' });
    expect(presetById('anthropic').headers).toEqual({ 'anthropic-dangerous-direct-browser-access': 'true' });
  });
});
