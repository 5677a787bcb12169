// A tiny OpenAI-compatible chat endpoint on 127.0.0.1 for testing `hintbench run`: it
// requires a bearer key and answers each repair request with the reference program of the
// instance whose buggy program the prompt contains (or echoes the prompt's code otherwise).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Instance } from '../src/core/model/instance.ts';

export interface LocalEndpoint {
  baseURL: string;
  /** Authorization headers seen, in order. */
  auth: string[];
  /** Every request's headers, in order (lower-case names). */
  headers: Record<string, string | string[] | undefined>[];
  requests: number;
  close(): Promise<void>;
}

/** The instance whose buggy program a prompt shows (the first repair's prompt shows it whole). */
export function instanceInPrompt(prompt: string, instances: Instance[]): Instance | undefined {
  return instances.find((i) => i.buggy.trim() && prompt.includes(i.buggy.trim()));
}

/** The reference of the instance in the prompt, or the prompt's own code echoed back. */
export function answerFor(prompt: string, instances: Instance[]): string {
  const inst = instanceInPrompt(prompt, instances);
  if (inst) return `Here is the fix.\n\n\`\`\`python\n${inst.reference}\`\`\`\n`;
  const code = /```python\n([\s\S]*?)```/.exec(prompt)?.[1] ?? 'print()\n';
  return `\`\`\`python\n${code}\`\`\``;
}

/** An OpenAI chat-completion body. */
export function completion(id: number, model: string, content: string, usage: { prompt: number; completion: number }) {
  return {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
  };
}

export async function startLocalEndpoint(key: string, instances: Instance[], port = 0): Promise<LocalEndpoint> {
  const state = { auth: [] as string[], headers: [] as LocalEndpoint['headers'], requests: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.requests++;
      state.auth.push(req.headers.authorization ?? '');
      state.headers.push({ ...req.headers });
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.headers.authorization !== `Bearer ${key}`) return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      if (req.method === 'GET' && req.url === '/v1/models') return json(200, { object: 'list', data: [{ id: 'local-fixer', object: 'model' }] });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: `no route ${req.method} ${req.url}` } });
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const prompt = request.messages.map((m) => m.content).join('\n');
      const content = answerFor(prompt, instances);
      json(200, completion(state.requests, request.model, content, { prompt: Math.ceil(prompt.length / 4), completion: Math.ceil(content.length / 4) }));
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get auth() {
      return state.auth;
    },
    get headers() {
      return state.headers;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
