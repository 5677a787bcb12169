// An OpenAI-compatible chat endpoint on 127.0.0.1 whose every answer the test scripts: a
// hostile model, a model that games a protocol, one that answers slowly. It requires a bearer
// key, answers CORS preflights, and keeps what each request asked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completion } from './local-endpoint.ts';

export interface ScriptedRequest {
  n: number;
  model: string;
  messages: { role: string; content: string }[];
  /** The system prompt ('' when none). */
  system: string;
  /** The user messages, joined. */
  user: string;
}

export interface ScriptedEndpoint {
  baseURL: string;
  requests: ScriptedRequest[];
  close(): Promise<void>;
}

export const fence = (code: string) => `\`\`\`python\n${code}\`\`\``;

export async function startScriptedEndpoint(key: string, answer: (request: ScriptedRequest) => string): Promise<ScriptedEndpoint> {
  const requests: ScriptedRequest[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET, OPTIONS' };
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(value));
      if (req.headers.authorization !== `Bearer ${key}`) return json(401, { error: { message: 'Incorrect API key provided' } });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: `no route ${req.method} ${req.url}` } });
      const parsed = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const request: ScriptedRequest = {
        n: requests.length + 1,
        model: parsed.model,
        messages: parsed.messages,
        system: parsed.messages.find((m) => m.role === 'system')?.content ?? '',
        user: parsed.messages
          .filter((m) => m.role === 'user')
          .map((m) => m.content)
          .join('\n'),
      };
      requests.push(request);
      const content = answer(request);
      json(200, completion(request.n, request.model, content, { prompt: Math.ceil(body.length / 4), completion: Math.ceil(content.length / 4) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
