// Local provider servers generated from the provider corpus (src/core/llm/fixtures/providers/):
// each answers as its family's own documents and public bug reports say it answers. It refuses
// what the family refuses, with the family's error body; replies in the family's shapes, whole
// or streamed (rotating through them, so a run meets every one); reports usage in its fields.
// Every thinking holds a draft program that must never be what a run evaluates. A test can
// script the next answers by corpus entry id, to replay each entry on its own.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ErrorEntry,
  FamilyCorpus,
  Meaning,
  Refusal,
  ReplyEntry,
  Situation,
  StreamEvent,
  Tokens,
  Trigger,
  UsageEntry,
  WireRequest,
} from '../src/core/llm/fixtures/providers/types.ts';

/** The draft a thinking model writes before its answer: evaluating it would be a bug. */
export const DRAFT_MARK = 'DRAFT-IN-THINKING';
export const DRAFT = `Let me try a first version:\n\`\`\`python\nprint("${DRAFT_MARK}")\n\`\`\`\nNo, that is wrong; the final answer follows.`;
/** What a refusing model says. */
export const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

export interface AskedFor {
  model: string;
  system: string;
  user: string;
  messages: { role: string; content: string }[];
}

/** One request and what the server made of it. */
export interface Exchange {
  path: string;
  model: string;
  status: number;
  stream: boolean;
  /** Top-level fields of the body, sorted. */
  params: string[];
  roles: string[];
  body: Record<string, unknown>;
  /** The corpus entry that answered (a refusal's, an error's, or a reply's id). */
  entry: string;
  /** For errors and refusals: the body sent. */
  response?: unknown;
  /** For replies: the usage entry and the tokens it was built from. */
  usage?: { entry: string; tokens: Tokens };
  meaning?: Meaning;
}

export interface ServerOptions {
  /** A request whose reply limit is below this (or has none) gets a reply cut with no answer. */
  truncateUnder?: number;
  /** Requests answered with a refusal by the model. */
  refuse?: (asked: AskedFor) => boolean;
  /** Milliseconds between streamed events (2 by default). */
  gapMs?: number;
}

export interface CorpusServer {
  corpus: FamilyCorpus;
  /** The base URL a preset's user would enter (Azure: the resource endpoint). */
  baseURL: string;
  exchanges: Exchange[];
  /** The next requests are answered by these entries, in order (ids of refusals, errors, replies or usage), instead of any scripted before. */
  script(...entryIds: string[]): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-expose-headers': '*',
};
const tokens = (text: string) => (text ? Math.max(1, Math.ceil(text.length / 4)) : 0);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The value at a dotted path of the body, or undefined. */
function at(body: Record<string, unknown>, path: string): unknown {
  let value: unknown = body;
  for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
  return value;
}

/** Messages of a chat body, or of a Responses body's input. */
export function messagesOf(body: Record<string, unknown>): { role: string; content: string }[] {
  const list = Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : [];
  const text = (c: unknown): string =>
    typeof c === 'string' ? c : Array.isArray(c) ? c.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('') : '';
  const out = list.filter(isRecord).map((m) => ({ role: String(m.role), content: text(m.content) }));
  if (typeof body.instructions === 'string') out.unshift({ role: 'system', content: body.instructions });
  return out;
}

/** The top-level fields the family names in its `accepts` entries (and those every request has). */
export function acceptedFields(corpus: FamilyCorpus): Set<string> {
  const out = new Set(['model', 'messages', 'input']);
  for (const a of corpus.accepts) if (a.trigger.kind === 'field' || a.trigger.kind === 'value') out.add(a.trigger.field.split('.')[0]!);
  return out;
}

const applies = (entry: { models?: RegExp }, model: string) => !entry.models || entry.models.test(model);

/** What of the request a trigger matches (undefined: it does not). */
export function matches(trigger: Trigger, req: WireRequest, accepted: Set<string>): unknown {
  switch (trigger.kind) {
    case 'field':
      if (trigger.field === '*') return Object.keys(req.body).find((k) => !accepted.has(k));
      return at(req.body, trigger.field);
    case 'value': {
      const v = at(req.body, trigger.field);
      return v !== undefined && !trigger.allowed.includes(v as never) ? v : undefined;
    }
    case 'equals': {
      const v = at(req.body, trigger.field);
      return v !== undefined && trigger.values.includes(v as never) ? v : undefined;
    }
    case 'above': {
      const v = at(req.body, trigger.field);
      return typeof v === 'number' && v > trigger.max ? v : undefined;
    }
    case 'role':
      return messagesOf(req.body).some((m) => m.role === trigger.role) ? trigger.role : undefined;
    case 'path':
      return req.path === trigger.path ? trigger.path : undefined;
  }
}

/** A path the family serves, with `{deployment}` standing for a deployment name (Azure), and the model it names. */
function routeOf(corpus: FamilyCorpus, path: string): { path: string; deployment?: string } | null {
  for (const p of corpus.paths) {
    const re = new RegExp(
      `^${p
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace('\\{deployment\\}', '([^/]+)')
        .replace('{deployment}', '([^/]+)')}$`,
    );
    const m = re.exec(path);
    if (m) return { path: p, ...(m[1] ? { deployment: decodeURIComponent(m[1]) } : {}) };
  }
  return null;
}

function sse(events: StreamEvent[]): string[] {
  return events.map((e) =>
    'comment' in e ? `: ${e.comment}\n\n` : `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`,
  );
}

export async function startCorpusServer(corpus: FamilyCorpus, answer: (asked: AskedFor) => string, options: ServerOptions = {}): Promise<CorpusServer> {
  const exchanges: Exchange[] = [];
  const scripted: string[] = [];
  const accepted = acceptedFields(corpus);
  const rotation = new Map<string, number>();
  const byId = new Map<string, Refusal | ErrorEntry | ReplyEntry | UsageEntry>();
  for (const e of [...corpus.refusals, ...corpus.errors, ...corpus.replies, ...corpus.usage]) {
    if (byId.has(e.id)) throw new Error(`${corpus.id}: two entries have the id ${e.id}`);
    byId.set(e.id, e);
  }
  const errorFor = (situation: Situation) => corpus.errors.find((e) => e.situation === situation);

  const server: Server = createServer((req: IncomingMessage, res) => {
    if (req.method === 'OPTIONS') {
      // A preflight asking for a header the family does not allow gets no CORS permission.
      const asked = String(req.headers['access-control-request-headers'] ?? '')
        .toLowerCase()
        .split(',')
        .map((h) => h.trim());
      const refused = corpus.cors?.refusedHeaders.filter((h) => asked.includes(h.toLowerCase())) ?? [];
      if (refused.length) {
        exchanges.push({ path: 'OPTIONS', model: '', status: 403, stream: false, params: [], roles: [], body: {}, entry: corpus.cors!.id });
        return void res
          .writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'POST, GET, OPTIONS',
            'access-control-allow-headers': 'authorization, content-type',
          })
          .end();
      }
      return void res.writeHead(204, CORS).end();
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res
          .writeHead(status, { 'content-type': typeof body === 'string' && !/^[[{]/.test(body) ? 'text/plain' : 'application/json', ...CORS, ...headers })
          .end(text);
      };
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, { error: { message: 'the test server got a body that is not JSON' } });
      }
      const route = routeOf(corpus, url.pathname.replace(/^\/v1(?=\/)/, corpus.paths.some((p) => p.startsWith('/v1/')) ? '/v1' : ''));
      const model = route?.deployment ?? (typeof body.model === 'string' ? body.model : '');
      const wire: WireRequest = {
        path: route?.path ?? url.pathname,
        model,
        body,
        headers: req.headers as Record<string, string | undefined>,
        query: Object.fromEntries(url.searchParams),
      };
      const exchange: Exchange = {
        path: wire.path,
        model,
        status: 200,
        stream: body.stream === true,
        params: Object.keys(body).sort(),
        roles: messagesOf(body).map((m) => m.role),
        body,
        entry: '',
      };
      exchanges.push(exchange);
      const fail = (entry: ErrorEntry | Refusal, matched?: unknown) => {
        exchange.status = entry.status;
        exchange.entry = entry.id;
        const made = 'trigger' in entry ? entry.body(wire, matched) : entry.body(wire);
        exchange.response = made;
        send(entry.status, made, entry.headers);
      };
      const keyed = corpus.auth === 'api-key' ? Boolean(req.headers['api-key']) : /^Bearer \S+/.test(req.headers.authorization ?? '');
      if (!keyed) {
        const e = errorFor('bad-key');
        return e ? fail(e) : send(401, { error: { message: 'the test server got no key' } });
      }
      if (!route || Object.keys(corpus.query ?? {}).some((q) => !url.searchParams.get(q))) {
        exchange.status = 404;
        return send(404, {
          error: {
            message: `the test server serves ${corpus.paths.join(', ')}${corpus.query ? ` with ${Object.keys(corpus.query).join(', ')}` : ''}; got ${url.pathname}${url.search}`,
          },
        });
      }
      const next = scripted.shift();
      const forced = next === undefined ? undefined : byId.get(next);
      if (next !== undefined && !forced) throw new Error(`${corpus.id}: no entry ${next}`);
      if (forced && 'situation' in forced) return fail(forced);
      // Refusals: a scripted one answers whatever came; otherwise the first whose trigger matches.
      for (const r of forced && 'trigger' in forced ? [forced] : corpus.refusals) {
        if (!applies(r, model) || (r.account && r !== forced)) continue;
        const matched = matches(r.trigger, wire, accepted);
        if (matched !== undefined || r === forced) return fail(r, matched);
      }
      const messages = messagesOf(body);
      const asked: AskedFor = {
        model,
        system: messages
          .filter((m) => m.role === 'system' || m.role === 'developer')
          .map((m) => m.content)
          .join('\n'),
        user: messages
          .filter((m) => m.role === 'user')
          .map((m) => m.content)
          .join('\n'),
        messages,
      };
      const limit = (body.max_completion_tokens ?? body.max_tokens ?? body.max_output_tokens) as number | undefined;
      const meaning: Meaning =
        forced && 'meaning' in forced
          ? forced.meaning
          : options.truncateUnder !== undefined && (limit === undefined || limit < options.truncateUnder)
            ? 'cut'
            : options.refuse?.(asked)
              ? 'refusal'
              : 'answer';
      const stream = body.stream === true;
      const fitting = corpus.replies.filter((r) => r.meaning === meaning && applies(r, model) && (stream ? r.stream : r.whole));
      // A reply for requests like this one (its `when` matches) over a reply for any request.
      const specific = fitting.filter((r) => r.when && matches(r.when, wire, accepted) !== undefined);
      const reply =
        forced && 'meaning' in forced
          ? forced
          : pick(specific.length ? specific : fitting.filter((r) => !r.when), `${meaning}:${stream}:${model}:${specific.length > 0}`);
      if (!reply) throw new Error(`${corpus.id}: no ${stream ? 'streamed' : 'whole'} ${meaning} reply for ${model}`);
      const usageEntry = forced && 'build' in forced ? forced : corpus.usage.find((u) => applies(u, model));
      const reasons = corpus.reasoners ? corpus.reasoners.test(model) : corpus.models.thinking === model;
      const thinks = reply.thinking !== 'none' || (usageEntry?.reasoning !== 'unreported' && reasons);
      const text = meaning === 'answer' ? answer(asked) : '';
      const thinking = meaning === 'cut' ? DRAFT.slice(0, DRAFT.indexOf('No, that')) : DRAFT;
      const counts: Tokens = {
        prompt: tokens(JSON.stringify(messages)),
        cached: 0,
        answer: tokens(text || (meaning === 'refusal' ? REFUSAL_TEXT : '')),
        reasoning: thinks ? tokens(thinking) : 0,
      };
      if (usageEntry?.cached) counts.cached = Math.floor(counts.prompt / 2);
      const parts = {
        id: `x${exchanges.length}`,
        model,
        answer: text,
        thinking: reply.thinking === 'none' ? '' : thinking,
        refusal: REFUSAL_TEXT,
        usage: usageEntry?.build(counts) ?? null,
        created: 1_764_000_000,
      };
      exchange.entry = reply.id;
      exchange.meaning = meaning;
      if (usageEntry) exchange.usage = { entry: usageEntry.id, tokens: counts };
      if (!stream) return send(200, reply.whole!(parts));
      const asksUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
      const streamedUsage = usageEntry?.streamed === 'always' || (usageEntry?.streamed === 'asked' && asksUsage);
      const pieces = sse(reply.stream!({ ...parts, usage: streamedUsage ? parts.usage : null }, { usage: streamedUsage }));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...CORS });
      let i = 0;
      const write = () => {
        if (i >= pieces.length) return void res.end();
        res.write(pieces[i++]);
        setTimeout(write, options.gapMs ?? 2);
      };
      write();
    });
  });

  /** Round-robin among the candidates of one kind, so a run meets every shape. */
  function pick<T>(candidates: T[], key: string): T | undefined {
    if (!candidates.length) return undefined;
    const n = rotation.get(key) ?? 0;
    rotation.set(key, n + 1);
    return candidates[n % candidates.length];
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    corpus,
    baseURL: corpus.auth === 'api-key' ? origin : `${origin}/v1`,
    exchanges,
    script: (...ids) => {
      for (const id of ids) if (!byId.has(id)) throw new Error(`${corpus.id}: no entry ${id}`);
      scripted.splice(0, scripted.length, ...ids);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
