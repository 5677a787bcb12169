// The data behind the Results page's figures (PAIR Figs. 3–6), computed from a run log.
// docs/metrics.md ("Figures") says what each figure plots and how.
import type { DataTable } from '../../text/data-table.ts';
import { familyOf } from './members.ts';
import { CLOSED_AT, scoreOf, trajectoryOf } from './summary.ts';
import type { PairItem, PairLog } from './view.ts';
import { instanceMetrics } from './metrics.ts';

/** A candidate model as the figures show it. */
export interface FigureModel {
  id: string;
  /** The run's label; a simulated model's label always says so. */
  label: string;
  simulated: boolean;
}

/** The run's candidate models, in manifest order. */
export function figureModels(log: PairLog): FigureModel[] {
  return log.manifest.models
    .filter((m) => m.role === 'candidate')
    .map((m) => ({ id: m.id, label: m.simulated && !/simulated/i.test(m.label) ? `${m.label} (simulated)` : m.label, simulated: m.simulated }));
}

/** Whether the protocol targets failure scenarios with graded hints, so that Figs. 3 and 4 are defined. */
export const definesScenarios = (protocol: string) => familyOf(protocol)?.scenarios ?? false;

/** The items the figures count: those with at least one evaluated turn (as the leaderboard). */
const itemsOf = (log: PairLog, modelId: string, instanceId?: string) =>
  log.items.filter((i) => i.modelId === modelId && i.turns.length > 0 && (instanceId === undefined || i.instanceId === instanceId));

const testsOf = (log: PairLog) => new Map(log.manifest.dataset.instances.map((i) => [i.id, i.testIds]));

/** The figures' horizon: α, or the longest stored trajectory if one is longer. */
export function horizon(log: PairLog): number {
  return Math.max(log.params.turns, ...log.items.map((i) => i.turns.length - 1));
}

// ---- Fig. 3: the level at which scenarios closed ----

export const CLOSURE_BUCKETS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'unresolved'] as const;

export interface ClosureBar {
  model: FigureModel;
  /** Attempted scenarios, pooled over the model's items. */
  attempted: number;
  /** Per bucket (L1..L6, unresolved): attempts closed there, and their share of `attempted` (0 when none). */
  counts: number[];
  shares: number[];
}

/** From the run's stored scores: each model's share of attempts per level and how many it attempted (its row), and the counts (its item records). */
export function closureLevels(log: PairLog): ClosureBar[] {
  return figureModels(log).map((model) => {
    const summary = log.summaries.find((s) => s.modelId === model.id);
    const attempted = summary?.metrics.attempted ?? 0;
    const shares = (summary?.data as { levelDistribution?: number[] } | undefined)?.levelDistribution ?? CLOSURE_BUCKETS.map(() => 0);
    return { model, attempted, counts: closureCounts(log, model.id) ?? shares.map((x) => Math.round(x * attempted)), shares };
  });
}

/** Fig. 3's counts as the model's stored item records add them up; null when a record lacks them (an older metrics version). */
function closureCounts(log: PairLog, modelId: string): number[] | null {
  const records = log.items.filter((i) => i.modelId === modelId).map((i) => log.stored?.[i.key]);
  if (!records.length || !records.every((r) => r && CLOSED_AT.every((k) => k in r))) return null;
  return CLOSED_AT.map((k) => records.reduce((n, r) => n + (r![k] ?? 0), 0));
}

// ---- Fig. 4: HintedClosedCoverage ----

export interface HccBar {
  model: FigureModel;
  /** null when no item defines it (no initially failing item). */
  hcc: number | null;
}

export function hccBars(log: PairLog): HccBar[] {
  return figureModels(log).map((model) => ({ model, hcc: log.summaries.find((s) => s.modelId === model.id)?.metrics.hcc ?? null }));
}

// ---- Fig. 5: pass-rate trajectories per instance ----

export interface TrajectoryPoint {
  turn: number;
  /** Pass rate after the turn, the mean over the model's repeats of this instance. */
  passRate: number;
  /** True when no repeat reached this turn: every value is carried forward from an earlier turn. */
  carried: boolean;
}

export interface InstanceTrajectories {
  instanceId: string;
  title: string;
  /** The buggy program's pass rate (null when no item recorded it). */
  buggy: number | null;
  /** Per model: points for turns 0..horizon (none when the model has no evaluated turn here). */
  series: { model: FigureModel; points: TrajectoryPoint[] }[];
}

/** p_t as the metrics compute it: passing tests over the instance's tests. */
function passRate(passed: readonly string[], tests: readonly string[], total: number): number {
  const n = tests.length || total;
  return n ? passed.length / n : 0;
}

export function instanceTrajectories(log: PairLog, instanceId: string): InstanceTrajectories {
  const instance = log.manifest.dataset.instances.find((i) => i.id === instanceId);
  const tests = instance?.testIds ?? [];
  const last = horizon(log);
  const withInitial = log.items.find((i) => i.instanceId === instanceId && i.initialPassed);
  const series = figureModels(log).map((model) => {
    const items = itemsOf(log, model.id, instanceId);
    const rates = items.map((item) => item.turns.map((t) => passRate(t.passed, tests, t.total)));
    const points: TrajectoryPoint[] = [];
    if (rates.length) {
      for (let turn = 0; turn <= last; turn++) {
        const values = rates.map((r) => r[Math.min(turn, r.length - 1)]!);
        points.push({ turn, passRate: values.reduce((a, b) => a + b, 0) / values.length, carried: rates.every((r) => turn >= r.length) });
      }
    }
    return { model, points };
  });
  const buggy = withInitial ? passRate(withInitial.initialPassed!, tests, withInitial.turns[0]?.total ?? 0) : null;
  return { instanceId, title: instance?.title ?? instanceId, buggy, series };
}

/** Fig. 5 for every instance of the run, in manifest order. */
export function allTrajectories(log: PairLog): InstanceTrajectories[] {
  return log.manifest.dataset.instances.map((i) => instanceTrajectories(log, i.id));
}

// ---- Fig. 6: cumulative Final Fix by turn ----

export interface CumulativeFix {
  model: FigureModel;
  /** The model's items (with at least one turn). */
  items: number;
  /** For t = 0..horizon: items first fully passing at a turn ≤ t, and their share of `items`. */
  points: { turn: number; fixed: number; share: number }[];
}

/** The first turn with p_t = 1, or null (the same rule as Final Fix and Turns to Fix), from the item's stored scores where the run has them. */
function firstFullPass(log: PairLog, item: PairItem, tests: readonly string[]): number | null {
  const s = log.stored?.[item.key] ?? scoreOf(instanceMetrics(trajectoryOf(item, tests)));
  return s.initialFix === 1 ? 0 : (s.turnsToFix ?? null);
}

export function cumulativeFinalFix(log: PairLog): CumulativeFix[] {
  const tests = testsOf(log);
  const last = horizon(log);
  return figureModels(log).map((model) => {
    const items = itemsOf(log, model.id);
    const fixedAt = items.map((item) => firstFullPass(log, item, tests.get(item.instanceId) ?? []));
    const points = Array.from({ length: last + 1 }, (_, turn) => {
      const fixed = fixedAt.filter((t) => t !== null && t <= turn).length;
      return { turn, fixed, share: items.length ? fixed / items.length : 0 };
    });
    return { model, items: items.length, points };
  });
}

// ---- The figures' data as tables (the accessible view and the CSV export) ----

export type FigureTable = DataTable;

/** Enough digits for any table, without binary noise (0.30000000000000004). */
const exact = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

export function closureTable(bars: readonly ClosureBar[]): FigureTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'closed at', format: 'text' },
      { label: 'scenarios', format: 'int' },
      { label: 'attempted', format: 'int' },
      { label: 'share', format: 'pct' },
    ],
    rows: bars.flatMap((b) => CLOSURE_BUCKETS.map((bucket, k) => [b.model.label, bucket, b.counts[k]!, b.attempted, exact(b.shares[k]!)])),
  };
}

export function hccTable(bars: readonly HccBar[]): FigureTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'HCC', format: 'pct' },
    ],
    rows: bars.map((b) => [b.model.label, exact(b.hcc)]),
  };
}

export function trajectoryTable(figures: readonly InstanceTrajectories[]): FigureTable {
  return {
    columns: [
      { label: 'instance', format: 'text' },
      { label: 'model', format: 'text' },
      { label: 'turn', format: 'int' },
      { label: 'pass rate', format: 'pct' },
      { label: 'carried forward', format: 'bool' },
      { label: 'buggy program pass rate', format: 'pct' },
    ],
    rows: figures.flatMap((f) =>
      f.series.flatMap((s) => s.points.map((p) => [f.instanceId, s.model.label, p.turn, exact(p.passRate), p.carried, exact(f.buggy)])),
    ),
  };
}

export function cumulativeTable(lines: readonly CumulativeFix[]): FigureTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'turn', format: 'int' },
      { label: 'fixed items', format: 'int' },
      { label: 'items', format: 'int' },
      { label: 'cumulative Final Fix', format: 'pct' },
    ],
    rows: lines.flatMap((l) => l.points.map((p) => [l.model.label, p.turn, p.fixed, l.items, exact(p.share)])),
  };
}
