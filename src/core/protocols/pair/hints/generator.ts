// The hint generator: asks the feedback model for a hint at a level, checks it with the leakage
// validator, and regenerates a rejected hint up to R times, telling the model why. Every
// attempt is logged. When all are rejected, the setting decides: use the best-effort hint
// (fewest leaks, and none quoting hidden tests or the reference) and flag it, or skip the hint
// and flag the turn.
import type { FeedbackContext } from '../../../llm/simulated/feedback.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import type { Instance } from '../../../model/instance.ts';
import type { TestOutcome } from '../../../model/outcome.ts';
import type { HintAttempt } from '../../../model/runlog.ts';
import { fill } from '../../../runner/protocol.ts';
import { judgeMessages, parseVerdict } from './judge.ts';
import { protectedLeaks, validateHint } from './leakage.ts';
import type { HintLevel } from './levels.ts';
import { evidenceFor } from './templates.ts';

export type OnRejected = 'best-effort' | 'skip';

/** Leaks that keep a hint from the candidate even as a best effort. */
const NEVER_SHOWN = new Set(['hidden-data', 'reference']);

export interface HintRequest {
  instance: Instance;
  code: string;
  level: HintLevel;
  samples: TestOutcome[];
  passingIds: string[];
  templates: Record<string, string>;
  /** Regenerations after the first attempt (R). */
  regenerations: number;
  onRejected: OnRejected;
}

/** Sends a feedback conversation to the feedback model; the context is for the simulated one. */
export type AskFeedback = (messages: ChatMessage[], context: FeedbackContext) => Promise<string>;

/** Sends a conversation to the judge model (optional; see judge.ts). */
export type AskJudge = (messages: ChatMessage[]) => Promise<string>;

export interface HintResult {
  /** The hint the candidate gets; null when skipped. */
  text: string | null;
  attempts: HintAttempt[];
  flagged?: 'best-effort' | 'skipped';
}

/** Strip the wrapping a chat model may add around a hint (quotes, a "Hint:" label). */
export function cleanHint(reply: string): string {
  return reply
    .trim()
    .replace(/^(level[- ]?\d\s*)?hint\s*:\s*/i, '')
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
}

/** The rule-based check, then (when the run has a judge and the rules passed) the judge's. */
async function check(text: string, req: HintRequest, judge: AskJudge | null): Promise<HintAttempt> {
  if (!text) return { text, accepted: false, leaks: [{ kind: 'empty', detail: 'the reply held no hint' }] };
  const verdict = validateHint(text, req.level, req.instance, req.code);
  if (!verdict.ok || !judge) return { text, accepted: verdict.ok, leaks: verdict.leaks };
  const said = parseVerdict(await judge(judgeMessages(req.templates, text, req.level)));
  if (said.verdict === 'fail') return { text, accepted: false, leaks: [{ kind: 'judge', detail: said.reason }], judge: { verdict: 'fail', reason: said.reason } };
  // An unreadable answer does not overrule the rule-based check; it is kept in the log.
  return { text, accepted: true, leaks: [], judge: said.verdict === 'pass' ? { verdict: 'pass' } : { verdict: 'unclear', reason: said.reply } };
}

export async function generateHint(req: HintRequest, ask: AskFeedback, judge: AskJudge | null = null): Promise<HintResult> {
  const messages: ChatMessage[] = [
    { role: 'system', content: req.templates['feedback.system'] ?? '' },
    { role: 'user', content: fill(req.templates[`hint.L${req.level}`] ?? '', { evidence: evidenceFor(req.level, req.instance, req.code, req.samples) }) },
  ];
  const context: FeedbackContext = { instance: req.instance, code: req.code, level: req.level, samples: req.samples, passingIds: req.passingIds };
  const attempts: HintAttempt[] = [];
  for (let i = 0; i <= req.regenerations; i++) {
    const reply = await ask(messages, context);
    const attempt = await check(cleanHint(reply), req, judge);
    attempts.push(attempt);
    if (attempt.accepted) return { text: attempt.text, attempts };
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: fill(req.templates['hint.retry'] ?? '', { reasons: attempt.leaks.map((l) => `${l.kind} (${l.detail})`).join('; ') }) });
  }
  if (req.onRejected === 'skip') return { text: null, attempts, flagged: 'skipped' };
  // A best-effort hint may overstep its level, but never carries hidden data or the reference.
  const usable = attempts.filter((a) => a.text && !a.leaks.some((l) => NEVER_SHOWN.has(l.kind)));
  const best = usable.reduce<HintAttempt | null>((b, a) => (!b || a.leaks.length < b.leaks.length ? a : b), null);
  return best ? { text: best.text, attempts, flagged: 'best-effort' } : { text: null, attempts, flagged: 'skipped' };
}

/**
 * A free (vanilla) hint: no level and no depth control, evidence from failing tests of any kind.
 * Only what no candidate may ever see is checked (hidden test data, reference lines): such a
 * hint is regenerated up to R times, then skipped.
 */
export async function generateFreeHint(req: Omit<HintRequest, 'level' | 'onRejected'>, freeLevel: HintLevel, ask: AskFeedback): Promise<HintResult> {
  const messages: ChatMessage[] = [
    { role: 'system', content: req.templates['feedback.system'] ?? '' },
    { role: 'user', content: fill(req.templates['hint.free'] ?? '', { evidence: evidenceFor(null, req.instance, req.code, req.samples) }) },
  ];
  // The simulated feedback model writes at a depth it picks freely (seeded by the caller).
  const context: FeedbackContext = { instance: req.instance, code: req.code, level: freeLevel, samples: req.samples, passingIds: req.passingIds };
  const attempts: HintAttempt[] = [];
  for (let i = 0; i <= req.regenerations; i++) {
    const reply = await ask(messages, context);
    const text = cleanHint(reply);
    const leaks = text ? protectedLeaks(text, req.instance, req.code) : [{ kind: 'empty', detail: 'the reply held no hint' }];
    attempts.push({ text, accepted: leaks.length === 0, leaks });
    if (leaks.length === 0) return { text, attempts };
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: fill(req.templates['hint.retry'] ?? '', { reasons: leaks.map((l) => `${l.kind} (${l.detail})`).join('; ') }) });
  }
  return { text: null, attempts, flagged: 'skipped' };
}
