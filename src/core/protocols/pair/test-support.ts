// Test support: PAIR-family run logs written as turns (as the PAIR code reads them) and stored
// as the engine's steps, so hand-computed fixtures read naturally.
import type { CallRecord, ItemRecord, Manifest, RunLog, Step } from '../../model/runlog.ts';
import { summarizeRun } from '../registry.ts';
import type { PairStepData, TurnFeedback } from './step-data.ts';

export interface TurnFixture {
  index: number;
  passed: string[];
  code?: string;
  prompt?: string;
  reply?: string | null;
  outcome?: 'evaluated' | 'no-code';
  extraction?: PairStepData['extraction'];
  feedback?: TurnFeedback;
  calls?: CallRecord[];
}

export interface ItemFixture {
  key?: string;
  instanceId: string;
  modelId: string;
  repeat: number;
  status?: ItemRecord['status'];
  stopReason?: string;
  error?: string;
  initialPassed?: string[];
  buggy?: string | null;
  turns: TurnFixture[];
}

/** The candidate's call of a turn that names its prompt and reply (the PAIR reading derives them from it). */
const candidateCall = (t: TurnFixture): CallRecord[] =>
  t.prompt === undefined && t.reply === undefined
    ? []
    : [
        {
          role: 'candidate',
          modelId: 'm',
          model: 'm',
          simulated: true,
          messages: [{ role: 'user', content: t.prompt ?? '' }],
          content: t.reply ?? null,
          usage: null,
          costUsd: 0,
          latencyMs: 0,
          retries: 0,
          startedAt: '',
        },
      ];

export function stepOf(t: TurnFixture): Step {
  const data: PairStepData = { extraction: t.extraction ?? 'fenced-python', ...(t.feedback ? { feedback: t.feedback } : {}) };
  return {
    index: t.index,
    startedAt: '',
    durationMs: 0,
    calls: t.calls ?? candidateCall(t),
    ...((t.outcome ?? 'evaluated') === 'evaluated' ? { evaluation: { code: t.code ?? '', passed: t.passed } } : {}),
    data,
  };
}

export function itemOf(f: ItemFixture): ItemRecord {
  return {
    key: f.key ?? `${f.instanceId}|${f.modelId}|${f.repeat}`,
    instanceId: f.instanceId,
    modelId: f.modelId,
    repeat: f.repeat,
    status: f.status ?? 'done',
    ...(f.stopReason ? { stopReason: f.stopReason } : {}),
    ...(f.error ? { error: f.error } : {}),
    ...(f.initialPassed ? { start: { code: f.buggy ?? null, passed: f.initialPassed } } : {}),
    steps: f.turns.map(stepOf),
  };
}

/** A run log of these items, its summaries computed as the app computes them. */
export function logOf(manifest: Manifest, items: ItemFixture[]): RunLog {
  const records = items.map(itemOf);
  return { manifest, items: records, summaries: summarizeRun(manifest, records) };
}
