// The simulated candidate: a stand-in for a model with a known skill. Each turn it may apply
// one of the reference's fix hunks (choosing, by testing them in the sandbox, the one that
// fixes most of the tests the feedback is about), with a chance that rises with its skill and
// the hint level, and then, with a chance of skill/2, a second one; it may also regress, by
// one realistic mutation. A model that acts on only part of the feedback (`listens`) leaves its
// program as it was on the other revision turns. Deterministic per seed.
import type { Executor } from '../../../exec/engine.ts';
import { evaluateProgram } from '../../../exec/engine.ts';
import { randomFor } from '../../../random.ts';
import { applyHunk, hunks, mergeHunks, type Hunk } from '../../../text/diff.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { contextOf, type CandidateContext } from '../../../llm/simulated/context.ts';
import { hangs, realisticMistake, spread } from '../../shared/simulated/mistakes.ts';
import { codeReply, simulatedResponse } from '../../../llm/simulated/reply.ts';

export interface SkillProfile {
  /** 0 (never fixes anything) to 1. */
  skill: number;
  /** Chance per turn of introducing a new bug. */
  regressRate: number;
  /** The share of revision turns (those after the initial repair) whose feedback it acts on; 1 when absent. Otherwise it sends its program back as it was (a new bug aside). */
  listens?: number;
}

export const SKILL_PROFILES: Record<'low' | 'medium' | 'high' | 'expert', SkillProfile> = {
  low: { skill: 0.25, regressRate: 0.12 },
  medium: { skill: 0.55, regressRate: 0.06 },
  high: { skill: 0.85, regressRate: 0.02 },
  expert: { skill: 1, regressRate: 0.01 },
};

/** Chance of applying a fix this turn: grows with skill and with the hint level (0 = no hint). */
export function fixChance(skill: number, level: number): number {
  return Math.min(0.97, skill * (0.6 + 0.08 * level));
}

/** At most this many hunks are tried per turn (and, as one edit, each pair of them this close). */
const MAX_TRIED_HUNKS = 6;
const NEAR_LINES = 2;
/** Tests an edit is judged on when the feedback names none (turn 0, the no-hint baseline). */
const UNTARGETED_SAMPLE = 24;

export class SimulatedCandidate implements ChatModel {
  readonly simulated = true;

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly profile: SkillProfile,
    private readonly deps: { executor: Executor; mutator: string; seed: number },
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf(request);
    if (!ctx) return simulatedResponse(request.model, request.messages, 'Please send me the program you want me to revise.');
    const rng = randomFor(this.deps.seed, this.id, ctx.instance.id, ctx.repeat ?? 0, ctx.turn, ctx.code);
    let code = ctx.code;
    if (this.acts(ctx) && rng() < fixChance(this.profile.skill, ctx.level ?? 0)) {
      code = await this.fix(ctx, code);
      // A skilled model often fixes more than one thing per answer.
      if (rng() < this.profile.skill / 2) code = await this.fix(ctx, code);
    }
    if (rng() < this.profile.regressRate) code = await realisticMistake(this.deps, ctx.instance, code, rng(), ctx.targetTests);
    const style = rng() < 0.04 * (1 - this.profile.skill) ? 'unfenced' : rng() < 0.15 ? 'bare-fence' : 'fenced';
    if (rng() < 0.02 * (1 - this.profile.skill)) {
      return simulatedResponse(
        request.model,
        request.messages,
        'I reviewed the program and I believe it is already correct; the failures may come from the test data.',
      );
    }
    return simulatedResponse(request.model, request.messages, codeReply(code, style, rng()));
  }

  /** Whether it acts on this turn's feedback: always on the initial repair; else with chance `listens` (its own stream, so models without the trait draw as before). */
  private acts(ctx: CandidateContext): boolean {
    const listens = this.profile.listens;
    if (listens === undefined || listens >= 1 || ctx.turn === 0) return true;
    return randomFor(this.deps.seed, this.id, ctx.instance.id, ctx.repeat ?? 0, ctx.turn, ctx.code, 'listens')() < listens;
  }

  /**
   * Apply the reference hunk that passes most of the target tests (leaving out hunks that make
   * the program hang). Neighbouring hunks are also tried as one edit: a fix can need two nearby
   * lines changed together (a key stored and a key looked up), each of which alone breaks more.
   */
  private async fix(ctx: CandidateContext, code: string): Promise<string> {
    const singles = hunks(code, ctx.instance.reference).slice(0, MAX_TRIED_HUNKS);
    const pairs: Hunk[] = [];
    for (let i = 0; i + 1 < singles.length; i++) {
      const [a, b] = [singles[i]!, singles[i + 1]!];
      if (b.start - (a.start + a.removed) <= NEAR_LINES) pairs.push(mergeHunks(code, a, b));
    }
    const options = [...singles, ...pairs];
    if (options.length === 0) return code;
    // Without feedback about particular tests, it judges an edit on a sample of the suite.
    const testIds = ctx.targetTests ?? spread(ctx.instance.tests, UNTARGETED_SAMPLE);
    let best = code;
    let bestPassed = -1;
    for (const hunk of options) {
      const candidate = applyHunk(code, hunk);
      if (await hangs(this.deps.executor, ctx.instance, candidate, ctx.targetTests)) continue;
      const ev = await evaluateProgram(this.deps.executor, ctx.instance, candidate, { defaultTimeLimitMs: 2000, testIds });
      if (ev.passed > bestPassed) {
        best = candidate;
        bestPassed = ev.passed;
      }
    }
    return best;
  }
}

/** Upper bound: always answers with the reference solution. */
export class OracleCandidate implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id = 'oracle',
    readonly label = 'Oracle (simulated: returns the reference)',
  ) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf(request);
    return simulatedResponse(request.model, request.messages, ctx ? codeReply(ctx.instance.reference, 'fenced', 0) : 'No program given.');
  }
}

/** Lower bound: always answers with the program it was given. */
export class NoOpCandidate implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id = 'no-op',
    readonly label = 'No-op (simulated: returns its input)',
  ) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf(request);
    return simulatedResponse(request.model, request.messages, ctx ? codeReply(ctx.code, 'fenced', 0) : 'No program given.');
  }
}
