// Talk's items as the trajectory viewer reads them: each attempt a turn, with the feedback it
// answered as the turn's feedback, the feedback type where PAIR shows a level, and marks for a
// solved program, a claim that went against the tests, flagged feedback and a reply without code.
import type { LlmCallRecord } from '../../llm/caller.ts';
import { callTotals } from '../../llm/totals.ts';
import type { RunLog } from '../../model/runlog.ts';
import type { TurnItem, TurnMark, TurnRecord, TurnView } from '../turns.ts';
import { directionallyCorrect } from './claim.ts';
import { PROTECTED } from './constraints.ts';
import { FEEDBACK_TYPES } from './feedback-types.ts';
import type { Feedback } from './step-data.ts';
import { talkItems, type Attempt } from './view.ts';

/** What a Talk turn carries for its panels (TurnView.detail). */
export interface TalkTurnDetail {
  attempt: Attempt;
  /** Whether the feedback's claim matched the tests of the program before (null: no claim, or unclear). */
  directional: boolean | null;
}

export const TALK_LEGEND =
  'Each turn is one attempt of the code model: its pass rate (TCA) and the feedback it answered — P paragraph, S sentence, C code feedback, Q query rephrasing, SC its own critique. ✓ every test passes, ✗ the feedback’s claim went against the tests, ⚑ flagged feedback, ∅ no code in the reply. Arrow keys move between turns.';

const turnOf = (a: Attempt): TurnRecord => ({
  index: a.index,
  prompt: a.prompt,
  reply: a.reply,
  outcome: a.outcome,
  code: a.code,
  passed: a.passed,
  total: a.total,
  calls: a.calls,
  startedAt: a.startedAt,
  durationMs: a.durationMs,
  ...(a.feedback ? { feedback: a.feedback } : {}),
});

const turnItems = new WeakMap<RunLog, { items: TurnItem[] }>();

export function talkTurns(log: RunLog): { items: readonly TurnItem[] } {
  let out = turnItems.get(log);
  if (!out) {
    out = {
      items: talkItems(log).map(({ attempts, ...basics }) => ({
        ...basics,
        buggy: null,
        fromScratch: true,
        turns: attempts.map(turnOf),
      })),
    };
    turnItems.set(log, out);
  }
  return out;
}

const tagOf = (f: Feedback | undefined) =>
  !f
    ? undefined
    : f.type === 'self-critique'
      ? { text: 'SC', title: 'its own critique' }
      : f.type
        ? { text: FEEDBACK_TYPES[f.type].short, title: FEEDBACK_TYPES[f.type].label }
        : { text: '?', title: 'no type (mixed feedback, every reply skipped)' };

export function talkTurnViews(log: RunLog, item: TurnItem): TurnView[] {
  const attempts = talkItems(log).find((i) => i.key === item.key)?.attempts ?? [];
  const tests = log.manifest.dataset.instances.find((i) => i.id === item.instanceId)?.testIds ?? [];
  return attempts.map((a, i) => {
    const prev = attempts[i - 1];
    const before = prev ? new Set(prev.passed) : null;
    const now = new Set(a.passed);
    const claim = a.feedback?.claim?.verdict;
    const directional = claim && prev ? directionallyCorrect(claim, prev.total > 0 && prev.passed.length === prev.total) : null;
    const marks: TurnMark[] = [];
    if (a.total > 0 && a.passed.length === a.total) marks.push({ symbol: '✓', text: 'solved' });
    if (directional === false) marks.push({ symbol: '✗', text: 'claim wrong' });
    if (a.feedback?.flagged) marks.push({ symbol: '⚑', text: a.feedback.flagged });
    if (a.outcome === 'no-code') marks.push({ symbol: '∅', text: 'no code' });
    const tag = tagOf(a.feedback);
    return {
      index: a.index,
      turn: turnOf(a),
      passRate: a.tca,
      change: prev ? a.tca - prev.tca : null,
      fixed: before ? tests.filter((id) => !before.has(id) && now.has(id)) : null,
      broken: before ? tests.filter((id) => before.has(id) && !now.has(id)) : null,
      scenario: [],
      shown: [],
      level: null,
      ...(tag ? { tag } : {}),
      marks,
      totals: callTotals(a.calls),
      perCall: a.calls.map((c) => callTotals([c])),
      detail: { attempt: a, directional } satisfies TalkTurnDetail,
    };
  });
}

/** A user's reply that quoted hidden test data or the reference: never shown to learners. */
export function userReplyQuotesHidden(call: LlmCallRecord, view: TurnView): boolean {
  const attempts = (view.detail as TalkTurnDetail | null)?.attempt.feedback?.attempts ?? [];
  const content = call.content;
  return (
    call.role === 'user' && content !== null && attempts.some((a) => a.problems.some((p) => PROTECTED.has(p.kind)) && a.text !== '' && content.includes(a.text))
  );
}
