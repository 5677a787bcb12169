// An OpenAI-compatible chat endpoint on 127.0.0.1 that plays every Prism role, for e2e runs
// against a real server: it answers CORS preflights, requires a bearer key, tells the roles
// apart by their system prompts, and fails on a fixed schedule (429 with retry-after-ms, then
// 500) so the run's retries are exercised. The model under test solves every problem, except
// those about sorting, which it gets wrong until the fixer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completion } from '../local-endpoint.ts';

export type Role = 'designer' | 'tests' | 'solver' | 'fixer' | 'analyser' | 'unknown';

export interface Exchange {
  role: Role;
  status: number;
  model: string;
  /** The concepts the designer was asked for (designer requests). */
  concepts?: string;
}

export interface PrismEndpoint {
  baseURL: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

const TESTS =
  'import unittest\nfrom solution import solution\n\nclass TestAdd(unittest.TestCase):\n    def test_small(self):\n        self.assertEqual(solution(2, 3), 5)\n    def test_zero(self):\n        self.assertEqual(solution(0, 0), 0)\n    def test_negative(self):\n        self.assertEqual(solution(-4, 1), -3)\n';
const RIGHT = 'def solution(a, b):\n    return a + b\n';
const WRONG = 'def solution(a, b):\n    return a - b\n';
const fence = (code: string) => `\`\`\`python\n${code}\`\`\``;

export function roleOf(system: string): Role {
  if (system.startsWith('You are an expert computer science educator')) return 'designer';
  if (system.startsWith('You are an expert in software testing')) return 'tests';
  if (system.startsWith('You are an expert Python programmer')) return 'solver';
  if (system.startsWith('You are an expert at repairing code')) return 'fixer';
  return system ? 'analyser' : 'unknown';
}

/** What each role answers: the model under test solves every problem, except those about sorting, until the fixer. */
export function prismReply(role: Role, user: string, problem: number): string {
  if (role === 'designer') {
    const concepts = /Concepts: (.*)/.exec(user)?.[1] ?? '';
    return `<problem_description>\nAdd Two Numbers ${problem}\nDifficulty: Easy\nConcepts: ${concepts}\nWrite solution(a, b) that returns a + b.\nExamples:\n1. Input: a = 2, b = 3\n   Output: 5\n2. Input: a = 0, b = 0\n   Output: 0\n</problem_description>`;
  }
  if (role === 'tests') return `Tests:\n\n${fence(TESTS)}`;
  if (role === 'solver') return `Here is my solution.\n\n${fence(/sorting/.test(user) ? WRONG : RIGHT)}`;
  if (role === 'fixer') return `The sign was wrong.\n\nSolution:\n${fence(RIGHT)}\n\nTests:\n${fence(TESTS)}`;
  return 'Missing Test Scenarios:\n- edge_case: large numbers';
}

export async function startPrismEndpoint(key: string, faults = { rateLimitEvery: 7, serverErrorEvery: 11 }): Promise<PrismEndpoint> {
  const exchanges: Exchange[] = [];
  let n = 0;
  let problems = 0;
  const server: Server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-expose-headers': 'retry-after-ms, retry-after',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...cors, ...extra }).end(JSON.stringify(value));
      if (req.headers.authorization !== `Bearer ${key}`) return json(401, { error: { message: 'Incorrect API key provided' } });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: `no route ${req.method} ${req.url}` } });
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
      const role = roleOf(system);
      const user = request.messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      n++;
      const record = (status: number) =>
        exchanges.push({ role, status, model: request.model, ...(role === 'designer' ? { concepts: /Concepts: (.*)/.exec(user)?.[1] ?? '' } : {}) });
      if (n % faults.rateLimitEvery === 0) {
        record(429);
        return json(429, { error: { message: 'Rate limit reached', type: 'rate_limit' } }, { 'retry-after-ms': '120' });
      }
      if (n % faults.serverErrorEvery === 0) {
        record(500);
        return json(500, { error: { message: 'The server had an error' } });
      }
      if (role === 'designer') problems++;
      const content = prismReply(role, user, problems);
      record(200);
      json(
        200,
        completion(n, request.model, content, {
          prompt: Math.ceil(request.messages.reduce((a, m) => a + m.content.length, 0) / 4),
          completion: Math.ceil(content.length / 4),
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    exchanges,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
