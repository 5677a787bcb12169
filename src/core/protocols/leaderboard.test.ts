// The rank table's note on which measures rank lower values higher, from the columns alone.
import { describe, expect, it } from 'vitest';
import { lowerRanksHigher } from './leaderboard.ts';
import { requireProtocol } from './registry.ts';

const [pair, talk, interview] = [requireProtocol('pair'), requireProtocol('talk'), requireProtocol('interview')];

describe('lowerRanksHigher', () => {
  it('names each protocol’s own lower-is-better measures, and no other protocol’s', () => {
    expect(lowerRanksHigher(talk.metrics.columns)).toBe('Steps and Style rank lower values higher.');
    expect(lowerRanksHigher(interview.metrics.columns)).toBe('Hints ranks lower values higher.');
    expect(lowerRanksHigher(pair.metrics.columns)).toMatch(/^Turns\S* ranks lower values higher\.$/);
    expect(
      lowerRanksHigher([
        { label: 'A', direction: 'down' },
        { label: 'B', direction: 'up' },
        { label: 'C', direction: 'down' },
        { label: 'D', direction: 'down' },
      ]),
    ).toBe('A, C and D rank lower values higher.');
    expect(lowerRanksHigher([{ label: 'A', direction: 'up' }])).toBe('Every measure ranks higher values higher.');
  });
});
