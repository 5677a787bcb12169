// The keyword judge (simulated): reads a piece of feedback's claim from its words — any word
// of fault (not, wrong, missing, should, …) makes it "incorrect", else words of approval make
// it "correct". It reads the rule-based user's feedback without error (docs/talk.md says which
// words), and a language model's roughly; runs with a model user should use a model judge.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import type { JudgeContext } from '../feedback.ts';

export const FAULT = /\b(not|wrong|incorrect|missing|misses|miss|fails?|failing|bug|error|should|must|needs? to|instead|replace|remove)\b|n't\b/i;
export const APPROVAL = /\b(correct|right|works|fine|good)\b/i;

export function keywordVerdict(feedback: string): 'CORRECT' | 'INCORRECT' | 'UNCLEAR' {
  if (FAULT.test(feedback)) return 'INCORRECT';
  return APPROVAL.test(feedback) ? 'CORRECT' : 'UNCLEAR';
}

/** The feedback a judge prompt quotes (between triple quotes), for a request without context. */
const quoted = (prompt: string) => /"""\n?([\s\S]*?)\n?"""/.exec(prompt)?.[1] ?? prompt;

export class KeywordJudge implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id = 'sim-keyword',
    readonly label = 'Keyword judge (simulated)',
  ) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = request.context as Partial<JudgeContext> | undefined;
    const text = typeof ctx?.feedback === 'string' ? ctx.feedback : quoted(request.messages.at(-1)?.content ?? '');
    return simulatedResponse(request.model, request.messages, keywordVerdict(text));
  }
}
