// The data warning of the compare pages, on hand-made runs: counts, what they share, another
// dataset or another version of it; and labels told apart by the run's number.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../model/runlog.ts';
import { dataDifference, distinctLabels, runDataOf, sameSetup, type RunData } from './compare-data.ts';

const instances = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `i${from + i}`);
const run = (ids: string[], dataset = 'builtin', hash = 'h1'): RunData => ({ dataset: { id: dataset, hash }, noun: ['instance', 'instances'], ids });

describe('the data of compared runs', () => {
  it('says nothing when the runs are on the same data, in any order', () => {
    expect(dataDifference([run(instances(9)), run(instances(9).reverse())])).toBeNull();
    expect(dataDifference([run(instances(9))])).toBeNull();
  });
  it('names each run’s count and what they share (53 beside the 9 it contains)', () => {
    const d = dataDifference([run(instances(53)), run(instances(9))])!;
    expect(d.counts).toEqual([53, 9]);
    expect(d.shared).toBe(9);
    expect(d.datasets).toBeNull();
    expect(d.text).toBe(
      "These runs differ in their data: [1] has 53 instances and [2] has 9. Only the 9 instances they share are like for like: each run's numbers count all of its own instances.",
    );
  });
  it('counts what every run shares, of three runs that overlap in part', () => {
    // i0–i9, i5–i14, i8–i11: in all three, i8 and i9.
    const d = dataDifference([run(instances(10)), run(instances(10, 5)), run(instances(4, 8))])!;
    expect(d.counts).toEqual([10, 10, 4]);
    expect(d.shared).toBe(2);
    expect(d.text).toContain('[1] has 10 instances, [2] has 10 and [3] has 4.');
    expect(d.text).toContain('Only the 2 instances all of them share are like for like');
  });
  it('differs when the counts are equal but the units are not, and says so when nothing is shared', () => {
    const d = dataDifference([run(['a', 'b']), run(['c', 'd'])])!;
    expect(d.shared).toBe(0);
    expect(d.text).toContain('They share no instance, so no number here is like for like.');
    expect(dataDifference([run(['a', 'b']), run(['a', 'c'])])!.text).toContain('Only the one instance they share is like for like');
  });
  it('names the datasets when they differ, even with the same ids', () => {
    const d = dataDifference([run(['a', 'b'], 'builtin'), run(['a', 'b'], 'quixbugs')])!;
    expect(d.datasets).toEqual(['builtin', 'quixbugs']);
    expect(d.text).toContain('[1] has 2 instances of builtin and [2] has 2 of quixbugs.');
  });
  it('warns of another version of the same dataset (another hash)', () => {
    const d = dataDifference([run(['a'], 'builtin', 'h1'), run(['a'], 'builtin', 'h2')])!;
    expect(d.otherVersion).toBe(true);
    expect(d.text).toBe(
      'These runs are on different versions of the dataset builtin (the same instances, other contents): their numbers are not like for like.',
    );
  });
  it('reads tasks before instances from a manifest', () => {
    const dataset = { id: 'builtin', name: 'Built-in', hash: 'h', instances: [{ id: 'x', title: 'x', testIds: [] }] };
    expect(runDataOf({ dataset } as unknown as Manifest)).toEqual({ dataset: { id: 'builtin', hash: 'h' }, noun: ['instance', 'instances'], ids: ['x'] });
    const tasks = [{ id: 't1' }, { id: 't2' }];
    expect(runDataOf({ dataset: { ...dataset, instances: [], tasks } } as unknown as Manifest).ids).toEqual(['t1', 't2']);
  });
});

describe('labels told apart', () => {
  it('adds the run’s number only to a label two runs carry', () => {
    expect(distinctLabels(['Static', 'Paragraph', 'Static'])).toEqual(['Static [1]', 'Paragraph', 'Static [3]']);
    expect(distinctLabels(['Static', 'Paragraph'])).toEqual(['Static', 'Paragraph']);
  });
  it('numbers by run, not by position, for rows of several runs', () => {
    // rows: run 0 has A and B, run 1 has A and C
    const runs = [0, 0, 1, 1];
    expect(distinctLabels(['A', 'B', 'A', 'C'], (i) => runs[i]!)).toEqual(['A [1]', 'B', 'A [2]', 'C']);
    // the same label twice within one run is left alone
    expect(distinctLabels(['A', 'A'], () => 0)).toEqual(['A', 'A']);
  });
});

describe('runs set up alike', () => {
  const manifest = (runId: string, seed: number, simulated = true): Manifest =>
    ({
      schema: 'hintbench.runlog/3',
      runId,
      name: 'Demo',
      createdAt: `2026-01-0${seed + 1}T00:00:00.000Z`,
      protocol: { id: 'pair', version: 1 },
      settings: { repeats: 1, concurrency: 1, seed, budgetUsd: null, maxRetries: 0, requestTimeoutMs: 1000 },
      params: { turns: 3 },
      dataset: { id: 'builtin', name: 'b', hash: 'h', instances: [{ id: 'a', title: 'A', testIds: ['t'] }] },
      models: [{ id: 'm', label: 'M', role: 'candidate', simulated, model: 'm' }],
      app: { version: 't', pyodide: 't' },
      prompts: {},
    }) as unknown as Manifest;
  it('finds twins whatever their ids, names and times, and says simulated twins are one run shown twice', () => {
    const same = sameSetup([manifest('r1', 0), manifest('r2', 1), manifest('r3', 0)])!;
    expect(same.groups).toEqual([[0, 2]]);
    expect(same.text).toBe(
      '[1] and [3] were set up alike (the same protocol, parameters, models, data, settings and seed): their models are all simulated, so they give the same numbers: one run shown twice, not a repeat.',
    );
  });
  it('says nothing of runs that differ in their seed, and names the models’ randomness for provider models', () => {
    expect(sameSetup([manifest('r1', 0), manifest('r2', 1)])).toBeNull();
    expect(sameSetup([manifest('r1', 0, false), manifest('r2', 0, false)])!.text).toContain('only the models’ own randomness');
  });
});
