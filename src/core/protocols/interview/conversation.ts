// The two conversations, as the paper's Appendix A orders them. The interviewee's (guided):
// system Fig. 13 → user Fig. 12 → user Fig. 17 → its solution → a hint → its revised solution …
// The interviewer's: system Fig. 14 → assistant Fig. 15 (the problem and the reference) →
// assistant Fig. 16 → the interviewee's solution and its run → a hint (or "INTERVIEW IS OVER.")
// → … → user Fig. 18 → the report. The unguided attempt: system Fig. 11 → user Fig. 12 → the
// problem. Each later message extends the conversation exactly as it was last sent, read back
// from the stored calls. Only the interviewer's conversation holds the reference.
import type { ChatMessage } from '../../llm/types.ts';
import type { CallRecord } from '../../model/runlog.ts';
import type { InterviewTask } from '../../model/task.ts';
import { fill } from '../contract.ts';
import { visibleText } from '../shared/leakage.ts';
import { executionReport, type Execution } from './execution.ts';
import { renderSolution } from './solution.ts';
import { STOP_TOKEN } from './prompts.ts';

/** The problem as the interviewer sees it: the query, then the requirements with their prerequisites (the evaluation graph). */
export function problemText(task: InterviewTask): string {
  const reqs = task.requirements.map(
    (r) =>
      `R${r.id} [${r.category || 'uncategorized'}; after ${r.prerequisites.length ? r.prerequisites.map((p) => `R${p}`).join(', ') : 'none'}]: ${r.criteria}`,
  );
  return `${task.query}\n\nRequirements:\n${reqs.join('\n')}`;
}

/** The reference as the interviewer sees it: its files in the reply format. */
export const referenceText = (task: InterviewTask) => (task.reference ? renderSolution(task.reference).trimEnd() : '(this task has no reference solution)');

export function unguidedMessages(t: Record<string, string>, task: InterviewTask): ChatMessage[] {
  return [
    { role: 'system', content: t.interviewee_system_unguided ?? '' },
    { role: 'user', content: t.interviewee_instruction ?? '' },
    { role: 'user', content: fill(t.interviewee_problem_unguided ?? '', { query: task.query }) },
  ];
}

export function guidedStart(t: Record<string, string>, task: InterviewTask): ChatMessage[] {
  return [
    { role: 'system', content: t.interviewee_system ?? '' },
    { role: 'user', content: t.interviewee_instruction ?? '' },
    { role: 'user', content: fill(t.interviewee_problem ?? '', { query: task.query }) },
  ];
}

export function interviewerStart(t: Record<string, string>, task: InterviewTask): ChatMessage[] {
  const problem = problemText(task);
  return [
    { role: 'system', content: t.interviewer_system ?? '' },
    { role: 'assistant', content: fill(t.interviewer_guideline ?? '', { problem, reference_solution: referenceText(task) }) },
    { role: 'assistant', content: fill(t.interviewer_acknowledgment ?? '', { problem }) },
  ];
}

/** The interviewer's view of one solution: the reply as written, and what running it did. */
export const solutionMessage = (t: Record<string, string>, reply: string, execution: Execution): ChatMessage => ({
  role: 'user',
  content: fill(t.interviewer_solution ?? '', { solution: reply, execution: executionReport(execution) }),
});

/** A conversation continued: the messages of its last call, that call's reply, then the next message. */
export function continued(last: CallRecord, next: ChatMessage): ChatMessage[] {
  return [...last.messages.map((m) => ({ role: m.role, content: m.content })), { role: 'assistant', content: last.content ?? '' }, next];
}

/** The last successful call of a role in a step. */
export const callOf = (calls: readonly CallRecord[], role: string) => [...calls].reverse().find((c) => c.role === role && c.content !== null);

/** Whether a reply ends with the stop token as the paper writes it: its last non-empty line is exactly "INTERVIEW IS OVER.". */
const endsWithStopToken = (reply: string) => reply.trimEnd().split('\n').at(-1)!.trim() === STOP_TOKEN;

// The paper's Fig. 21: a reply that says the solution meets all requirements, without the token.
// It counts only as a sentence opening with the solution and saying it meets all, in a reply that
// names nothing unmet: no exception, condition, negation, failure or step left, no requirement by
// id, no instruction.
const MEETS_ALL =
  /^(?:now,?\s+)?(?:this|the (?:solution|code|project|implementation)|your (?:solution|code|project|implementation))\s+(?:now\s+)?(?:meets|satisfies|fulfils|fulfills)\s+all\b/i;
const NAMES_UNMET = new RegExp(
  [
    String.raw`\b(?:except|exception|but|however|although|though|yet|still|besides|excluding|barring|minus|unless|if|once|until|when|after|before)\b`,
    String.raw`\b(?:apart|aside) from\b|\bother than\b|\bsave for\b`,
    String.raw`\b(?:not|no|none|nor|never|cannot|nothing)\b|n['’]t\b`,
    String.raw`\bwithout\b(?! (?:any )?(?:errors?|exceptions|issues|problems|warnings)\b)`,
    String.raw`\b(?:miss(?:es|ed|ing)?|lack(?:s|ed|ing)?|absent|unmet|unsatisfied|incomplete|partial(?:ly)?|almost|nearly|mostly|fail(?:s|ed|ing|ures?)?|broken|wrong|incorrect|remain(?:s|ing)?|pending|left|todo|should|must|needs?|needed|please)\b`,
    String.raw`\bR\d+\b|\brequirements?\s*#?\s*\d+`,
  ].join('|'),
  'i',
);
const INSTRUCTION =
  /^(?:add|fix|make|ensure|include|implement|save|write|use|change|update|remove|move|create|consider|check|try|rename|refactor|replace|handle|store|compute|print|plot|log|load|split|train|call|define|set|return|modify|adjust|correct|provide|insert|delete|verify|run|sort|read|output|keep|avoid|put|convert|apply|label|comment|document|revise|rework|test)\b/i;

/** How a review ends the interview: the stop token as its last line, a statement that all requirements are met with nothing unmet named, or not at all (a hint). */
export function reviewKind(reply: string): 'over' | 'equivalent' | 'hint' {
  if (endsWithStopToken(reply)) return 'over';
  const text = visibleText(reply);
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[^\p{L}\p{N}]+/u, '').trim())
    .filter(Boolean);
  if (sentences.some((s) => MEETS_ALL.test(s)) && !NAMES_UNMET.test(text) && !sentences.some((s) => INSTRUCTION.test(s))) return 'equivalent';
  return 'hint';
}
