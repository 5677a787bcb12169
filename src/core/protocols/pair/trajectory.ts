// One item's trajectory, turn by turn, as the trajectory viewer shows it: the pass rate and
// its change, the tests each turn fixed and broke, the targeted scenario and the tests shown
// to the feedback model, the staircase's step, and the turn's LLM usage.
import type { LlmCallRecord } from '../../llm/caller.ts';
import { callTotals, type CallTotals } from '../../llm/totals.ts';
import { NEVER_SHOWN } from './hints/generator.ts';
import { staircase, type StaircaseStep } from './staircase.ts';
import type { HintAttempt } from './step-data.ts';
import type { TurnMark, TurnView } from '../turns.ts';
import type { PairItem } from './view.ts';

export type { TurnView } from '../turns.ts';

const rate = (passed: readonly string[], total: number) => (total ? passed.length / total : 0);

/**
 * Every turn of an item, turn 0 first. `tests` is the instance's suite (in suite order); β is
 * the run's turns per scenario, which the staircase needs to tell deferrals apart.
 */
export function trajectoryView(item: PairItem, tests: readonly string[], beta: number): TurnView[] {
  const steps = new Map(staircase(item.turns, tests, beta).map((s) => [s.turn, s]));
  return item.turns.map((turn, i) => {
    const beforeIds = i === 0 ? item.initialPassed : item.turns[i - 1]!.passed;
    const before = beforeIds ? new Set(beforeIds) : null;
    const now = new Set(turn.passed);
    const inSuite = (keep: (id: string) => boolean) => (before ? tests.filter(keep) : null);
    return {
      index: turn.index,
      turn,
      passRate: rate(turn.passed, turn.total),
      change: beforeIds ? rate(turn.passed, turn.total) - rate(beforeIds, turn.total) : null,
      fixed: inSuite((id) => !before!.has(id) && now.has(id)),
      broken: inSuite((id) => before!.has(id) && !now.has(id)),
      scenario: turn.feedback?.scenario?.testIds ?? [],
      shown: turn.feedback?.sampleIds ?? [],
      level: turn.feedback?.level ?? null,
      marks: marksOf(turn, i, steps.get(i) ?? null),
      totals: callTotals(turn.calls),
      perCall: turn.calls.map((c) => callTotals([c])),
      detail: steps.get(i) ?? null,
    };
  });
}

/** What the timeline marks on a turn: the staircase's moves, a flagged hint, no code. */
function marksOf(turn: PairItem['turns'][number], index: number, step: StaircaseStep | null): TurnMark[] {
  const out: TurnMark[] = [];
  if (index === 0) out.push({ symbol: '○', text: 'initial repair' });
  if (step && step.pick === 'new' && index > 1) out.push({ symbol: '◆', text: 'new scenario' });
  if (step?.pick === 'reopened') out.push({ symbol: '↺', text: 'reopened' });
  if (step?.verdict === 'completed') out.push({ symbol: '✓', text: 'closed' });
  if (step?.verdict === 'deferred') out.push({ symbol: '⇥', text: 'deferred' });
  if (turn.feedback?.flagged) out.push({ symbol: '⚑', text: turn.feedback.flagged });
  if (turn.outcome === 'no-code') out.push({ symbol: '∅', text: 'no code' });
  return out;
}

/** A hint attempt that quoted hidden test data or a reference line: never shown to learners. */
export const quotesHidden = (attempt: HintAttempt) => attempt.leaks.some((l) => NEVER_SHOWN.has(l.kind));

/** A feedback-model reply that holds such an attempt (the attempt is its cleaned text). */
export function replyQuotesHidden(call: LlmCallRecord, attempts: readonly HintAttempt[]): boolean {
  const content = call.content;
  return call.role === 'feedback' && content !== null && attempts.some((a) => quotesHidden(a) && a.text !== '' && content.includes(a.text));
}
