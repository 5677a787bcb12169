// The class view's PAIR parts on hand-built sessions: which failure scenarios learners met and
// did not close, and the hints a person wrote ranked by the share of their tests passing after.
import { describe, expect, it } from 'vitest';
import { RUNLOG_SCHEMA, type Manifest, type ModelSpec } from '../../model/runlog.ts';
import type { Instance } from '../../model/instance.ts';
import { stuckScenarios, writtenHints } from './class-view.ts';
import { logOf, type TurnFixture } from './test-support.ts';

const T = ['t1', 't2', 't3', 't4'];
const person = (role: string): ModelSpec => ({ id: 'learner', label: 'Ada', role, simulated: false, human: true, model: 'human' });
const manifest = (runId: string, models: ModelSpec[]): Manifest => ({
  schema: RUNLOG_SCHEMA,
  runId,
  name: runId,
  createdAt: '2026-01-01T00:00:00.000Z',
  protocol: { id: 'pair', version: 1 },
  settings: { repeats: 1, concurrency: 1, seed: 0, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
  params: { turns: 3, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' },
  dataset: { id: 'builtin', name: 'b', hash: 'h', instances: [{ id: 'x', title: 'Instance X', testIds: T }] },
  models,
  app: { version: 't', pyodide: 't' },
  prompts: {},
});
const S1 = { id: 's1', testIds: ['t3', 't4'], shape: 'single-line', failType: 'value' };
const S2 = { id: 's2', testIds: ['t2'] };
const turn = (index: number, passed: string[], scenario?: typeof S1 | typeof S2, text = 'a hint', level = 1): TurnFixture => ({
  index,
  passed,
  code: `v${index}`,
  ...(scenario ? { feedback: { text, scenario, level, validation: [{ text, accepted: true, leaks: [] }] } } : {}),
});

// Ada met s1 and closed it (t3, t4 pass at the end), then met s2 and did not close it.
const ada = logOf(manifest('run-ada', [person('candidate')]), [
  { instanceId: 'x', modelId: 'learner', repeat: 0, turns: [turn(0, ['t1']), turn(1, ['t1', 't3', 't4'], S1), turn(2, ['t1', 't3', 't4'], S2)] },
]);
// Bob met s1 and never closed it.
const bob = logOf(manifest('run-bob', [person('candidate')]), [
  { instanceId: 'x', modelId: 'learner', repeat: 0, turns: [turn(0, ['t1']), turn(1, ['t1', 't3'], S1), turn(2, ['t1', 't3'], S1)] },
]);

describe('where a class got stuck', () => {
  it('counts, per instance and scenario, the sessions that met it and those whose tests did not all pass at the end', () => {
    expect(stuckScenarios([ada, bob])).toEqual([
      // s1: met by both; Bob ended with t4 failing. s2: met by Ada, not closed. Ties on stuck: more learners first.
      { key: 'x|s1', what: 'Instance X: a scenario of 2 tests (single-line output, value failures)', learners: 2, stuck: 1 },
      { key: 'x|s2', what: 'Instance X: a scenario of 1 test', learners: 1, stuck: 1 },
    ]);
  });
});

describe('the hints a person wrote', () => {
  const instance = { id: 'x', title: 'Instance X', statement: 's', reference: 'print(1)\n', buggy: 'print(0)\n', tests: [] } as unknown as Instance;
  const writer = logOf(
    manifest('run-w', [{ id: 'sim-low', label: 'Simulated candidate, low skill', role: 'candidate', simulated: true, model: 'm' }, person('feedback')]),
    [
      {
        instanceId: 'x',
        modelId: 'sim-low',
        repeat: 0,
        turns: [turn(0, ['t1']), turn(1, ['t1', 't3'], S1, 'Some outputs are too small.'), turn(2, ['t1', 't3', 't4'], S1, 'The last value is dropped.', 2)],
      },
    ],
  );

  it('lists each with its level asked and read, the share of its tests passing after it, and what it did', () => {
    expect(writtenHints(writer, new Map([['x', instance]]))).toEqual([
      {
        turn: 1,
        text: 'Some outputs are too small.',
        what: 'asked L1 · reads as L1',
        score: 0.5,
        outcome: "1 of the scenario's 2 tests pass after it; 1 test fixed, 0 broken",
      },
      {
        turn: 2,
        text: 'The last value is dropped.',
        what: 'asked L2 · reads as L1',
        score: 1,
        outcome: "2 of the scenario's 2 tests pass after it; 1 test fixed, 0 broken",
      },
    ]);
  });

  it('is empty when this browser does not have the session’s instance', () => {
    expect(writtenHints(writer, new Map())).toEqual([]);
  });
});
