// PrismBench's measures (Sec. 3.6), from a run's items: every evaluation as a record (the node's
// concepts, level, phase and depth; success, attempts, the fixer), then the mastery and
// performance tables (per concept, per level, per concept × level group, per concept pair) and
// the structural counts of each tree. Mastery counts evaluations — each visit meets a fresh
// challenge — and structure counts distinct nodes. docs/metrics.md ("PrismBench") has each one.
import type { ItemRecord, Manifest, RunLog, Scores } from '../../model/runlog.ts';
import { wilson95 } from '../../stats/stats.ts';
import { difficultyGroup, groupLabels } from './concepts.ts';
import { evaluationOf, itemResult, unitOf } from './outcome.ts';
import { prismParams, type PrismParams } from './params.ts';
import { MODEL_ROLE } from './roles.ts';
import { searchStates, type SearchState } from './search.ts';
import type { Phase } from './tree.ts';

export interface EvaluationRecord {
  key: string;
  modelId: string;
  repeat: number;
  evaluation: number;
  node: string;
  concepts: string[];
  level: number;
  phase: Phase;
  depth: number;
  success: boolean;
  attempts: number;
  fixerUsed: boolean;
  fixedByFixer: boolean;
  errors?: Record<string, number>;
  issues?: Record<string, number>;
  patterns?: string[];
}

/** Every evaluation that gave a result, with its node's depth in its tree now. */
export function evaluationRecords(manifest: Manifest, items: readonly ItemRecord[], states = searchStates(manifest, items)): EvaluationRecord[] {
  const depthOf = new Map<string, number>();
  for (const t of states) for (const n of t.state.tree.order) depthOf.set(`${t.modelId}|${t.repeat}|${n.id}`, n.depth);
  const out: EvaluationRecord[] = [];
  for (const item of items) {
    const unit = unitOf(item);
    const result = unit && itemResult(item);
    if (!unit || !result) continue;
    const analysis = evaluationOf(item.steps).analysis;
    out.push({
      key: item.key,
      modelId: item.modelId,
      repeat: item.repeat,
      evaluation: unit.evaluation,
      node: unit.node,
      concepts: unit.concepts,
      level: unit.level,
      phase: unit.phase,
      depth: depthOf.get(`${item.modelId}|${item.repeat}|${unit.node}`) ?? 0,
      success: result.success,
      attempts: result.attemptsTaken,
      fixerUsed: result.fixerUsed,
      fixedByFixer: result.fixedByFixer,
      ...(analysis?.errors ? { errors: analysis.errors.categories } : {}),
      ...(analysis?.validation ? { issues: analysis.validation.issues } : {}),
      ...(analysis?.patterns ? { patterns: analysis.patterns.names } : {}),
    });
  }
  return out;
}

/**
 * The records with each evaluation's outcome as the run's stored scores have it (success, attempts,
 * the fixer, the level), so every table and figure shows the numbers the leaderboard shows. An
 * evaluation the stored scores give no result is left out; one they do not mention keeps today's.
 */
export function withStoredScores(records: readonly EvaluationRecord[], stored: Scores['items'] | undefined): EvaluationRecord[] {
  if (!stored) return [...records];
  const out: EvaluationRecord[] = [];
  for (const r of records) {
    const s = stored[r.key];
    if (!s) out.push(r);
    else if (s.success !== null && s.success !== undefined)
      out.push({
        ...r,
        success: s.success === 1,
        attempts: s.attempts ?? r.attempts,
        fixerUsed: s.fixerUsed === 1,
        fixedByFixer: s.fixedByFixer === 1,
        level: s.level ?? r.level,
      });
  }
  return out;
}

export interface Mastery {
  /** Evaluations counted. */
  n: number;
  successes: number;
  /** SR: successes / n; null without evaluations. */
  success: number | null;
  /** SR's Wilson 95 % interval over the n evaluations; null without evaluations. */
  successCi: { lo: number; hi: number } | null;
  /** A: mean attempts. */
  attempts: number | null;
  /** Evaluations where the Problem Fixer was used (the paper's "interventions"). */
  interventions: number;
  /** F: interventions / n. */
  fixerRate: number | null;
  /** R: evaluations the fixer fixed / interventions. */
  repairRate: number | null;
}

export function mastery(records: readonly EvaluationRecord[]): Mastery {
  const n = records.length;
  const successes = records.filter((r) => r.success).length;
  const interventions = records.filter((r) => r.fixerUsed).length;
  return {
    n,
    successes,
    success: n ? successes / n : null,
    successCi: wilson95(successes, n),
    attempts: n ? records.reduce((a, r) => a + r.attempts, 0) / n : null,
    interventions,
    fixerRate: n ? interventions / n : null,
    repairRate: interventions ? records.filter((r) => r.fixedByFixer).length / interventions : null,
  };
}

/**
 * Fewer evaluations than this make a rate too uncertain to read alone: the heatmaps hatch such
 * cells (with n = 1 or 2, the Wilson interval spans at least 0.65 of the 0–1 scale).
 */
export const MIN_EVALUATIONS = 3;

/** The failure rate's interval: the success interval turned over (1 − hi, 1 − lo). */
export const failureCi = (m: Pick<Mastery, 'successCi'>) => (m.successCi ? { lo: 1 - m.successCi.hi, hi: 1 - m.successCi.lo } : null);

/** SR(c), A(c), F(c), R(c): over the evaluations of nodes that contain the concept (Eqs. 21, 23–25). */
export const byConcept = (records: readonly EvaluationRecord[], concepts: readonly string[]) =>
  concepts.map((c) => ({ concept: c, ...mastery(records.filter((r) => r.concepts.includes(c))) }));

/** SR(d) and the rest per level (Eq. 22). */
export const byLevel = (records: readonly EvaluationRecord[], levels: readonly string[]) =>
  levels.map((d, i) => ({ level: i, difficulty: d, ...mastery(records.filter((r) => r.level === i)) }));

/** Per concept × level (the heatmap). */
export const conceptLevel = (records: readonly EvaluationRecord[], concepts: readonly string[], levels: readonly string[]) =>
  concepts.map((c) => levels.map((_, i) => mastery(records.filter((r) => r.level === i && r.concepts.includes(c)))));

/** Per concept × difficulty group (Table 4: VE/E, M, H/VH for the paper's levels). */
export const conceptGroup = (records: readonly EvaluationRecord[], concepts: readonly string[], levels: number) =>
  concepts.map((c) => [0, 1, 2].map((g) => mastery(records.filter((r) => difficultyGroup(r.level, levels) === g && r.concepts.includes(c)))));

/** Table 4's mark of a failure rate: ✓ mastered (< 0.01), ✗ beyond capability (> 0.99). */
export const failureMark = (failure: number | null) => (failure === null ? '' : failure < 0.01 ? '✓' : failure > 0.99 ? '✗' : '');

/** Table 4's †: the group where the concept has the most evaluations (its primary level of operation). */
export function primaryGroup(cells: readonly Mastery[]): number | null {
  const most = Math.max(...cells.map((c) => c.n));
  return most > 0 ? cells.findIndex((c) => c.n === most) : null;
}

/** Concept-combination matrices (Figs. 15–23): per pair, the evaluations of nodes holding both, their success rate. */
export function pairMatrix(records: readonly EvaluationRecord[], concepts: readonly string[]): Mastery[][] {
  return concepts.map((a) => concepts.map((b) => (a === b ? mastery([]) : mastery(records.filter((r) => r.concepts.includes(a) && r.concepts.includes(b))))));
}

export interface Structure {
  /** Distinct nodes evaluated at least once, and made (evaluated or not). */
  evaluatedNodes: number;
  nodes: number;
  /** N(c), N(d): distinct evaluated nodes with the concept, at the level (Eqs. 17–18). */
  perConcept: number[];
  perLevel: number[];
  /** Evaluated nodes per depth (1-based index − 1), by the phase that made them. */
  perDepth: { depth: number; byPhase: [number, number, number] }[];
  /** Mean branching: children per node with children, and B(n) = children / |N| averaged (Eq. 19). */
  meanChildren: number | null;
  meanBranching: number | null;
  maxDepth: number;
  phases: SearchState['phases'];
  /** Evaluations per phase. */
  perPhase: [number, number, number];
}

export function structure(state: SearchState): Structure {
  const p = state.params;
  const evaluated = state.tree.order.filter((n) => n.evaluations > 0);
  const maxDepth = Math.max(0, ...evaluated.map((n) => n.depth));
  const withChildren = state.tree.order.filter((n) => n.children.length);
  const total = state.tree.order.length;
  return {
    evaluatedNodes: evaluated.length,
    nodes: total,
    perConcept: p.concepts.map((c) => evaluated.filter((n) => n.concepts.includes(c)).length),
    perLevel: p.difficulties.map((_, i) => evaluated.filter((n) => n.level === i).length),
    perDepth: Array.from({ length: maxDepth }, (_, d) => ({
      depth: d + 1,
      byPhase: [1, 2, 3].map((ph) => evaluated.filter((n) => n.depth === d + 1 && n.phase === ph).length) as [number, number, number],
    })),
    meanChildren: withChildren.length ? withChildren.reduce((a, n) => a + n.children.length, 0) / withChildren.length : null,
    meanBranching: total ? state.tree.order.reduce((a, n) => a + n.children.length / total, 0) / total : null,
    maxDepth,
    phases: state.phases,
    perPhase: [state.perPhase[1], state.perPhase[2], state.perPhase[3]],
  };
}

export interface Region {
  concepts: string[];
  level: number;
  n: number;
  failures: number;
  failure: number;
}

/**
 * The weakest regions found: (concepts, level) states by failure rate among the evaluations of
 * Phases 2 and 3 (the search for failure), ties broken by more evaluations; states with fewer
 * than `minN` evaluations are left out.
 */
export function weakestRegions(records: readonly EvaluationRecord[], limit = 5, minN = 2): Region[] {
  const groups = new Map<string, Region>();
  for (const r of records.filter((x) => x.phase !== 1)) {
    const key = `${r.concepts.join('+')}@${r.level}`;
    const g = groups.get(key) ?? { concepts: r.concepts, level: r.level, n: 0, failures: 0, failure: 0 };
    g.n += 1;
    g.failures += r.success ? 0 : 1;
    g.failure = g.failures / g.n;
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.n >= minN)
    .sort((a, b) => b.failure - a.failure || b.n - a.n || a.level - b.level)
    .slice(0, limit);
}

/** Category counts over evaluations, by concept (EP, TV, SP: Eqs. 26, 28, 29), and each category's share of all. */
export function diagnosticByConcept(
  records: readonly EvaluationRecord[],
  concepts: readonly string[],
  pickCounts: (r: EvaluationRecord) => Record<string, number> | undefined,
) {
  const categories = new Set<string>();
  for (const r of records) for (const k of Object.keys(pickCounts(r) ?? {})) categories.add(k);
  const all = [...categories].sort();
  const total = records.reduce((n, r) => n + Object.values(pickCounts(r) ?? {}).reduce((a, b) => a + b, 0), 0);
  return {
    categories: all,
    total,
    rows: concepts.map((c) => ({
      concept: c,
      counts: all.map((k) => records.filter((r) => r.concepts.includes(c)).reduce((n, r) => n + (pickCounts(r)?.[k] ?? 0), 0)),
    })),
  };
}

/** Pattern effectiveness (Eq. 27): per solution pattern, the evaluations that used it and their success rate. */
export function patternEffectiveness(records: readonly EvaluationRecord[]) {
  const names = [...new Set(records.flatMap((r) => r.patterns ?? []))].sort();
  return names.map((name) => ({ name, ...mastery(records.filter((r) => r.patterns?.includes(name))) }));
}

/** Everything the views and the report read of one run. */
export interface PrismView {
  params: PrismParams;
  groups: [string, string, string];
  records: EvaluationRecord[];
  trees: (ReturnType<typeof searchStates>[number] & { label: string })[];
  models: { id: string; label: string; simulated: boolean }[];
}

const views = new WeakMap<object, PrismView>();

/** The view of a run (computed once per log object: every section of a page shares it). */
export function prismView(log: Pick<RunLog, 'manifest' | 'items' | 'scores'>): PrismView {
  let view = views.get(log);
  if (!view) views.set(log, (view = computeView(log)));
  return view;
}

function computeView(log: Pick<RunLog, 'manifest' | 'items' | 'scores'>): PrismView {
  const params = prismParams(log.manifest.params);
  const states = searchStates(log.manifest, log.items);
  const models = log.manifest.models.filter((m) => m.role === MODEL_ROLE).map((m) => ({ id: m.id, label: m.label, simulated: m.simulated }));
  const label = (id: string) => models.find((m) => m.id === id)?.label ?? id;
  return {
    params,
    groups: groupLabels(params.difficulties),
    records: withStoredScores(evaluationRecords(log.manifest, log.items, states), log.scores?.items),
    trees: states.map((t) => ({ ...t, label: `${label(t.modelId)}${log.manifest.settings.repeats > 1 ? `, repeat ${t.repeat + 1}` : ''}` })),
    models,
  };
}
