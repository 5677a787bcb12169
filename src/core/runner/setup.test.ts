// Run setup: parameter checks, the models a protocol brings (feedback model, judge), and
// template edits with their hashes in the manifest.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../exec/hash.ts';
import type { Instance } from '../model/instance.ts';
import { noHint } from '../protocols/baseline/no-hint.ts';
import { vanilla } from '../protocols/baseline/vanilla.ts';
import { pair } from '../protocols/pair/pair.ts';
import { LearnerSeat } from '../teach/seat.ts';
import { parseRunLog, toJson } from './export.ts';
import { buildBindings, checkParams, createManifest, DEFAULT_PARAMS, type ProviderModelConfig, type RunConfig } from './setup.ts';

const instance = { id: 'x', title: 'X', statement: 's', testKind: 'stdio', buggy: 'print(1)\n', reference: 'print(2)\n', tests: [{ id: 'x-0', input: '', expected: '2\n' }] } as Instance;
const dataset = { id: 'd', name: 'D', instances: [instance] };
const app = { version: 'test', pyodide: 'test' };
const provider = (id: string): ProviderModelConfig => ({ kind: 'provider', id, preset: 'custom', baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
const config = (over: Partial<RunConfig> = {}): RunConfig => ({ protocol: 'pair', candidates: [{ kind: 'simulated', profile: 'medium' }], ...over });

describe('parameters', () => {
  it('accept the defaults and reject values no run can use, naming them', () => {
    expect(checkParams({ ...DEFAULT_PARAMS })).toEqual(DEFAULT_PARAMS);
    expect(() => checkParams({ ...DEFAULT_PARAMS, beta: 0 })).toThrow('β must be a whole number of at least 1 (got 0)');
    expect(() => checkParams({ ...DEFAULT_PARAMS, turns: 2.5 })).toThrow('α (turns) must be a whole number of at least 0 (got 2.5)');
    expect(() => checkParams({ ...DEFAULT_PARAMS, regenerations: -1 })).toThrow('R (regenerations)');
    expect(() => checkParams({ ...DEFAULT_PARAMS, m: Number.NaN })).toThrow('m must be');
    expect(() => checkParams({ ...DEFAULT_PARAMS, budgetUsd: -2 })).toThrow('the budget');
    expect(() => checkParams({ ...DEFAULT_PARAMS, onHintRejected: 'retry' as 'skip' })).toThrow('best-effort or skip');
  });

  it('are checked when a run is created', async () => {
    await expect(createManifest(config({ params: { kMax: 0 } }), dataset, pair, app)).rejects.toThrow('K_max must be a whole number of at least 1');
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

  it('a configured feedback model and judge join the manifest; the judge only where hints are validated', async () => {
    const c = config({ feedback: provider('fb'), judge: provider('judge') });
    expect((await createManifest(c, dataset, pair, app)).models.map((m) => [m.id, m.role])).toEqual([
      ['sim-medium', 'candidate'],
      ['fb', 'feedback'],
      ['judge', 'judge'],
    ]);
    expect((await createManifest({ ...c, protocol: 'vanilla' }, dataset, vanilla, app)).models.map((m) => m.role)).toEqual(['candidate', 'feedback']);
    await expect(createManifest(config({ feedback: provider('fb'), judge: provider('fb') }), dataset, pair, app)).rejects.toThrow('two models share the id "fb"');
  });
});

describe('a learner in the candidate seat', () => {
  it('is a human candidate beside the feedback model, kept through an export', async () => {
    const manifest = await createManifest(config({ candidates: [{ kind: 'human' }] }), dataset, pair, app);
    expect(manifest.models).toEqual([
      { id: 'learner', label: 'Learner (you)', role: 'candidate', simulated: false, human: true, model: 'human' },
      { id: 'rule-based', label: 'Rule-based feedback (simulated)', role: 'feedback', simulated: true, model: 'simulated-rule-based', profile: 'rule-based' },
    ]);
    expect(parseRunLog(toJson({ manifest, items: [], summaries: [] })).manifest.models[0]!.human).toBe(true);
  });

  it('is bound to the seat it is given, free and one turn at a time; without a seat the run cannot start', async () => {
    const manifest = await createManifest(config({ candidates: [{ kind: 'human' }] }), dataset, pair, app);
    const seat = new LearnerSeat();
    const deps = { executor: {} as never, mutator: '', keyFor: () => '' };
    expect(buildBindings(manifest, { ...deps, seat }).get('learner')).toEqual({ model: seat, modelName: 'human', endpoint: 'human:learner', keyId: 'none', maxConcurrency: 1, free: true });
    expect(() => buildBindings(manifest, deps)).toThrow('Learner (you) takes the candidate');
  });
});

describe('templates', () => {
  it('hash every template as used, keep the texts and the version, and mark edits', async () => {
    const plain = await createManifest(config(), dataset, pair, app);
    expect(plain.templates).toMatchObject({ version: pair.templatesVersion, edited: [] });
    expect(plain.prompts['pair.hint.L3']).toBe(await sha256Hex(pair.templates['hint.L3']!));
    expect(Object.keys(plain.prompts).sort()).toEqual(Object.keys(pair.templates).map((n) => `pair.${n}`).sort());

    const text = `${pair.templates['hint.L3']}\nKeep it to one sentence.`;
    const edited = await createManifest(config({ templates: { 'hint.L3': text, 'hint.L4': pair.templates['hint.L4']! } }), dataset, pair, app);
    expect(edited.templates?.edited).toEqual(['hint.L3']); // the same text again is not an edit
    expect(edited.templates?.texts['hint.L3']).toBe(text);
    expect(edited.prompts['pair.hint.L3']).toBe(await sha256Hex(text));
    expect(edited.prompts['pair.hint.L3']).not.toBe(plain.prompts['pair.hint.L3']);
    expect(edited.prompts['pair.hint.L4']).toBe(plain.prompts['pair.hint.L4']);
  });

  it('refuse a template the protocol does not have', async () => {
    await expect(createManifest(config({ protocol: 'no-hint', templates: { 'hint.L1': 'x' } }), dataset, noHint, app)).rejects.toThrow('the no-hint protocol has no template hint.L1');
  });
});
