// A Prism run's progress in node evaluations: each tree counts against its node cap while its
// search goes on, and against exactly what it made once the search is over — at the cap, or
// early when its phases end before it. Items made but not finished are made, not done.
import { describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../model/runlog.ts';
import { plannedEvaluations, treeProgress } from './progress.ts';
import { grow } from './search.ts';
import { finished, manifestOf } from './test-support.ts';

/** Grow and finish every unit (each passing) until the search makes no more; at most `limit` rounds. */
function playOut(manifest: ReturnType<typeof manifestOf>, limit = 100): ItemRecord[] {
  const items: ItemRecord[] = [];
  for (let round = 0; round < limit; round++) {
    const units = grow(items, manifest);
    if (!units.length) break;
    items.push(...units.map((u) => finished(u, 'pass')));
  }
  return items;
}

describe('the progress of a Prism run', () => {
  it('counts against the node cap of every tree before the search has made anything', () => {
    const manifest = manifestOf({ concepts: 'a, b, c', initialNodes: 'singles', maxNodes: 7 }, { repeats: 2 }, ['m', 'n']);
    // 2 models × 2 repeats × 7 evaluations.
    expect(plannedEvaluations(manifest, [])).toBe(28);
    expect(treeProgress(manifest, []).map((t) => [t.modelId, t.repeat, t.started, t.finished, t.budget, t.over])).toEqual([
      ['m', 0, 0, 0, 7, false],
      ['n', 0, 0, 0, 7, false],
      ['m', 1, 0, 0, 7, false],
      ['n', 1, 0, 0, 7, false],
    ]);
  });

  it('counts made-but-unfinished evaluations as started, not finished, and keeps the cap as the budget mid-way', () => {
    const manifest = manifestOf({ concepts: 'a, b, c', initialNodes: 'singles', maxNodes: 7 }, { concurrency: 2 });
    const first = grow([], manifest);
    expect(first).toHaveLength(2);
    const items: ItemRecord[] = [finished(first[0]!, 'pass'), { ...first[1]!, status: 'running', steps: [] }];
    expect(treeProgress(manifest, items)[0]).toMatchObject({ started: 2, finished: 1, budget: 7, over: false });
    expect(plannedEvaluations(manifest, items)).toBe(7);
  });

  it('is complete at the cap', () => {
    // The whole budget is Phase 1's, so the cap ends the search.
    const manifest = manifestOf({ concepts: 'a, b, c', initialNodes: 'singles', maxNodes: 3, share1: 100, share2: 0, share3: 0 });
    const items = playOut(manifest);
    expect(items).toHaveLength(3);
    expect(treeProgress(manifest, items)[0]).toMatchObject({ started: 3, finished: 3, budget: 3, over: true });
  });

  it('is complete when the search ends before the cap: the budget becomes what it made', () => {
    // Phase 1 stops at its cap of 2, Phase 2 may make none, so Phase 3 has no node to vary: over after 2 of 50.
    const manifest = manifestOf({ concepts: 'a, b, c', initialNodes: 'singles', maxNodes: 50, iterations1: 2, iterations2: 0 }, {}, ['m', 'n']);
    expect(plannedEvaluations(manifest, [])).toBe(100);
    const items = playOut(manifest);
    expect(items).toHaveLength(4);
    expect(treeProgress(manifest, items).map((t) => [t.started, t.finished, t.budget, t.over])).toEqual([
      [2, 2, 2, true],
      [2, 2, 2, true],
    ]);
    expect(plannedEvaluations(manifest, items)).toBe(4);
  });
});
