// Chat completions (POST /chat/completions): the request body in the model's shape, and the
// reply read whole or from its stream's chunks (docs/providers.md, "Provider by provider").
import type { Capabilities } from '../capabilities.ts';
import { LlmError, type ChatMessage, type ChatRequest } from '../types.ts';
import { Reply, reasoningField } from './reply.ts';
import { sentSettings, type SentSettings } from './settings.ts';

/** Messages as this model takes system instructions. */
export function shapedMessages(messages: ChatMessage[], role: Capabilities['systemRole']): { role: string; content: string }[] {
  if (role === 'system') return messages;
  if (role === 'developer') return messages.map((m) => (m.role === 'system' ? { role: 'developer', content: m.content } : m));
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  if (!system.length) return rest;
  const first = rest.findIndex((m) => m.role === 'user');
  if (first < 0) return [{ role: 'user', content: system.join('\n\n') }, ...rest];
  return rest.map((m, i) => (i === first ? { role: 'user', content: `${system.join('\n\n')}\n\n${m.content}` } : m));
}

/** The request's body in the shape the model takes now, and how it differs from the settings asked for. */
export function chatBody(request: ChatRequest, shape: Capabilities, stream: boolean): { body: Record<string, unknown>; sent: SentSettings } {
  const sent = sentSettings(request, shape);
  const body = {
    model: request.model,
    messages: shapedMessages(request.messages, shape.systemRole),
    ...(sent.temperature !== undefined ? { temperature: sent.temperature } : {}),
    ...(sent.maxTokens !== undefined ? { [shape.tokenLimit]: sent.maxTokens } : {}),
    ...(request.seed !== undefined && shape.seed ? { seed: request.seed } : {}),
    ...(sent.reasoningEffort !== undefined ? { reasoning_effort: sent.reasoningEffort } : {}),
    // Gemini returns its thoughts only when asked, through its own field of the body.
    ...(shape.thoughts ? { extra_body: { google: { thinking_config: { include_thoughts: true } } } } : {}),
    ...(stream ? { stream: true, ...(shape.streamUsage ? { stream_options: { include_usage: true } } : {}) } : {}),
  };
  return { body, sent };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A whole (not streamed) completion. */
export function readCompletion(completion: unknown, model: string): Reply {
  const c = isRecord(completion) ? completion : {};
  const choice = Array.isArray(c.choices) && isRecord(c.choices[0]) ? c.choices[0] : null;
  if (!choice) throw new LlmError('bad-response', 'the answer has no choices');
  const reply = new Reply(typeof c.model === 'string' && c.model ? c.model : model);
  const message = isRecord(choice.message) ? choice.message : {};
  reply.addContent(message.content);
  reply.thinking = reasoningField(message) + reply.thinking;
  if (typeof message.refusal === 'string') reply.refusal = message.refusal;
  if (typeof choice.finish_reason === 'string') reply.finishReason = choice.finish_reason;
  reply.usage = c.usage ?? null;
  // A reply cut by its limit may come with no content at all: a truncation, not a malformed answer.
  if (!reply.hasContent && reply.empty && reply.finishReason !== 'length' && reply.finishReason !== 'content_filter')
    throw new LlmError('bad-response', 'the answer has no message content');
  return reply;
}

/** Take one streamed chunk into the reply; whether it carried text or thinking. */
export function takeChunk(reply: Reply, chunk: unknown): boolean {
  if (!isRecord(chunk)) return false;
  const choice = Array.isArray(chunk.choices) && isRecord(chunk.choices[0]) ? chunk.choices[0] : null;
  const delta = choice && isRecord(choice.delta) ? choice.delta : {};
  const before = reply.text.length + reply.thinking.length;
  reply.addContent(delta.content);
  reply.thinking += reasoningField(delta);
  if (typeof delta.refusal === 'string') reply.refusal += delta.refusal;
  if (choice && typeof choice.finish_reason === 'string') reply.finishReason = choice.finish_reason;
  // Usage comes in the last chunk (or Groq's x_groq.usage).
  const usage = chunk.usage ?? (isRecord(chunk.x_groq) ? chunk.x_groq.usage : undefined);
  if (usage) reply.usage = usage;
  if (typeof chunk.model === 'string' && chunk.model) reply.model = chunk.model;
  return reply.text.length + reply.thinking.length > before;
}
