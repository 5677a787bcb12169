// The live view of a run: what its grid shows as steps arrive (each item's pass rate after each
// step) and its running totals of steps, tokens and cost. No DOM and no runes here.
import { callTotals } from '../core/llm/totals.ts';
import type { Step } from '../core/model/runlog.ts';
import type { LiveStatus } from '../core/runner/runner.ts';
import type { AnyProtocol } from '../core/protocols/contract.ts';
import type { RunRecord } from '../core/store/runs.ts';

export interface Totals {
  /** Steps stored (a PAIR step is a turn), failed ones included. */
  turns: number;
  promptTokens: number;
  completionTokens: number;
  /** null when some call's price is unknown. */
  costUsd: number | null;
}

/** An item's progress: steps that evaluated a program, the pass rate after the latest one, and after each. */
export interface ItemProgress {
  turns: number;
  passed: number;
  total: number;
  history: number[];
}

export interface LiveRun {
  live: Record<string, LiveStatus>;
  totals: Totals;
  items: Record<string, ItemProgress>;
  /** Replies streaming in right now, by item key (live tokens; gone once the step is stored). */
  replies: Record<string, { role: string; content: string; thinking: string }>;
}

/** What a step shows in the live grid: its pass count. */
export type ProgressOf = (key: string, step: Step) => { passed: number; total: number } | null;

/**
 * A run's steps' pass counts: an evaluation on its instance's tests, or what its protocol says
 * the step shows (given the item's task).
 */
export function progressFor(record: RunRecord, protocol: AnyProtocol | undefined): ProgressOf {
  const perInstance = new Map(record.manifest.dataset.instances.map((i) => [i.id, i.testIds.length]));
  const items = new Map(record.items.map((i) => [i.key, i]));
  return (key, step) => {
    const item = items.get(key);
    if (step.evaluation) return { passed: step.evaluation.passed.length, total: item?.instanceId === undefined ? 0 : (perInstance.get(item.instanceId) ?? 0) };
    return protocol?.live?.progress?.(step, { manifest: record.manifest, ...(item?.taskId === undefined ? {} : { taskId: item.taskId }) }) ?? null;
  };
}

export function liveOf(stored: Map<string, Step[]>, progress: ProgressOf): LiveRun {
  const run: LiveRun = { live: {}, totals: { turns: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 }, items: {}, replies: {} };
  for (const [key, steps] of stored) for (const step of steps) addStep(run, key, step, progress);
  return run;
}

export function addStep(run: LiveRun, key: string, step: Step, progress: ProgressOf | undefined): void {
  const t = run.totals;
  t.turns++;
  const ev = progress?.(key, step) ?? null;
  const before = run.items[key];
  if (ev) {
    const { passed, total } = ev;
    run.items[key] = { turns: (before?.turns ?? 0) + 1, passed, total, history: [...(before?.history ?? []), total ? passed / total : 0] };
  } else if (before && !step.error) {
    // No program this step: the pass rate carries over.
    run.items[key] = { ...before, turns: before.turns + 1, history: [...before.history, before.history.at(-1) ?? 0] };
  }
  const calls = callTotals(step.calls);
  t.promptTokens += calls.promptTokens;
  t.completionTokens += calls.completionTokens;
  t.costUsd = t.costUsd === null || calls.costUsd === null ? null : t.costUsd + calls.costUsd;
}
