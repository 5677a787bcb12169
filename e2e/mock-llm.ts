// An OpenAI-compatible provider mocked with page.route: each test scripts what every chat
// request gets (an answer, an HTTP error, bad JSON, or no answer at all) and reads back what
// the app sent.
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import type { Instance } from '../src/core/model/instance.ts';
import { completion, instanceInPrompt } from './local-endpoint.ts';

export const MOCK_BASE = 'https://llm.mock.test/v1';
export const MOCK_MODEL = 'mock-coder';
/** Usage every mocked answer reports. */
export const MOCK_USAGE = { prompt: 1000, completion: 200 };

export const BUILTIN: Instance[] = readFileSync('datasets/builtin.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Instance);
export const DEMO = BUILTIN.filter((i) => i.subsets?.includes('demo'));

export interface MockRequest {
  n: number;
  at: number;
  headers: Record<string, string>;
  body: { model: string; messages: { role: string; content: string }[] };
  prompt: string;
  instance: Instance | undefined;
}

export type Answer = { content: string } | { status: number; headers?: Record<string, string>; body?: string } | { malformed: true } | { hang: true };

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': '*',
};

export const fenced = (code: string, before = 'Here is the corrected program.') => `${before}\n\n\`\`\`python\n${code}\`\`\`\n`;
export const reference = (r: MockRequest): Answer => ({ content: fenced(r.instance?.reference ?? 'print()\n') });
export const echoBuggy = (r: MockRequest): Answer => ({ content: fenced(r.instance?.buggy ?? 'print()\n', 'I changed nothing important.') });

export interface MockLlm {
  requests: MockRequest[];
  /** Requests the browser aborted before an answer. */
  aborted: number;
  /** Answer every hanging request with a 503 (so nothing stays open at the end). */
  release(): void;
}

export async function mockLlm(page: Page, answer: (r: MockRequest) => Answer): Promise<MockLlm> {
  const state: MockLlm = { requests: [], aborted: 0, release: () => {} };
  const hanging = new Set<Route>();
  state.release = () => {
    for (const route of hanging) void route.fulfill({ status: 503, headers: CORS, body: '{}' }).catch(() => {});
    hanging.clear();
  };
  page.on('requestfailed', (req) => {
    if (req.url().startsWith(MOCK_BASE) && /abort/i.test(req.failure()?.errorText ?? '')) state.aborted++;
  });
  await page.route(`${MOCK_BASE}/**`, async (route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const body = req.postDataJSON() as MockRequest['body'];
    const prompt = body.messages.map((m) => m.content).join('\n');
    const r: MockRequest = {
      n: state.requests.length,
      at: Date.now(),
      headers: await req.allHeaders(),
      body,
      prompt,
      instance: instanceInPrompt(prompt, BUILTIN),
    };
    state.requests.push(r);
    const a = answer(r);
    if ('hang' in a) {
      hanging.add(route);
      return;
    }
    if ('malformed' in a)
      return route.fulfill({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, body: '{"id": "chatcmpl-x", "choices": [' });
    if ('status' in a)
      return route.fulfill({
        status: a.status,
        headers: { ...CORS, 'content-type': 'application/json', ...a.headers },
        body: a.body ?? JSON.stringify({ error: { message: `mock error ${a.status}` } }),
      });
    return route.fulfill({
      status: 200,
      headers: { ...CORS, 'content-type': 'application/json' },
      body: JSON.stringify(completion(r.n, body.model, a.content, MOCK_USAGE)),
    });
  });
  return state;
}
