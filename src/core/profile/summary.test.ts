// The profile's summary in words, on a hand-made profile of three models and three rankings.
import { describe, expect, it } from 'vitest';
import type { ModelProfile } from './profile.ts';
import { listWords, profileSummary, profileTitle, tauValues } from './summary.ts';

const cell = { value: null, ci: null };
// Rankings: (1) a b c, (2) b a c, (3) a b c. (1) vs (2) and (2) vs (3) disagree on a and b only.
const profile: ModelProfile = {
  models: ['a', 'b', 'c'].map((id) => ({ id, label: `Model ${id}`, simulated: true })),
  ranked: true,
  unmatched: [],
  runs: [
    { name: 'p', protocol: 'pair', label: 'PAIR' },
    { name: 's', protocol: 'talk', label: 'Talk static' },
    { name: 'f', protocol: 'talk', label: 'Talk code feedback' },
  ],
  measures: [],
  columns: [
    { label: 'PAIR Final Fix', measure: 'pair.finalFix', ranks: [1, 2, 3] },
    { label: 'Talk static TCA', measure: 'talk:static.tca', ranks: [2, 1, 3] },
    { label: 'Talk code feedback TCA', measure: 'talk:code-feedback.tca', ranks: [1, 2, 3] },
  ],
  tau: [[cell]],
  footrule: [[cell]],
  discordant: [
    { a: 0, b: 1, pairs: [{ first: 'a', second: 'b', share: 0.5 }] },
    { a: 0, b: 2, pairs: [] },
    { a: 1, b: 2, pairs: [{ first: 'b', second: 'a', share: 0.5 }] },
  ],
  sections: [],
  bootstrap: { replicates: 10, seed: 1 },
};

describe('the profile in words', () => {
  it('titles the profile by its models and protocols', () => {
    expect(profileTitle(profile)).toBe('Model profile: 3 models, 2 protocols');
    expect(profileTitle({ ...profile, models: profile.models.slice(0, 1), runs: profile.runs.slice(0, 1) })).toBe('Model profile: 1 model, 1 protocol');
  });

  it('says who each ranking puts first, where they disagree and about whom, and what three models allow', () => {
    expect(profileSummary(profile)).toEqual([
      '3 models, compared by 0 measures from 3 runs (PAIR, Talk static and Talk code feedback).',
      'First place: Model a in 2 of 3 rankings (PAIR Final Fix and Talk code feedback TCA); Model b in 1 of 3 rankings (Talk static TCA).',
      '2 of the 3 pairs of rankings put some pair of models in opposite order. Model a and Model b are in every one of them: the protocols disagree about those models, not about the rest.',
      // n = 3: τ-b ∈ {−1, −⅓, ⅓, 1}; one swap moves it by 2/3.
      "With 3 models, Kendall's τ-b between two rankings takes only 4 values without ties, and one swapped pair moves it by 0.67; most of its intervals span much of −1 to 1. Read the agreement as a direction, and the model pairs below as the substance.",
    ]);
  });

  it('a tie for first names both; agreement everywhere says so; one model says nothing of ranks', () => {
    const tied = { ...profile, columns: [{ label: 'X', measure: 'x', ranks: [1.5, 1.5, 3] }], discordant: [] };
    expect(profileSummary(tied).slice(1, 3)).toEqual([
      'First place: Model a in 1 of 1 rankings (X); Model b in 1 of 1 rankings (X).',
      'All 0 pairs of rankings order every pair of models the same way (ties aside).',
    ]);
    expect(profileSummary({ ...profile, ranked: false, models: profile.models.slice(0, 1) })).toHaveLength(1);
  });

  it('lists in words, and counts the values τ-b can take', () => {
    expect([listWords([]), listWords(['a']), listWords(['a', 'b']), listWords(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c']);
    expect([tauValues(2), tauValues(3), tauValues(4)]).toEqual([2, 4, 7]);
  });
});
