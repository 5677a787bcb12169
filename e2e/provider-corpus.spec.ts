// Every entry of the provider corpus (src/core/llm/fixtures/providers/), replayed by a server
// generated from it, met by the app's own model layer in the built site: what the family takes
// is sent and taken; what it refuses is read whole and learned from; its errors are told apart
// and read in the provider's words; its replies, in every shape, give the answer, the thinking
// apart, a cut reply as cut and a refusal as a refusal; its usage gives the tokens and the cost.
import type { Browser, Page } from '@playwright/test';
import { PROVIDER_CORPUS } from '../src/core/llm/fixtures/providers/index.ts';
import type { ErrorEntry, FamilyCorpus, Refusal, ReplyEntry, UsageEntry } from '../src/core/llm/fixtures/providers/types.ts';
import type { CallRecord } from '../src/core/model/runlog.ts';
import type { Capabilities } from '../src/core/llm/capabilities.ts';
import { ANSWER, casesOf, REPLAY_RETRIES, type Case } from './corpus-replay.ts';
import { expect, test } from './fixtures.ts';
import { acceptedFields, DRAFT_MARK, matches, startCorpusServer, type CorpusServer, type Exchange } from './provider-server.ts';

const KEY = 'sk-corpus-test';
const PRICE = { input: 1, output: 2 };

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the model layer does not depend on isolation'));

let page: Page;
test.beforeAll(async ({ browser, site }: { browser: Browser; site: { url: string } }) => {
  page = await browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => typeof window.hintbench?.callModel === 'function');
});
test.afterAll(() => page?.close());

async function call(server: CorpusServer, c: Case): Promise<{ record: CallRecord; shape: Capabilities; exchanges: Exchange[] }> {
  const before = server.exchanges.length;
  server.script(...c.script);
  const messages = [
    { role: 'system' as const, content: 'You write Python programs.' },
    { role: 'user' as const, content: 'Print 42.' },
    ...(c.setup.assistantTurn
      ? [
          { role: 'assistant' as const, content: 'print(41)' },
          { role: 'user' as const, content: 'Not 41: 42.' },
        ]
      : []),
  ];
  const config = {
    kind: 'provider' as const,
    id: 'corpus',
    preset: server.corpus.preset,
    baseURL: server.baseURL,
    model: c.model,
    ...(c.setup.temperature !== undefined ? { temperature: c.setup.temperature } : {}),
    ...(c.setup.maxTokens !== undefined ? { maxTokens: c.setup.maxTokens } : {}),
    ...(c.setup.reasoningEffort !== undefined ? { reasoningEffort: c.setup.reasoningEffort } : {}),
    capabilities: c.setup.capabilities,
  };
  const { record, shape } = await page.evaluate(([cfg, msgs, opts]) => window.hintbench.callModel(cfg, msgs, opts), [
    config,
    messages,
    {
      apiKey: KEY,
      prices: { [c.model]: PRICE },
      maxRetries: c.kind === 'error' ? 0 : REPLAY_RETRIES,
      ...(c.setup.seed !== undefined ? { seed: c.setup.seed } : {}),
    },
  ] as const);
  return { record, shape, exchanges: server.exchanges.slice(before) };
}

/** Strings of an error body that a reader of the app's message should find (the provider's own words). */
function wordsOf(body: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') {
      const t = x.trim();
      if (t.length >= 8 && !/^[[{]/.test(t)) out.push(t.slice(0, 40));
      else if (/^[[{]/.test(t)) {
        try {
          walk(JSON.parse(t));
        } catch {
          /* not JSON */
        }
      }
    } else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(body);
  return out;
}

const kindOf = (status: number) =>
  status === 401 || status === 403 ? 'auth' : status === 404 ? 'not-found' : status === 429 ? 'rate-limit' : status >= 500 ? 'server' : 'bad-request';

function check(server: CorpusServer, c: Case, got: Awaited<ReturnType<typeof call>>): void {
  const { record, exchanges } = got;
  const at = `${c.family}/${c.entry.id}${c.stream === undefined ? '' : c.stream ? ' (streamed)' : ' (whole)'}`;
  const wire = (x: Exchange) => ({ path: x.path, model: x.model, body: x.body, headers: {} });
  const accepted = acceptedFields(server.corpus);
  switch (c.kind) {
    case 'accepts': {
      const trigger = 'trigger' in c.entry ? (c.entry as { trigger: Parameters<typeof matches>[0] }).trigger : null;
      expect(
        exchanges.map((x) => x.status),
        at,
      ).toEqual([200]);
      expect(record.error, at).toBeUndefined();
      if (trigger && trigger.kind !== 'value') expect(matches(trigger, wire(exchanges[0]!), accepted), `${at}: the request carries it`).not.toBeUndefined();
      break;
    }
    case 'refusal': {
      const r = c.entry as Refusal;
      expect(exchanges[0], at).toMatchObject({ status: r.status, entry: r.id });
      expect(record.error?.message, at).toBeUndefined();
      expect(record.content?.trim(), at).toBe(ANSWER.trim());
      expect(record.adjusted?.length, `${at}: the call says what changed`).toBeGreaterThan(0);
      const last = exchanges.at(-1)!;
      expect(last.status, at).toBe(200);
      if (r.trigger.kind === 'path') expect(last.path, at).not.toBe(r.trigger.path);
      else expect(matches(r.trigger, wire(last), accepted), `${at}: sent again without it`).toBeUndefined();
      if (r.trigger.kind === 'value' && /effort/.test(r.trigger.field)) {
        // Moved to a value the provider takes, or, where the model takes none (a further refusal said so), not sent; said either way.
        const sent = record.reasoningEffort;
        if (sent === undefined) expect(record.settingsChanged?.join(' '), at).toContain(`reasoning effort ${c.setup.reasoningEffort} not sent`);
        else {
          expect(r.trigger.allowed, `${at}: a value the provider takes`).toContain(sent);
          expect(record.settingsChanged?.join(' '), at).toContain(`reasoning effort ${c.setup.reasoningEffort} → ${sent}`);
        }
      }
      break;
    }
    case 'avoided': {
      // The preset's table knows better than to send it: accepted the first time, and the call says how it was sent.
      const r = c.entry as Refusal;
      expect(
        exchanges.map((x) => x.status),
        at,
      ).toEqual([200]);
      expect(record.error?.message, at).toBeUndefined();
      expect(matches(r.trigger, wire(exchanges[0]!), accepted), `${at}: not sent`).toBeUndefined();
      if (c.setup.reasoningEffort !== undefined) expect(record.settingsChanged?.join(' '), at).toContain(`reasoning effort ${c.setup.reasoningEffort}`);
      break;
    }
    case 'error': {
      const status = (exchanges[0] as Exchange).status;
      expect(exchanges[0]?.entry, at).toBe(c.entry.id);
      expect(record.error, at).toBeDefined();
      const situation = (c.entry as ErrorEntry).situation;
      const expected = situation === 'bad-key' ? 'auth' : situation === 'no-credit' ? 'no-credit' : kindOf(status);
      expect(record.error!.kind, `${at}: ${record.error!.message}`).toBe(expected);
      expect(record.error!.message, at).not.toMatch(/no body/);
      const words = wordsOf(exchanges[0]!.response);
      if (words.length)
        expect(
          words.some((w) => record.error!.message.includes(w)),
          `${at}: "${record.error!.message}" says none of ${JSON.stringify(words)}`,
        ).toBe(true);

      break;
    }
    case 'reply': {
      const r = c.entry as ReplyEntry;
      expect(record.error?.message, at).toBeUndefined();
      expect(record.retries, `${at}: not retried`).toBe(0);
      expect(Boolean(record.streamed), at).toBe(Boolean(c.stream));
      if (r.meaning === 'answer') {
        expect(record.content?.trim(), at).toBe(ANSWER.trim());
        expect(record.truncated, at).toBeUndefined();
        expect(record.refusal, at).toBeUndefined();
      } else if (r.meaning === 'cut') {
        expect(record.truncated, `${at}: cut by the limit`).toBe(true);
        expect(record.content, at).toBe('');
      } else {
        expect(record.refusal, `${at}: a refusal`).toBeTruthy();
        expect(record.content, at).toBe('');
      }
      if (r.thinking === 'none') expect(record.thinking, at).toBeUndefined();
      else expect(record.thinking, `${at}: the thinking apart`).toContain(r.meaning === 'cut' ? 'Let me try' : DRAFT_MARK);
      expect(record.content ?? '', at).not.toContain(DRAFT_MARK);
      break;
    }
    case 'usage': {
      const u = c.entry as UsageEntry;
      const t = exchanges.at(-1)!.usage!.tokens;
      expect(exchanges.at(-1)!.usage!.entry, at).toBe(u.id);
      const completion = t.answer + t.reasoning;
      expect(record.usage, at).toEqual({
        promptTokens: t.prompt,
        completionTokens: completion,
        ...(u.reasoning !== 'unreported' && t.reasoning ? { reasoningTokens: t.reasoning } : {}),
        ...(u.cached && t.cached ? { cachedPromptTokens: t.cached } : {}),
      });
      expect(record.costUsd, `${at}: every billed token counted`).toBeCloseTo((t.prompt * PRICE.input + completion * PRICE.output) / 1e6, 12);
      break;
    }
    case 'cors':
      expect(record.error?.message, at).toBeUndefined();
      expect(
        exchanges.filter((x) => x.entry === c.entry.id),
        `${at}: no preflight asked for a header the provider refuses`,
      ).toEqual([]);
      break;
  }
}

for (const corpus of PROVIDER_CORPUS) {
  test(`${corpus.label}: every corpus entry replayed`, async () => {
    test.setTimeout(120_000);
    const { cases, unreplayable } = casesOf(corpus);
    expect(unreplayable, 'entries the app can be made to meet').toEqual([]);
    const server = await startCorpusServer(corpus as FamilyCorpus, () => ANSWER);
    try {
      const failures: string[] = [];
      for (const c of cases) {
        let got: Awaited<ReturnType<typeof call>> | undefined;
        try {
          got = await call(server, c);
          check(server, c, got);
        } catch (err) {
          const seen = got && {
            ...got.record,
            messages: undefined,
            exchanges: got.exchanges.map((x) => `${x.status} ${x.entry} ${JSON.stringify(x.body).slice(0, 200)}`),
          };
          failures.push(
            `${String((err as Error).message)
              .split('\n')
              .slice(0, 16)
              .join('\n')}\n${JSON.stringify(seen)}`,
          );
        }
      }
      expect(failures, `${failures.length} of ${cases.length} cases`).toEqual([]);
    } finally {
      await server.close();
    }
  });
}
