// An error answer read whole, whatever its shape: OpenAI's `{"error": {…}}`, Gemini's list of
// them, Anthropic's `{"type": "error", …}`, validation lists (Mistral's and vLLM's 422 `detail`
// items, whose `loc` names the field), OpenRouter's wrapped upstream body (`metadata.raw`, a
// JSON string), bodies whose `message` is itself JSON text or a list, bare `{"error": "…"}`
// strings, and plain text or HTML. What the body names as refused (a parameter, a value and the
// values allowed, a role, another API) is read too, so that the request can be changed.
// docs/providers.md lists the shapes, with their sources (src/core/llm/fixtures/providers/).
import { REASONING_EFFORTS } from './effort.ts';

/** A part of the request an error says the provider refused. */
export type Named =
  /** A parameter it does not take at all. */
  | { kind: 'parameter'; param: string }
  /** A value it does not take; the values it does, when the error lists them; the largest it takes, when it says. */
  | { kind: 'value'; param: string; allowed?: string[]; max?: number }
  /** A message role it does not take. */
  | { kind: 'role'; role: string }
  /** The model is served by the Responses API only. */
  | { kind: 'api'; api: 'responses' };

export interface ProviderError {
  /** Every message the body holds, joined; never empty when a body came. */
  message: string;
  code?: string;
  type?: string;
  /** What the body names as refused, in the order found, without repeats. */
  named: Named[];
  /** The upstream provider that refused, when a router passed its answer on (OpenRouter's provider_name). */
  via?: string;
}

const MAX_MESSAGE = 600;

/** Read an error answer's body (its text as it came). */
export function readErrorBody(status: number, text: string): ProviderError {
  const found: Found = { messages: [], named: [] };
  const trimmed = text.trim();
  if (!trimmed) return { message: `HTTP ${status} with an empty body`, named: [] };
  const json = parseJson(trimmed);
  if (json === undefined) collectText(found, plainText(trimmed));
  else collect(found, json, 0);
  for (const m of found.messages) for (const n of namedIn(m)) add(found.named, n);
  const message = unique(found.messages).join('; ') || `HTTP ${status}, a body with no message: ${trimmed.slice(0, 300)}`;
  return {
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
    named: found.named,
    ...(found.code !== undefined ? { code: found.code } : {}),
    ...(found.type !== undefined ? { type: found.type } : {}),
    ...(found.via !== undefined ? { via: found.via } : {}),
  };
}

interface Found {
  messages: string[];
  named: Named[];
  code?: string;
  type?: string;
  via?: string;
}

function parseJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Text of an HTML or plain-text body, on one line. */
const plainText = (text: string) =>
  text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function collectText(found: Found, text: string): void {
  const inner = parseJson(text.trim());
  if (inner !== undefined && typeof inner !== 'string') return collect(found, inner, 1);
  if (text.trim()) found.messages.push(text.trim());
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const scalar = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : undefined);

function collect(found: Found, value: unknown, depth: number): void {
  if (depth > 6 || value === null || value === undefined) return;
  if (typeof value === 'string') return collectText(found, value);
  if (Array.isArray(value)) {
    for (const v of value) collect(found, v, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  if (isValidationItem(value)) return collectValidation(found, value);
  found.code ??= scalar(value.code);
  found.type ??= scalar(value.type) === 'error' ? undefined : scalar(value.type);
  if (typeof value.param === 'string' && value.param) {
    const param = value.param;
    const code = scalar(value.code) ?? '';
    add(found.named, /value/i.test(code) ? { kind: 'value', param, ...allowedOf(scalar(value.message) ?? '') } : { kind: 'parameter', param });
  }
  const metadata = isRecord(value.metadata) ? value.metadata : undefined;
  if (metadata && typeof metadata.provider_name === 'string') found.via ??= metadata.provider_name;
  collect(found, value.error, depth + 1);
  collect(found, value.message, depth + 1);
  collect(found, value.detail, depth + 1);
  collect(found, value.details, depth + 1);
  collect(found, metadata?.raw, depth + 1);
  if (isRecord(value.innererror)) found.code ??= scalar(value.innererror.code);
}

/** A validation error item (pydantic's, as FastAPI servers send them): `loc`, `msg`, `type`. */
const isValidationItem = (x: Record<string, unknown>) => Array.isArray(x.loc) && typeof x.msg === 'string';

function collectValidation(found: Found, item: Record<string, unknown>): void {
  const loc = (item.loc as unknown[]).filter((p) => p !== 'body');
  const path = loc.map(String).join('.');
  const msg = item.msg as string;
  found.messages.push(path ? `${path}: ${msg}` : msg);
  const field = fieldOf(loc);
  const type = typeof item.type === 'string' ? item.type : '';
  if (!field) return;
  if (field === 'role' || /\brole\b/.test(msg)) {
    const role = /'(developer|system)'/.exec(msg)?.[1] ?? (typeof item.input === 'string' ? item.input : undefined);
    if (role) add(found.named, { kind: 'role', role });
    return;
  }
  if (type === 'extra_forbidden' || /extra (inputs|fields) (are )?not permitted/i.test(msg)) add(found.named, { kind: 'parameter', param: field });
  else if (/literal|enum/.test(type)) add(found.named, { kind: 'value', param: field, ...allowedOf(`${msg} ${JSON.stringify(item.ctx ?? '')}`) });
}

/** The request field a validation `loc` points at: a top-level field, or a message's field ("messages.name"). */
function fieldOf(loc: unknown[]): string | null {
  const parts = loc.filter((p) => typeof p === 'string') as string[];
  if (!parts.length) return null;
  if (parts[0] === 'messages') {
    const last = parts.at(-1)!;
    return last === 'messages' ? null : last === 'role' ? 'role' : `messages.${last}`;
  }
  return parts.join('.');
}

/** The values an error message lists as allowed ("Supported values are: 'none', 'low', and 'high'."): the quoted words after the phrase. */
function allowedOf(message: string): { allowed?: string[] } {
  const at = /(?:supported values are|expected one of|expected|must be one of|must be|allowed values(?: are)?|valid values are|should be|one of)\b/i.exec(
    message,
  );
  if (!at) return {};
  const rest = message
    .slice(at.index + at[0].length)
    .split(/[.;\n](?:\s|$)/)[0]!
    .slice(0, 300);
  const quoted = [...rest.matchAll(/['"`]([\w.-]+)['"`]/g)].map((m) => m[1]!);
  // Or bare words in a list ("Valid values are: high, low, medium, none").
  const bare = quoted.length
    ? []
    : rest
        .replace(/^[\s:]+/, '')
        .split(/\s*(?:,|\bor\b|\band\b)\s*/)
        .map((w) => w.trim())
        .filter((w) => /^[\w.-]+$/.test(w));
  const values = quoted.length ? quoted : bare.length > 1 ? bare : [];
  return values.length ? { allowed: unique(values) } : {};
}

// What a message's words name, as OpenAI, Anthropic, Gemini, vLLM, Mistral and others word it.
// Quotes may come escaped, when an error body is passed on as JSON text.
const Q = `[\\\\'"\`]*`;
const PARAMETER_PATTERNS = [
  new RegExp(`unsupported parameter:?\\s*${Q}([\\w.[\\]]+)`, 'i'),
  new RegExp(`${Q}([\\w.[\\]]+)${Q} is not supported`, 'i'),
  /unrecognized request arguments? supplied:?\s*([\w.]+)/i,
  new RegExp(`unknown (?:field|parameter|name)[:\\s]*${Q}([\\w.]+)`, 'i'),
  /([\w.]+): extra inputs are not permitted/i,
  new RegExp(`invalid (?:parameter|argument)[:\\s]*${Q}([\\w.]+)`, 'i'),
  new RegExp(`${Q}([\\w.]+)${Q}\\s*:\\s*(?:property|parameter|field) (?:is )?not supported`, 'i'),
  new RegExp(`(?:property|parameter|field)\\s*${Q}([\\w.]+)${Q}\\s*is unsupported`, 'i'),
];

/** A reply limit above what the model takes, as providers word it, with the most it takes. */
const LIMIT_PATTERNS: RegExp[] = [
  /valid range of (max_\w+) is \[\d+,\s*(\d+)\]/i,
  /(max_\w+)`? must be less than or equal to `?(\d+)/i,
  /(max_\w+):\s*\d+\s*>\s*(\d+), which is the maximum/i,
  /(max_\w+) is too large: \d+\. This model supports at most (\d+)/i,
];

function namedIn(message: string): Named[] {
  const out: Named[] = [];
  for (const re of LIMIT_PATTERNS) {
    const m = re.exec(message);
    if (m) return [{ kind: 'value', param: m[1]!, max: Number(m[2]) }];
  }
  // OpenAI's models served only by the Responses API, answered on chat completions (two wordings).
  if (/only supported in v1\/responses|not a chat model and thus not supported in the v1\/chat\/completions/i.test(message))
    out.push({ kind: 'api', api: 'responses' });
  const listed =
    new RegExp(`${Q}([\\w.]+)${Q}\\s*:\\s*value is not one of the allowed values`, 'i').exec(message)?.[1] ??
    /\binvalid (\w+): [\w.-]+\. valid values/i.exec(message)?.[1];
  if (listed) return [{ kind: 'value', param: listed, ...allowedOf(message) }];
  const value =
    new RegExp(`unsupported value:?\\s*${Q}([\\w.[\\]]+)`, 'i').exec(message)?.[1] ?? /\b(\w+)\s*=\s*['"][\w.-]+['"]\s*is not supported/i.exec(message)?.[1];
  if (value) out.push({ kind: 'value', param: value, ...allowedOf(message) });
  if (/\brole\b/i.test(message) && /not (?:supported|allowed)|unsupported|invalid|does not match|unknown variant/i.test(message)) {
    const role = /(?:variant|role)\s*['"`]?(developer|system)\b/i.exec(message)?.[1] ?? /\b(developer|system)\b/i.exec(message)?.[1];
    if (role) out.push({ kind: 'role', role: role.toLowerCase() });
  }
  if (!value && !out.some((n) => n.kind === 'role')) {
    for (const re of PARAMETER_PATTERNS) {
      const hit = re.exec(message)?.[1];
      if (hit && hit.toLowerCase() !== 'role') {
        out.push(
          /not supported|does not support/i.test(message) && /values?/i.test(message) && allowedOf(message).allowed
            ? { kind: 'value', param: hit, ...allowedOf(message) }
            : { kind: 'parameter', param: hit },
        );
        break;
      }
    }
  }
  // An effort named in words ("invalid reasoning value: 'minimal'"), without a field name.
  if (
    !out.length &&
    /reasoning/i.test(message) &&
    /invalid|not supported|unsupported|must be/i.test(message) &&
    REASONING_EFFORTS.some((e) => new RegExp(`['"\`]${e}['"\`]`).test(message))
  )
    out.push({ kind: 'value', param: 'reasoning_effort', ...allowedOf(message) });
  // A model that cannot think at all ("\"qwen2.5-coder\" does not support thinking").
  if (!out.length && /does not support (?:thinking|reasoning)|reasoning(?:_effort)? is not supported (?:with|for) this model/i.test(message))
    out.push({ kind: 'parameter', param: 'reasoning_effort' });
  return out;
}

const key = (n: Named) => JSON.stringify([n.kind, 'param' in n ? n.param : 'role' in n ? n.role : n.api]);

function add(list: Named[], n: Named): void {
  const at = list.findIndex((x) => key(x) === key(n));
  if (at < 0) list.push(n);
  else if (n.kind === 'value' && (n.allowed || n.max !== undefined)) list[at] = { ...list[at], ...n };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
