// Local OpenAI-compatible servers that answer as each preset family's real API does, for e2e
// runs (docs/providers.md): each rejects the parameters its models refuse, with the provider's
// own error shape; reports usage in its own fields; streams in server-sent events; and gives a
// reasoning model's thinking where that provider puts it (a reasoning field, or <think> tags in
// the content). Every thinking holds a draft program that must never be what a run evaluates.
// What a request asks for (a PAIR repair, a Talk program, a PrismBench role, an Interview
// project) is answered by `answer`, given by the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Family = 'openai-reasoning' | 'openai-chat' | 'anthropic' | 'gemini' | 'deepseek-reasoner' | 'ollama-think' | 'vllm-reasoning' | 'llamacpp-think';

export const FAMILIES: Family[] = ['openai-reasoning', 'openai-chat', 'anthropic', 'gemini', 'deepseek-reasoner', 'ollama-think', 'vllm-reasoning', 'llamacpp-think'];

/** The preset a run names, and the model name, for each family. */
export const FAMILY_MODEL: Record<Family, { preset: string; model: string }> = {
  'openai-reasoning': { preset: 'openai', model: 'o3' },
  'openai-chat': { preset: 'openai', model: 'gpt-4o-mini' },
  anthropic: { preset: 'anthropic', model: 'claude-sonnet-4-5' },
  gemini: { preset: 'gemini', model: 'gemini-2.5-flash' },
  'deepseek-reasoner': { preset: 'deepseek', model: 'deepseek-reasoner' },
  'ollama-think': { preset: 'ollama', model: 'qwen3:8b' },
  'vllm-reasoning': { preset: 'vllm', model: 'Qwen/Qwen3-8B' },
  'llamacpp-think': { preset: 'llamacpp', model: 'DeepSeek-R1-Distill-Qwen-7B' },
};

/** The draft a thinking model writes before its answer: evaluating it would be a bug. */
export const DRAFT_MARK = 'DRAFT-IN-THINKING';
const DRAFT = `Let me try a first version:\n\`\`\`python\nprint("${DRAFT_MARK}")\n\`\`\`\nNo, that is wrong; the final answer follows.`;

export interface Exchange {
  model: string;
  status: number;
  stream: boolean;
  /** The parameters the request carried (names only). */
  params: string[];
  roles: string[];
}

export interface ProviderMock {
  family: Family;
  baseURL: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

export interface AskedFor {
  model: string;
  system: string;
  user: string;
  /** Every message, as sent. */
  messages: { role: string; content: string }[];
}

interface Refusal {
  param: string;
  message: string;
}

/** What each family refuses of a request, as its API does. */
function refusalOf(family: Family, body: Record<string, unknown>): Refusal | null {
  const has = (k: string) => k in body;
  const roles = ((body.messages as { role: string }[]) ?? []).map((m) => m.role);
  switch (family) {
    case 'openai-reasoning':
      if (has('max_tokens')) return { param: 'max_tokens', message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." };
      if (has('temperature') && body.temperature !== 1) return { param: 'temperature', message: `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.` };
      return null;
    case 'openai-chat':
      if (has('reasoning_effort')) return { param: 'reasoning_effort', message: "Unrecognized request argument supplied: reasoning_effort" };
      return null;
    case 'anthropic':
      if (has('seed')) return { param: 'seed', message: 'seed: Extra inputs are not permitted' };
      if (roles.includes('developer')) return { param: 'messages.role', message: "messages: role 'developer' is not supported" };
      return null;
    case 'gemini':
      if (has('seed')) return { param: 'seed', message: 'Invalid JSON payload received. Unknown name "seed": Cannot find field.' };
      return null;
    default:
      return null;
  }
}

/** The family's error body for a refused parameter. */
function errorBody(family: Family, r: Refusal): unknown {
  if (family === 'gemini') return [{ error: { code: 400, message: r.message, status: 'INVALID_ARGUMENT' } }];
  if (family === 'anthropic') return { type: 'error', error: { type: 'invalid_request_error', message: r.message } };
  return { error: { message: r.message, type: 'invalid_request_error', param: r.param, code: r.param === 'temperature' ? 'unsupported_value' : 'unsupported_parameter' } };
}

/** The family's usage fields. */
function usageOf(family: Family, prompt: number, completion: number, reasoning: number): Record<string, unknown> {
  const base = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  const cached = Math.floor(prompt / 2);
  switch (family) {
    case 'openai-reasoning':
      return { ...base, prompt_tokens_details: { cached_tokens: cached }, completion_tokens_details: { reasoning_tokens: reasoning } };
    case 'openai-chat':
      return { ...base, prompt_tokens_details: { cached_tokens: cached } };
    case 'deepseek-reasoner':
      return { ...base, prompt_cache_hit_tokens: cached, prompt_cache_miss_tokens: prompt - cached, completion_tokens_details: { reasoning_tokens: reasoning } };
    case 'gemini':
      return { ...base, completion_tokens_details: { reasoning_tokens: reasoning } };
    default:
      return base;
  }
}

/** Where the family puts a reasoning model's thinking: apart in a field, inline in tags, or hidden (reasoning tokens only). */
const THINKING: Record<Family, 'field' | 'tags' | 'hidden' | 'none'> = {
  'openai-reasoning': 'hidden',
  'openai-chat': 'none',
  anthropic: 'none',
  gemini: 'hidden',
  'deepseek-reasoner': 'field',
  'ollama-think': 'tags',
  'vllm-reasoning': 'field',
  'llamacpp-think': 'tags',
};

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export interface MockOptions {
  /** A request whose token limit is below this gets a reply cut off mid-thinking (finish reason "length"), as a reasoning model spends a small limit. */
  truncateUnder?: number;
  /** Milliseconds between streamed chunks (2 by default): a slow model. */
  gapMs?: number;
}

export async function startProviderMock(family: Family, answer: (asked: AskedFor) => string, options: MockOptions = {}): Promise<ProviderMock> {
  const exchanges: Exchange[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET, OPTIONS' };
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(value));
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return json(401, { error: { message: 'missing key' } });
      if (family === 'anthropic' && req.headers['anthropic-dangerous-direct-browser-access'] !== 'true' && req.headers.origin) {
        return json(401, { type: 'error', error: { type: 'authentication_error', message: 'CORS requests must set the anthropic-dangerous-direct-browser-access header' } });
      }
      if (req.url !== '/v1/chat/completions') return json(404, { error: { message: `no route ${req.url}` } });
      const body = JSON.parse(raw) as Record<string, unknown> & { model: string; messages: { role: string; content: string }[]; stream?: boolean };
      const exchange: Exchange = { model: body.model, status: 200, stream: body.stream === true, params: Object.keys(body).sort(), roles: body.messages.map((m) => m.role) };
      exchanges.push(exchange);
      const refused = refusalOf(family, body);
      if (refused) {
        exchange.status = 400;
        return json(400, errorBody(family, refused));
      }
      const system = body.messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content).join('\n');
      const user = body.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
      const limit = (body.max_completion_tokens ?? body.max_tokens) as number | undefined;
      const cut = options.truncateUnder !== undefined && (limit === undefined || limit < options.truncateUnder);
      const answerText = cut ? '' : answer({ model: body.model, system, user, messages: body.messages });
      const mode = THINKING[family];
      const thinking = mode === 'none' ? '' : cut ? DRAFT.slice(0, DRAFT.indexOf('No, that')) : DRAFT;
      const content = mode === 'tags' ? `<think>\n${thinking}${cut ? '' : '\n</think>\n\n'}${answerText}` : answerText;
      const finish = cut ? 'length' : 'stop';
      const field = mode === 'field' ? thinking : '';
      const reasoning = mode === 'none' ? 0 : tokens(thinking);
      const prompt = tokens(JSON.stringify(body.messages));
      const completion = tokens(content) + (mode === 'hidden' ? reasoning : tokens(field));
      const usage = usageOf(family, prompt, completion, reasoning);
      const reasoningKey = family === 'deepseek-reasoner' || family === 'vllm-reasoning' ? 'reasoning_content' : 'reasoning';
      if (!body.stream) {
        return json(200, { id: `x${exchanges.length}`, object: 'chat.completion', created: 0, model: body.model, choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content, ...(field ? { [reasoningKey]: field } : {}) } }], usage });
      }
      // Server-sent events: the reasoning first, then the content, a few characters at a time.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...cors });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
      const pieces: string[] = [chunk({ role: 'assistant', content: '' })];
      for (let i = 0; i < field.length; i += 40) pieces.push(chunk({ [reasoningKey]: field.slice(i, i + 40) }));
      for (let i = 0; i < content.length; i += 40) pieces.push(chunk({ content: content.slice(i, i + 40) }));
      pieces.push(chunk({}, finish));
      const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
      if (streamOptions?.include_usage) pieces.push(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage })}\n\n`);
      pieces.push('data: [DONE]\n\n');
      let i = 0;
      const next = () => {
        if (i >= pieces.length) return void res.end();
        res.write(pieces[i++]);
        setTimeout(next, options.gapMs ?? 2);
      };
      next();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    family,
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    exchanges,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
