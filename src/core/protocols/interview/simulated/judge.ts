// A simulated judge of known accuracy: it follows the requirement's execution check on the same
// solution and flips the verdict with a fixed chance, so the measured agreement between judge and
// checks has a known truth (1 − the chance). Labelled "simulated" everywhere.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { randomFor } from '../../../random.ts';
import type { JudgeContext } from './context.ts';

export const JUDGE_FLIP = 0.1;

export class CheckBasedJudge implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
    private readonly flip = JUDGE_FLIP,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = request.context as JudgeContext | undefined;
    if (ctx?.kind !== 'judge') throw new Error(`${this.label} needs the requirement's check (it runs only in the Interview protocol)`);
    let reply: string;
    if (!ctx.check) reply = '<UNSATISFIED> (simulated) There is no execution check for this requirement to follow, so nothing shows it is met.';
    else {
      const flipped = randomFor(ctx.key, ctx.requirement)() < this.flip;
      const satisfied = ctx.check.passed !== flipped;
      const seen = ctx.check.passed ? 'the project produces what the requirement asks for' : `the check failed: ${ctx.check.reason || 'nothing to observe'}`;
      reply = `${satisfied ? '<SATISFIED>' : '<UNSATISFIED>'} (simulated) Running the project shows that ${seen}.${flipped ? ' [this verdict was flipped on purpose]' : ''}`;
    }
    return simulatedResponse(request.model, request.messages, reply);
  }
}
