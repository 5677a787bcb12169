import { describe, expect, it } from 'vitest';
import type { Instance } from '../model/instance.ts';
import { requireProtocol } from './registry.ts';
import { canWorkOn, growthOf, needsDataset, perTaskUnits, startProgramOf, subjectCount, subjectsOf } from './work.ts';

const pair = requireProtocol('pair');
const talk = requireProtocol('talk');
const prism = requireProtocol('prism');
const interview = requireProtocol('interview');

/** An instance with a reference and (or not) a buggy program: the two facts the usable rules read. */
const instance = (buggy: string, reference = 'print(1)') => ({ id: 'x', buggy, reference }) as unknown as Instance;

describe('what a protocol works on', () => {
  it('names the part of a dataset each kind takes', () => {
    expect([pair, talk, prism, interview].map(subjectsOf)).toEqual(['instances', 'instances', null, 'tasks']);
    expect([pair, talk, prism, interview].map(needsDataset)).toEqual([true, true, false, true]);
  });

  it('asks a protocol on instances whether it can take one; the others take none, so any', () => {
    expect(canWorkOn(pair, instance(''))).toBe(false); // PAIR repairs a buggy program
    expect(canWorkOn(pair, instance('print(2)'))).toBe(true);
    expect(canWorkOn(talk, instance('', ''))).toBe(false); // Talk needs a reference
    expect(canWorkOn(talk, instance(''))).toBe(true);
    expect(canWorkOn(interview, instance(''))).toBe(true);
  });

  it('gives what only one kind brings: a start program, units once per task, units made as the run goes', () => {
    expect(startProgramOf(pair, instance('print(2)'))).toBe('print(2)');
    expect(startProgramOf(talk, instance('print(2)'))).toBeUndefined();
    expect(perTaskUnits(interview, {})).toEqual({ count: 1, name: 'reference check' });
    expect(perTaskUnits(interview, { reference: 'no' })).toBeNull();
    expect(perTaskUnits(pair, {})).toBeNull();
    expect(growthOf(prism)).toBeDefined();
    expect(growthOf(pair)).toBeUndefined();
  });

  it('counts the subjects of a run’s data by its kind', () => {
    const data = { instances: [1, 2, 3], tasks: [1] };
    expect([pair, prism, interview].map((p) => subjectCount(p, data))).toEqual([3, 0, 1]);
    expect(subjectCount(interview, { instances: [] })).toBe(0);
  });
});
