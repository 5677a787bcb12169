// Ask a model for a text, check the reply, and on a rejection ask again in the same
// conversation with the reasons, up to R times (PAIR's hints, Talk's user feedback). Every
// attempt is returned, in order; the last one is the accepted one, if any was.
import type { ChatMessage } from '../../llm/types.ts';

export interface Checked {
  accepted: boolean;
}

export interface Regeneration<A extends Checked> {
  /** The conversation so far; each rejection appends the reply and the retry message to it. */
  conversation: ChatMessage[];
  /** Regenerations after the first attempt (R). */
  regenerations: number;
  ask(conversation: ChatMessage[]): Promise<string>;
  check(reply: string): Promise<A>;
  /** The message that asks again, telling the model why its reply was rejected. */
  retry(rejected: A): string;
}

export async function askUntilAccepted<A extends Checked>(r: Regeneration<A>): Promise<A[]> {
  const attempts: A[] = [];
  for (let i = 0; i <= r.regenerations; i++) {
    const reply = await r.ask(r.conversation);
    const result = await r.check(reply);
    attempts.push(result);
    if (result.accepted) break;
    r.conversation.push({ role: 'assistant', content: reply }, { role: 'user', content: r.retry(result) });
  }
  return attempts;
}
