// Run setup: run settings and protocol parameters checked with named errors, the models a
// protocol's roles bring (feedback model, judge), template edits with their hashes in the
// manifest, and provider options honoured or refused, never dropped.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../exec/hash.ts';
import type { Instance } from '../model/instance.ts';
import { parseParams } from '../protocols/params.ts';
import { PROTOCOL_LIST, requireProtocol } from '../protocols/registry.ts';

const prism = requireProtocol('prism');
import { LearnerSeat } from '../teach/seat.ts';
import { parseRunLog, toJson } from './export.ts';
import { DEFAULT_SETTINGS, parseSettings } from './settings.ts';
import { buildBindings, createManifest, itemsUpFront, shortProtocolName, type ProviderModelConfig, type RunConfig } from './setup.ts';

const instance = {
  id: 'x',
  title: 'X',
  statement: 's',
  testKind: 'stdio',
  buggy: 'print(1)\n',
  reference: 'print(2)\n',
  tests: [{ id: 'x-0', input: '', expected: '2\n' }],
} as Instance;
const dataset = { id: 'd', name: 'D', instances: [instance] };
const app = { version: 'test', pyodide: 'test' };
const pair = requireProtocol('pair');
const vanilla = requireProtocol('vanilla');
const noHint = requireProtocol('no-hint');
const provider = (id: string): ProviderModelConfig => ({ kind: 'provider', id, preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
const config = (over: Partial<RunConfig> = {}): RunConfig => ({ protocol: 'pair', candidates: [{ kind: 'simulated', profile: 'medium' }], ...over });

describe('parameters and settings', () => {
  const check = (raw: Record<string, unknown>) => parseParams(pair.params, raw, 'the pair protocol');

  it('fill in the protocol’s defaults and reject values no run can use, naming them', () => {
    expect(check({})).toEqual({ turns: 10, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' });
    expect(check({ turns: 4, onHintRejected: 'skip' })).toMatchObject({ turns: 4, onHintRejected: 'skip' });
    expect(() => check({ beta: 0 })).toThrow('Turns per scenario (β) must be a whole number of at least 1 (got 0)');
    expect(() => check({ turns: 2.5 })).toThrow('Turns (α) must be a whole number of at least 0 (got 2.5)');
    expect(() => check({ turns: 101 })).toThrow('Turns (α) must be at most 100 (got 101)');
    expect(() => check({ regenerations: -1 })).toThrow('Regenerations (R)');
    expect(() => check({ m: Number.NaN })).toThrow('Failing tests per hint (m) must be');
    expect(() => check({ m: '3' })).toThrow('Failing tests per hint (m) must be a whole number of at least 1 (got "3")');
    expect(() => check({ onHintRejected: 'retry' })).toThrow('When every hint is rejected must be one of best-effort, skip (got "retry")');
  });

  it('reject a parameter the protocol does not have, instead of ignoring it', () => {
    expect(() => check({ bta: 2 })).toThrow(
      'the pair protocol has no parameter "bta" (its parameters: turns, beta, m, kMax, sMin, regenerations, onHintRejected)',
    );
    expect(() => parseParams(vanilla.params, { beta: 2 }, 'the vanilla protocol')).toThrow('the vanilla protocol has no parameter "beta"');
  });

  it('run settings have their own defaults and checks', () => {
    expect(parseSettings()).toEqual(DEFAULT_SETTINGS);
    expect(() => parseSettings({ budgetUsd: -2 })).toThrow('the budget');
    expect(() => parseSettings({ repeats: 0 })).toThrow('repeats must be a whole number of at least 1 (got 0)');
    expect(() => parseSettings({ seed: 1.5 })).toThrow('the seed must be a whole number');
    expect(() => parseSettings({ turns: 3 } as never)).toThrow('no run setting "turns"');
  });

  it('are checked when a run is created, and recorded apart in the manifest', async () => {
    await expect(createManifest(config({ params: { kMax: 0 } }), dataset, pair, app)).rejects.toThrow(
      'Most scenario groups (K_max) must be a whole number of at least 1',
    );
    const m = await createManifest(config({ params: { turns: 4 }, settings: { seed: 9 } }), dataset, pair, app);
    expect(m.protocol).toEqual({ id: 'pair', version: 1 });
    expect(m.params).toEqual({ turns: 4, beta: 3, m: 3, kMax: 6, sMin: 3, regenerations: 3, onHintRejected: 'best-effort' });
    expect(m.settings).toEqual({ ...DEFAULT_SETTINGS, seed: 9 });
    expect(m.execution).toEqual({ timeoutsBeforeNotRun: 3 }); // the sandbox's time budget, recorded with the run
    expect((await createManifest(config({ protocol: 'no-hint' }), dataset, noHint, app)).params).toEqual({ turns: 10 });
  });
});

describe('default run names', () => {
  it('name the models by their labels, never their ids, and changed parameters in words', async () => {
    const simulated = await createManifest(
      config({
        candidates: [
          { kind: 'simulated', profile: 'low' },
          { kind: 'simulated', profile: 'high' },
        ],
        params: { turns: 4 },
      }),
      dataset,
      pair,
      app,
    );
    expect(simulated.name).toBe('PAIR: Simulated candidate, low skill; Simulated candidate, high skill on D (1), Turns (α) = 4');
    const search = await createManifest({ protocol: 'prism', candidates: [{ kind: 'simulated', profile: 'strong' }] }, dataset, prism, app);
    expect(search.name).toBe('PrismBench: Simulated model, strong on its own problems');
    // A provider model is named by its model and provider once each, as the Models page labels it (its id joins them: "mock-mock-coder").
    const mock = await createManifest(
      config({ candidates: [{ ...provider('mock-mock-coder'), model: 'mock-coder', label: 'mock-coder (mock)' }] }),
      dataset,
      pair,
      app,
    );
    expect(mock.name).toBe('PAIR: mock-coder (mock) on D (1)');
  });

  it('names the protocol without its gloss in brackets, and keeps a name that has none', () => {
    expect(PROTOCOL_LIST.map((p) => shortProtocolName(p.label))).toEqual([
      'PAIR',
      'Vanilla feedback baseline',
      'No-hint multi-turn baseline',
      'When Benchmarks Talk',
      'PrismBench',
      'Interview',
    ]);
  });
});

describe('shards', () => {
  it('take every n-th instance from the k-th on; a protocol that makes its own problems refuses them', async () => {
    const many = { ...dataset, instances: [0, 1, 2, 3, 4].map((i) => ({ ...dataset.instances[0]!, id: `i${i}` })) };
    expect((await createManifest(config({ shard: { k: 2, n: 3 } }), many, pair, app)).dataset.instances.map((i) => i.id)).toEqual(['i1', 'i4']);
    await expect(createManifest(config({ shard: { k: 3, n: 6 } }), { ...many, instances: many.instances.slice(0, 2) }, pair, app)).rejects.toThrow(
      'shard 3/6 has no instances',
    );
    await expect(
      createManifest({ protocol: 'prism', candidates: [{ kind: 'simulated', profile: 'strong' }], shard: { k: 1, n: 2 } }, many, prism, app),
    ).rejects.toThrow('its runs cannot be sharded');
  });
});

describe('models by role', () => {
  it('PAIR brings the rule-based feedback model by default; no-hint brings none', async () => {
    expect((await createManifest(config(), dataset, pair, app)).models.map((m) => [m.id, m.role, m.simulated])).toEqual([
      ['sim-medium', 'candidate', true],
      ['rule-based', 'feedback', true],
    ]);
    expect((await createManifest(config({ protocol: 'no-hint' }), dataset, noHint, app)).models.map((m) => m.role)).toEqual(['candidate']);
  });

  it('a simulated model must be one the role offers; the error names those it does', async () => {
    await expect(createManifest(config({ candidates: [{ kind: 'simulated', profile: 'rule-based' }] }), dataset, pair, app)).rejects.toThrow(
      'the candidate models role has no simulated model "rule-based" (its simulated models: low, medium, high, expert, oracle, no-op, profile-solo, profile-recursion, profile-even)',
    );
    await expect(createManifest(config({ roles: { judge: { kind: 'simulated', profile: 'low' } } }), dataset, pair, app)).rejects.toThrow(
      'the judge role has no simulated model "low" (it takes provider models only)',
    );
    const m = await createManifest(config({ roles: { feedback: { kind: 'simulated', profile: 'rule-based' } } }), dataset, pair, app);
    expect(m.models.find((x) => x.role === 'feedback')).toEqual({
      id: 'rule-based',
      label: 'Rule-based feedback (simulated)',
      role: 'feedback',
      simulated: true,
      model: 'simulated-rule-based',
      profile: 'rule-based',
    });
  });

  it('simulated models are made by the run’s protocol, and labelled simulated', async () => {
    const manifest = await createManifest(
      config({
        candidates: [
          { kind: 'simulated', profile: 'oracle' },
          { kind: 'simulated', profile: 'low' },
        ],
      }),
      dataset,
      pair,
      app,
    );
    const bindings = buildBindings(manifest, { executor: {} as never, mutator: '', keyFor: () => '' });
    expect([...bindings].map(([id, b]) => [id, b.model.constructor.name, b.model.simulated, b.endpoint])).toEqual([
      ['oracle', 'OracleCandidate', true, 'simulated:oracle'],
      ['sim-low', 'SimulatedCandidate', true, 'simulated:sim-low'],
      ['rule-based', 'RuleBasedFeedback', true, 'simulated:rule-based'],
    ]);
  });

  it('a configured feedback model and judge join the manifest; a role the protocol lacks is refused', async () => {
    const c = config({ roles: { feedback: provider('fb'), judge: provider('judge') } });
    expect((await createManifest(c, dataset, pair, app)).models.map((m) => [m.id, m.role])).toEqual([
      ['sim-medium', 'candidate'],
      ['fb', 'feedback'],
      ['judge', 'judge'],
    ]);
    await expect(createManifest({ ...c, protocol: 'vanilla' }, dataset, vanilla, app)).rejects.toThrow(
      'the vanilla protocol has no judge role (its supporting roles: feedback)',
    );
    expect((await createManifest({ ...c, protocol: 'vanilla', roles: { feedback: provider('fb') } }, dataset, vanilla, app)).models.map((m) => m.role)).toEqual(
      ['candidate', 'feedback'],
    );
    await expect(createManifest(config({ roles: { feedback: provider('fb'), judge: provider('fb') } }), dataset, pair, app)).rejects.toThrow(
      'two models share the id "fb"',
    );
  });
});

describe('a learner in the candidate seat', () => {
  it('is a human candidate beside the feedback model, kept through an export', async () => {
    const manifest = await createManifest(config({ candidates: [{ kind: 'human' }] }), dataset, pair, app);
    expect(manifest.models).toEqual([
      { id: 'learner', label: 'Learner (you)', role: 'candidate', simulated: false, human: true, model: 'human' },
      { id: 'rule-based', label: 'Rule-based feedback (simulated)', role: 'feedback', simulated: true, model: 'simulated-rule-based', profile: 'rule-based' },
    ]);
    expect((await parseRunLog(toJson({ manifest, items: [], summaries: [] }))).manifest.models[0]!.human).toBe(true);
  });

  it('is bound to the seat it is given, free and one turn at a time; without a seat the run cannot start', async () => {
    const manifest = await createManifest(config({ candidates: [{ kind: 'human' }] }), dataset, pair, app);
    const seat = new LearnerSeat();
    const deps = { executor: {} as never, mutator: '', keyFor: () => '' };
    expect(buildBindings(manifest, { ...deps, seat }).get('learner')).toEqual({
      model: seat,
      modelName: 'human',
      endpoint: 'human:learner',
      keyId: 'none',
      maxConcurrency: 1,
      free: true,
    });
    expect(() => buildBindings(manifest, deps)).toThrow('Learner (you) takes the candidate');
  });
});

describe('a person in a supporting role', () => {
  it('takes the feedback role where PAIR has a seat for it, as "You"', async () => {
    const manifest = await createManifest(
      config({ candidates: [{ kind: 'simulated', profile: 'medium' }], roles: { feedback: { kind: 'human' } } }),
      dataset,
      pair,
      app,
    );
    expect(manifest.models.find((m) => m.role === 'feedback')).toEqual({
      id: 'learner',
      label: 'You',
      role: 'feedback',
      simulated: false,
      human: true,
      model: 'human',
    });
  });

  it('is refused in a role no seat offers, and a run seats one person at most', async () => {
    await expect(
      createManifest(config({ candidates: [{ kind: 'simulated', profile: 'medium' }], roles: { judge: { kind: 'human' } } }), dataset, pair, app),
    ).rejects.toThrow('a person cannot take the judge role of the pair protocol (its seats: candidate, feedback)');
    await expect(createManifest(config({ candidates: [{ kind: 'human' }], roles: { feedback: { kind: 'human' } } }), dataset, pair, app)).rejects.toThrow(
      'a run seats one person at most',
    );
  });
});

describe('provider options', () => {
  it('an unknown preset is an error, not a silent "custom"', async () => {
    await expect(createManifest(config({ candidates: [{ ...provider('x'), preset: 'opneai' }] }), dataset, pair, app)).rejects.toThrow(
      'unknown provider preset "opneai"',
    );
  });

  it('headers: the manifest records their names, never their values; the binding needs their values', async () => {
    const manifest = await createManifest(config({ candidates: [{ ...provider('x'), headers: { 'x-org': 'secret-org-id' } }] }), dataset, pair, app);
    expect(manifest.models[0]!.provider).toEqual({ preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', headerNames: ['x-org'] });
    expect(JSON.stringify(manifest)).not.toContain('secret-org-id');
    const deps = { executor: {} as never, mutator: '', keyFor: () => '' };
    expect(() => buildBindings(manifest, deps)).toThrow('no value for the request header x-org');
    expect(buildBindings(manifest, { ...deps, headersFor: () => ({ 'x-org': 'secret-org-id' }) }).get('x')).toBeDefined();
  });

  it('maxConcurrency: recorded, and the model gets a limiter of that size', async () => {
    const manifest = await createManifest(config({ candidates: [{ ...provider('x'), maxConcurrency: 2 }, provider('y')] }), dataset, pair, app);
    expect(manifest.models.map((m) => m.maxConcurrency)).toEqual([2, undefined, undefined]);
    const bindings = buildBindings(manifest, { executor: {} as never, mutator: '', keyFor: () => '' });
    expect(bindings.get('x')!.modelLimit?.max).toBe(2);
    expect(bindings.get('y')!.modelLimit).toBeUndefined();
  });
});

describe('templates', () => {
  it('hash every template as used, keep the texts and the version, and mark edits', async () => {
    const plain = await createManifest(config(), dataset, pair, app);
    expect(plain.templates).toMatchObject({ version: pair.templatesVersion, edited: [] });
    expect(plain.prompts['pair.hint.L3']).toBe(await sha256Hex(pair.templates['hint.L3']!));
    expect(Object.keys(plain.prompts).sort()).toEqual(
      Object.keys(pair.templates)
        .map((n) => `pair.${n}`)
        .sort(),
    );

    const text = `${pair.templates['hint.L3']}\nKeep it to one sentence.`;
    const edited = await createManifest(config({ templates: { 'hint.L3': text, 'hint.L4': pair.templates['hint.L4']! } }), dataset, pair, app);
    expect(edited.templates?.edited).toEqual(['hint.L3']); // the same text again is not an edit
    expect(edited.templates?.texts['hint.L3']).toBe(text);
    expect(edited.prompts['pair.hint.L3']).toBe(await sha256Hex(text));
    expect(edited.prompts['pair.hint.L3']).not.toBe(plain.prompts['pair.hint.L3']);
    expect(edited.prompts['pair.hint.L4']).toBe(plain.prompts['pair.hint.L4']);
  });

  it('refuse a template the protocol does not have', async () => {
    await expect(createManifest(config({ protocol: 'no-hint', templates: { 'hint.L1': 'x' } }), dataset, noHint, app)).rejects.toThrow(
      'the no-hint protocol has no template hint.L1',
    );
  });
});

describe('items up front', () => {
  it('unit × model × repeat, a search per model and repeat, plus the units made once per task', () => {
    expect(itemsUpFront(requireProtocol('pair'), 9, 3, 2, {})).toBe(54);
    expect(itemsUpFront(requireProtocol('prism'), 0, 3, 2, {})).toBe(6);
    // Interview: 4 tasks × 3 models, and each task's reference check (none when it is off).
    expect(itemsUpFront(requireProtocol('interview'), 4, 3, 1, { reference: 'yes' })).toBe(16);
    expect(itemsUpFront(requireProtocol('interview'), 4, 3, 1, { reference: 'no' })).toBe(12);
  });
});
