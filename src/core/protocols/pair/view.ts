// How the PAIR family reads a run log: each item as its turns (turn 0, the unaided repair, then
// the revisions), each turn with its prompt and reply, the program after it and the tests it
// passes. Built from the engine's steps: a step that failed is not a turn, and a turn whose
// reply held no program keeps the program and the passing tests of the turn before.
import type { CallRecord, ItemRecord, Manifest, ModelSummary, RunLog, Scores, Start, Step } from '../../model/runlog.ts';
import { itemBasics, programSteps, type ItemBasics } from '../shared/items.ts';
import type { PairParams } from './params.ts';
import { pairParamsOf } from './params.ts';
import type { PairStepData, TurnFeedback } from './step-data.ts';

export type { HintAttempt, TurnFeedback } from './step-data.ts';

export interface Turn {
  /** 0 is the initial repair. */
  index: number;
  /** The candidate's message for this turn. */
  prompt: string;
  reply: string | null;
  extraction: PairStepData['extraction'];
  /** `evaluated`, or `no-code` when the reply held no program (the program stays as it was). */
  outcome: 'evaluated' | 'no-code';
  code: string;
  /** Ids of the tests the program passes after this turn. */
  passed: string[];
  total: number;
  /** The feedback this turn's prompt carried (absent on turn 0). */
  feedback?: TurnFeedback;
  calls: CallRecord[];
  startedAt: string;
  durationMs: number;
}

export interface PairItem extends ItemBasics {
  /** Tests the buggy program passes before any turn. */
  initialPassed?: string[];
  /** The buggy program (null when a migrated log did not keep it). */
  buggy: string | null;
  turns: Turn[];
}

export interface PairLog {
  manifest: Manifest;
  params: PairParams;
  items: PairItem[];
  summaries: ModelSummary[];
  /** The run's stored item scores by item key (absent for a run without stored scores). */
  stored?: Scores['items'];
}

/** The candidate's call of a step: its last message is the turn's prompt, its content the reply. */
const candidateCall = (step: Step) => step.calls.findLast((c) => c.role === 'candidate');

/** The turns of an item's steps; `total` is the instance's number of tests. */
export function turnsOf(steps: readonly Step[], start: Start | undefined, total: number): Turn[] {
  const turns: Turn[] = [];
  for (const { step, code, passed } of programSteps(steps, start)) {
    const data = (step.data ?? { extraction: 'none' }) as PairStepData;
    const call = candidateCall(step);
    turns.push({
      index: turns.length,
      prompt: call?.messages.at(-1)?.content ?? '',
      reply: call?.content ?? null,
      extraction: data.extraction,
      outcome: step.evaluation ? 'evaluated' : 'no-code',
      code,
      passed,
      total,
      ...(data.feedback ? { feedback: data.feedback } : {}),
      calls: step.calls,
      startedAt: step.startedAt,
      durationMs: step.durationMs,
    });
  }
  return turns;
}

export function pairItem(item: ItemRecord, testIds: ReadonlyMap<string, readonly string[]>): PairItem {
  const instanceId = item.instanceId ?? '';
  return {
    ...itemBasics(item),
    ...(item.start ? { initialPassed: item.start.passed } : {}),
    buggy: item.start?.code ?? null,
    turns: turnsOf(item.steps, item.start, testIds.get(instanceId)?.length ?? 0),
  };
}

export const testIdsOf = (manifest: Manifest) => new Map(manifest.dataset.instances.map((i) => [i.id, i.testIds]));

const views = new WeakMap<RunLog, PairLog>();

/** The PAIR reading of a run log (kept per log object, so views share it). */
export function pairLog(log: RunLog): PairLog {
  let view = views.get(log);
  if (!view) {
    const tests = testIdsOf(log.manifest);
    view = {
      manifest: log.manifest,
      params: pairParamsOf(log.manifest),
      items: log.items.map((i) => pairItem(i, tests)),
      summaries: log.summaries,
      ...(log.scores ? { stored: log.scores.items } : {}),
    };
    views.set(log, view);
  }
  return view;
}
