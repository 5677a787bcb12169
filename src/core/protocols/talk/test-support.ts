// Test support: Talk run logs written as attempts and stored as the engine's steps, so
// hand-computed fixtures read naturally.
import type { ItemRecord, Manifest, ModelSpec, RunLog, Step } from '../../model/runlog.ts';
import { RUNLOG_SCHEMA } from '../../model/runlog.ts';
import type { Feedback, TalkStepData } from './step-data.ts';
import { summarizeRun } from '../registry.ts';

export interface AttemptFixture {
  passed: string[];
  code?: string;
  /** No program in the reply: the program stays as it was. */
  noCode?: boolean;
  feedback?: Feedback;
  style?: number;
}

export const feedbackOf = (type: Feedback['type'], claim?: 'correct' | 'incorrect' | 'unclear'): Feedback => ({
  type,
  text: `${type} feedback`,
  attempts: [{ text: `${type} feedback`, accepted: true, problems: [] }],
  ...(claim ? { claim: { verdict: claim, judged: claim } } : {}),
});

export function stepsOf(attempts: readonly AttemptFixture[]): Step[] {
  return attempts.map((a, index) => {
    const data: TalkStepData = {
      extraction: a.noCode ? 'none' : 'fenced-python',
      question: { kind: 'under', text: 'Do the thing.' },
      ...(a.feedback ? { feedback: a.feedback } : {}),
      ...(a.style !== undefined ? { style: { tool: 'test', violations: a.style, rules: {} } } : {}),
    };
    return { index, startedAt: '', durationMs: 0, calls: [], ...(a.noCode ? {} : { evaluation: { code: a.code ?? '', passed: a.passed } }), data };
  });
}

export interface LogFixture {
  setting: string;
  /** Test ids per instance. */
  instances: Record<string, string[]>;
  models: string[];
  /** Items by "instance|model". */
  items: Record<string, AttemptFixture[]>;
  steps?: number;
}

export function talkLogOf(f: LogFixture, runId = `run-${f.setting}`): RunLog {
  const models: ModelSpec[] = f.models.map((id) => ({ id, label: `Model ${id}`, role: 'code', simulated: false, model: id }));
  const manifest: Manifest = {
    schema: RUNLOG_SCHEMA,
    runId,
    name: `Talk ${f.setting}`,
    createdAt: '2026-01-01T00:00:00Z',
    protocol: { id: 'talk', version: 1 },
    settings: { repeats: 1, concurrency: 1, seed: 1, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
    params: { setting: f.setting, steps: f.steps ?? 5 },
    dataset: { id: 'test', name: 'Test', hash: '', instances: Object.entries(f.instances).map(([id, testIds]) => ({ id, title: id, testIds })) },
    models,
    app: { version: 'test', pyodide: 'test' },
    prompts: {},
  };
  const items: ItemRecord[] = Object.entries(f.items).map(([k, attempts]) => {
    const [instanceId, modelId] = k.split('|') as [string, string];
    return { key: `${k}|0`, instanceId, modelId, repeat: 0, status: 'done', steps: stepsOf(attempts) };
  });
  return { manifest, items, summaries: summarizeRun(manifest, items) };
}
