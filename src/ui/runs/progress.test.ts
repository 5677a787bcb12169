// The Run page's progress line: items counted by state, and for a search the units it plans but
// has not made yet counted as to go — until the run is over, when the items made are all.
import { describe, expect, it } from 'vitest';
import { runProgress } from './progress.ts';

describe('a run’s progress', () => {
  const states = ['done', 'done', 'error', 'generating', 'executing', 'queued', 'rate-limited', 'waiting-sandbox'];

  it('counts each state once, against the items made when nothing is planned', () => {
    expect(runProgress(states, { planned: null, over: false })).toEqual({ done: 2, error: 1, waiting: 1, sandbox: 1, working: 2, other: 1, unmade: 0, total: 8 });
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
