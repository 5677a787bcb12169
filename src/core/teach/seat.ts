// A person's seat: in Teach mode a person takes a role of a protocol's run. To the runner it is a
// model like any other; its chat() calls nothing, but publishes the turn the person is asked to
// take, as the seat reads it from the request (only what the role may see), and answers with the
// role's reply made from what the person submits. The candidate's seat (LearnerSeat) reads the
// turn a candidate model is asked to take: never the instance, its tests or the reference.
import type { CandidateContext } from '../llm/simulated/context.ts';
import { LlmError, type ChatModel, type ChatRequest, type ChatResponse } from '../llm/types.ts';

/** How a seat reads a request to its role, and answers it. */
export interface SeatIo<T> {
  /** What the person is shown of the request (throws an LlmError when the request is not one the seat can take). */
  turnOf(request: ChatRequest): T;
  /** The role's reply, from what the person submitted for this turn. */
  reply(answer: string, turn: T): string;
  /**
   * The reply to a request of the role that the person does not take (a sub-request the seat
   * answers itself, e.g. PrismBench's tests); null or absent when the person answers it.
   */
  answer?(request: ChatRequest): Promise<string> | null;
}

export type SeatListener<T> = (pending: T | null) => void;

export const LEARNER_MODEL = 'human';

export class PersonSeat<T> implements ChatModel {
  readonly simulated = false;
  private waiting: { turn: T; request: ChatRequest; answer: (text: string) => void } | null = null;
  private readonly listeners = new Set<SeatListener<T>>();

  constructor(
    private readonly io: SeatIo<T>,
    readonly id = 'learner',
    readonly label = 'You',
  ) {}

  /** The turn waiting for the person, or null while the run works (tests run, the next request is prepared). */
  get pending(): T | null {
    return this.waiting?.turn ?? null;
  }

  /** The whole request of the pending turn: for the instructor view only, never the person's. */
  get pendingRequest(): ChatRequest | null {
    return this.waiting?.request ?? null;
  }

  /** Be told of every change of the pending turn (and of the current one at once). */
  subscribe(listener: SeatListener<T>): () => void {
    this.listeners.add(listener);
    listener(this.pending);
    return () => this.listeners.delete(listener);
  }

  private publish(): void {
    for (const listener of this.listeners) listener(this.pending);
  }

  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    if (signal?.aborted) return Promise.reject(new LlmError('cancelled', 'cancelled'));
    const own = this.io.answer?.(request);
    if (own) return own.then((content) => ({ content, usage: null, model: LEARNER_MODEL }));
    if (this.waiting) return Promise.reject(new LlmError('bad-request', 'the person is already taking a turn'));
    let turn: T;
    try {
      turn = this.io.turnOf(request);
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
      this.waiting = {
        turn,
        request,
        answer: (text) => {
          signal?.removeEventListener('abort', onAbort);
          this.waiting = null;
          this.publish();
          resolve({ content: this.io.reply(text, turn), usage: null, model: LEARNER_MODEL });
        },
      };
      this.publish();
    });
  }

  /** The person's answer for the pending turn; false when no turn is waiting. */
  submit(answer: string): boolean {
    if (!this.waiting) return false;
    this.waiting.answer(answer);
    return true;
  }
}

/** A seat whatever its turns are (a map of the runs' seats holds all kinds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySeat = PersonSeat<any>;

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

/** The turn a candidate is asked to take, as the person in the candidate's seat sees it. */
export interface PendingTurn {
  /** 0 for the initial repair. */
  turn: number;
  /** The program to revise (the starting one on turn 0, else the person's latest). */
  code: string;
  /** The hint of this turn; null on turn 0, or when the turn carries none. */
  hint: string | null;
  /** The hint level, 1–6 (null on turn 0). */
  level: number | null;
  /** How many tests the targeted failure scenario holds (null on turn 0). */
  scenarioSize: number | null;
}

/** The candidate's seat: the turn from the runner's candidate context (nothing hidden is copied), answered with the person's program. */
export const CANDIDATE_SEAT: SeatIo<PendingTurn> = {
  turnOf(request) {
    const c = request.context as Partial<CandidateContext> | undefined;
    if (!c || typeof c.code !== 'string' || typeof c.turn !== 'number') throw new LlmError('bad-request', 'the learner’s seat needs the turn’s context');
    return {
      turn: c.turn,
      code: c.code,
      hint: typeof c.hint === 'string' ? c.hint : null,
      level: typeof c.level === 'number' ? c.level : null,
      scenarioSize: c.turn > 0 && Array.isArray(c.targetTests) ? c.targetTests.length : null,
    };
  },
  reply: (code) => fencedProgram(code),
};

/** The person in a candidate's seat; the instructor view reads the pending turn's targeted tests. */
export class LearnerSeat extends PersonSeat<PendingTurn> {
  constructor(id = 'learner', label = 'Learner (you)') {
    super(CANDIDATE_SEAT, id, label);
  }

  /** The ids of the tests the pending turn targets: for the instructor view only, never the learner's. */
  get targetTests(): string[] | null {
    const pending = this.pending;
    const targets = (this.pendingRequest?.context as Partial<CandidateContext> | undefined)?.targetTests;
    return pending && pending.turn > 0 && Array.isArray(targets) ? [...targets] : null;
  }
}
