// The Run page's progress line: items counted by state, and for a search the units it plans but
// has not made yet counted as to go — until the run is over, when the items made are all.
import { describe, expect, it } from 'vitest';
import { clock, runProgress, timeLeft } from './progress.ts';

describe('a run’s progress', () => {
  const states = ['done', 'done', 'error', 'generating', 'executing', 'queued', 'rate-limited', 'waiting-sandbox'];

  it('counts each state once, against the items made when nothing is planned', () => {
    expect(runProgress(states, { planned: null, over: false })).toEqual({
      done: 2,
      error: 1,
      waiting: 1,
      sandbox: 1,
      working: 2,
      other: 1,
      unmade: 0,
      total: 8,
    });
  });

  it('counts a search’s unmade units as to go, against its planned total', () => {
    // 56 of 200 planned made, all finished: 144 to go, not "0 to go" with a full bar.
    const made = Array.from({ length: 56 }, () => 'done');
    expect(runProgress(made, { planned: 200, over: false })).toMatchObject({ done: 56, working: 0, other: 144, unmade: 144, total: 200 });
    expect(runProgress(states, { planned: 20, over: false })).toMatchObject({ other: 13, unmade: 12, total: 20 });
  });

  it('is complete once the run is over, whatever was planned, and never counts below the items made', () => {
    const made = Array.from({ length: 10 }, () => 'done');
    expect(runProgress(made, { planned: 200, over: true })).toMatchObject({ done: 10, other: 0, unmade: 0, total: 10 });
    expect(runProgress(made, { planned: 4, over: false })).toMatchObject({ other: 0, unmade: 0, total: 10 });
  });
});

describe('time on the run page', () => {
  it('prints m:ss, and h:mm:ss from an hour', () => {
    expect([clock(0), clock(4_600), clock(83_000), clock(3_600_000 + 61_000)]).toEqual(['0:00', '0:05', '1:23', '1:01:01']);
  });
  it('estimates what is left at the pace measured here, and nothing before an item finished', () => {
    // 4 items in 60 s: 15 s each; 6 left → 90 s.
    expect(timeLeft(60_000, 4, 6)).toBe(90_000);
    expect(timeLeft(60_000, 0, 6)).toBeNull();
  });
});
