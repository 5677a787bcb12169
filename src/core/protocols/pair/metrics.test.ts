// PAIR metrics against hand-computed trajectories (every value below is worked out by hand in
// the comments), the aggregation rules, Kendall's τ and mean ± std.
import { describe, expect, it } from 'vitest';
import { attempts, instanceMetrics, rankingAgreement, type PairSummary, type Trajectory } from './metrics.ts';
import { reducePair, scoreOf } from './summary.ts';

const ids = (s: string) => s.split('');
const turn = (passed: string, scenario?: [string, string], level?: number, shown?: string) => ({
  passed: ids(passed),
  ...(scenario ? { scenario: { id: scenario[0], testIds: ids(scenario[1]) } } : {}),
  ...(level ? { level } : {}),
  ...(shown ? { shown: ids(shown) } : {}),
});

// T = a..j. A regression at t3 (g, h break), two scenarios closed at L2, one left unresolved.
const A: Trajectory = {
  tests: ids('abcdefghij'),
  turns: [
    turn('abcdef'), //                                   p0 = .6, F0 = ghij
    turn('abcdefg', ['S1', 'gh'], 1, 'g'), //            TRS .5  BRG 0   BP 1   repair .1  ↑
    turn('abcdegh', ['S1', 'gh'], 2, 'h'), //            TRS 1   BRG 0   BP .9  repair .1  =   S1 closed at L2
    turn('abcde', ['S2', 'fi'], 1, 'fi'), //             TRS 0   BRG 0   BP .8  repair 0   ↓
    turn('abcdefghi', ['S2', 'fi'], 2, 'i'), //          TRS 1   BRG .2  BP 1   repair .4  ↑   S2 closed at L2
    turn('abcdefghi', ['S3', 'j'], 1, 'j'), //           TRS 0   BRG 0   BP 1   repair 0   =   S3 unresolved
  ],
};

// Fixed by turn 0.
const B: Trajectory = { tests: ids('ab'), turns: [turn('ab')] };

// A no-code turn (nothing changes), then the fix at turn 2.
const C: Trajectory = {
  tests: ids('abcd'),
  turns: [
    turn('a'), //                                        p0 = .25, F0 = bcd
    turn('a', ['S1', 'bcd'], 1, 'b'), //                 TRS 0   BRG 0   BP 1   repair 0    =
    turn('abcd', ['S1', 'bcd'], 2, 'c'), //              TRS 1   BRG 0   BP 1   repair .75  ↑  S1 closed at L2
  ],
};

// Deferred at L6, then nothing selectable (exhausted after one turn).
const D: Trajectory = { tests: ids('ab'), turns: [turn(''), turn('', ['S1', 'ab'], 6, 'a')] };

describe('per-instance metrics', () => {
  it('a long trajectory with a regression and an unresolved scenario', () => {
    const m = instanceMetrics(A);
    expect(m).toMatchObject({ initialFix: false, finalFix: false, initiallyFailing: true, turnsToFix: null });
    expect(m.p0).toBeCloseTo(0.6, 12);
    expect(m.trs).toBeCloseTo(2.5 / 5, 12);
    expect(m.brg).toBeCloseTo(0.2 / 5, 12);
    expect(m.bp).toBeCloseTo(4.7 / 5, 12);
    expect(m.repairRate).toBeCloseTo(0.6 / 5, 12);
    expect(m.pmr).toBeCloseTo(4 / 5, 12);
    expect(m.he).toBeCloseTo((5 + 5 + 0) / 3, 12);
    expect(m.gc).toBeCloseTo((0.9 - 0.6) / (1 - 0.6), 12);
    // H = {g, h, f, i, j}; F0 ∩ H ∩ P_5 = {g, h, i}
    expect(m.hcc).toBeCloseTo(3 / 4, 12);
    expect(attempts(A)).toEqual([
      { scenarioId: 'S1', closedAt: 2 },
      { scenarioId: 'S2', closedAt: 2 },
      { scenarioId: 'S3', closedAt: null },
    ]);
  });

  it('p0 = 1: an initial fix, and every per-turn metric undefined', () => {
    expect(instanceMetrics(B)).toEqual({
      initialFix: true,
      finalFix: true,
      initiallyFailing: false,
      p0: 1,
      best: 1,
      attempts: [],
      trs: null,
      brg: null,
      bp: null,
      pmr: null,
      he: null,
      gc: null,
      turnsToFix: null,
      hcc: null,
      repairRate: null,
    });
  });

  it('a no-code turn counts as a turn with no change', () => {
    const m = instanceMetrics(C);
    expect(m).toMatchObject({ finalFix: true, turnsToFix: 2, trs: 0.5, brg: 0, bp: 1, pmr: 1, he: 5, gc: 1 });
    expect(m.repairRate).toBeCloseTo(0.375, 12);
    expect(m.hcc).toBeCloseTo(2 / 3, 12);
  });

  it('deferral at L6 and an exhausted instance: HE 0, GC 0', () => {
    expect(instanceMetrics(D)).toMatchObject({ he: 0, gc: 0, trs: 0, pmr: 1, bp: 1, finalFix: false, attempts: [{ scenarioId: 'S1', closedAt: null }] });
  });

  it('deferral at β: the scenario scores 0, the level carries over to the next one', () => {
    // T = abcd. S1 gets β = 3 turns (L1–L3) and is deferred; S2 closes at L3; then nothing is left.
    const t: Trajectory = {
      tests: ids('abcd'),
      turns: [
        turn(''), //                                 p0 = 0
        turn('', ['S1', 'ab'], 1, 'a'), //          TRS 0  BRG 0    BP 1  repair 0    =
        turn('c', ['S1', 'ab'], 2, 'b'), //         TRS 0  BRG 1/4  BP 1  repair 1/4  ↑
        turn('c', ['S1', 'ab'], 3, 'a'), //         TRS 0  BRG 0    BP 1  repair 0    =   S1 deferred
        turn('cd', ['S2', 'd'], 3, 'd'), //         TRS 1  BRG 0    BP 1  repair 1/4  ↑   S2 closed at L3
      ],
    };
    expect(attempts(t)).toEqual([
      { scenarioId: 'S1', closedAt: null },
      { scenarioId: 'S2', closedAt: 3 },
    ]);
    expect(instanceMetrics(t)).toMatchObject({
      trs: 0.25,
      brg: 0.0625,
      bp: 1,
      pmr: 1,
      repairRate: 0.125,
      he: 2,
      gc: 0.5,
      finalFix: false,
      turnsToFix: null,
      hcc: 0.25,
    });
  });

  it('a reopened scenario is a new attempt', () => {
    const t: Trajectory = {
      tests: ids('ab'),
      turns: [turn(''), turn('a', ['S1', 'a'], 1), turn('', ['S2', 'b'], 1), turn('a', ['S1', 'a'], 2), turn('ab', ['S2', 'b'], 1)],
    };
    expect(attempts(t)).toEqual([
      { scenarioId: 'S1', closedAt: 1 },
      { scenarioId: 'S2', closedAt: null },
      { scenarioId: 'S1', closedAt: 2 },
      { scenarioId: 'S2', closedAt: 1 },
    ]);
    expect(instanceMetrics(t).he).toBeCloseTo((6 + 0 + 5 + 6) / 4, 12);
  });

  it('baselines without scenarios: no TRS, BRG or HE, the rest as usual', () => {
    const t: Trajectory = { tests: ids('abcd'), turns: [turn('a'), turn('ab'), turn('b')] };
    // BP: t1 1, t2 1 − 1/4; PMR: ↑ then ↓; repair: 1/4, 0
    expect(instanceMetrics(t)).toMatchObject({ trs: null, brg: null, he: null, bp: 0.875, pmr: 0.5, repairRate: 0.125, gc: 1 / 3, hcc: 0 });
  });
});

describe('aggregation', () => {
  it('fix rates over all instances, the rest over initially failing ones', () => {
    const s = reducePair([A, B, C].map(instanceMetrics).map(scoreOf));
    expect(s).toMatchObject({ items: 3, initiallyFailing: 2, turnsToFix: 2, attempted: 4 });
    expect(s.initialFix).toBeCloseTo(1 / 3, 12);
    expect(s.finalFix).toBeCloseTo(2 / 3, 12);
    expect(s.netGain).toBeCloseTo(1 / 3, 12);
    expect(s.trs).toBeCloseTo(0.5, 12);
    expect(s.brg).toBeCloseTo(0.02, 12);
    expect(s.bp).toBeCloseTo(0.97, 12);
    expect(s.preservationRate).toBe(s.bp);
    expect(s.pmr).toBeCloseTo(0.9, 12);
    expect(s.he).toBeCloseTo(25 / 6, 12);
    expect(s.gc).toBeCloseTo(0.875, 12);
    expect(s.hcc).toBeCloseTo(17 / 24, 12);
    expect(s.repairRate).toBeCloseTo(0.2475, 12);
    expect(s.levelDistribution.map((x) => +x.toFixed(12))).toEqual([0, 0.75, 0, 0, 0, 0, 0.25]);
  });
});

describe('repeated runs', () => {
  it('ranking agreement averages τ over every pair of runs', () => {
    const row = (finalFix: number, turnsToFix: number | null) => ({ finalFix, turnsToFix }) as PairSummary;
    const runs = [
      [row(0.9, 2), row(0.5, 3), row(0.1, 4)],
      [row(0.8, 2), row(0.6, 4), row(0.2, 3)],
      [row(0.9, 1), row(0.4, 3), row(0.3, null)],
    ];
    const tau = rankingAgreement(runs);
    expect(tau.finalFix).toBe(1);
    // turnsToFix: runs 1–2 τ = 1/3, runs 1–3 (two models) 1, runs 2–3 (two models) 1
    expect(tau.turnsToFix).toBeCloseTo((1 / 3 + 1 + 1) / 3, 12);
  });
});
