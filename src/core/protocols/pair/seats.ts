// The seats a person can take in PAIR's runs (Teach mode): the candidate's, repairing a program
// from the hints the feedback model writes, and the feedback model's, writing the hints a
// simulated candidate repairs from. The hint writer sees what a feedback model is shown (the
// level asked for and its evidence: the statement, the symptoms, sampled failing tests and, as
// the level allows, the reference and the candidate's program); the leakage validator checks
// their hint as it checks a model's, and a refused hint comes back with its reasons.
import { LlmError } from '../../llm/types.ts';
import type { SeatSpec, TeachSpec } from '../contract.ts';
import { CANDIDATE_SEAT, type SeatIo } from '../../teach/seat.ts';
import { isHintLevel, type HintLevel } from '../shared/hint-levels.ts';
import { stuckScenarios, writtenHints } from './class-view.ts';

export const CANDIDATE_SEAT_SPEC: SeatSpec = {
  id: 'candidate',
  role: 'candidate',
  label: 'Repair a program from hints',
  summary:
    'You take the candidate’s seat: you see the statement, your program and, after each submission, how many hidden tests pass and the next hint, deeper while a failure persists. You submit programs; the session is scored with PAIR’s metrics, like the models.',
  view: 'repair-candidate',
  io: CANDIDATE_SEAT,
  beside: ['low', 'medium', 'high', 'expert'],
  stuckOn: stuckScenarios,
};

/** A hint the person is asked to write. */
export interface HintTurn {
  /** The level asked for (L1–L6). */
  level: HintLevel;
  /** What the feedback model is given: the level's instruction and its evidence. */
  prompt: string;
  /** Earlier tries at this hint, each with why the validator refused it (its words to the model). */
  refused: { text: string; reasons: string }[];
}

/** The feedback seat: the request's conversation read as the hint to write; the reply is the person's hint. */
export const FEEDBACK_SEAT: SeatIo<HintTurn> = {
  turnOf(request) {
    const level = (request.context as { level?: unknown } | undefined)?.level;
    const [, first, ...rest] = request.messages;
    if (!isHintLevel(level) || first?.role !== 'user') throw new LlmError('bad-request', 'the hint writer’s seat takes a graded hint request');
    const refused: HintTurn['refused'] = [];
    for (let i = 0; i + 1 < rest.length; i += 2) {
      const [tried, why] = [rest[i]!, rest[i + 1]!];
      if (tried.role === 'assistant' && why.role === 'user') refused.push({ text: tried.content, reasons: why.content });
    }
    return { level, prompt: first.content, refused };
  },
  reply: (hint) => hint.trim(),
};

export const FEEDBACK_SEAT_SPEC: SeatSpec = {
  id: 'feedback',
  role: 'feedback',
  label: 'Write the hints',
  summary:
    'You take the feedback model’s seat: a simulated candidate is stuck on a failure scenario, and you write the hint at the level the staircase asks for, from what a feedback model is shown. A hint that gives the hidden tests or the reference away is refused with the reason; the candidate then revises, and you see which tests it fixed or broke.',
  view: 'repair-feedback',
  io: FEEDBACK_SEAT,
  stuckOn: stuckScenarios,
  writings: writtenHints,
};

export const PAIR_TEACH: TeachSpec = { seats: [CANDIDATE_SEAT_SPEC, FEEDBACK_SEAT_SPEC] };
