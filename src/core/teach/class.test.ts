// A class from learners' logs: grouped by seat, named as the logs say, measured by the seat's
// row, with runs that seat nobody set apart; and the learners' table as CSV.
import { describe, expect, it } from 'vitest';
import { RUNLOG_SCHEMA, type Manifest, type ModelSpec } from '../model/runlog.ts';
import { logOf, type TurnFixture } from '../protocols/pair/test-support.ts';
import { classOf, learnerName, learnersCsv } from './class.ts';

const T = ['t1', 't2'];
const manifest = (runId: string, models: ModelSpec[]): Manifest => ({
  schema: RUNLOG_SCHEMA,
  runId,
  name: `Session ${runId}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  protocol: { id: 'pair', version: 1 },
  settings: { repeats: 1, concurrency: 1, seed: 0, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
  params: { turns: 3, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' },
  dataset: { id: 'builtin', name: 'b', hash: 'h', instances: [{ id: 'x', title: 'Instance X', testIds: T }] },
  models,
  app: { version: 't', pyodide: 't' },
  prompts: {},
});
const human = (label: string, role = 'candidate'): ModelSpec => ({ id: 'learner', label, role, simulated: false, human: true, model: 'human' });
const sim: ModelSpec = { id: 'sim-low', label: 'Simulated candidate, low skill', role: 'candidate', simulated: true, model: 'm' };
const turns = (fixed: boolean): TurnFixture[] => [
  { index: 0, passed: ['t1'], code: 'a' },
  { index: 1, passed: fixed ? T : ['t1'], code: 'b', feedback: { text: 'h', scenario: { id: 's', testIds: ['t2'] }, level: 1 } },
];
const session = (runId: string, models: ModelSpec[], modelId: string, fixed: boolean) =>
  logOf(manifest(runId, models), [{ instanceId: 'x', modelId, repeat: 0, stopReason: fixed ? 'fixed' : 'turns', turns: turns(fixed) }]);

const ada = session('r1', [human('Ada')], 'learner', true);
const nameless = session('r2', [human('Learner (you)')], 'learner', false);
const writer = session('r3', [sim, human('Grace', 'feedback')], 'sim-low', true);
const models = session('r4', [sim], 'sim-low', true);

describe('a class', () => {
  it('groups sessions by seat, names learners as the logs do, and measures each by its tested model’s row', () => {
    const { seats, others } = classOf([ada, nameless, writer, models]);
    expect(seats.map((s) => `${s.protocol.id}/${s.seat.id}`)).toEqual(['pair/candidate', 'pair/feedback']);
    const [candidates, hints] = seats as [(typeof seats)[0], (typeof seats)[0]];
    expect(candidates.sessions.map((s) => [s.learner, s.subject, s.ended, s.row?.modelId, s.row?.metrics.finalFix])).toEqual([
      ['Ada', 'Instance X', 'fixed', 'learner', 1],
      [null, 'Instance X', 'out of turns', 'learner', 0],
    ]);
    // The hint writer is measured by the candidate's row under their hints.
    expect(hints.sessions.map((s) => [s.learner, s.row?.modelId, s.row?.metrics.finalFix])).toEqual([['Grace', 'sim-low', 1]]);
    // Where the candidate seat's learners got stuck: the one scenario, met by both, not closed by one.
    expect(candidates.stuck).toEqual([{ key: 'x|s', what: 'Instance X: a scenario of 1 test', learners: 2, stuck: 1 }]);
    expect(others).toEqual([models]);
    expect(learnerName(writer)).toBe('Grace');
  });

  it('writes a seat’s learners as CSV, the leaderboard numbers as shown', () => {
    const [candidates] = classOf([ada, nameless]).seats;
    const csv = learnersCsv(candidates!).trim().split('\n');
    expect(csv[0]).toBe('learner,session,run_id,works_on,ended,initialFix,trs,brg,bp,pmr,he,finalFix,gc,turnsToFix');
    expect(csv[1]!.startsWith('Ada,Session r1,r1,Instance X,fixed,0.0,')).toBe(true);
    expect(csv[1]!.split(',')[11]).toBe('100.0'); // Final Fix
    expect(csv[2]!.startsWith(',Session r2,r2,Instance X,out of turns,0.0,')).toBe(true);
  });
});
