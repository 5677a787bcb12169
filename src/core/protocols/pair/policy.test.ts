// Algorithm 1 stepped through on scripted trajectories: escalation, completion (level down),
// deferral at β and at L6, exhaustion, reopening, sampling, and replay from stored turns.
import { describe, expect, it } from 'vitest';
import { afterTurn, initialPolicy, replayPolicy, sampleTests, selectTarget, type PolicyTurn } from './policy.ts';
import type { Scenario } from './scenarios.ts';

const scenario = (id: string, testIds: string[]): Scenario => ({ id, level: 'failType', testIds, failType: 'value', traceCoverage: 1 });
const failing = (...ids: string[]) => new Set(ids);

describe('Algorithm 1', () => {
  it('escalates, defers at β with the level kept, carries the level over, completes with a step down, then is exhausted', () => {
    const s = initialPolicy();
    expect(s.level).toBe(1);
    expect(selectTarget(s, [scenario('X', ['1', '2', '3']), scenario('Y', ['4'])])).toEqual({ id: 'X', testIds: ['1', '2', '3'] });
    expect(afterTurn(s, failing('1', '2', '3', '4'), 3)).toBe('escalated');
    expect(s.level).toBe(2);
    // The active scenario stays, whatever the new priorities say.
    expect(selectTarget(s, [scenario('Y', ['4']), scenario('X', ['2'])])?.id).toBe('X');
    expect(afterTurn(s, failing('2', '4'), 3)).toBe('escalated');
    expect(s.level).toBe(3);
    expect(afterTurn(s, failing('2', '4'), 3)).toBe('deferred'); // third turn on X = β
    expect(s.level).toBe(3);
    expect([...s.deferred]).toEqual(['X']);
    expect(selectTarget(s, [scenario('X', ['2']), scenario('Y', ['4'])])?.id).toBe('Y');
    expect(afterTurn(s, failing('2'), 3)).toBe('completed');
    expect(s.level).toBe(2);
    expect(selectTarget(s, [scenario('X', ['2'])])).toBeNull(); // exhausted
  });

  it('defers at L6 before β is reached', () => {
    const s = initialPolicy();
    selectTarget(s, [scenario('X', ['1'])]);
    for (let level = 1; level < 6; level++) expect(afterTurn(s, failing('1'), 10)).toBe('escalated');
    expect(s.level).toBe(6);
    expect(afterTurn(s, failing('1'), 10)).toBe('deferred');
    expect(s.level).toBe(6);
  });

  it('never goes below L1', () => {
    const s = initialPolicy();
    selectTarget(s, [scenario('X', ['1'])]);
    expect(afterTurn(s, failing(), 3)).toBe('completed');
    expect(s.level).toBe(1);
  });

  it('reopens a completed scenario only when one of its own tests fails again', () => {
    const s = initialPolicy();
    selectTarget(s, [scenario('Y', ['4'])]);
    afterTurn(s, failing('5'), 3);
    expect(selectTarget(s, [scenario('Y', ['5'])])).toBeNull();
    expect(selectTarget(s, [scenario('Y', ['4', '5'])])).toEqual({ id: 'Y', testIds: ['4', '5'] });
    expect(s.completed.has('Y')).toBe(false);
  });

  it('replaying stored turns gives the state the live policy reached', () => {
    const all = ['1', '2', '3', '4'];
    const live = initialPolicy();
    const turns: PolicyTurn[] = [{ passed: [] }];
    const script: [Scenario[], string[]][] = [
      [
        [scenario('X', ['1', '2']), scenario('Y', ['3', '4'])],
        ['1', '3'],
      ],
      [[], ['1', '2', '3']],
      [[scenario('Y', ['4'])], ['1', '2', '3']],
      [[], ['1', '2']],
    ];
    for (const [options, passed] of script) {
      const level = live.level;
      const target = selectTarget(live, options)!;
      afterTurn(live, new Set(all.filter((id) => !passed.includes(id))), 3);
      turns.push({ passed, feedback: { scenario: target, level } });
    }
    const replayed = replayPolicy(turns, all, 3);
    expect(replayed).toEqual(live);
    expect(replayed.level).toBe(3);
    expect(replayed.active?.turns).toBe(2);
  });
});

describe('sampling S_t', () => {
  const target = { id: 'G', testIds: Array.from({ length: 20 }, (_, i) => `t${i}`) };
  it('takes up to m tests of the scenario, in suite order, the same for the same seed', () => {
    const a = sampleTests(target, 3, 7, 'item', 1);
    expect(a).toHaveLength(3);
    expect(a.every((id) => target.testIds.includes(id))).toBe(true);
    expect(a).toEqual([...a].sort((x, y) => target.testIds.indexOf(x) - target.testIds.indexOf(y)));
    expect(sampleTests(target, 3, 7, 'item', 1)).toEqual(a);
    expect(sampleTests(target, 3, 8, 'item', 1)).not.toEqual(a);
    expect(sampleTests({ id: 'H', testIds: ['x', 'y'] }, 3, 1)).toEqual(['x', 'y']);
  });
});
