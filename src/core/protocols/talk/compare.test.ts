// Settings side by side on hand-written runs: TCA ± standard error, ranks against the static
// run wherever it stands in the list, the footrule over n(n − 1)/2 with its random baseline,
// directional correctness, and the readability ranks.
import { describe, expect, it } from 'vitest';
import { compareTalk } from './compare.ts';
import { talkCompareReport } from './report.ts';
import { feedbackOf, talkLogOf, type AttemptFixture } from './test-support.ts';

const instances = { i1: ['t1', 't2', 't3', 't4'], i2: ['u1', 'u2'] };
const models = ['a', 'b', 'c'];
/** An item whose last program passes these tests (and has this many style violations). */
const ends = (passed: string[], style?: number): AttemptFixture[] => [{ passed, ...(style !== undefined ? { style } : {}) }];

// Final TCA per model (i1, i2) — static: a 1, 1; b ½, ½; c 0, 0.
const staticRun = talkLogOf({
  setting: 'static',
  instances,
  models,
  items: {
    'i1|a': ends(['t1', 't2', 't3', 't4'], 3),
    'i2|a': ends(['u1', 'u2'], 3),
    'i1|b': ends(['t1', 't2'], 1),
    'i2|b': ends(['u1'], 1),
    'i1|c': ends([], 2),
    'i2|c': ends([], 2),
  },
});
// paragraph: a ½, ½ (its i1 item after a claim that the failing program is incorrect); b 1, 1; c 0, ½.
const paragraph = talkLogOf({
  setting: 'paragraph',
  instances,
  models,
  items: {
    'i1|a': [{ passed: [] }, { passed: ['t1', 't2'], feedback: feedbackOf('paragraph', 'incorrect'), style: 1 }],
    'i2|a': ends(['u1'], 1),
    'i1|b': ends(['t1', 't2', 't3', 't4'], 2),
    'i2|b': ends(['u1', 'u2'], 2),
    'i1|c': ends([], 3),
    'i2|c': ends(['u2'], 3),
  },
});
// sentence: a 1, 1; b 0, ½; c ½, ½ (no style counted).
const sentence = talkLogOf({
  setting: 'sentence',
  instances,
  models,
  items: {
    'i1|a': ends(['t1', 't2', 't3', 't4']),
    'i2|a': ends(['u1', 'u2']),
    'i1|b': ends([]),
    'i2|b': ends(['u1']),
    'i1|c': ends(['t3', 't4']),
    'i2|c': ends(['u2']),
  },
});

describe('Talk settings compared', () => {
  const c = compareTalk([paragraph, staticRun, sentence]);
  it('ranks against the static run, wherever it is, models in its TCA order', () => {
    expect(c.reference).toBe(1);
    expect(c.settings.map((s) => s.setting)).toEqual(['paragraph', 'static', 'sentence']);
    expect(c.models.map((m) => m.modelId)).toEqual(['a', 'b', 'c']);
  });
  it('gives TCA per model and setting with its standard error, and over all models', () => {
    expect(c.tca[1]).toEqual([
      { mean: 1, se: 0 },
      { mean: 0.5, se: 0 },
      { mean: 0, se: 0 },
    ]);
    // c under paragraph: finals 0 and ½: mean ¼, sample std √(2 · ¼²) = 0.35355, se 0.35355/√2 = ¼
    expect(c.tca[0]![2]!.mean).toBe(0.25);
    expect(c.tca[0]![2]!.se).toBeCloseTo(0.25, 12);
    // static over all six items: 1 1 ½ ½ 0 0 → mean ½, sample variance 1/5, se √0.2/√6 = 0.18257
    expect(c.tcaAll[1]!.mean).toBe(0.5);
    expect(c.tcaAll[1]!.se).toBeCloseTo(Math.sqrt(0.2 / 6), 12);
  });
  it('computes the rank change and the footrule over n(n − 1)/2, beside 2(n + 1)/(3n)', () => {
    expect(c.byTca.map((r) => r!.ranks)).toEqual([
      [2, 1, 3], // paragraph: b ahead of a
      [1, 2, 3], // static
      [1, 3, 2], // sentence: c ahead of b
    ]);
    expect(c.byTca.map((r) => r!.footrule)).toEqual([2, null, 2]);
    expect(c.byTca[0]!.normalized).toBeCloseTo(2 / 3, 12);
    expect(c.baseline).toBeCloseTo(8 / 9, 12); // 2 · 4 / 9
  });
  it('has no ranks and no footrule for a setting some model has no finished item in yet (a run still going)', () => {
    const going = talkLogOf({ setting: 'sentence', instances, models, items: { 'i1|a': ends(['t1']), 'i1|b': ends([]) } });
    const d = compareTalk([staticRun, going]);
    expect(d.byTca[1]).toBeNull();
    expect(d.byTca[0]!.ranks).toEqual([1, 2, 3]);
    expect(talkCompareReport([staticRun, going])).toMatch(/Footrule F\s+—\s+—/);
  });
  it('tells two runs of one setting apart by their number, the first static one the reference', () => {
    const d = compareTalk([staticRun, paragraph, staticRun]);
    expect(d.settings.map((s) => s.label)).toEqual(['Static [1]', 'Paragraph', 'Static [3]']);
    expect(d.reference).toBe(0);
    expect(compareTalk([paragraph, staticRun]).settings.map((s) => s.label)).toEqual(['Paragraph', 'Static']);
  });
  it('has directional correctness only where claims were made', () => {
    expect(c.dc[0]).toEqual([{ mean: 1, se: null }, null, null]);
    expect(c.dc[1]).toEqual([null, null, null]);
  });
  it('ranks readability by the fewest violations, and only where every run counted them', () => {
    expect(c.byStyle[1]!.ranks).toEqual([3, 1, 2]); // static: a 3, b 1, c 2
    expect(c.byStyle[0]!.ranks).toEqual([1, 2, 3]); // paragraph: a 1, b 2, c 3
    expect(c.byStyle[0]!.footrule).toBe(4); // |1−3| + |2−1| + |3−2|
    expect(c.byStyle[2]).toBeNull();
  });
  it('prints the same numbers', () => {
    const text = talkCompareReport([paragraph, staticRun, sentence]);
    expect(text).toContain('Random baseline: two independent random rankings of 3 models give 0.889');
    expect(text).toMatch(/Normalized F \/ \(n\(n−1\)\/2\)\s+0\.667\s+—\s+0\.667/);
    // paragraph and sentence over all items: 3.5 / 6 = 58.3%, se √(0.14167 / 6) = 15.4 points
    expect(text).toMatch(/All models\s+58\.3 ± 15\.4\s+50\.0 ± 18\.3\s+58\.3 ± 15\.4/);
  });
});
