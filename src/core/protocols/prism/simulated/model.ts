// The simulated model under test: behind it, a hidden capability map (capability.ts). For a bank
// problem it writes the bank's tests, or a wrong copy of them, and answers with the reference or
// one of its mutants — real programs, run in the sandbox like any model's. Each decision is a
// draw against the node's chances, seeded by the run and the node's evaluation but not by the
// model, so two simulated models meet the same luck and differ only by their skill.
import { codeReply, simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { randomFor } from '../../../random.ts';
import { bankProblem, loadBank, paperLevel, type BankProblem } from '../bank.ts';
import { nodeChances, type CapabilityProfile } from './capability.ts';
import { contextOf, type ModelContext } from './contexts.ts';

/** What a simulated model writes for a problem it was not given by the bank designer: it cannot solve it. */
const STUB_SOLUTION = 'def solution(*args, **kwargs):\n    raise NotImplementedError("no solution")\n';
const STUB_TESTS =
  'import unittest\n\nfrom solution import solution\n\n\nclass TestSolution(unittest.TestCase):\n    def test_runs(self):\n        self.assertIsNotNone(solution())\n';

export class SimulatedModelUnderTest implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
    private readonly profile: CapabilityProfile,
    private readonly seed: number,
  ) {}

  private draw(ctx: ModelContext, what: string): () => number {
    return randomFor(this.seed, 'prism-model', ctx.draw, what, ctx.attempt);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf<ModelContext>(request.context, 'task');
    const reply = (text: string) => simulatedResponse(request.model, request.messages, text);
    if (!ctx) return reply('Please send me the problem.');
    const problem = bankProblem(await loadBank(), ctx.problem);
    const chances = nodeChances(this.profile, ctx.concepts, paperLevel(ctx.level, ctx.levels));
    if (ctx.task === 'tests') {
      const tests = !problem
        ? STUB_TESTS
        : this.draw(ctx, 'tests')() < chances.tests
          ? problem.tests
          : pickOf(problem.wrongTests, this.draw(ctx, 'wrong-tests')).code;
      return reply(codeReply(tests, 'fenced', 0));
    }
    if (!problem) return reply(codeReply(STUB_SOLUTION, 'fenced', 0));
    if (ctx.task === 'fix') {
      const fixed = this.draw(ctx, 'fix')() < chances.fixer;
      const solution = fixed ? problem.reference : (ctx.previous?.solution ?? mutantOf(problem, this.draw(ctx, 'mutant')));
      const tests = fixed ? problem.tests : (ctx.previous?.tests ?? problem.tests);
      return reply(
        `The failures come from ${fixed ? 'mistakes I have corrected' : 'the solution; I adjusted it'}.\n\nSolution:\n\`\`\`python\n${solution}\`\`\`\n\nTests:\n\`\`\`python\n${tests}\`\`\`\n`,
      );
    }
    // A correct solution stays: its failures come from the tests, which the solver cannot see.
    if (ctx.task === 'retry' && ctx.previous?.solution === problem.reference) return reply(codeReply(problem.reference, 'fenced', this.draw(ctx, 'style')()));
    const chance = ctx.task === 'solve' ? chances.solve : chances.retry;
    const code = this.draw(ctx, 'solve')() < chance ? problem.reference : mutantOf(problem, this.draw(ctx, 'mutant'));
    return reply(codeReply(code, 'fenced', this.draw(ctx, 'style')()));
  }
}

const pickOf = <T>(items: readonly T[], rng: () => number): T => items[Math.floor(rng() * items.length) % items.length]!;
const mutantOf = (problem: BankProblem, rng: () => number) => pickOf(problem.mutants, rng).code;
