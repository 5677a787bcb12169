// The per-category counts of the Interview's views: computed from the steps, recorded in each
// item's score record, and read back from the stored scores when the run has them.
import { describe, expect, it } from 'vitest';
import { byProblemCategory, byRequirementCategory, runView, transitions } from './analysis.ts';
import { itemScores } from './summary.ts';
import { interviewItem, interviewManifest } from './test-support.ts';

// Chain R0 (Load) → R1 (Clean) → R2 (Save). Unguided checks pass R0 and R2: R2 is not credited
// (its prerequisite R1 failed), so only R0 is. The final guided solution passes all three.
const manifest = interviewManifest();
const item = interviewItem({ unguided: { checks: [true, false, true] }, turns: [{ checks: [true, true, true], review: 'over' }] });

describe('Interview requirement categories', () => {
  it('an item’s score record counts its requirements per category, before and after guidance', () => {
    const s = itemScores(manifest, item);
    expect(s['checks.req']).toBe(3);
    expect([s['checks.req.Load.before'], s['checks.req.Load.after'], s['checks.req.Load.improved']]).toEqual([1, 1, 0]);
    expect([s['checks.req.Clean.before'], s['checks.req.Clean.after'], s['checks.req.Clean.improved']]).toEqual([0, 1, 1]);
    expect([s['checks.req.Save.n'], s['checks.req.Save.before'], s['checks.req.Save.after'], s['checks.req.Save.regressed']]).toEqual([1, 0, 1, 0]);
    expect(s['judge.req']).toBeNull(); // no judge verdicts
  });

  it('computed from the steps when the run has no stored scores', () => {
    const view = runView(manifest, [item]);
    expect(byRequirementCategory(view, 'checks')).toEqual([
      { modelId: 'm', category: 'Clean', n: 1, before: 0, after: 1 },
      { modelId: 'm', category: 'Load', n: 1, before: 1, after: 1 },
      { modelId: 'm', category: 'Save', n: 1, before: 0, after: 1 },
    ]);
    expect(transitions(view, 'checks').map((t) => [t.category, t.improved, t.regressed])).toEqual([
      ['Clean', 1, 0],
      ['Load', 0, 0],
      ['Save', 1, 0],
    ]);
  });

  it('read from the stored scores when the run has them, S_G and S′_G included', () => {
    // Stored by another version: Save not credited after guidance, and S_G 0.5 by the checks.
    const stored = { ...itemScores(manifest, item), 'checks.req.Save.after': 0, 'checks.req.Save.improved': 0, baseChecks: 0.5 };
    const view = runView(manifest, [item], { [item.key]: stored });
    expect(byRequirementCategory(view, 'checks').find((r) => r.category === 'Save')).toEqual({ modelId: 'm', category: 'Save', n: 1, before: 0, after: 0 });
    expect(transitions(view, 'checks').find((t) => t.category === 'Save')).toEqual({ modelId: 'm', category: 'Save', improved: 0, regressed: 0 });
    expect(byProblemCategory(view, 'checks')).toEqual([{ modelId: 'm', category: 'Data', n: 1, base: 0.5, guided: 1 }]);
  });

  it('a stored record without the counts (an older metrics version) leaves them computed now', () => {
    const { ['checks.req']: _n, ...older } = Object.fromEntries(Object.entries(itemScores(manifest, item)).filter(([k]) => !k.startsWith('checks.req.')));
    const view = runView(manifest, [item], { [item.key]: older });
    expect(byRequirementCategory(view, 'checks').map((r) => r.after)).toEqual([1, 1, 1]);
  });
});
