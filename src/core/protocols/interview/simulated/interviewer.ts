// The rule-based interviewer (simulated): hints written from the failing execution checks, one
// requirement at a time, prerequisites first (the first failing requirement in the graph's
// order), and more explicit when the same requirement fails again — the paper's escalation
// ladder: first the requirement and the symptom, then where the reference does it (its file and
// function) and what is expected, then a snippet of the reference. A requirement about the
// dataset gets the reference's loading code from the first hint (Fig. 15, rule 5). When every
// check passes and the project ran cleanly, it says "INTERVIEW IS OVER.". Its report lists each
// requirement that needed hints, the hints, and whether they worked.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import type { InterviewTask, Requirement } from '../../../model/task.ts';
import type { CheckResult } from '../checks.ts';
import { topologicalOrder } from '../dag.ts';
import { ranCleanly, type Execution } from '../execution.ts';
import { STOP_TOKEN } from '../prompts.ts';
import { placeOf } from '../reference-map.ts';
import type { ReportContext, ReviewContext } from './context.ts';

/** The requirement to hint about: the first failing one, prerequisites first; null when all pass. */
export function targetOf(task: InterviewTask, checks: readonly CheckResult[]): Requirement | null {
  const failing = new Set(checks.filter((c) => !c.passed).map((c) => c.requirement));
  const id = topologicalOrder(task.requirements).find((r) => failing.has(r));
  return id === undefined ? null : task.requirements.find((r) => r.id === id)!;
}

/** The hint's level: 1, then 2 and 3 as the same requirement keeps failing turn after turn (dataset requirements start at 3). */
export function levelOf(task: InterviewTask, target: Requirement, earlier: readonly (readonly CheckResult[])[]): 1 | 2 | 3 {
  let streak = 0;
  for (let i = earlier.length - 1; i >= 0 && targetOf(task, earlier[i]!)?.id === target.id; i--) streak++;
  const level = Math.min(3, streak + 1) as 1 | 2 | 3;
  return target.category === 'Dataset or Environment' ? 3 : level;
}

const dependents = (task: InterviewTask, id: number) => task.requirements.filter((r) => r.prerequisites.includes(id)).map((r) => `R${r.id}`);

/** A hint about one requirement at a level. */
export function hintText(task: InterviewTask, target: Requirement, level: 1 | 2 | 3, check: CheckResult | undefined): string {
  const parts = [`Requirement R${target.id} (${target.category}) is not met yet: ${target.criteria}`];
  parts.push(
    check?.observed === null
      ? 'Running your project does not produce what this requirement asks for.'
      : 'What your project produces for it is not what the requirement asks for.',
  );
  const place = task.reference ? placeOf(task.reference, target.id) : null;
  if (level >= 2 && place) parts.push(`In the reference solution this is done ${place.fn ? `by ${place.fn}() ` : ''}in ${place.file}.`);
  if (level >= 2 && target.check) parts.push(`Expected: ${target.check.explain}`);
  if (level >= 3 && place) parts.push(`The reference does it like this:\n\`\`\`python\n${place.snippet}\n\`\`\``);
  const after = dependents(task, target.id);
  if (after.length) parts.push(`This is a prerequisite before ${after.join(', ')}.`);
  parts.push(`Add an inline comment naming R${target.id} where you implement it.`);
  return parts.join(' ');
}

/** A hint about a run that did not go through, when every check passed. */
function runHint(e: Execution): string {
  const refused = e.refused[0];
  if (refused) return `Line ${refused.line} of execute_workspace.sh (${refused.text}) cannot run: ${refused.reason}. Keep the run script to python lines only.`;
  const failed = e.lines.find((l) => l.status !== 'ok');
  return failed
    ? `Running \`${failed.text}\` ended with ${failed.error ? `${failed.error.type}: ${failed.error.message}` : failed.status}. Make every line of the run script finish without errors.`
    : `${e.notRun ?? 'Nothing ran'}.`;
}

export function review(ctx: ReviewContext): string {
  const target = targetOf(ctx.task, ctx.checks);
  if (!target) return ranCleanly(ctx.execution) || (ctx.execution.notRun !== undefined && !ctx.checks.length) ? STOP_TOKEN : runHint(ctx.execution);
  return hintText(
    ctx.task,
    target,
    levelOf(ctx.task, target, ctx.earlier),
    ctx.checks.find((c) => c.requirement === target.id),
  );
}

/** Fig. 18's report, from the checks of each turn: every requirement that needed hints, the hints, their effect. */
export function report(ctx: ReportContext): string {
  const items: string[] = [];
  const hinted = new Map<number, number[]>();
  ctx.turns.forEach((checks, t) => {
    const target = targetOf(ctx.task, checks);
    if (target && t < ctx.turns.length - 1) hinted.set(target.id, [...(hinted.get(target.id) ?? []), t]);
  });
  const last = ctx.turns.at(-1) ?? [];
  for (const [id, turns] of [...hinted].sort((a, b) => a[1][0]! - b[1][0]!)) {
    const r = ctx.task.requirements.find((x) => x.id === id)!;
    const now = last.find((c) => c.requirement === id)?.passed ?? false;
    items.push(
      `${items.length + 1}. **R${id}, ${r.category}**: the solution first missed "${r.criteria}" at turn ${turns[0]}. ${turns.length} hint${turns.length > 1 ? 's' : ''} (turn${turns.length > 1 ? 's' : ''} ${turns.join(', ')}) pointed at it${turns.length > 1 ? ', each more explicit than the last' : ''}; ${now ? 'it is met in the final solution.' : 'it is still not met in the final solution.'}`,
    );
  }
  const open = last.filter((c) => !c.passed).map((c) => `R${c.requirement}`);
  if (!items.length)
    items.push(
      open.length
        ? `1. **Unaddressed requirements**: ${open.join(', ')} failed, and no hint was given about them.`
        : '1. **No hints were needed**: the first guided solution met every checked requirement.',
    );
  const overall = open.length
    ? `Overall, the hints resolved ${hinted.size - open.filter((x) => hinted.has(Number(x.slice(1)))).length} of the ${hinted.size} requirements they addressed; ${open.join(', ')} remain unmet.`
    : 'Overall, the hints led to a solution that meets every checked requirement.';
  return `${items.join('\n')}\n\n${overall} (simulated: written by rules from the execution checks)`;
}

export class RuleBasedInterviewer implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = request.context as ReviewContext | ReportContext | undefined;
    if (ctx?.kind === 'review') return simulatedResponse(request.model, request.messages, review(ctx));
    if (ctx?.kind === 'report') return simulatedResponse(request.model, request.messages, report(ctx));
    throw new Error(`${this.label} needs the execution checks (it runs only in the Interview protocol)`);
  }
}
