// One step of an Interview item, decided from its stored steps: the unguided attempt, its
// judging, each guided turn (the interviewee's solution, its run, the interviewer's review), the
// report, the judging of the final solution; then the item stops, saying why. A task's reference
// item runs the reference and judges it.
import type { ChatMessage } from '../../llm/types.ts';
import type { InterviewTask } from '../../model/task.ts';
import type { StepContext, StepEnv, StepResult } from '../contract.ts';
import { callOf, continued, guidedStart, interviewerStart, reviewKind, solutionMessage, unguidedMessages } from './conversation.ts';
import { runProject, type ProjectRun } from './execution.ts';
import { guidedDone, isReferenceKey, readSteps, type ItemSteps } from './item.ts';
import {
  chunksOf,
  judgeMessages,
  judgingOrder,
  parseVerdict,
  rankByEmbeddings,
  rankLexically,
  requirementQuery,
  type Retrieval,
  type Verdict,
} from './judge.ts';
import { INTERVIEW_DEFAULTS, type InterviewParams } from './params.ts';
import { capQuotes } from './quotes.ts';
import type { InterviewContext } from './simulated/context.ts';
import { parseSolution } from './solution.ts';
import type { InterviewStep, ProjectRunRecord } from './step-data.ts';

export const STOP_REASONS = {
  over: 'the interviewer ended the interview',
  equivalent: 'the interviewer said all requirements are met',
  iterations: 'out of iterations',
  reference: 'reference checked',
};

const data = (d: InterviewStep): StepResult => ({ data: d });

const ask = (env: StepEnv, role: string, messages: ChatMessage[], context: InterviewContext) => env.call(role, messages, { context });

/** Read a reply into a project and run it. */
async function attempt(
  env: StepEnv,
  task: InterviewTask,
  reply: string,
  p: InterviewParams,
): Promise<{ solution: ReturnType<typeof parseSolution>; run: ProjectRun }> {
  const solution = parseSolution(reply);
  env.report('executing', 0);
  return { solution, run: await runProject((f, s, limit) => env.workspace(f, s, limit), task, solution.files, p.timeLimitMs) };
}

/** Judge every requirement of a solution, prerequisites first. */
async function judging(
  env: StepEnv,
  ctx: StepContext<InterviewParams>,
  task: InterviewTask,
  of: 'unguided' | 'guided' | 'reference',
  files: Readonly<Record<string, string>>,
  run: ProjectRunRecord,
  p: InterviewParams,
): Promise<StepResult> {
  const chunks = chunksOf(files, run.execution);
  const order = judgingOrder(task);
  const retrieval: Retrieval = env.has('embeddings') && chunks.length ? 'embeddings' : 'bm25';
  const ranks = !chunks.length
    ? order.map(() => [])
    : retrieval === 'embeddings'
      ? rankByEmbeddings(order, await env.embed('embeddings', [...order.map(requirementQuery), ...chunks.map((c) => `${c.title}\n${c.text}`)]), p.evidence)
      : rankLexically(order, chunks, p.evidence);
  const judged = new Map<number, boolean | null>();
  const verdicts: Verdict[] = [];
  for (const [i, r] of order.entries()) {
    const evidence = ranks[i]!.map((k) => chunks[k]!);
    const reply = await ask(env, 'judge', judgeMessages(ctx.templates, task, r, evidence, judged), {
      kind: 'judge',
      requirement: r.id,
      check: run.checks.find((c) => c.requirement === r.id),
      key: `${ctx.manifest.settings.seed}|${ctx.item.key}|${of}`,
    });
    const satisfied = parseVerdict(reply);
    judged.set(r.id, satisfied);
    verdicts.push({ requirement: r.id, satisfied, justification: reply.trim().slice(0, 2000), evidence: evidence.map((c) => c.title) });
  }
  return data({ phase: 'judge', of, retrieval, verdicts: verdicts.sort((a, b) => a.requirement - b.requirement) });
}

/** The reply of a stored call, or an error naming what is missing (a step stored without its call cannot be continued). */
function replyOf(s: ItemSteps['turns'][number]['step'] | NonNullable<ItemSteps['unguided']>['step'], role: string) {
  const call = callOf(s.calls, role);
  if (!call) throw new Error(`step ${s.index} has no ${role} call to continue from`);
  return call;
}

async function guidedTurn(env: StepEnv, ctx: StepContext<InterviewParams>, task: InterviewTask, s: ItemSteps, p: InterviewParams): Promise<StepResult> {
  const t = s.turns.length;
  const last = s.turns.at(-1);
  env.report('generating', t);
  const intervieweeMessages = last
    ? continued(replyOf(last.step, 'interviewee'), { role: 'user', content: last.review.hint })
    : guidedStart(ctx.templates, task);
  const reply = await ask(env, 'interviewee', intervieweeMessages, { kind: 'interviewee', phase: 'guided', task, draft: draftKey(ctx), turn: t });
  const { solution, run } = await attempt(env, task, reply, p);
  env.report('planning', t);
  const shown = solutionMessage(ctx.templates, reply, run.execution);
  const interviewerMessages = last ? continued(replyOf(last.step, 'interviewer'), shown) : [...interviewerStart(ctx.templates, task), shown];
  const review = await ask(env, 'interviewer', interviewerMessages, {
    kind: 'review',
    task,
    checks: run.checks,
    execution: run.execution,
    earlier: s.turns.map((x) => x.run.checks),
  });
  const kind = reviewKind(review);
  const delivered = s.turns.filter((x) => x.review.delivered).map((x) => x.review.hint);
  const capped = kind === 'hint' ? capQuotes(review, task.reference ?? {}, p.quoteLines, delivered) : { text: review, cut: 0 };
  return data({
    phase: 'guided',
    turn: t,
    solution,
    run,
    review: { kind, reply: review, hint: capped.text, cut: capped.cut, delivered: kind === 'hint' && t < p.iterations },
  });
}

/** The key a simulated interviewee draws its first draft by: the same for the unguided attempt and the guided start. */
const draftKey = (ctx: StepContext<InterviewParams>) => `${ctx.manifest.settings.seed}|${ctx.task?.id}|${ctx.item.modelId}|${ctx.item.repeat}`;

export async function interviewStep(ctx: StepContext<InterviewParams>, env: StepEnv): Promise<StepResult> {
  const task = ctx.task;
  if (!task) throw new Error(`item ${ctx.item.key} has no task`);
  const p = { ...INTERVIEW_DEFAULTS, ...ctx.params };
  const s = readSteps(ctx.steps);
  const judge = env.has('judge');

  if (isReferenceKey(ctx.item.key)) {
    if (!s.reference) {
      env.report('executing', 0);
      const run = await runProject((f, st, limit) => env.workspace(f, st, limit), task, task.reference ?? {}, p.timeLimitMs);
      return data({ phase: 'reference', run });
    }
    if (judge && !s.judgeReference) return judging(env, ctx, task, 'reference', task.reference ?? {}, s.reference.run, p);
    return { stop: 'reference' };
  }

  if (!s.unguided) {
    env.report('generating', 0);
    const reply = await ask(env, 'interviewee', unguidedMessages(ctx.templates, task), {
      kind: 'interviewee',
      phase: 'unguided',
      task,
      draft: draftKey(ctx),
      turn: 0,
    });
    const { solution, run } = await attempt(env, task, reply, p);
    return data({ phase: 'unguided', solution, run });
  }
  if (judge && !s.judgeUnguided) {
    env.report('planning', 0);
    return judging(env, ctx, task, 'unguided', s.unguided.solution.files, s.unguided.run, p);
  }
  if (!guidedDone(s)) return guidedTurn(env, ctx, task, s, p);
  const last = s.turns.at(-1)!;
  if (!s.report) {
    env.report('generating', s.turns.length);
    const messages = continued(replyOf(last.step, 'interviewer'), { role: 'user', content: ctx.templates.report ?? '' });
    const text = await ask(env, 'interviewer', messages, { kind: 'report', task, turns: s.turns.map((x) => x.run.checks) });
    return data({ phase: 'report', text });
  }
  if (judge && !s.judgeGuided) {
    env.report('planning', s.turns.length);
    return judging(env, ctx, task, 'guided', last.solution.files, last.run, p);
  }
  return { stop: last.review.kind === 'hint' ? 'iterations' : last.review.kind };
}
