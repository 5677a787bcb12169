// What of a request's settings the model's request shape can carry, and, in words, what it
// cannot: a temperature the model does not take, a reasoning effort it does not take or takes
// only as another value. Every request that differs from the run's settings says how
// (ChatResponse.settingsChanged), so a run never changes its experiment in silence.
import type { Capabilities } from '../capabilities.ts';
import { effortToSend, type ReasoningEffort } from '../effort.ts';
import type { ChatRequest } from '../types.ts';

export interface SentSettings {
  temperature?: number;
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
  /** How the request differs from the settings asked for, in words. */
  changed: string[];
}

export function sentSettings(request: ChatRequest, shape: Capabilities): SentSettings {
  const changed: string[] = [];
  const out: SentSettings = { changed };
  if (request.temperature !== undefined) {
    if (shape.temperature) out.temperature = request.temperature;
    else changed.push(`temperature ${request.temperature} not sent (the model takes its default only)`);
  }
  if (request.maxTokens !== undefined) {
    out.maxTokens = shape.maxReplyTokens !== undefined ? Math.min(request.maxTokens, shape.maxReplyTokens) : request.maxTokens;
    if (out.maxTokens !== request.maxTokens) changed.push(`reply limit ${request.maxTokens} → ${out.maxTokens} tokens (the most the model takes)`);
  }
  const asked = request.reasoningEffort;
  if (asked !== undefined) {
    const sent = shape.reasoningEffort ? effortToSend(asked, shape.efforts) : null;
    if (sent === null) changed.push(`reasoning effort ${asked} not sent (the model takes none)`);
    else {
      out.reasoningEffort = sent;
      if (sent !== asked) changed.push(`reasoning effort ${asked} → ${sent}`);
    }
  }
  return out;
}
