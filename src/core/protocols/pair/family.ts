// The PAIR family on the engine's contract. PAIR and its two baselines (vanilla feedback, no
// hint) share their work units (instance × model × repeat), turn 0, the candidate's call,
// program extraction and evaluation, their metrics, views and report; each brings its own
// planner, roles and parameters.
import { extractCode } from '../../llm/extract.ts';
import type { Instance } from '../../model/instance.ts';
import type { DemoSpec, ProfileSpec, Protocol, RoleSpec, StepContext, StepEnv, StepResult } from '../contract.ts';
import { instanceUnits } from '../shared/units.ts';
import type { ParamField } from '../params.ts';
import { pairSimulatedModel, SIMULATED_CANDIDATES } from './simulated.ts';
import { repairEstimate } from './estimate.ts';
import type { ItemState, PlanEnv, Planner } from './item-state.ts';
import { LEADERBOARD, leaderboardOrder, METRIC_COLUMNS } from './leaderboard.ts';
import { PAIR_DEFAULTS, type PairParams } from './params.ts';
import { comparisonTables, runReport } from './report.ts';
import { migrateV1, RUNLOG_V1, RunLogV1Schema, type RunLogV1 } from './runlog-v1.ts';
import { PairStepDataSchema, type PairStepData } from './step-data.ts';
import { settingOf } from './studies.ts';
import { itemScores, reduce } from './summary.ts';
import { replyQuotesHidden, trajectoryView } from './trajectory.ts';
import type { TurnFeedback } from './step-data.ts';
import type { TeachViewKey } from '../view-keys.ts';
import { pairLog, turnsOf, type PairItem } from './view.ts';

export interface RepairSpec {
  id: string;
  label: string;
  description: string;
  /** The family's page of the user docs. */
  docs: { page: string; title: string };
  roles: readonly RoleSpec[];
  params: readonly ParamField[];
  templates: Record<string, string>;
  templatesVersion: string;
  plan: Planner;
  /** Whether it targets failure scenarios with graded hints (Figs. 3 and 4, the staircase). */
  scenarios: boolean;
  /** The trajectory viewer's sentence for a revision turn of a protocol without scenarios. */
  turnsWithout?: string;
  /** Whether its revisions carry a fixed message instead of a hint. */
  fixedMessage?: boolean;
  /** Its zero-key demo (PAIR's is Home's and `hintbench demo`'s). */
  demo?: DemoSpec;
  /** What its runs give the model profile (PAIR's; the baselines are not profiled). */
  profile?: ProfileSpec;
  /** Teach mode's page, when its runs can seat a learner. */
  teach?: TeachViewKey;
}

/** Where the PAIR family is documented for users. */
export const REPAIR_DOCS = { page: 'pair', title: 'The PAIR protocol' };

export const REPAIR_STOP_REASONS = { fixed: 'fixed', turns: 'out of turns', exhausted: 'no scenario left' };

/** The candidate role every PAIR-family protocol tests. */
export const CANDIDATE_ROLE: RoleSpec = {
  name: 'candidate',
  label: 'Candidate models',
  help: 'The models under test: each repairs every instance',
  tested: true,
  simulated: SIMULATED_CANDIDATES,
};

function planEnv(env: StepEnv): PlanEnv {
  return {
    evaluate: (code) => env.evaluate(code),
    traces: () => env.traces(),
    feedback: env.has('feedback') ? (messages, context) => env.call('feedback', messages, { context }) : null,
    judge: env.has('judge') ? (messages) => env.call('judge', messages) : null,
  };
}

/** One turn: the planner's prompt (or why the item is done), the candidate's reply, its program evaluated. */
async function repairStep(plan: Planner, ctx: StepContext<PairParams>, env: StepEnv): Promise<StepResult> {
  const instance = ctx.instance;
  if (!instance) throw new Error(`item ${ctx.item.key} has no instance`);
  const turns = turnsOf(ctx.steps, ctx.item.start, instance.tests.length);
  const state: ItemState = {
    instance,
    key: ctx.item.key,
    repeat: ctx.item.repeat,
    initialPassed: ctx.item.start?.passed ?? [],
    turns,
    params: { ...PAIR_DEFAULTS, ...ctx.params, seed: ctx.manifest.settings.seed },
    templates: ctx.templates,
    ...(ctx.outcomes ? { outcomes: ctx.outcomes } : {}),
  };
  const t = turns.length;
  if (t > 0) env.report('planning', t);
  const planned = await plan(state, planEnv(env));
  ctx.outcomes = state.outcomes; // what planning evaluated serves the next turn too
  if ('stop' in planned) return planned;
  env.report('generating', t);
  const reply = await env.call('candidate', planned.messages, { context: planned.context });
  const extraction = extractCode(reply);
  const data: PairStepData = { extraction: extraction.how, ...(planned.feedback ? { feedback: planned.feedback } : {}) };
  if (extraction.code === null) return { data };
  env.report('executing', t);
  return { evaluated: { code: extraction.code, outcomes: await env.evaluate(extraction.code) }, data };
}

/** A PAIR-family protocol as a registry entry. */
export function repairProtocol(spec: RepairSpec): Protocol<PairParams> {
  return {
    id: spec.id,
    label: spec.label,
    description: spec.description,
    docs: spec.docs,
    version: 1,
    roles: spec.roles,
    params: spec.params,
    templates: spec.templates,
    templatesVersion: spec.templatesVersion,
    stopReasons: REPAIR_STOP_REASONS,
    work: { on: 'instances', usable: (instance) => instance.buggy.trim() !== '', startProgram: (instance: Instance) => instance.buggy },
    simulation: { model: pairSimulatedModel, ...(spec.demo ? { demo: spec.demo } : {}) },
    units: (manifest) => instanceUnits(manifest, CANDIDATE_ROLE.name),
    step: (ctx, env) => repairStep(spec.plan, ctx, env),
    stepData: PairStepDataSchema,
    legacyLog: { schema: RUNLOG_V1, check: RunLogV1Schema, migrate: (log) => migrateV1(log as Pick<RunLogV1, 'manifest' | 'items'>) },
    metrics: { version: 2, itemScores, reduce, columns: METRIC_COLUMNS, order: leaderboardOrder, presentation: LEADERBOARD },
    views: {
      results: ['leaderboard', 'rank-table', 'repeat-tables', 'repair-figures', 'items'],
      instance: 'repair-instance',
      compare: 'repair-compare',
      datasetInstance: 'repair-scenarios',
    },
    ...(spec.teach ? { teach: { view: spec.teach } } : {}),
    trajectory: {
      turns: pairLog,
      panels: ['scenario', 'hint'],
      views: (log, item) =>
        trajectoryView(item as PairItem, log.manifest.dataset.instances.find((i) => i.id === item.instanceId)?.testIds ?? [], pairLog(log).params.beta),
      hidesReply: (call, view) => replyQuotesHidden(call, (view.turn.feedback as TurnFeedback | undefined)?.validation ?? []),
      legend:
        'Each turn: pass rate after it, hint level, and what the staircase did — ◆ new scenario, ↺ reopened, ✓ closed, ⇥ deferred, ⚑ flagged hint, ∅ no code in the reply. Arrow keys move between turns.',
      scenarios: spec.scenarios,
      hiddenRequests: {
        what: "The feedback model's and the judge's requests (they quote sampled hidden tests and the reference)",
        why: 'this request quotes sampled hidden tests and the reference',
        shown: "the feedback model's and the judge's requests",
      },
    },
    ...(spec.profile ? { profile: spec.profile } : {}),
    report: { run: runReport, compare: comparisonTables },
    describeSetting: settingOf,
    estimate: repairEstimate,
  };
}
