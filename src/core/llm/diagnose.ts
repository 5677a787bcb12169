// "Test connection": one small request, and a diagnosis that tells apart a server that is not
// there, one that does not allow this page (CORS), a bad key and an unknown model, with the fix
// for each. A browser reports the first two alike ("failed to fetch"); a second request that
// needs no CORS permission (`reachable`) tells them apart: it gets an answer only when something
// listens at the address.
import type { Preset } from './presets.ts';
import { LlmError, type ChatModel } from './types.ts';

export interface Diagnosis {
  ok: boolean;
  /** "ok", or the kind of failure. */
  kind: 'ok' | 'unreachable' | 'network' | 'auth' | 'not-found' | 'rate-limit' | 'other';
  message: string;
  fix?: string;
}

/**
 * reachable: whether anything answers at the base URL at all, by a request that needs no CORS
 * permission (in a browser: fetch with mode "no-cors"); undefined when it cannot be asked.
 */
export async function testConnection(model: ChatModel, modelName: string, preset: Preset, signal?: AbortSignal, reachable?: () => Promise<boolean>, baseURL = preset.baseURL): Promise<Diagnosis> {
  try {
    const reply = await model.chat({ model: modelName, messages: [{ role: 'user', content: 'Reply with the word: ready' }], maxTokens: 8, temperature: 0 }, signal);
    return { ok: true, kind: 'ok', message: `Connected: ${modelName} answered “${reply.content.trim().slice(0, 40)}”.` };
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
        return { ok: false, kind: 'auth', message: `The provider refused the key (HTTP ${e.status}).`, fix: preset.needsKey ? 'Check the API key: copy it again from the provider’s dashboard.' : 'This server wants a key: enter the one it was started with.' };
      case 'not-found':
        return { ok: false, kind: 'not-found', message: `The provider does not know the model “${modelName}” (or the base URL is wrong).`, fix: `Check the model name (for example “${preset.exampleModel}”) and that the base URL ends in /v1 or the provider's documented path.` };
      case 'rate-limit':
        return { ok: false, kind: 'rate-limit', message: 'The provider is rate limiting this key right now.', fix: 'The connection works; wait a little, or lower the concurrency.' };
      default:
        return { ok: false, kind: 'other', message: e.message };
    }
  }
}
