// An item of an Interview run read from its stored steps: the unguided attempt, the guided turns,
// the report and the judgings, and the scores they give. The step function reads the same record
// to know what comes next, so a resumed item continues exactly where it stopped.
import type { ItemRecord, Manifest, Step, TaskHead } from '../../model/runlog.ts';
import { dependencyScore, type DependencyRule } from './score.ts';
import { InterviewStepSchema, type GuidedStep, type InterviewStep, type JudgeStep, type ProjectRunRecord, type Solution } from './step-data.ts';
import * as v from 'valibot';

/** The key of a task's reference item (its middle part cannot be a model id, which has no @). */
export const referenceKey = (taskId: string) => `${taskId}|@reference|0`;
export const isReferenceKey = (key: string) => key.split('|')[1] === '@reference';

/** A guided turn with where it is stored. */
export type Turn = GuidedStep & { stepIndex: number; step: Step };

export interface ItemSteps {
  unguided?: { solution: Solution; run: ProjectRunRecord; stepIndex: number; step: Step };
  judgeUnguided?: JudgeStep & { stepIndex: number };
  turns: Turn[];
  report?: { text: string; stepIndex: number; step: Step };
  judgeGuided?: JudgeStep & { stepIndex: number };
  reference?: { run: ProjectRunRecord; stepIndex: number };
  judgeReference?: JudgeStep & { stepIndex: number };
}

/** The steps of an item by what they are (failed steps, with an error, are left out). */
export function readSteps(steps: readonly Step[]): ItemSteps {
  const out: ItemSteps = { turns: [] };
  for (const step of steps) {
    if (step.error || step.data === undefined) continue;
    const parsed = v.safeParse(InterviewStepSchema, step.data);
    if (!parsed.success) continue;
    const d: InterviewStep = parsed.output;
    const at = { stepIndex: step.index };
    if (d.phase === 'unguided') out.unguided = { solution: d.solution, run: d.run, ...at, step };
    else if (d.phase === 'guided') out.turns.push({ ...d, ...at, step });
    else if (d.phase === 'report') out.report = { text: d.text, ...at, step };
    else if (d.phase === 'reference') out.reference = { run: d.run, ...at };
    else if (d.of === 'unguided') out.judgeUnguided = { ...d, ...at };
    else if (d.of === 'guided') out.judgeGuided = { ...d, ...at };
    else out.judgeReference = { ...d, ...at };
  }
  return out;
}

/** Whether the guided loop has ended: the last review stopped it, or was not delivered. */
export const guidedDone = (s: ItemSteps) => {
  const last = s.turns.at(-1)?.review;
  return Boolean(last && (last.kind !== 'hint' || !last.delivered));
};

/** Check verdicts (requirement → passed) of a run; empty when nothing was checked. */
export const checkVerdicts = (run: ProjectRunRecord | undefined) => new Map((run?.checks ?? []).map((c) => [c.requirement, c.passed]));

/** Judge verdicts (requirement → satisfied; no verdict counts as not satisfied). */
export const judgeVerdicts = (judge: JudgeStep | undefined) => new Map((judge?.verdicts ?? []).map((x) => [x.requirement, x.satisfied === true]));

/** Both scores of one solution, by the checks and by the judge (null where that source is missing). */
export interface Scores {
  checks: number | null;
  judge: number | null;
}

export interface InterviewItem {
  key: string;
  taskId: string;
  modelId: string;
  repeat: number;
  status: ItemRecord['status'];
  stopReason?: string;
  error?: string;
  reference: boolean;
  steps: ItemSteps;
  /** S_G (unguided) and S′_G (final guided solution); for a reference item, `base` is the reference's. */
  base: Scores;
  guided: Scores;
}

function scoresOf(task: TaskHead | undefined, run: ProjectRunRecord | undefined, judge: JudgeStep | undefined, rule: DependencyRule): Scores {
  if (!task) return { checks: null, judge: null };
  const checked = (run?.checks.length ?? 0) > 0;
  return {
    checks: checked ? dependencyScore(task.requirements, checkVerdicts(run), rule) : null,
    judge: judge ? dependencyScore(task.requirements, judgeVerdicts(judge), rule) : null,
  };
}

/** An item as its views and metrics read it, with its task's requirement graph (from the manifest). */
export function interviewItem(record: ItemRecord, task: TaskHead | undefined, rule: DependencyRule): InterviewItem {
  const steps = readSteps(record.steps);
  const reference = isReferenceKey(record.key);
  const last = steps.turns.at(-1);
  return {
    key: record.key,
    taskId: record.taskId ?? record.key.split('|')[0]!,
    modelId: record.modelId,
    repeat: record.repeat,
    status: record.status,
    ...(record.stopReason ? { stopReason: record.stopReason } : {}),
    ...(record.error ? { error: record.error } : {}),
    reference,
    steps,
    base: reference ? scoresOf(task, steps.reference?.run, steps.judgeReference, rule) : scoresOf(task, steps.unguided?.run, steps.judgeUnguided, rule),
    guided: reference || !guidedDone(steps) ? { checks: null, judge: null } : scoresOf(task, last?.run, steps.judgeGuided, rule),
  };
}

/** The tested models of a run (the interviewees). */
export const intervieweesOf = (manifest: Manifest) => manifest.models.filter((m) => m.role === 'interviewee');

/** The run's tasks by id (their requirement graphs, from the manifest). */
export const tasksOf = (manifest: Manifest) => new Map((manifest.dataset.tasks ?? []).map((t) => [t.id, t]));
