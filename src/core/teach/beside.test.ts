// You beside the models: the runs that set a session's seat's simulated models on its exact
// setting, which runs count as on that setting, and the one leaderboard of them all, the rows a
// person shaped marked — for a person in the tested role (PrismBench's solver) and in a supporting
// role (PAIR's hint writer) alike.
import { describe, expect, it } from 'vitest';
import type { Instance } from '../model/instance.ts';
import type { Manifest, ModelSummary } from '../model/runlog.ts';
import type { AnyProtocol } from '../protocols/contract.ts';
import { requireProtocol, seatById } from '../protocols/registry.ts';
import { createManifest, NO_DATASET, type RunConfig, type RunData } from '../runner/setup.ts';
import { besideConfigs, besideMissing, besideRows, onSameSetting, peopleOf } from './beside.ts';

const instance = (id: string): Instance => ({
  id,
  title: id,
  statement: 's',
  buggy: 'print(int(input()) + 1)\n',
  reference: 'print(int(input()) + 2)\n',
  tests: [{ id: 't1', input: '1\n', expected: '3\n' }],
  source: { name: 'test' },
  language: 'python',
  testKind: 'stdio',
});
const app = { version: 'test', pyodide: 'test' };
const manifestOf = (config: RunConfig, data: RunData) => createManifest(config, data, requireProtocol(config.protocol), app);
const pair = requireProtocol('pair');
const prism = requireProtocol('prism');
const one = (id: string): RunData => ({ id: 'builtin', name: 'Built-in', instances: [instance(id)] });

const hintsSession: RunConfig = {
  name: 'Teach, hints',
  protocol: 'pair',
  candidates: [{ kind: 'simulated', profile: 'low' }],
  roles: { feedback: { kind: 'human', name: 'Ada' } },
  params: { turns: 2 },
  settings: { concurrency: 1, seed: 7 },
};
const practice: RunConfig = {
  name: 'Teach, practice map',
  protocol: 'prism',
  candidates: [{ kind: 'human' }],
  params: { concepts: 'loops, recursion', maxNodes: 15, feedbackRetries: 1 },
  settings: { concurrency: 1, seed: 3 },
};
const summary = (modelId: string, label: string, success: number): ModelSummary => ({
  modelId,
  label,
  simulated: modelId !== 'learner',
  items: 1,
  promptTokens: 0,
  completionTokens: 0,
  costUsd: 0,
  metrics: { success },
});
const seat = (p: AnyProtocol, id: string) => seatById(p.id, id)!.seat;

describe('a person in a supporting role (PAIR’s hint writer)', async () => {
  const session = await manifestOf(hintsSession, one('a'));
  const feedback = seat(pair, 'feedback');

  it('is set beside its role’s simulated model on the same candidate, instance, parameters and seed', async () => {
    const [config, ...more] = besideConfigs(session, pair, feedback, ['rule-based']);
    expect(more).toEqual([]);
    expect(config).toEqual({
      name: 'Teach, hints · beside: Rule-based feedback (simulated)',
      protocol: 'pair',
      candidates: [{ kind: 'simulated', profile: 'low' }],
      roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
      params: session.params,
      settings: session.settings,
    });
    const beside = await manifestOf(config!, one('a'));
    expect(onSameSetting(session, beside, pair)).toBe(true);
    expect(besideMissing(session, pair, feedback, [beside])).toEqual([]);
    expect(besideMissing(session, pair, feedback, [])).toEqual(['rule-based']);
    // Concurrency does not change a PAIR run; the seed, the instance, the candidate and a person do.
    expect(onSameSetting(session, { ...beside, settings: { ...beside.settings, concurrency: 4 } }, pair)).toBe(true);
    expect(onSameSetting(session, { ...beside, settings: { ...beside.settings, seed: 8 } }, pair)).toBe(false);
    expect(onSameSetting(session, await manifestOf(config!, one('b')), pair)).toBe(false);
    expect(onSameSetting(session, await manifestOf({ ...config!, candidates: [{ kind: 'simulated', profile: 'high' }] }, one('a')), pair)).toBe(false);
    expect(onSameSetting(session, await manifestOf(hintsSession, one('a')), pair)).toBe(false);
    expect(onSameSetting(session, await manifestOf({ ...config!, params: { turns: 3 } }, one('a')), pair)).toBe(false);
  });

  it('marks the candidate’s row under its hints as the person’s, each row naming who wrote the hints', async () => {
    const beside = await manifestOf(besideConfigs(session, pair, feedback, ['rule-based'])[0]!, one('a'));
    const rows = besideRows(
      { manifest: session, summaries: [summary('sim-low', 'Simulated candidate, low skill', 1)] },
      [{ manifest: beside, summaries: [summary('sim-low', 'Simulated candidate, low skill', 0.5)] }],
      pair,
    );
    expect(rows.summaries.map((s) => [s.modelId, s.label, s.metrics.success])).toEqual([
      ['1/sim-low', '[1] Simulated candidate, low skill · Feedback model: Ada', 1],
      ['2/sim-low', '[2] Simulated candidate, low skill · Feedback model: Rule-based feedback (simulated)', 0.5],
    ]);
    expect([...rows.people]).toEqual(['1/sim-low']);
    expect([...peopleOf(session)]).toEqual(['learner']);
  });

  it('cannot run a provider model again without its key', () => {
    const withProvider: Manifest = {
      ...session,
      models: session.models.map((m) => (m.role === 'candidate' ? { ...m, simulated: false, profile: undefined, model: 'gpt', label: 'GPT' } : m)),
    };
    expect(() => besideConfigs(withProvider, pair, feedback, ['rule-based'])).toThrow('GPT is not a simulated model');
  });
});

describe('a person in the tested role (PrismBench’s solver)', async () => {
  const session = await manifestOf(practice, NO_DATASET);
  const solver = seat(prism, 'solver');

  it('is set beside its seat’s simulated models in one run, with the same designer, parameters, seed and concurrency', async () => {
    expect(besideMissing(session, prism, solver, [])).toEqual(['strong', 'medium', 'weak']);
    const configs = besideConfigs(session, prism, solver, ['strong', 'weak', 'not-one']);
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({
      candidates: [
        { kind: 'simulated', profile: 'strong' },
        { kind: 'simulated', profile: 'weak' },
      ],
      roles: { designer: { kind: 'simulated', profile: 'bank' } },
      settings: { concurrency: 1, seed: 3 },
    });
    const beside = await manifestOf(configs[0]!, NO_DATASET);
    expect(onSameSetting(session, beside, prism)).toBe(true);
    expect(besideMissing(session, prism, solver, [beside])).toEqual(['medium']);
    // A search's batches follow its concurrency: another one is another setting.
    expect(onSameSetting(session, { ...beside, settings: { ...beside.settings, concurrency: 2 } }, prism)).toBe(false);
    expect(() => besideConfigs(session, prism, solver, ['bank'])).toThrow('offers none of these');
  });

  it('marks the person’s own row', async () => {
    const beside = await manifestOf(besideConfigs(session, prism, solver, ['medium'])[0]!, NO_DATASET);
    const rows = besideRows(
      { manifest: session, summaries: [summary('learner', 'You', 0.4)] },
      [{ manifest: beside, summaries: [summary('sim-medium', 'Simulated model, medium', 0.6)] }],
      prism,
    );
    expect(rows.summaries.map((s) => [s.modelId, s.label])).toEqual([
      ['1/learner', '[1] You'],
      ['2/sim-medium', '[2] Simulated model, medium'],
    ]);
    expect([...rows.people]).toEqual(['1/learner']);
  });
});
