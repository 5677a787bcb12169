// PrismBench's scorer and reducers: one evaluation's score record, and a model's leaderboard row
// (success over every evaluation and per difficulty group, attempts, the fixer's interventions and
// repairs; Secs. 3.6.2–3.6.3) as their reduction. Pure functions.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec, Reduction } from '../contract.ts';
import { measuring, sumOf, where, type ItemScore } from '../reduce.ts';
import { difficultyGroup } from './concepts.ts';
import { evaluationRecords } from './metrics.ts';
import { prismParams } from './params.ts';

export const PRISM_COLUMNS: readonly MetricSpec[] = [
  {
    key: 'success',
    label: 'Success',
    title: 'SR: share of node evaluations whose challenge was passed (after retries and the fixer), over the whole tree',
    direction: 'up',
    format: 'pct',
    anchor: 'success-rate-sr',
  },
  {
    key: 'successLow',
    label: 'VE/E',
    title: 'Success rate at the easiest levels (Very Easy and Easy for the paper’s five)',
    direction: 'up',
    format: 'pct',
    anchor: 'success-by-difficulty-group',
  },
  { key: 'successMid', label: 'M', title: 'Success rate at the middle level (Medium)', direction: 'up', format: 'pct', anchor: 'success-by-difficulty-group' },
  {
    key: 'successHigh',
    label: 'H/VH',
    title: 'Success rate at the hardest levels (Hard and Very Hard)',
    direction: 'up',
    format: 'pct',
    anchor: 'success-by-difficulty-group',
  },
  {
    key: 'attempts',
    label: 'Attempts',
    title: 'A: mean attempts per evaluation, up to the first success (all of them when none succeeded)',
    direction: 'down',
    format: 'num',
    anchor: 'mean-attempts-a',
  },
  {
    key: 'fixerRate',
    label: 'Fixer',
    title: 'F: share of evaluations where the Problem Fixer was needed',
    direction: 'down',
    format: 'pct',
    anchor: 'fixer-intervention-rate-f',
  },
  {
    key: 'repairRate',
    label: 'Repair',
    title: 'R: share of the fixer’s interventions that made the tests pass',
    direction: 'up',
    format: 'pct',
    anchor: 'repair-capability-r',
  },
];

export const PRISM_LEADERBOARD: LeaderboardPresentation = {
  title: 'Capability summary',
  note: 'Each model searched its own tree; rates are over its node evaluations (each one a fresh challenge), so a model that reached harder nodes is measured on harder ground: compare the per-level columns. ▲ best, ▼ worst per column. — : no evaluation at those levels.',
  docs: 'prismbench',
  ranksTitle: 'Ranks per column',
  ranksDocs: 'prismbench',
};

export const prismOrder = (summaries: readonly ModelSummary[]) =>
  [...summaries].sort((a, b) => (b.metrics.success ?? -1) - (a.metrics.success ?? -1) || a.label.localeCompare(b.label));

/**
 * One evaluation's own numbers, as the leaderboard counts it: passed (1/0), attempts taken, the
 * fixer needed (1/0) and its repair (1/0), and the node's level. All null for an evaluation that
 * gave no result.
 */
export function itemScores(manifest: Manifest, item: ItemRecord): ItemScore {
  const [r] = evaluationRecords(manifest, [item], []); // no search states: the node's depth is not scored
  return {
    success: r ? Number(r.success) : null,
    attempts: r ? r.attempts : null,
    fixerUsed: r ? Number(r.fixerUsed) : null,
    fixedByFixer: r ? Number(r.fixedByFixer) : null,
    level: r ? r.level : null,
  };
}

/** A model's leaderboard numbers from its evaluations' score records: SR overall and per difficulty group, A, F and R. */
export function reduce(manifest: Manifest, scores: readonly ItemScore[]): Reduction {
  const levels = prismParams(manifest.params).difficulties.length;
  const done = measuring(scores, 'success');
  const group = (g: number) => {
    const mine = done.filter((s) => difficultyGroup(s.level!, levels) === g);
    return mine.length ? where(mine, 'success').length / mine.length : null;
  };
  const n = done.length;
  const interventions = where(done, 'fixerUsed').length;
  return {
    items: n,
    metrics: {
      success: n ? where(done, 'success').length / n : null,
      successLow: group(0),
      successMid: group(1),
      successHigh: group(2),
      attempts: n ? sumOf(done, 'attempts') / n : null,
      fixerRate: n ? interventions / n : null,
      repairRate: interventions ? where(done, 'fixedByFixer').length / interventions : null,
    },
  };
}
