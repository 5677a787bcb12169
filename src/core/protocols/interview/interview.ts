// The Interview protocol (interactive evaluation of multi-requirement software tasks) on the
// engine's contract. Each item is a task × an interviewee × a repeat: an unguided attempt, judged
// (S_G); then a guided conversation in which an interviewer that has seen the reference gives one
// minimal, prerequisite-first hint at a time until it says "INTERVIEW IS OVER." or the iterations
// run out; its report; the final solution judged (S′_G). Requirements are scored by the judge
// and by execution checks, and a requirement counts only when its prerequisites are met.
import { itemKey, type Manifest, type Step } from '../../model/runlog.ts';
import type { Protocol, Unit } from '../contract.ts';
import { interviewEstimate } from './estimate.ts';
import { checkVerdicts, intervieweesOf, referenceKey, tasksOf } from './item.ts';
import { INTERVIEW_FIELDS, interviewParamsOf, type InterviewParams } from './params.ts';
import { INTERVIEW_TEMPLATES, TEMPLATES_VERSION } from './prompts.ts';
import { comparisonTables, runReport } from './report.ts';
import { CHECK_BASED_JUDGE, interviewSimulatedModel, RULE_BASED_INTERVIEWER, RULE_BASED_INTERVIEWER_SPEC, SIMULATED_INTERVIEWEES } from './simulated.ts';
import { credited } from './score.ts';
import { INTERVIEW_TEACH } from './seats.ts';
import { InterviewStepSchema } from './step-data.ts';
import { interviewStep, STOP_REASONS } from './step.ts';
import { itemScores, LEADERBOARD, leaderboardOrder, METRIC_COLUMNS, reduce } from './summary.ts';
import * as v from 'valibot';

/** Every task × interviewee × repeat, repeats outermost; then one reference item per task (when asked for). */
function units(manifest: Manifest): Unit[] {
  const out: Unit[] = [];
  const tasks = manifest.dataset.tasks ?? [];
  const interviewees = intervieweesOf(manifest);
  for (let repeat = 0; repeat < manifest.settings.repeats; repeat++) {
    for (const t of tasks) for (const m of interviewees) out.push({ key: itemKey(t.id, m.id, repeat), taskId: t.id, modelId: m.id, repeat });
  }
  if (interviewParamsOf(manifest).reference === 'yes') {
    // The reference item is run by the judge's binding when there is one, else the interviewer's (it calls no interviewee).
    const owner = manifest.models.find((m) => m.role === 'judge') ?? manifest.models.find((m) => m.role === 'interviewer')!;
    for (const t of tasks) out.push({ key: referenceKey(t.id), taskId: t.id, modelId: owner.id, repeat: 0 });
  }
  return out;
}

/**
 * A solution step in the live grid: the share of the task's requirements its checks credit, a
 * requirement counting only when its prerequisites are met (S_G by the checks, as the results
 * show it).
 */
function progress(step: Step, item: { manifest: Manifest; taskId?: string }): { passed: number; total: number } | null {
  const parsed = v.safeParse(InterviewStepSchema, step.data);
  if (!parsed.success || !('run' in parsed.output) || !parsed.output.run.checks.length) return null;
  const task = item.taskId === undefined ? undefined : tasksOf(item.manifest).get(item.taskId);
  if (!task?.requirements.length) return null;
  const rule = interviewParamsOf(item.manifest).prerequisites;
  return { passed: credited(task.requirements, checkVerdicts(parsed.output.run), rule).size, total: task.requirements.length };
}

export const interview: Protocol<InterviewParams> = {
  id: 'interview',
  label: 'Interview (multi-requirement projects)',
  description:
    'A model builds a small multi-file project that must meet several requirements linked by prerequisites. After an unguided attempt, an interviewer that has seen the reference gives one minimal, prerequisite-first hint at a time until it says INTERVIEW IS OVER. A judge and execution checks score each requirement; a requirement counts only when its prerequisites are met.',
  docs: { page: 'interview', title: 'The Interview protocol' },
  version: 1,
  roles: [
    {
      name: 'interviewee',
      label: 'Interviewees',
      help: 'The models under test: each builds every task’s project, then revises it from hints',
      tested: true,
      simulated: SIMULATED_INTERVIEWEES,
    },
    {
      name: 'interviewer',
      label: 'Interviewer',
      help: 'Sees the reference; gives one minimal hint a turn, says INTERVIEW IS OVER., writes the report. The rule-based one is simulated: offline, free.',
      required: true,
      fallback: RULE_BASED_INTERVIEWER_SPEC,
      simulated: [RULE_BASED_INTERVIEWER],
    },
    {
      name: 'judge',
      label: 'Judge',
      help: 'Optional: says SATISFIED or UNSATISFIED for each requirement from retrieved evidence (the execution checks score the requirements either way)',
      simulated: [CHECK_BASED_JUDGE],
      suggested: CHECK_BASED_JUDGE,
    },
    { name: 'embeddings', label: 'Embeddings', help: 'Optional: an embeddings endpoint the judge retrieves evidence with (BM25 otherwise)' },
  ],
  params: INTERVIEW_FIELDS,
  templates: INTERVIEW_TEMPLATES,
  templatesVersion: TEMPLATES_VERSION,
  stopReasons: STOP_REASONS,
  work: { on: 'tasks', perTask: (params) => (params.reference === 'no' ? null : { count: 1, name: 'reference check' }) },
  simulation: {
    model: (spec) => interviewSimulatedModel(spec),
    demo: {
      name: 'Interview demo (simulated models)',
      blurb:
        'Three simulated interviewees of low, medium and high skill build each built-in multi-requirement project, unguided and then guided by the rule-based (simulated) interviewer; a simulated judge of known accuracy and the execution checks score the requirements.',
      candidates: [
        { kind: 'simulated', profile: 'low' },
        { kind: 'simulated', profile: 'medium' },
        { kind: 'simulated', profile: 'high' },
      ],
      roles: { interviewer: { kind: 'simulated', profile: 'rule-based' }, judge: { kind: 'simulated', profile: 'check-based' } },
      settings: { concurrency: 2 },
    },
  },
  units,
  step: interviewStep,
  stepData: InterviewStepSchema,
  live: { progress },
  teach: INTERVIEW_TEACH,
  metrics: { version: 3, itemScores, reduce, columns: METRIC_COLUMNS, order: leaderboardOrder, presentation: LEADERBOARD },
  views: {
    results: ['leaderboard', 'rank-table', 'interview-figures', 'interview-agreement', 'interview-grades', 'interview-items'],
    item: 'interview-item',
    pages: { grade: 'interview-grading' },
    compare: 'interview-compare',
  },
  profile: {
    name: 'Interview',
    measures: [
      { metric: 'baseChecks', name: 'S_G', ranked: true },
      { metric: 'guidedChecks', name: 'S′_G', ranked: true },
    ],
  },
  report: { run: runReport, compare: comparisonTables },
  describeSetting: (manifest) => {
    const p = interviewParamsOf(manifest);
    const role = (r: string) => manifest.models.find((m) => m.role === r)?.label ?? 'no';
    return `T = ${p.iterations}, ${p.prerequisites} prerequisites, interviewer ${role('interviewer')}, judge ${role('judge')}`;
  },
  estimate: interviewEstimate,
};
