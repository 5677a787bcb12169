// What every reading of a run's items starts from: an item's identity and how it ended, and
// its steps that did not fail, each with the program after it.
import type { ItemRecord, Step, StopReason } from '../../model/runlog.ts';

export interface ItemBasics {
  key: string;
  /** '' for a unit made without an instance. */
  instanceId: string;
  modelId: string;
  repeat: number;
  status: ItemRecord['status'];
  stopReason?: StopReason;
  error?: string;
}

export function itemBasics(item: Pick<ItemRecord, 'key' | 'instanceId' | 'modelId' | 'repeat' | 'status' | 'stopReason' | 'error'>): ItemBasics {
  return {
    key: item.key,
    instanceId: item.instanceId ?? '',
    modelId: item.modelId,
    repeat: item.repeat,
    status: item.status,
    ...(item.stopReason !== undefined ? { stopReason: item.stopReason } : {}),
    ...(item.error !== undefined ? { error: item.error } : {}),
  };
}

/** A step that did not fail, with the program after it and the tests that program passes. */
export interface ProgramStep {
  step: Step;
  code: string;
  passed: string[];
}

/**
 * An item's steps without the failed ones, each with the program it evaluated — or, when it
 * evaluated none, the program before it (`start`'s before any).
 */
export function programSteps(steps: readonly Step[], start?: { code: string | null; passed: string[] }): ProgramStep[] {
  const out: ProgramStep[] = [];
  let code = start?.code ?? '';
  let passed = start?.passed ?? [];
  for (const step of steps) {
    if (step.error) continue;
    if (step.evaluation) {
      code = step.evaluation.code;
      passed = step.evaluation.passed;
    }
    out.push({ step, code, passed });
  }
  return out;
}
