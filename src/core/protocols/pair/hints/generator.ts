// The hint generator: asks the feedback model for a hint at a level, checks it with the leakage
// validator, and regenerates a rejected hint up to R times, telling the model why. Every
// attempt is logged. When all are rejected, the setting decides: use the best-effort hint
// (fewest leaks, and none quoting hidden tests or the reference) and flag it, or skip the hint
// and flag the turn.
import type { FeedbackContext } from '../../shared/simulated/feedback.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { askUntilAccepted } from '../../shared/regenerate.ts';
import type { Instance } from '../../../model/instance.ts';
import type { TestOutcome } from '../../../model/outcome.ts';
import type { HintAttempt } from '../step-data.ts';
import { fill } from '../../contract.ts';
import { judgeMessages, parseVerdict } from './judge.ts';
import { protectedLeaks, validateHint } from './leakage.ts';
import type { HintLevel } from '../../shared/hint-levels.ts';
import { evidenceFor } from './templates.ts';

export type OnRejected = 'best-effort' | 'skip';

/** Leaks that keep a hint from the candidate even as a best effort. */
export const NEVER_SHOWN = new Set(['hidden-data', 'reference']);

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

const EMPTY: HintAttempt['leaks'] = [{ kind: 'empty', detail: 'the reply held no hint' }];

/** The rule-based check, then (when the run has a judge and the rules passed) the judge's. */
async function check(text: string, req: HintRequest, judge: AskJudge | null): Promise<HintAttempt> {
  if (!text) return { text, accepted: false, leaks: EMPTY };
  const verdict = validateHint(text, req.level, req.instance, req.code);
  if (!verdict.ok || !judge) return { text, accepted: verdict.ok, leaks: verdict.leaks };
  const said = parseVerdict(await judge(judgeMessages(req.templates, text, req.level)));
  if (said.verdict === 'fail')
    return { text, accepted: false, leaks: [{ kind: 'judge', detail: said.reason }], judge: { verdict: 'fail', reason: said.reason } };
  // An unreadable answer does not overrule the rule-based check; it is kept in the log.
  return { text, accepted: true, leaks: [], judge: said.verdict === 'pass' ? { verdict: 'pass' } : { verdict: 'unclear', reason: said.reply } };
}

/**
 * Ask, check, and on a rejection ask again with the reasons (template `hint.retry`), up to R
 * times. Returns every attempt; the last one is the accepted one, if any was.
 */
function attempt(
  prompt: string,
  context: FeedbackContext,
  req: Pick<HintRequest, 'templates' | 'regenerations'>,
  ask: AskFeedback,
  checkHint: (text: string) => Promise<HintAttempt>,
): Promise<HintAttempt[]> {
  return askUntilAccepted({
    conversation: [
      { role: 'system', content: req.templates['feedback.system'] ?? '' },
      { role: 'user', content: prompt },
    ],
    regenerations: req.regenerations,
    ask: (messages) => ask(messages, context),
    check: (reply) => checkHint(cleanHint(reply)),
    retry: (result) => fill(req.templates['hint.retry'] ?? '', { reasons: result.leaks.map((l) => `${l.kind} (${l.detail})`).join('; ') }),
  });
}

export async function generateHint(req: HintRequest, ask: AskFeedback, judge: AskJudge | null = null): Promise<HintResult> {
  const prompt = fill(req.templates[`hint.L${req.level}`] ?? '', { evidence: evidenceFor(req.level, req.instance, req.code, req.samples) });
  const context: FeedbackContext = { instance: req.instance, code: req.code, level: req.level, samples: req.samples, passingIds: req.passingIds };
  const attempts = await attempt(prompt, context, req, ask, (text) => check(text, req, judge));
  const last = attempts.at(-1)!;
  if (last.accepted) return { text: last.text, attempts };
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
  const prompt = fill(req.templates['hint.free'] ?? '', { evidence: evidenceFor(null, req.instance, req.code, req.samples) });
  // The simulated feedback model writes at a depth it picks freely (seeded by the caller).
  const context: FeedbackContext = { instance: req.instance, code: req.code, level: freeLevel, samples: req.samples, passingIds: req.passingIds };
  const attempts = await attempt(prompt, context, req, ask, async (text) => {
    const leaks = text ? protectedLeaks(text, req.instance, req.code) : EMPTY;
    return { text, accepted: leaks.length === 0, leaks };
  });
  const last = attempts.at(-1)!;
  return last.accepted ? { text: last.text, attempts } : { text: null, attempts, flagged: 'skipped' };
}
