// What a run configuration says about its data is never dropped in silence: a protocol that makes
// its own problems refuses "dataset", "subset" and "instances"; a named instance the protocol
// cannot run is an error; a study's setting of such a protocol inherits no data from the main one.
import { describe, expect, it } from 'vitest';
import type { Instance } from '../src/core/model/instance.ts';
import { requireProtocol } from '../src/core/protocols/registry.ts';

const prism = requireProtocol('prism');
import { type CliConfig, demoConfigs, pickInstances, runConfigOf } from './run.ts';
import { studyConfigs } from './study.ts';

const pair = requireProtocol('pair');

const PRISM: CliConfig = { protocol: 'prism', models: [{ simulated: 'strong' }] } as CliConfig;

describe('data fields', () => {
  it('PrismBench refuses a dataset, a subset or named instances, and names the field', () => {
    expect(() => runConfigOf(PRISM)).not.toThrow();
    expect(() => runConfigOf({ ...PRISM, dataset: 'builtin' })).toThrow(/^"dataset": the prism protocol makes its own problems/);
    expect(() => runConfigOf({ ...PRISM, subset: 'demo' })).toThrow(/^"subset": /);
    expect(() => runConfigOf({ ...PRISM, instances: ['a'], subset: 'demo' })).toThrow(/^"subset", "instances": .*remove these fields$/);
    // Its demo names no dataset.
    expect(demoConfigs(prism)[0]).not.toHaveProperty('dataset');
  });

  it('a named instance the protocol cannot run is an error, not dropped', () => {
    const inst = (id: string, buggy: string) => ({ id, buggy, reference: 'print(1)', subsets: ['demo'] }) as unknown as Instance;
    const all = [inst('fixable', 'print(2)'), inst('no-bug', ''), inst('other', 'print(3)')];
    expect(pickInstances(pair, all, { instances: ['fixable'] }).map((i) => i.id)).toEqual(['fixable']);
    expect(() => pickInstances(pair, all, { instances: ['fixable', 'no-bug'] })).toThrow(/^"instances": the pair protocol cannot run no-bug /);
    expect(() => pickInstances(pair, all, { instances: ['gone'] })).toThrow(/^"instances": not in the dataset: gone$/);
    // A subset keeps the instances the protocol can run.
    expect(pickInstances(pair, all, { subset: 'demo' }).map((i) => i.id)).toEqual(['fixable', 'other']);
  });

  it("a study's PrismBench setting inherits no data from a main configuration that has some", () => {
    const configs = studyConfigs({
      protocol: 'pair',
      dataset: 'builtin',
      subset: 'demo',
      models: [{ simulated: 'medium' }],
      settings: [{ name: 'prism', protocol: 'prism' }],
    } as unknown as CliConfig);
    expect(configs[0]).toMatchObject({ dataset: 'builtin', subset: 'demo' });
    expect(configs[1]).not.toHaveProperty('dataset');
    expect(configs[1]).not.toHaveProperty('subset');
    expect(() => runConfigOf(configs[1]!)).not.toThrow();
  });
});
