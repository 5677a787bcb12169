// Talk's seat (Teach mode): a person takes the code model's seat. They see what a code model is
// shown — the setting's statement (the one-sentence under-specified one, a user's rephrasing of
// it, or the full one in the full-statement settings), how the program is run, the starter code,
// their latest program and the feedback on it (the simulated user's, of the setting's type, or in
// self-critique their own) — and submit a program each step, or their critique when asked for
// one. The instance (its full statement, tests and reference) stays in the request's context and
// is never copied into the turn. The session is scored with Talk's measures, as a model's is.
import { LlmError } from '../../llm/types.ts';
import type { RunLog } from '../../model/runlog.ts';
import { fencedProgram, type SeatIo } from '../../teach/seat.ts';
import type { SeatSpec, StuckPoint, TeachSpec } from '../contract.ts';
import type { FeedbackType } from './feedback-types.ts';
import type { CoderContext } from './step.ts';
import type { Question } from './step-data.ts';
import { CODE_ROLE, talkItems } from './view.ts';

/** The step a code model is asked to take, as the person in its seat sees it. */
export interface CoderTurn {
  /** 0 for the first attempt. */
  step: number;
  /** generate: a program from the statement; refine: the program revised after feedback; critique: feedback on one's own program. */
  task: 'generate' | 'refine' | 'critique';
  /** The statement worked from now. */
  question: { kind: Question['kind']; text: string };
  /** The latest program (refine, critique); null when writing afresh. */
  code: string | null;
  /** The feedback this step answers; null on the first step. */
  feedback: { type: FeedbackType | 'self-critique' | null; text: string | null } | null;
  /** How the program is run: it reads stdin and prints, or defines a function the tests call. */
  io: 'stdio' | 'function';
  entry: string | null;
  starter: string | null;
}

const TASKS = new Set(['generate', 'refine', 'critique']);

/** The coder's seat: the turn from the code model's context, with nothing of the instance but how its program runs. */
export const CODER_SEAT: SeatIo<CoderTurn> = {
  turnOf(request) {
    const c = request.context as Partial<CoderContext> | undefined;
    if (!c || !TASKS.has(c.task as string) || typeof c.step !== 'number' || typeof c.question?.text !== 'string' || !c.instance)
      throw new LlmError('bad-request', 'the coder’s seat takes a code model’s step of a Talk run');
    return {
      step: c.step,
      task: c.task!,
      question: { kind: c.question.kind, text: c.question.text },
      code: typeof c.code === 'string' ? c.code : null,
      feedback: c.feedback ? { type: c.feedback.type, text: c.feedback.text } : null,
      io: c.instance.testKind === 'stdio' ? 'stdio' : 'function',
      entry: c.instance.testKind === 'stdio' ? null : (c.instance.entry ?? null),
      starter: c.instance.starter?.trim() ? c.instance.starter : null,
    };
  },
  reply: (answer, turn) => (turn.task === 'critique' ? answer.trim() : fencedProgram(answer)),
};

/** One stored attempt of a session, as its coder saw it: the statement, the feedback it answered, the program. */
export interface CoderStep {
  index: number;
  /** The statement's kind, and its text (none for the full statement, which is the instance's). */
  question: { kind: Question['kind']; text: string | null };
  feedback: { type: FeedbackType | 'self-critique' | null; text: string | null } | null;
  /** The program after the attempt (the one before when the reply held none). */
  code: string;
}

/** A session's attempts as its coder saw them (never their tests' results, which the code model is not shown). */
export function coderSteps(log: RunLog): CoderStep[] {
  const item = talkItems(log)[0];
  return (item?.attempts ?? []).map((a) => ({
    index: a.index,
    question: { kind: a.question.kind, text: a.question.kind === 'full' ? null : (a.question.text ?? '') },
    feedback: a.feedback ? { type: a.feedback.type, text: a.feedback.text } : null,
    code: a.code,
  }));
}

/** The class view: each instance the sessions worked on, and in how many the last program did not pass every test. */
export function unsolvedInstances(logs: readonly RunLog[]): StuckPoint[] {
  const points = new Map<string, StuckPoint>();
  for (const log of logs) {
    const titles = new Map(log.manifest.dataset.instances.map((i) => [i.id, i.title ?? i.id]));
    for (const item of talkItems(log)) {
      const last = item.attempts.at(-1);
      if (!last) continue;
      const point = points.get(item.instanceId) ?? {
        key: item.instanceId,
        what: `${titles.get(item.instanceId) ?? item.instanceId}: not solved`,
        learners: 0,
        stuck: 0,
      };
      point.learners += 1;
      if (!(last.total > 0 && last.passed.length === last.total)) point.stuck += 1;
      points.set(item.instanceId, point);
    }
  }
  return [...points.values()].sort((a, b) => b.stuck - a.stuck || b.learners - a.learners || a.what.localeCompare(b.what));
}

export const CODER_SEAT_SPEC: SeatSpec = {
  id: 'coder',
  role: CODE_ROLE,
  label: 'Solve a problem from one sentence',
  summary:
    'You take the code model’s seat: you get a one-sentence, under-specified statement of a problem and write a program; between your attempts a simulated user who knows the full problem gives feedback of the setting’s type (a paragraph, a sentence, code feedback or a rephrased question). Each program is run on the hidden tests, which you never see, and the session is scored with Talk’s measures (TCA, solved, steps), like the models.',
  view: 'talk-coder',
  io: CODER_SEAT,
  stuckOn: unsolvedInstances,
};

export const TALK_TEACH: TeachSpec = { seats: [CODER_SEAT_SPEC] };
