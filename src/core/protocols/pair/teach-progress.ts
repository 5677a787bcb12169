// What a learner may see of their own session, read from the stored turns: pass rates, the hint
// of each turn, the staircase (level, move, verdict, with the sentences that explain them) and
// counts of scenarios, and the learner's own latest program. Nothing else leaves here: no test ids, sampled tests, validation log,
// prompts or calls, so a view built on this cannot show hidden data.
import type { Turn } from './view.ts';
import { isHintLevel, LEVELS, type HintLevel } from '../shared/hint-levels.ts';
import { replayPolicy, type TurnVerdict } from './policy.ts';
import { explainLevel, explainVerdict, moveOf, staircase, type LevelMove } from './staircase.ts';

export interface LearnerStep {
  /** The turn's index (1 for the first revision). */
  turn: number;
  level: HintLevel;
  levelName: string;
  move: LevelMove;
  verdict: TurnVerdict;
  /** Tests in the targeted scenario. */
  scenarioSize: number;
  /** Turns spent on this scenario so far, this one included. */
  turnOnScenario: number;
  /** The hint the learner was given on this turn; null when the turn carried none. */
  hint: string | null;
  /** Pass rate after the turn (0–1). */
  passRate: number;
  /** Why the hint had this level (explainLevel). */
  why: string;
  /** What the policy decided after the turn (explainVerdict). */
  outcome: string;
}

export interface LearnerProgress {
  /** Pass rate after each turn, turn 0 first. */
  passRates: number[];
  /** Tests passing after the latest turn (null before turn 0), out of `total`. */
  passed: number | null;
  total: number;
  /** The learner's latest program (null before turn 0). */
  program: string | null;
  steps: LearnerStep[];
  /** Scenarios closed (and not reopened since) and deferred so far. */
  closed: number;
  deferred: number;
  /** Revision turns taken, of α. */
  revisionsUsed: number;
  alpha: number;
  beta: number;
}

const rate = (t: Turn) => (t.total ? t.passed.length / t.total : 0);

export function learnerProgress(turns: readonly Turn[], allTests: readonly string[], params: { turns: number; beta: number }): LearnerProgress {
  const { beta } = params;
  const steps = staircase(turns, allTests, beta).map((s): LearnerStep => {
    const turn = turns[s.turn]!;
    return {
      turn: s.turn,
      level: s.level,
      levelName: LEVELS[s.level].name,
      move: s.move,
      verdict: s.verdict,
      scenarioSize: s.scenarioSize,
      turnOnScenario: s.turnOnScenario,
      hint: turn.feedback?.text || null,
      passRate: rate(turn),
      why: explainLevel(s),
      outcome: explainVerdict(s, beta),
    };
  });
  const policy = replayPolicy(turns, allTests, beta);
  const last = turns.at(-1);
  return {
    passRates: turns.map(rate),
    passed: last ? last.passed.length : null,
    total: last?.total ?? allTests.length,
    program: last?.code ?? null,
    steps,
    closed: policy.completed.size,
    deferred: policy.deferred.size,
    revisionsUsed: Math.max(0, turns.length - 1),
    alpha: params.turns,
    beta,
  };
}

export interface NextHint {
  level: HintLevel;
  levelName: string;
  move: LevelMove;
  /** Turn on the current scenario this will be (1 for a new one). */
  turnOnScenario: number;
  why: string;
}

/** How the hint waiting for the learner follows from the turns before it. */
export function nextHint(progress: LearnerProgress, level: number): NextHint | null {
  if (!isHintLevel(level)) return null;
  const last = progress.steps.at(-1);
  const move: LevelMove = moveOf(last?.verdict ?? null, last?.level ?? null);
  return {
    level,
    levelName: LEVELS[level].name,
    move,
    turnOnScenario: last?.verdict === 'escalated' ? last.turnOnScenario + 1 : 1,
    why: explainLevel({ level, move }),
  };
}
