// The profile page's tables, sentences and figure data on a hand-made profile of two models.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../model/runlog.ts';
import { fingerprints, fingerprintTable } from './fingerprint.ts';
import { profileGapOf, type ModelProfile } from './profile.ts';
import { discordantLines, discordantTable, formatCell, matrixTable, measuresTable, ranksTable } from './tables.ts';

// a: Final Fix 100% [50, 100], rank 1; b: 50% [0, 100], rank 2. Talk static TCA reversed: a 0.25, b 0.75.
const profile: ModelProfile = {
  models: [
    { id: 'a', label: 'Model a', simulated: true },
    { id: 'b', label: 'Model b', simulated: false },
  ],
  ranked: true,
  unmatched: [],
  runs: [],
  measures: [
    {
      key: 'pair.finalFix',
      run: 0,
      label: 'PAIR Final Fix',
      metric: 'finalFix',
      format: 'pct',
      anchor: 'final-fix',
      consistent: true,
      values: [
        { value: 1, ci: { lo: 0.5, hi: 1 } },
        { value: 0.5, ci: { lo: 0, hi: 1 } },
      ],
    },
    {
      key: 'pair.he',
      run: 0,
      label: 'PAIR HE',
      metric: 'he',
      format: 'num',
      anchor: 'he',
      consistent: true,
      values: [
        { value: 4.5, ci: { lo: 4, hi: 5 } },
        { value: 2, ci: null },
      ],
    },
    {
      key: 'talk:static.tca',
      run: 1,
      label: 'Talk static TCA',
      metric: 'tca',
      format: 'pct',
      anchor: 'talk-test-case-accuracy',
      consistent: true,
      values: [
        { value: 0.25, ci: null },
        { value: 0.75, ci: null },
      ],
    },
  ],
  columns: [
    { label: 'PAIR Final Fix', measure: 'pair.finalFix', ranks: [1, 2] },
    { label: 'Talk static TCA', measure: 'talk:static.tca', ranks: [2, 1] },
  ],
  tau: [
    [
      { value: 1, ci: null },
      { value: -1, ci: { lo: -1, hi: 1 } },
    ],
    [
      { value: -1, ci: { lo: -1, hi: 1 } },
      { value: 1, ci: null },
    ],
  ],
  footrule: [
    [
      { value: 0, ci: null },
      { value: 1, ci: { lo: 0, hi: 1 } },
    ],
    [
      { value: 1, ci: { lo: 0, hi: 1 } },
      { value: 0, ci: null },
    ],
  ],
  discordant: [{ a: 0, b: 1, pairs: [{ first: 'a', second: 'b', share: 0.42 }] }],
  sections: [],
  bootstrap: { replicates: 100, seed: 1 },
};

describe('the profile page tables', () => {
  it('per model: value and interval in the report format (% one decimal, numbers two)', () => {
    const t = measuresTable(profile);
    expect(t.header).toEqual(['Measure', 'Unit', 'Model a', 'Model a 95% low', 'Model a 95% high', 'Model b', 'Model b 95% low', 'Model b 95% high']);
    expect(t.rows[0]).toEqual(['PAIR Final Fix', '%', '100.0', '50.0', '100.0', '50.0', '0.0', '100.0']);
    expect(t.rows[1]).toEqual(['PAIR HE', 'number', '4.50', '4.00', '5.00', '2.00', '', '']);
  });
  it('ranks per ranking, and the matrices one row per ordered pair', () => {
    expect(ranksTable(profile).rows).toEqual([
      ['PAIR Final Fix', 1, 2],
      ['Talk static TCA', 2, 1],
    ]);
    const tau = matrixTable(profile, 'tau');
    expect(tau.rows).toHaveLength(4);
    expect(tau.rows[1]).toEqual(['PAIR Final Fix', 'Talk static TCA', '-1.00', '-1.00', '1.00']);
    expect(tau.rows[0]).toEqual(['PAIR Final Fix', 'PAIR Final Fix', '1.00', '', '']);
    expect(matrixTable(profile, 'footrule').rows[2]).toEqual(['Talk static TCA', 'PAIR Final Fix', '1.00', '0.00', '1.00']);
    expect(formatCell(profile.tau[0]![1]!)).toBe('-1.00 [-1.00, 1.00]');
    expect(formatCell({ value: null, ci: null })).toBe('—');
  });
  it('names a discordant pair in words, with its share of draws', () => {
    expect(discordantLines(profile).map((l) => l.text)).toEqual(['Model a above Model b in PAIR Final Fix, below it in Talk static TCA (42.0% of draws)']);
    expect(discordantTable(profile).rows).toEqual([['PAIR Final Fix', 'Talk static TCA', 'Model a', 'Model b', '42.0%']]);
  });
});

describe('the fingerprint figure', () => {
  it('one panel per model with the share measures (HE left out), rank where the measure ranks', () => {
    const f = fingerprints(profile);
    expect(f.map((x) => x.id)).toEqual(['a', 'b']);
    expect(f[0]!.rows.map((r) => [r.key, r.value, r.rank])).toEqual([
      ['pair.finalFix', 1, 1],
      ['talk:static.tca', 0.25, 2],
    ]);
    expect(f[1]!.rows[0]!.text).toBe('Model b, PAIR Final Fix: 50.0% [0.0, 100.0], rank 2 of 2');
    expect(fingerprintTable(profile).rows[1]).toEqual(['Model a', 'Talk static TCA', 0.25, null, null, '2']);
  });
});

describe('profileGapOf', () => {
  const m = (id: string, params: Record<string, unknown> = {}) => ({ protocol: { id, version: 1 }, params }) as unknown as Manifest;
  it('names what is missing', () => {
    expect(profileGapOf([m('pair'), m('talk', { setting: 'static' }), m('prism')])).toBe(
      'a model profile needs a run of each protocol (missing: a Talk run with feedback, an Interview run)',
    );
    expect(profileGapOf([m('pair'), m('talk', { setting: 'static' }), m('talk', { setting: 'code-feedback' }), m('prism'), m('interview')])).toBeNull();
  });
});
