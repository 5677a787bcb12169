// The Interview's seats (Teach mode). The interviewee's: a person builds the project from the
// query alone, first unguided, then revising it from the interviewer's hints; they edit the
// project's files and submit them all, as a model's reply in the format Fig. 12 asks for. The
// interviewer's: a person guides a simulated interviewee, shown exactly what the interviewer role
// is shown (the problem with its requirements, the reference, each solution and what running it
// printed; never the checks, their expectations or the defects), and writes one hint a turn, or
// ends the interview, then the report. The task stays in the request's context; only what the
// role's messages hold is copied into the turn.
import { workspacePath } from '../../exec/workspace.ts';
import { LlmError, type ChatMessage } from '../../llm/types.ts';
import type { InterviewTask } from '../../model/task.ts';
import type { SeatSpec, TeachSpec } from '../contract.ts';
import type { SeatIo } from '../../teach/seat.ts';
import { requirementsStuck, writtenHints } from './class-view.ts';
import { executionReport } from './execution.ts';
import type { IntervieweeContext, ReportContext, ReviewContext } from './simulated/context.ts';
import { parseSolution } from './solution.ts';

// ---- the interviewee's seat ----

/** A solution the interviewee is asked for, as the person in their seat sees it. */
export interface IntervieweeTurn {
  /** The unguided attempt, or a turn of the guided conversation (0: its start, before any hint). */
  phase: 'unguided' | 'guided';
  turn: number;
  /** The problem as the interviewee is given it (the task's query). */
  query: string;
  /** The interviewer's hint this turn answers (guided turns after the first). */
  hint: string | null;
  /** The project as last submitted in this conversation; null at its start. */
  files: Record<string, string> | null;
}

const lastOf = (messages: readonly ChatMessage[], role: ChatMessage['role']) => [...messages].reverse().find((m) => m.role === role);

export const INTERVIEWEE_SEAT: SeatIo<IntervieweeTurn> = {
  turnOf(request) {
    const c = request.context as Partial<IntervieweeContext> | undefined;
    if (c?.kind !== 'interviewee' || !c.task || typeof c.turn !== 'number' || (c.phase !== 'unguided' && c.phase !== 'guided'))
      throw new LlmError('bad-request', 'the interviewee’s seat takes an interviewee’s turn of an Interview run');
    const previous = lastOf(request.messages, 'assistant');
    const last = request.messages.at(-1);
    return {
      phase: c.phase,
      turn: c.turn,
      query: c.task.query,
      hint: previous && last?.role === 'user' ? last.content : null,
      files: previous ? parseSolution(previous.content).files : null,
    };
  },
  /** The answer is the project's files as JSON (projectAnswer); the reply is the project in the reply format. */
  reply: (answer) => projectReply(filesOf(answer)),
};

/** What the person submits in the interviewee's seat: their project's files (path → text). */
export const projectAnswer = (files: Readonly<Record<string, string>>): string => JSON.stringify(files);

function filesOf(answer: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(answer);
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((t) => typeof t === 'string'))
      return value as Record<string, string>;
  } catch {
    // not a project: an empty one is replied (the reply names no file, so nothing runs)
  }
  return {};
}

/** A file path the reply format carries: relative, inside the workspace, with an extension, of letters, digits, `_`, `-` and `.` (Fig. 12's headers). */
const NAMABLE = /^(?:[\w.-]+\/)*[\w.-]+\.[A-Za-z0-9]+$/;

/** Why a path cannot be a project file, or null when it can. */
export function projectPathProblem(path: string): string | null {
  let normal: string;
  try {
    normal = workspacePath(path.trim());
  } catch (err) {
    return (err as Error).message;
  }
  if (normal !== path.trim()) return `write it as ${normal}`;
  if (!NAMABLE.test(normal)) return 'a file name has an extension (like .py or .sh) and only letters, digits, _, - and . in each part';
  return null;
}

const LANGS: Record<string, string> = { py: 'python', sh: 'bash', json: 'json', md: 'markdown', csv: 'csv', html: 'html' };
const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/**
 * The person's project as a reply in the format Fig. 12 asks for: a block per file, headed by a
 * comment naming it, each fence longer than any run of backticks in the file, so that the
 * protocol's reading of replies gives back exactly these files (a text file gets no `text` tag,
 * which would read as a listing of files created at runtime).
 */
export function projectReply(files: Readonly<Record<string, string>>): string {
  const blocks = Object.entries(files).map(([path, raw]) => {
    const text = withNewline(raw.replace(/\r\n?/g, '\n'));
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}${LANGS[path.split('.').pop() ?? ''] ?? ''}\n# ${path}\n${text}${fence}`;
  });
  return `${blocks.join('\n\n')}\n`;
}

// ---- the interviewer's seat ----

/** The problem as the interviewer is shown it (Fig. 15): the query, the requirements with their prerequisites, the reference. */
export interface InterviewerBrief {
  query: string;
  requirements: { id: number; prerequisites: number[]; category: string; criteria: string }[];
  reference: Record<string, string>;
}

/** A review or the report the interviewer is asked for, as the person in their seat sees it. */
export interface InterviewerTurn extends InterviewerBrief {
  kind: 'review' | 'report';
  /** The guided turn of the solution under review (0: the guided start); for the report, the turns there were. */
  turn: number;
  /** The latest solution as the interviewer is shown it: the interviewee's reply and what running it printed. */
  shown: string;
  /** That solution's files, read from the reply as the protocol reads it. */
  files: Record<string, string>;
  /** What running it printed (the same report the message holds). */
  execution: string;
  /** The person's earlier reviews in this interview, as written. */
  earlier: string[];
  /** The report's prompt (Fig. 18), for the report. */
  prompt: string | null;
}

function briefOf(task: InterviewTask): InterviewerBrief {
  return {
    query: task.query,
    requirements: task.requirements.map((r) => ({ id: r.id, prerequisites: [...r.prerequisites], category: r.category, criteria: r.criteria })),
    reference: { ...(task.reference ?? {}) },
  };
}

export const INTERVIEWER_SEAT: SeatIo<InterviewerTurn> = {
  turnOf(request) {
    const c = request.context as Partial<ReviewContext | ReportContext> | undefined;
    if ((c?.kind !== 'review' && c?.kind !== 'report') || !c.task)
      throw new LlmError('bad-request', 'the interviewer’s seat takes an interviewer’s review or report');
    // The conversation: system, the guideline and the acknowledgment (assistant), then each solution (user) and its review (assistant); the report's prompt last.
    const rest = request.messages.slice(3);
    const solutions = rest.filter((m) => m.role === 'user').map((m) => m.content);
    const earlier = rest.filter((m) => m.role === 'assistant').map((m) => m.content);
    const report = c.kind === 'report';
    const shown = (report ? solutions.at(-2) : solutions.at(-1)) ?? '';
    return {
      kind: c.kind,
      ...briefOf(c.task),
      turn: report ? (c as ReportContext).turns.length : (c as ReviewContext).earlier.length,
      shown,
      files: parseSolution(shown).files,
      execution: report ? '' : executionReport((c as ReviewContext).execution),
      earlier,
      prompt: report ? (solutions.at(-1) ?? '') : null,
    };
  },
  reply: (answer) => answer.trim(),
};

// ---- the seats ----

export const INTERVIEWEE_SEAT_SPEC: SeatSpec = {
  id: 'interviewee',
  role: 'interviewee',
  label: 'Build a multi-part project',
  summary:
    'You take the interviewee’s seat: from a short brief you build a small multi-file project (files you edit and add, and an execute_workspace.sh that runs it). You first submit it alone; then an interviewer who has seen the reference gives one hint a turn and you revise. Each requirement is checked by running your project; it counts only when its prerequisites are met. Scored by S_G (alone) and S′_G (after the hints), like the models.',
  view: 'interview-interviewee',
  io: INTERVIEWEE_SEAT,
  stuckOn: requirementsStuck,
};

export const INTERVIEWER_SEAT_SPEC: SeatSpec = {
  id: 'interviewer',
  role: 'interviewer',
  label: 'Guide a project with hints',
  summary:
    'You take the interviewer’s seat: a simulated interviewee builds a multi-file project, and you see what an interviewer is shown — the problem with its requirements, the reference, each solution and what running it printed. You give one minimal hint a turn, or end the interview, then write the report. Scored by how far your hints take the interviewee, S_G → S′_G; each hint can be graded with the paper’s rubric.',
  view: 'interview-interviewer',
  io: INTERVIEWER_SEAT,
  stuckOn: requirementsStuck,
  writings: writtenHints,
  rankedBy: 'the share of the requirements unmet before it that the next solution met, net of those it lost (by the checks)',
};

export const INTERVIEW_TEACH: TeachSpec = { seats: [INTERVIEWEE_SEAT_SPEC, INTERVIEWER_SEAT_SPEC] };
