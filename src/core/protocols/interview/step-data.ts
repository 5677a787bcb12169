// The Interview protocol's record of each step (docs/formats.md, "Interview's step data"), checked
// when a log is read. An item's steps, in order: the unguided attempt and its judging; the guided
// turns (a solution, its run, the interviewer's review); the interviewer's report; the judging of
// the final solution. A reference item has the reference's run and its judging.
import * as v from 'valibot';
import { RAW_STATUSES } from '../../exec/sandbox-api.ts';

const text = v.string();
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const SolutionSchema = v.object({
  /** The project's files as read from the reply (path → text). */
  files: v.record(v.string(), v.string()),
  /** Files the reply says are created at runtime. */
  runtime: v.array(text),
  /** What was left out or overridden while reading the reply. */
  notes: v.array(text),
});
export type Solution = v.InferOutput<typeof SolutionSchema>;

const LineRunSchema = v.object({
  line: count,
  text,
  status: v.picklist([...RAW_STATUSES, 'skipped']),
  stdout: text,
  stderr: text,
  durationMs: v.number(),
  exitCode: v.optional(v.number()),
  error: v.optional(v.object({ type: text, message: text, line: v.nullable(v.number()) })),
  note: v.optional(text),
});

export const ExecutionSchema = v.object({
  notRun: v.optional(text),
  lines: v.array(LineRunSchema),
  refused: v.array(v.object({ line: count, text, reason: text })),
  produced: v.array(v.object({ path: text, size: count, text: v.optional(text) })),
  replaced: v.array(text),
  dropped: v.array(text),
});

export const CheckResultSchema = v.object({ requirement: count, passed: v.boolean(), observed: v.nullable(text), reason: text });

/** A solution's run: what running it did, and each requirement's check. */
export const ProjectRunSchema = v.object({ execution: ExecutionSchema, checks: v.array(CheckResultSchema) });
export type ProjectRunRecord = v.InferOutput<typeof ProjectRunSchema>;

export const REVIEW_KINDS = ['hint', 'over', 'equivalent'] as const;

export const ReviewSchema = v.object({
  /** hint; `over` (the reply's last line is "INTERVIEW IS OVER."); `equivalent` (it says the solution meets all requirements and names nothing unmet, without the token). */
  kind: v.picklist(REVIEW_KINDS),
  /** The interviewer's reply as written. */
  reply: text,
  /** What the interviewee got: the reply with reference lines beyond the interview's budget cut. */
  hint: text,
  /** Distinct reference lines cut from the hint. */
  cut: count,
  /** Whether the hint reached the interviewee (the review after the last allowed revision is not sent). */
  delivered: v.boolean(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

export const VerdictSchema = v.object({ requirement: count, satisfied: v.nullable(v.boolean()), justification: text, evidence: v.array(text) });

export const InterviewStepSchema = v.variant('phase', [
  v.object({ phase: v.literal('unguided'), solution: SolutionSchema, run: ProjectRunSchema }),
  v.object({ phase: v.literal('guided'), turn: count, solution: SolutionSchema, run: ProjectRunSchema, review: ReviewSchema }),
  v.object({ phase: v.literal('report'), text }),
  v.object({
    phase: v.literal('judge'),
    of: v.picklist(['unguided', 'guided', 'reference']),
    retrieval: v.picklist(['embeddings', 'bm25']),
    verdicts: v.array(VerdictSchema),
  }),
  v.object({ phase: v.literal('reference'), run: ProjectRunSchema }),
]);
export type InterviewStep = v.InferOutput<typeof InterviewStepSchema>;
export type GuidedStep = Extract<InterviewStep, { phase: 'guided' }>;
export type JudgeStep = Extract<InterviewStep, { phase: 'judge' }>;
