// What the person in the feedback model's seat sees of their own session, read from the stored
// turns: for each hint they wrote, the level asked for and the level its words reach (as the
// leakage validator reads them), the tries the validator refused and why, and what the candidate
// did with it: the tests of the targeted scenario it fixed, and every test it fixed or broke.
import type { Instance } from '../../model/instance.ts';
import { LEVELS, type HintLevel } from '../shared/hint-levels.ts';
import { validateHint } from './hints/leakage.ts';
import type { HintAttempt, Turn } from './view.ts';

export interface HintEffect {
  /** The revision turn the hint was for (1 for the first). */
  turn: number;
  /** The level the staircase asked for. */
  level: HintLevel;
  levelName: string;
  /** The hint the candidate got; null when every try was refused and the turn was skipped. */
  hint: string | null;
  /** Set when no try passed the validator: the best-effort one was used, or none. */
  flagged: 'best-effort' | 'skipped' | null;
  /** Every try, in order, with the validator's reasons for the refused ones. */
  attempts: HintAttempt[];
  /** The shallowest level whose rules the hint keeps to (null: it oversteps even L6); null when there was no hint. */
  readsAs: HintLevel | null;
  /** Tests of the targeted scenario, and how many pass after the turn. */
  scenarioSize: number;
  scenarioPassing: number;
  /** Tests that pass after the turn and did not before, and the other way round. */
  fixed: string[];
  broken: string[];
  /** Pass rate after the turn (0–1). */
  passRate: number;
}

/** The effects of the hints of a session's turns (turn 0 has none). */
export function hintEffects(turns: readonly Turn[], instance: Instance): HintEffect[] {
  const out: HintEffect[] = [];
  for (let i = 1; i < turns.length; i++) {
    const [before, turn] = [turns[i - 1]!, turns[i]!];
    const feedback = turn.feedback;
    if (!feedback?.level || !feedback.scenario) continue;
    const level = feedback.level as HintLevel;
    const was = new Set(before.passed);
    const now = new Set(turn.passed);
    const hint = feedback.text || null;
    out.push({
      turn: i,
      level,
      levelName: LEVELS[level].name,
      hint,
      flagged: feedback.flagged ?? null,
      attempts: feedback.validation ?? [],
      readsAs: hint ? levelAsRead(hint, instance, before.code) : null,
      scenarioSize: feedback.scenario.testIds.length,
      scenarioPassing: feedback.scenario.testIds.filter((id) => now.has(id)).length,
      fixed: turn.passed.filter((id) => !was.has(id)),
      broken: before.passed.filter((id) => !now.has(id)),
      passRate: turn.total ? turn.passed.length / turn.total : 0,
    });
  }
  return out;
}

/**
 * The shallowest level whose rules a hint keeps to, as the leakage validator reads it (what it
 * reveals); null when it oversteps even L6 (code, hidden data or the reference).
 */
export function levelAsRead(hint: string, instance: Instance, code: string): HintLevel | null {
  for (const level of [1, 2, 3, 4, 5, 6] as const) if (validateHint(hint, level, instance, code).ok) return level;
  return null;
}
