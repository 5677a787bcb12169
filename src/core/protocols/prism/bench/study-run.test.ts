// A fixed small subset of the designs study through the real runner and sandbox: two designs,
// two maps, two budgets, one seed. Every design other than the tree spends its budget, a
// smaller budget reads the first evaluations of the larger run, and each row says when the
// planted structure was found (no more than the budget).
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../../workers/node-executor.ts';
import { ReusingExecutor, runSeed } from './study-run.ts';

const inner = new ThreadedNodeExecutor();
afterAll(() => inner.close());

describe('the designs study, a fixed subset', () => {
  it('seed 1: tree and calibrated on the weak and weak-pairs maps at 12 and 24 evaluations', async () => {
    const rows = await runSeed(
      1,
      {
        designs: ['tree', 'calibrated'],
        budgets: [24, 12],
        maps: ['weak', 'pairs'],
        formulas: 'bounded',
        params: { concepts: 'loops, recursion, sorting, searching', difficulties: 'easy, medium, hard' },
      },
      new ReusingExecutor(inner),
    );
    expect(rows).toHaveLength(8);
    const row = (design: string, budget: number, map: string) => rows.find((r) => r.design === design && r.budget === budget && r.map === map)!;
    for (const map of ['weak', 'pairs']) {
      for (const budget of [12, 24]) {
        const r = row('calibrated', budget, map);
        expect(r.evaluations).toBe(budget);
        // Every evaluation asks the model for tests and a solution at least.
        expect(r.modelCalls).toBeGreaterThanOrEqual(2 * budget);
        expect(row('tree', budget, map).evaluations).toBeLessThanOrEqual(budget);
        for (const f of r.found) if (f !== null) expect(f).toBeLessThanOrEqual(budget);
      }
      // The first 12 evaluations of the 24-evaluation run: what was found by 12 was found at the same point.
      row('calibrated', 12, map).found.forEach((f, i) => {
        if (f !== null) expect(row('calibrated', 24, map).found[i]).toBe(f);
      });
    }
    expect(row('calibrated', 24, 'weak').found).toEqual([]);
    expect(row('calibrated', 24, 'pairs').found).toHaveLength(3);
  }, 300_000);
});
