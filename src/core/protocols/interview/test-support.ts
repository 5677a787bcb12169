// Test support: Interview items written as what happened (each solution's check verdicts, the
// judge's verdicts, the interviewer's reviews) and stored as the engine's steps, so hand-computed
// fixtures read naturally.
import type { ItemRecord, Manifest, Step, TaskHead } from '../../model/runlog.ts';
import { RUNLOG_SCHEMA } from '../../model/runlog.ts';
import { referenceKey } from './item.ts';
import type { InterviewStep, Review } from './step-data.ts';

/** A task of three requirements in a chain: R0 → R1 → R2. */
export const CHAIN_TASK: TaskHead = {
  id: 't1',
  title: 'Chain',
  query: 'Build it.',
  tags: ['Data'],
  requirements: [
    { id: 0, prerequisites: [], category: 'Load', criteria: 'R0' },
    { id: 1, prerequisites: [0], category: 'Clean', criteria: 'R1' },
    { id: 2, prerequisites: [1], category: 'Save', criteria: 'R2' },
  ],
};

export function interviewManifest(tasks: TaskHead[] = [CHAIN_TASK], interviewees = ['m'], params: Record<string, unknown> = {}): Manifest {
  return {
    schema: RUNLOG_SCHEMA,
    runId: 'run-interview',
    name: 'Interview fixture',
    createdAt: '2026-01-01T00:00:00.000Z',
    protocol: { id: 'interview', version: 1 },
    settings: { repeats: 1, concurrency: 1, seed: 1, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
    params,
    dataset: { id: 'test', name: 'Test', hash: '', instances: [], tasks },
    models: [
      ...interviewees.map((id) => ({ id, label: `Model ${id}`, role: 'interviewee', simulated: true, model: id })),
      { id: 'judge', label: 'Judge', role: 'judge', simulated: true, model: 'judge' },
    ],
    app: { version: 'test', pyodide: 'test' },
    prompts: {},
  };
}

/** A solution's run whose checks passed where `passed` says (requirement ids in order). */
const runOf = (passed: boolean[]) => ({
  execution: { lines: [], refused: [], produced: [], replaced: [], dropped: [] },
  checks: passed.map((p, requirement) => ({ requirement, passed: p, observed: null, reason: '' })),
});
const solution = { files: { 'main.py': 'pass' }, runtime: [], notes: [] };
const judged = (of: 'unguided' | 'guided' | 'reference', satisfied: boolean[]): InterviewStep => ({
  phase: 'judge',
  of,
  retrieval: 'bm25',
  verdicts: satisfied.map((s, requirement) => ({ requirement, satisfied: s, justification: '', evidence: [] })),
});
const reviewOf = (kind: Review['kind'], delivered: boolean): Review => ({ kind, reply: kind, hint: kind, cut: 0, delivered });

export interface InterviewFixture {
  taskId?: string;
  modelId?: string;
  repeat?: number;
  /** Check verdicts of the unguided solution, and the judge's (absent: not judged). */
  unguided: { checks: boolean[]; judge?: boolean[] };
  /** Each guided turn: its checks and the interviewer's review (a hint delivered, or the end). */
  turns: { checks: boolean[]; review: Review['kind']; delivered?: boolean }[];
  /** The judge's verdicts on the final guided solution. */
  guidedJudge?: boolean[];
}

const stepsOf = (data: InterviewStep[]): Step[] => data.map((d, index) => ({ index, startedAt: '', durationMs: 0, calls: [], data: d }));

export function interviewItem(f: InterviewFixture): ItemRecord {
  const taskId = f.taskId ?? CHAIN_TASK.id;
  const modelId = f.modelId ?? 'm';
  const repeat = f.repeat ?? 0;
  const data: InterviewStep[] = [
    { phase: 'unguided', solution, run: runOf(f.unguided.checks) },
    ...(f.unguided.judge ? [judged('unguided', f.unguided.judge)] : []),
    ...f.turns.map((t, turn): InterviewStep => ({
      phase: 'guided',
      turn,
      solution,
      run: runOf(t.checks),
      review: reviewOf(t.review, t.delivered ?? t.review === 'hint'),
    })),
    ...(f.guidedJudge ? [judged('guided', f.guidedJudge)] : []),
  ];
  return { key: `${taskId}|${modelId}|${repeat}`, taskId, modelId, repeat, status: 'done', steps: stepsOf(data) };
}

/** A task's reference item (the judge's binding runs it): its run's checks and the judge's verdicts on it. */
export function referenceItem(checks: boolean[], judge?: boolean[], taskId = CHAIN_TASK.id): ItemRecord {
  const data: InterviewStep[] = [{ phase: 'reference', run: runOf(checks) }, ...(judge ? [judged('reference', judge)] : [])];
  return { key: referenceKey(taskId), taskId, modelId: 'judge', repeat: 0, status: 'done', steps: stepsOf(data) };
}
