// What an Interview run may cost before it starts, as an upper bound: every interview uses all
// its iterations and the report, every requirement is judged twice (and each reference once).
// Solutions are taken to be as long as the task's reference; docs/metrics.md gives the formulas.
import { estimateTokens } from '../../llm/pricing.ts';
import type { InterviewTask } from '../../model/task.ts';
import type { Estimate, EstimateInput, RoleEstimate } from '../contract.ts';
import { roleRow, totalOf } from '../estimate.ts';
import { guidedStart, interviewerStart, unguidedMessages } from './conversation.ts';
import { renderSolution } from './solution.ts';

/** Tokens of a hint, of a run's report to the interviewer, of a judge's evidence chunk and verdict, of the final report. */
export const HINT_TOKENS = 250;
export const EXECUTION_TOKENS = 400;
export const CHUNK_TOKENS = 700;
export const VERDICT_TOKENS = 80;
export const REPORT_TOKENS = 500;

const tok = (text: string) => estimateTokens(text);
const msgs = (list: { content: string }[]) => list.reduce((n, m) => n + tok(m.content), 0);

/** Per task, the sums of one interview's calls (T iterations). */
function perTask(task: InterviewTask, t: Record<string, string>, T: number, k: number) {
  const S = tok(renderSolution(task.reference ?? {})) + 200; // a solution: as long as the reference, and some
  const m = task.requirements.length;
  const start = msgs(guidedStart(t, task));
  const base = msgs(interviewerStart(t, task));
  const judgePrompt = tok(t.judge_system ?? '') + tok(t.judge_user ?? '') + k * CHUNK_TOKENS + 120;
  return {
    m,
    intervieweePrompt: msgs(unguidedMessages(t, task)) + (T + 1) * start + ((S + HINT_TOKENS) * T * (T + 1)) / 2,
    intervieweeCompletion: (T + 2) * S,
    interviewerPrompt:
      (T + 1) * base +
      ((S + EXECUTION_TOKENS) * (T + 1) * (T + 2)) / 2 +
      (HINT_TOKENS * T * (T + 1)) / 2 +
      base +
      (T + 1) * (S + EXECUTION_TOKENS + HINT_TOKENS) +
      tok(t.report ?? ''),
    interviewerCompletion: (T + 1) * HINT_TOKENS + REPORT_TOKENS,
    judgePrompt,
    embedTokens: m * 40 + S + EXECUTION_TOKENS,
  };
}

export function interviewEstimate(input: EstimateInput): Estimate {
  const tasks = input.tasks ?? [];
  const T = Number(input.params.iterations ?? 5);
  const k = Number(input.params.evidence ?? 1);
  const references = input.params.reference !== 'no';
  const per = tasks.map((task) => perTask(task, input.templates, T, k));
  const sum = (pick: (s: (typeof per)[number]) => number) => per.reduce((n, s) => n + pick(s), 0);
  const interviews = tasks.length * input.repeats;
  const rows: RoleEstimate[] = (input.models.interviewee ?? []).map((c) =>
    roleRow(
      'interviewee',
      c,
      interviews * (T + 2),
      sum((s) => s.intervieweePrompt) * input.repeats,
      sum((s) => s.intervieweeCompletion) * input.repeats,
      input.prices,
    ),
  );
  const testedCount = (input.models.interviewee ?? []).length;
  const interviewer = input.models.interviewer?.[0];
  if (interviewer)
    rows.push(
      roleRow(
        'interviewer',
        interviewer,
        interviews * testedCount * (T + 2),
        sum((s) => s.interviewerPrompt) * input.repeats * testedCount,
        sum((s) => s.interviewerCompletion) * input.repeats * testedCount,
        input.prices,
      ),
    );
  const judge = input.models.judge?.[0];
  const judgings = 2 * interviews * testedCount;
  if (judge) {
    const calls = sum((s) => s.m) * (2 * input.repeats * testedCount + (references ? 1 : 0));
    rows.push(
      roleRow(
        'judge',
        judge,
        calls,
        sum((s) => s.m * s.judgePrompt) * (2 * input.repeats * testedCount + (references ? 1 : 0)),
        calls * VERDICT_TOKENS,
        input.prices,
      ),
    );
    const embedder = input.models.embeddings?.[0];
    if (embedder)
      rows.push(
        roleRow(
          'embeddings',
          embedder,
          judgings + (references ? tasks.length : 0),
          sum((s) => s.embedTokens) * (2 * input.repeats * testedCount + (references ? 1 : 0)),
          0,
          input.prices,
        ),
      );
  }
  return {
    ...totalOf(rows),
    note: 'An upper bound: every interview uses all T iterations and the report, and solutions are as long as the reference and some; tokens are counted high (two bytes a token), and a conversation grows by one prompt and one reply per turn. Most runs stop earlier.',
    docs: 'interview-cost-estimate',
  };
}
