// A reply as it is read, whole or from a stream, whatever the wire: its text, its thinking (a
// reasoning field, typed thinking parts, or <think> blocks in the text), a refusal, why it
// ended and its usage; and the answer the model layer hands on (thinking.ts keeps the thinking
// apart; a refusal or a reply the provider's filter stopped has no answer).
import { splitThinking } from '../thinking.ts';
import { usageOf } from '../usage.ts';
import type { ChatResponse } from '../types.ts';

/** What a refusal by the provider's content filter (finish reason "content_filter") records. */
export const FILTERED = "the provider's content filter stopped the reply";

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A reasoning field of a message or a delta: DeepSeek's and llama.cpp's reasoning_content, vLLM's, OpenRouter's and Ollama's reasoning. */
export const reasoningField = (m: unknown): string =>
  !isRecord(m) ? '' : typeof m.reasoning_content === 'string' ? m.reasoning_content : typeof m.reasoning === 'string' ? m.reasoning : '';

/** Text of a thinking part's `thinking`: a string, or a list of text parts (Mistral's). */
function thinkingText(x: unknown): string {
  if (typeof x === 'string') return x;
  if (Array.isArray(x)) return x.map((p) => (typeof p === 'string' ? p : isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

export class Reply {
  text = '';
  thinking = '';
  refusal = '';
  finishReason: string | undefined;
  usage: unknown = null;
  /** Whether any content field came (a reply cut before any text has none). */
  hasContent = false;
  /** It came as a stream. */
  streamed = false;

  constructor(public model: string) {}

  /** A message's or a delta's `content`: text, or a list of typed parts (text, thinking, refusal). */
  addContent(content: unknown): void {
    if (typeof content === 'string') {
      this.hasContent = true;
      this.text += content;
      return;
    }
    if (!Array.isArray(content)) return;
    this.hasContent = true;
    for (const part of content) {
      if (typeof part === 'string') this.text += part;
      else if (!isRecord(part)) continue;
      else if (part.type === 'thinking' || part.type === 'reasoning') this.thinking += thinkingText(part.thinking ?? part.text ?? part.summary);
      else if (part.type === 'refusal' && typeof part.refusal === 'string') this.refusal += part.refusal;
      else if (typeof part.text === 'string' && (part.type === 'text' || part.type === 'output_text' || part.type === undefined)) this.text += part.text;
    }
  }

  /** Whether the reply holds anything at all. */
  get empty(): boolean {
    return !this.text && !this.thinking && !this.refusal;
  }

  /** The response the model layer hands on. */
  response(extra: Partial<ChatResponse> = {}): ChatResponse {
    const split = splitThinking(this.text);
    const thinking = [this.thinking.trim(), split.thinking ?? ''].filter(Boolean).join('\n\n');
    const refusal = this.refusal.trim() || (this.finishReason === 'content_filter' ? FILTERED : '');
    return {
      content: refusal ? '' : split.answer,
      ...(thinking ? { thinking } : {}),
      ...(refusal ? { refusal } : {}),
      usage: usageOf(this.usage),
      model: this.model,
      ...(this.finishReason ? { finishReason: this.finishReason } : {}),
      ...extra,
    };
  }
}
