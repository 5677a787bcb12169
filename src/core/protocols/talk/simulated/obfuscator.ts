// The simulated obfuscator: the instance's own one-sentence summary when it has one (the
// summaries the built-in set and the paper's files ship), otherwise a rule-based one — the
// statement's first sentence without code, symbols or variable names, cut to one short
// sentence. It answers in the form of Fig. 17 ("SUMMARY" then the sentence).
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import type { Instance } from '../../../model/instance.ts';
import type { ObfuscatorContext } from '../obfuscation.ts';

/** Words at most in a rule-based summary (the paper's handmade ones average 85 characters). */
const MAX_WORDS = 16;

export function ruleBasedSummary(instance: Pick<Instance, 'statement' | 'title'>): string {
  const prose = instance.statement
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^#+.*$/gm, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\$[^$]*\$/g, ' ')
    .replace(/\b[A-Za-z]_?\w*\d\w*\b|\b[a-z]\b(?!')/g, ' ')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const first = /^(.*?[.!?])(\s|$)/.exec(prose)?.[1] ?? prose;
  const words = first
    .replace(/\s+([,.;:])/g, '$1')
    .split(' ')
    .filter(Boolean);
  const cut = words
    .slice(0, MAX_WORDS)
    .join(' ')
    .replace(/[,;:]$/, '');
  const sentence = cut || instance.title;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export class SummaryObfuscator implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id = 'sim-summary',
    readonly label = 'Summary obfuscator (simulated)',
  ) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = request.context as Partial<ObfuscatorContext> | undefined;
    if (!ctx?.instance) return simulatedResponse(request.model, request.messages, 'SUMMARY\n\nI need the question to summarize.');
    const summary = ctx.instance.summary?.trim() || ruleBasedSummary(ctx.instance);
    return simulatedResponse(request.model, request.messages, `###SUMMARY\n\n${summary}`);
  }
}
