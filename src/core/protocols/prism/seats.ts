// The seat a person can take in PrismBench's runs (Teach mode): the model under test's, as the
// Problem Solver. The search runs as for a model; at each node the person writes the solution to
// the designer's challenge and, after a failed run, a corrected one from what the run reported.
// The role's other requests stay with the seat, since each would show the person the hidden
// tests: the Test Generator's suite is the bank problem's authored one (never shown), and the
// Problem Fixer's turn, which is given the tests, is declined: the last solution stands.
import { LlmError, type ChatRequest } from '../../llm/types.ts';
import { fencedProgram, type SeatIo } from '../../teach/seat.ts';
import type { SeatSpec, TeachSpec } from '../contract.ts';
import { bankProblem, loadBank } from './bank.ts';
import { weakestConcepts } from './practice.ts';
import { MODEL_ROLE } from './roles.ts';
import { contextOf, type ModelContext } from './simulated/contexts.ts';

/** A solution the person is asked to write. */
export interface SolveTurn {
  /** 1 for the first solution, then 2… for each retry after a failed run. */
  attempt: number;
  /** The node's concepts and level (its index, 0 the easiest, of `levels`). */
  concepts: string[];
  level: number;
  levels: number;
  /** The challenge, as the designer wrote it. */
  problem: string;
  /** On a retry: the person's last solution and what its run reported (counts, each failing case with its message). */
  previous: { solution: string | null; report: string } | null;
}

/** What the seat answers in the Problem Fixer's place. */
export const FIXER_DECLINED =
  'The person in the solver’s seat does not take the Problem Fixer’s turn (it is shown the hidden tests): the last solution stands.';

const modelContext = (request: ChatRequest) => contextOf<ModelContext>(request.context, 'task');

/** The run's report in a retry request (the default template's words), else the whole request. */
function reportOf(text: string): string {
  const m = /reported:\s*\n([\s\S]*?)\n\s*Your current solution:/.exec(text);
  return (m ? m[1]! : text).trim();
}

async function bankTests(problemId: string | null): Promise<string> {
  const problem = bankProblem(await loadBank(), problemId);
  if (!problem) throw new LlmError('bad-request', 'the solver’s seat works on the bank designer’s challenges only: their tests are the bank’s');
  return fencedProgram(problem.tests);
}

/** The solver's seat: a solve or retry request read as the challenge (and the last run's report); the reply is the person's program. */
export const SOLVER_SEAT: SeatIo<SolveTurn> = {
  turnOf(request) {
    const ctx = modelContext(request);
    const first = request.messages.find((m) => m.role === 'user');
    if (!ctx || (ctx.task !== 'solve' && ctx.task !== 'retry') || !first) throw new LlmError('bad-request', 'the solver’s seat takes a solve or retry request');
    const last = request.messages.at(-1)!;
    return {
      attempt: ctx.attempt,
      concepts: [...ctx.concepts],
      level: ctx.level,
      levels: ctx.levels,
      problem: first.content.replace(/^Solve this problem\.\s*/, ''),
      previous: ctx.task === 'retry' ? { solution: ctx.previous?.solution ?? null, report: reportOf(last.content) } : null,
    };
  },
  reply: (code) => fencedProgram(code),
  answer(request) {
    const ctx = modelContext(request);
    if (ctx?.task === 'tests') return bankTests(ctx.problem);
    if (ctx?.task === 'fix') return Promise.resolve(FIXER_DECLINED);
    return null;
  },
};

export const SOLVER_SEAT_SPEC: SeatSpec = {
  id: 'solver',
  role: MODEL_ROLE,
  label: 'Map your own capability',
  summary:
    'You take the seat of the model under test, as its problem solver: the search sets you challenges across a few concepts and levels (a practice map of 15–25), you write each solution, and after a failed run you see what the hidden tests reported and try once more. The session ends on your capability map beside a simulated model’s, scored with PrismBench’s metrics.',
  view: 'prism-solver',
  io: SOLVER_SEAT,
  beside: ['strong', 'medium', 'weak'],
  stuckOn: weakestConcepts,
};

export const PRISM_TEACH: TeachSpec = { seats: [SOLVER_SEAT_SPEC] };
