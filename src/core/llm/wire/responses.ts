// OpenAI's Responses API (POST /responses), the wire of the models OpenAI serves only there
// (docs/providers.md, "OpenAI: the Responses API"): the request body in the model's shape, and
// the reply read whole or from its events. The reasoning summary is the thinking; a response
// left incomplete by max_output_tokens is a reply cut by its limit.
import type { Capabilities } from '../capabilities.ts';
import { LlmError, type ChatRequest } from '../types.ts';
import { shapedMessages } from './chat.ts';
import { Reply } from './reply.ts';
import { sentSettings, type SentSettings } from './settings.ts';

export function responsesBody(request: ChatRequest, shape: Capabilities, stream: boolean): { body: Record<string, unknown>; sent: SentSettings } {
  const sent = sentSettings(request, shape);
  const reasoning = {
    ...(sent.reasoningEffort !== undefined ? { effort: sent.reasoningEffort } : {}),
    ...(shape.thoughts ? { summary: 'auto' } : {}),
  };
  const body = {
    model: request.model,
    input: shapedMessages(request.messages, shape.systemRole),
    ...(sent.temperature !== undefined ? { temperature: sent.temperature } : {}),
    ...(sent.maxTokens !== undefined ? { max_output_tokens: sent.maxTokens } : {}),
    ...(Object.keys(reasoning).length ? { reasoning } : {}),
    // Nothing is kept on the provider's side: every request carries its whole conversation.
    store: false,
    ...(stream ? { stream: true } : {}),
  };
  return { body, sent };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A response object's output, status and usage into the reply. */
function takeResponse(reply: Reply, response: Record<string, unknown>, withText: boolean): void {
  if (typeof response.model === 'string' && response.model) reply.model = response.model;
  if (response.usage) reply.usage = response.usage;
  const incomplete = isRecord(response.incomplete_details) ? response.incomplete_details.reason : undefined;
  if (response.status === 'incomplete')
    reply.finishReason =
      incomplete === 'max_output_tokens' ? 'length' : incomplete === 'content_filter' ? 'content_filter' : String(incomplete ?? 'incomplete');
  else if (response.status === 'completed') reply.finishReason = 'stop';
  if (response.status === 'failed') {
    const error = isRecord(response.error) ? response.error : {};
    throw new LlmError('server', `the provider failed the response: ${String(error.message ?? error.code ?? 'no reason given')}`);
  }
  if (!withText || !Array.isArray(response.output)) return;
  for (const item of response.output) {
    if (!isRecord(item)) continue;
    if (item.type === 'reasoning' && Array.isArray(item.summary))
      reply.thinking += item.summary
        .map((s) => (isRecord(s) && typeof s.text === 'string' ? s.text : ''))
        .filter(Boolean)
        .join('\n\n');
    if (item.type === 'message') reply.addContent(item.content);
  }
}

export function readResponse(response: unknown, model: string): Reply {
  if (!isRecord(response) || !Array.isArray(response.output)) throw new LlmError('bad-response', 'the answer is not a response object (no output)');
  const reply = new Reply(model);
  takeResponse(reply, response, true);
  if (reply.empty && reply.finishReason === 'stop') throw new LlmError('bad-response', 'the response has no message');
  return reply;
}

/** Take one streamed event into the reply; whether it carried text or thinking. */
export function takeEvent(reply: Reply, event: unknown): boolean {
  if (!isRecord(event)) return false;
  const delta = typeof event.delta === 'string' ? event.delta : '';
  switch (event.type) {
    case 'response.output_text.delta':
      reply.addContent(delta);
      return delta.length > 0;
    case 'response.reasoning_summary_text.delta':
      reply.thinking += delta;
      return delta.length > 0;
    case 'response.reasoning_summary_part.added':
      // Parts of a summary read as paragraphs.
      if (reply.thinking) reply.thinking += '\n\n';
      return false;
    case 'response.refusal.delta':
      reply.refusal += delta;
      return false;
    case 'response.completed':
    case 'response.incomplete':
    case 'response.failed':
      if (isRecord(event.response)) takeResponse(reply, event.response, false);
      return false;
    case 'error': {
      // The detail flat on the event, or nested under `error`.
      const e = isRecord(event.error) ? event.error : event;
      throw new LlmError(
        /insufficient_quota/.test(String(e.code)) ? 'no-credit' : 'server',
        `the provider's stream failed: ${String(e.message ?? e.code ?? 'no reason given')}`,
      );
    }
    default:
      return false;
  }
}
