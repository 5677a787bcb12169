// The simulated Challenge Designer: for a node's concepts and level it draws the bank problem
// that fits best (shared concepts, then closeness of level), ties broken by a draw that is the
// same for every model under test; Phase-3 variations take the next best problems in turn.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { randomFor } from '../../../random.ts';
import { challengeText, fit, loadBank, type Bank, type BankProblem } from '../bank.ts';
import { contextOf, type DesignerContext } from './contexts.ts';

/** The bank's problems for a node, best first (equal fits in the order of the draw). */
export function rankProblems(bank: Bank, ctx: DesignerContext, seed: number): BankProblem[] {
  // Variations of one node share their order, so that each takes a different problem.
  const draw = ctx.variation ? `${ctx.concepts.join('+')}@${ctx.level}` : ctx.draw;
  const tiebreak = new Map(bank.problems.map((p) => [p.id, randomFor(seed, 'prism-designer', draw, p.id)()]));
  return [...bank.problems].sort(
    (a, b) => fit(b, ctx.concepts, ctx.level, ctx.levels) - fit(a, ctx.concepts, ctx.level, ctx.levels) || tiebreak.get(a.id)! - tiebreak.get(b.id)!,
  );
}

/** The problem the designer gives a node. */
export function chooseProblem(bank: Bank, ctx: DesignerContext, seed: number): BankProblem {
  const avoid = new Set(ctx.avoid ?? []);
  const ranked = rankProblems(bank, ctx, seed);
  const fresh = ranked.filter((p) => !avoid.has(p.title));
  const pool = fresh.length ? fresh : ranked;
  return pool[((ctx.variation ?? 1) - 1) % pool.length]!;
}

export class BankDesigner implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
    private readonly seed: number,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf<DesignerContext>(request.context, 'concepts');
    if (!ctx) return simulatedResponse(request.model, request.messages, 'Tell me the concepts and the difficulty level of the problem to design.');
    const bank = await loadBank();
    const problem = chooseProblem(bank, ctx, this.seed);
    const difficulty = /Difficulty level:\s*(.+)/.exec(request.messages.at(-1)?.content ?? '')?.[1]?.trim() ?? problem.difficulty;
    const text = challengeText(problem, ctx.concepts, difficulty);
    return simulatedResponse(
      request.model,
      request.messages,
      `Here is a problem on ${ctx.concepts.join(', ')}.\n\n<problem_description>\n${text}\n</problem_description>\n`,
    );
  }
}
