// Test support: Prism items made by hand (a node evaluation that passed at once, or failed every
// attempt and the fixer), and a manifest for a small search.
import { RUNLOG_SCHEMA, type ItemRecord, type Manifest } from '../../model/runlog.ts';
import type { Unit } from '../contract.ts';
import { PRISM_FIELDS } from './params.ts';

export { evaluationKey } from './search.ts';
import type { AttemptData, PrismStepData } from './step-data.ts';

export function manifestOf(params: Record<string, number | string>, settings: Partial<Manifest['settings']> = {}, models = ['m']): Manifest {
  return {
    schema: RUNLOG_SCHEMA,
    runId: 'run-test',
    name: 'test',
    createdAt: '2026-01-01T00:00:00.000Z',
    protocol: { id: 'prism', version: 1 },
    settings: { repeats: 1, concurrency: 1, seed: 5, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000, ...settings },
    params: { ...Object.fromEntries(PRISM_FIELDS.map((f) => [f.key, f.default])), design: 'tree', ...params },
    dataset: { id: 'none', name: 'none', hash: '', instances: [] },
    models: models.map((id) => ({ id, label: id, role: 'model', simulated: true, model: id })),
    app: { version: 'test', pyodide: 'test' },
    prompts: {},
  };
}

const run = (passed: number, failed: number, errors: number) => ({ status: 'ok', passed, failed, errors, cases: [], durationMs: 1, output: '' });
const attempt = (by: 'solver' | 'fixer', n: number, r: ReturnType<typeof run>): AttemptData => ({
  kind: 'attempt',
  by,
  n,
  solution: 'def solution(): pass',
  tests: 'import unittest',
  run: r,
});

/** How an evaluation went: passed at once, or failed all 1 + retries attempts and the fixer. */
export type Outcome = 'pass' | 'fail';

export function attemptsFor(outcome: Outcome, retries = 3): AttemptData[] {
  if (outcome === 'pass') return [attempt('solver', 1, run(5, 0, 0))];
  return [...Array.from({ length: 1 + retries }, (_, i) => attempt('solver', i + 1, run(2, 3, 0))), attempt('fixer', retries + 2, run(2, 3, 0))];
}

/** A finished item for a unit, with the steps of the outcome. */
export function finished(unit: Unit, outcome: Outcome, retries = 3): ItemRecord {
  const data: PrismStepData[] = [
    { kind: 'design', challenge: { title: 'T', text: 'T\nstatement' } },
    { kind: 'tests', code: 'import unittest' },
    ...attemptsFor(outcome, retries),
  ];
  return {
    ...unit,
    status: 'done',
    stopReason: outcome === 'pass' ? 'solved' : 'failed',
    steps: data.map((d, index) => ({ index, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, calls: [], data: d })),
  };
}
