// The learner's seat: in Teach mode a person takes the candidate's place. To the runner it is a
// model like any other; its chat() calls nothing, but publishes the turn the learner is asked to
// take and answers when the learner submits a program. What it publishes is exactly what a
// candidate may see of the turn (never the instance, its tests or the reference).
import type { CandidateContext } from '../llm/simulated/context.ts';
import { LlmError, type ChatModel, type ChatRequest, type ChatResponse } from '../llm/types.ts';

/** The turn waiting for the learner. */
export interface PendingTurn {
  /** 0 for the initial repair. */
  turn: number;
  /** The program to revise (the buggy one on turn 0, else the learner's latest). */
  code: string;
  /** The hint of this turn; null on turn 0, or when the turn carries none. */
  hint: string | null;
  /** The hint level, 1–6 (null on turn 0). */
  level: number | null;
  /** How many tests the targeted failure scenario holds (null on turn 0). */
  scenarioSize: number | null;
}

export type SeatListener = (pending: PendingTurn | null) => void;

export const LEARNER_MODEL = 'human';

/** The same text with "\n" line ends and a final newline. */
export function normalizeProgram(code: string): string {
  const text = code.replace(/\r\n?/g, '\n');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** A python block whose fence is longer than any run of backticks in the code, so it cannot end early. */
export function fencedProgram(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}python\n${normalizeProgram(code)}${fence}\n`;
}

/** What the learner is shown of a turn, from the runner's context (nothing hidden is copied). */
function pendingOf(request: ChatRequest): PendingTurn {
  const c = request.context as Partial<CandidateContext> | undefined;
  if (!c || typeof c.code !== 'string' || typeof c.turn !== 'number') throw new LlmError('bad-request', 'the learner’s seat needs the turn’s context');
  return {
    turn: c.turn,
    code: c.code,
    hint: typeof c.hint === 'string' ? c.hint : null,
    level: typeof c.level === 'number' ? c.level : null,
    scenarioSize: c.turn > 0 && Array.isArray(c.targetTests) ? c.targetTests.length : null,
  };
}

export class LearnerSeat implements ChatModel {
  readonly simulated = false;
  private waiting: { turn: PendingTurn; targets: string[] | null; answer: (code: string) => void } | null = null;
  private readonly listeners = new Set<SeatListener>();

  constructor(
    readonly id = 'learner',
    readonly label = 'Learner (you)',
  ) {}

  /** The turn waiting for the learner, or null while the tests run or the next hint is prepared. */
  get pending(): PendingTurn | null {
    return this.waiting?.turn ?? null;
  }

  /** The ids of the tests the pending turn targets: for the instructor view only, never the learner's. */
  get targetTests(): string[] | null {
    return this.waiting?.targets ?? null;
  }

  /** Be told of every change of the pending turn (and of the current one at once). */
  subscribe(listener: SeatListener): () => void {
    this.listeners.add(listener);
    listener(this.pending);
    return () => this.listeners.delete(listener);
  }

  private publish(): void {
    for (const listener of this.listeners) listener(this.pending);
  }

  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    if (signal?.aborted) return Promise.reject(new LlmError('cancelled', 'cancelled'));
    if (this.waiting) return Promise.reject(new LlmError('bad-request', 'the learner is already taking a turn'));
    let turn: PendingTurn;
    try {
      turn = pendingOf(request);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<ChatResponse>((resolve, reject) => {
      const onAbort = () => {
        this.waiting = null;
        this.publish();
        reject(new LlmError('cancelled', 'cancelled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const targets = (request.context as Partial<CandidateContext>).targetTests;
      this.waiting = {
        turn,
        targets: turn.turn > 0 && Array.isArray(targets) ? [...targets] : null,
        answer: (code) => {
          signal?.removeEventListener('abort', onAbort);
          this.waiting = null;
          this.publish();
          resolve({ content: fencedProgram(code), usage: null, model: LEARNER_MODEL });
        },
      };
      this.publish();
    });
  }

  /** The learner's program for the pending turn; false when no turn is waiting. */
  submit(code: string): boolean {
    if (!this.waiting) return false;
    this.waiting.answer(code);
    return true;
  }
}
