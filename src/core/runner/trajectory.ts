// One item's trajectory, turn by turn, as the trajectory viewer shows it: the pass rate and
// its change, the tests each turn fixed and broke, the targeted scenario and the tests shown
// to the feedback model, the staircase's step, and the turn's LLM usage.
import type { LlmCallRecord } from '../llm/caller.ts';
import { callTotals, type CallTotals } from '../llm/totals.ts';
import type { HintAttempt, ItemRecord, Turn } from '../model/runlog.ts';
import { NEVER_SHOWN } from '../protocols/pair/hints/generator.ts';
import { staircase, type StaircaseStep } from '../protocols/pair/staircase.ts';

/** Usage summed over some LLM calls. */

export interface TurnView {
  index: number;
  turn: Turn;
  /** p_t = |P_t| / |T|. */
  passRate: number;
  /** p_t − p_{t−1}; turn 0 against the buggy program. null when that is unknown. */
  change: number | null;
  /** Failing before the turn, passing after it (suite order); null when "before" is unknown. */
  fixed: string[] | null;
  /** Passing before the turn, failing after it (suite order); null when "before" is unknown. */
  broken: string[] | null;
  /** G_t: the targeted scenario's tests (none on turn 0 and in baselines). */
  scenario: string[];
  /** S_t: the tests shown to the feedback model. */
  shown: string[];
  /** Why the scenario and level, and what the policy decided (PAIR revision turns only). */
  step: StaircaseStep | null;
  totals: CallTotals;
  /** The same numbers for each call, in order. */
  perCall: CallTotals[];
}

const rate = (passed: readonly string[], total: number) => (total ? passed.length / total : 0);

/**
 * Every turn of an item, turn 0 first. `tests` is the instance's suite (in suite order); β is
 * the run's turns per scenario, which the staircase needs to tell deferrals apart.
 */
export function trajectoryView(item: ItemRecord, tests: readonly string[], beta: number): TurnView[] {
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
      step: steps.get(i) ?? null,
      totals: callTotals(turn.calls),
      perCall: turn.calls.map((c) => callTotals([c])),
    };
  });
}

/**
 * The program a filled template was given as `{{name}}`: the text between the template's
 * literal neighbours of the placeholder (the last match, so a statement quoting them does not
 * confuse it). null when the template has no such placeholder or the text does not fit it.
 */
export function placeholderValue(template: string, filled: string, name: string): string | null {
  const mark = `{{${name}}}`;
  const at = template.indexOf(mark);
  if (at < 0) return null;
  const before = template.slice(0, at).split(/\{\{\w+\}\}/).at(-1)!;
  const after = template.slice(at + mark.length).split(/\{\{\w+\}\}/)[0]!;
  const tail = template.slice(at + mark.length) === after; // nothing else is filled after it
  if (!before || (!after && !tail)) return null;
  const end = tail ? (filled.endsWith(after) ? filled.length - after.length : -1) : filled.lastIndexOf(after);
  if (end < 0) return null;
  const start = filled.lastIndexOf(before, end - before.length);
  return start < 0 ? null : filled.slice(start + before.length, end);
}

/** A hint attempt that quoted hidden test data or a reference line: never shown to learners. */
export const quotesHidden = (attempt: HintAttempt) => attempt.leaks.some((l) => NEVER_SHOWN.has(l.kind));

/** A feedback-model reply that holds such an attempt (the attempt is its cleaned text). */
export function replyQuotesHidden(call: LlmCallRecord, attempts: readonly HintAttempt[]): boolean {
  const content = call.content;
  return call.role === 'feedback' && content !== null && attempts.some((a) => quotesHidden(a) && a.text !== '' && content.includes(a.text));
}
