// "Test connection": one small request, and a diagnosis that tells apart a server that is not
// there, one that does not allow this page (CORS), a bad key and an unknown model, with the fix
// for each. A browser reports the first two alike ("failed to fetch"); a second request that
// needs no CORS permission (`reachable`) tells them apart: it gets an answer only when something
// listens at the address.
import type { Preset } from './presets.ts';
import type { Capabilities } from './capabilities.ts';
import { isTruncated, LlmError, type ChatModel, type ChatResponse } from './types.ts';

export interface Diagnosis {
  ok: boolean;
  /** "ok", or the kind of failure. */
  kind: 'ok' | 'unreachable' | 'network' | 'auth' | 'not-found' | 'rate-limit' | 'no-credit' | 'other';
  message: string;
  fix?: string;
  /** What works with this model, as the test found it: the request shape, and what it told. */
  capabilities?: string[];
}

/** A model the test can ask what request shape it settled on (openai-lazy.ts). */
type Probed = ChatModel & { requestShape?: () => Promise<Capabilities> | Capabilities };

/**
 * A reply limit a reasoning model can think within: it spends tokens reasoning before it
 * answers, and a small limit cuts the reply off with no answer.
 */
export const TEST_REPLY_TOKENS = 2048;

/** What the test's reply, and the shape the model settled on, say about it, in words. */
function findings(reply: ChatResponse, shape: Capabilities | undefined): string[] {
  const out: string[] = [];
  out.push(reply.api === 'responses' ? "sent through OpenAI's Responses API (/responses)" : 'sent through chat completions (/chat/completions)');
  if (shape) {
    out.push(`reply limit sent as ${shape.api === 'responses' ? 'max_output_tokens' : shape.tokenLimit}`);
    out.push(
      shape.systemRole === 'system'
        ? 'system messages'
        : shape.systemRole === 'developer'
          ? 'system messages sent as developer messages'
          : 'no system message (folded into the first user message)',
    );
    out.push(shape.temperature ? 'a temperature sent when a run sets one' : 'no temperature (the default only)');
    if (shape.reasoningEffort) out.push(shape.efforts ? `a reasoning effort can be set (${shape.efforts.join(', ')})` : 'a reasoning effort can be set');
    if (shape.maxReplyTokens !== undefined) out.push(`replies of at most ${shape.maxReplyTokens} tokens`);
    out.push(reply.streamed ? 'streaming' : 'no streaming');
  }
  for (const change of reply.adjusted ?? []) out.push(`the provider refused part of the request: ${change}`);
  for (const change of reply.settingsChanged ?? []) out.push(`sent otherwise than set: ${change}`);
  if (reply.thinking)
    out.push(
      `it thinks before answering (${reply.usage?.reasoningTokens ? `${reply.usage.reasoningTokens} reasoning tokens; ` : ''}its thinking is kept apart from its answers)`,
    );
  else if (reply.usage?.reasoningTokens) out.push(`it reasons before answering (${reply.usage.reasoningTokens} reasoning tokens)`);
  if (reply.usage?.cachedPromptTokens) out.push(`its provider reports cached prompt tokens (${reply.usage.cachedPromptTokens})`);
  if (!reply.usage) out.push('no usage reported (tokens and cost cannot be counted)');
  return out;
}

/**
 * reachable: whether anything answers at the base URL at all, by a request that needs no CORS
 * permission (in a browser: fetch with mode "no-cors"); undefined when it cannot be asked.
 * The test sends what every model takes: a short question, no temperature, a generous limit.
 */
export async function testConnection(
  model: Probed,
  modelName: string,
  preset: Preset,
  signal?: AbortSignal,
  reachable?: () => Promise<boolean>,
  baseURL = preset.baseURL,
): Promise<Diagnosis> {
  try {
    const reply = await model.chat(
      {
        model: modelName,
        messages: [
          { role: 'system', content: 'You are a connection test. Answer with one word.' },
          { role: 'user', content: 'Reply with the word: ready' },
        ],
        maxTokens: TEST_REPLY_TOKENS,
      },
      signal,
    );
    const shape = model.requestShape ? await model.requestShape() : undefined;
    const capabilities = findings(reply, shape);
    if (reply.refusal) {
      return {
        ok: false,
        kind: 'other',
        message: `${modelName} answered, but refused to reply: “${reply.refusal.slice(0, 200)}”.`,
        fix: 'The connection works; the model (or the provider’s filter) declined this request.',
        capabilities,
      };
    }
    if (isTruncated(reply) || !reply.content.trim()) {
      return {
        ok: false,
        kind: 'other',
        message: `${modelName} answered, but its reply was cut off by the ${TEST_REPLY_TOKENS}-token limit before it gave an answer.`,
        fix: 'It is a reasoning model that thinks at length: give it a larger reply limit or a lower reasoning effort (open the model’s line on this page).',
        capabilities,
      };
    }
    return { ok: true, kind: 'ok', message: `Connected: ${modelName} answered “${reply.content.trim().slice(0, 40)}”.`, capabilities };
  } catch (err) {
    const e = err instanceof LlmError ? err : new LlmError('bad-response', String(err));
    // Some providers answer an unknown model with 400 rather than 404.
    const kind = e.kind === 'bad-request' && /model/i.test(e.message) ? 'not-found' : e.kind;
    switch (kind) {
      case 'network':
        if (reachable && !(await reachable().catch(() => false))) {
          return {
            ok: false,
            kind: 'unreachable',
            message: `Nothing answered at ${baseURL}: the server may not be running, or the URL or port may be wrong.`,
            fix: 'Start the server (or check that it is still running), and check the base URL, its port and its path (most end in /v1). If it runs on another machine, check that it listens on an address this one can reach.',
          };
        }
        return {
          ok: false,
          kind: 'network',
          message: reachable
            ? 'The server answers, but the browser may not read its answers: it does not allow requests from this page (CORS).'
            : 'The browser got no answer: the server is unreachable, or it does not allow requests from this page (CORS).',
          fix: preset.corsFix,
        };
      case 'auth':
        return {
          ok: false,
          kind: 'auth',
          message: `The provider refused the key (HTTP ${e.status}).`,
          fix: preset.needsKey
            ? 'Check the API key: copy it again from the provider’s dashboard.'
            : 'This server wants a key: enter the one it was started with.',
        };
      case 'not-found':
        return {
          ok: false,
          kind: 'not-found',
          message: `The provider does not know the model “${modelName}” (or the base URL is wrong).`,
          fix: `Check the model name (for example “${preset.exampleModel}”) and that the base URL ends in /v1 or the provider's documented path.`,
        };
      case 'no-credit':
        return {
          ok: false,
          kind: 'no-credit',
          message: `The provider says the account is out of credit: ${e.message}`,
          fix: 'The key works; add credit (or raise the spending limit) on the provider’s billing page.',
        };
      case 'rate-limit':
        return {
          ok: false,
          kind: 'rate-limit',
          message: 'The provider is rate limiting this key right now.',
          fix: 'The connection works; wait a little, or lower the concurrency.',
        };
      default:
        return { ok: false, kind: 'other', message: e.message };
    }
  }
}
