// Replies written the way chat models write them: some prose, then the code in a fence
// (sometimes without one), so that code extraction is exercised by simulated runs too.
import { estimateTokens } from '../pricing.ts';
import type { ChatMessage, ChatResponse } from '../types.ts';

const OPENINGS = [
  'Here is the corrected program:',
  'I traced the failing cases and fixed the logic. Updated solution:',
  'The issue is in how the edge cases are handled. Here is the revised code:',
  'Thanks for the feedback. I reworked the program:',
];

export type ReplyStyle = 'fenced' | 'bare-fence' | 'unfenced';

export function codeReply(code: string, style: ReplyStyle, pick: number): string {
  const opening = OPENINGS[Math.floor(pick * OPENINGS.length) % OPENINGS.length]!;
  const body = code.endsWith('\n') ? code : `${code}\n`;
  if (style === 'unfenced') return `${opening}\n\n${body}`;
  return `${opening}\n\n\`\`\`${style === 'fenced' ? 'python' : ''}\n${body}\`\`\`\n\nThis should handle the failing tests.`;
}

export function simulatedResponse(model: string, messages: ChatMessage[], content: string): ChatResponse {
  return {
    content,
    usage: { promptTokens: estimateTokens(messages.map((m) => m.content).join('\n')), completionTokens: estimateTokens(content) },
    model,
    finishReason: 'stop',
  };
}
