// Per-model summaries of a Prism run (the leaderboard's rows): success over every evaluation and
// per difficulty group, attempts, the fixer's interventions and repairs (Secs. 3.6.2–3.6.3), and
// tokens and cost; per repeat as well for repeated runs. A pure function of the items.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import type { LeaderboardPresentation, MetricSpec } from '../contract.ts';
import { modelRow } from '../shared/summary.ts';
import { difficultyGroup } from './concepts.ts';
import { evaluationRecords, mastery, type EvaluationRecord } from './metrics.ts';
import { prismParams } from './params.ts';
import { MODEL_ROLE } from './roles.ts';

export const PRISM_COLUMNS: readonly MetricSpec[] = [
  { key: 'success', label: 'Success', title: 'SR: share of node evaluations whose challenge was passed (after retries and the fixer), over the whole tree', direction: 'up', format: 'pct', anchor: 'success-rate-sr' },
  { key: 'successLow', label: 'VE/E', title: 'Success rate at the easiest levels (Very Easy and Easy for the paper’s five)', direction: 'up', format: 'pct', anchor: 'success-by-difficulty-group' },
  { key: 'successMid', label: 'M', title: 'Success rate at the middle level (Medium)', direction: 'up', format: 'pct', anchor: 'success-by-difficulty-group' },
  { key: 'successHigh', label: 'H/VH', title: 'Success rate at the hardest levels (Hard and Very Hard)', direction: 'up', format: 'pct', anchor: 'success-by-difficulty-group' },
  { key: 'attempts', label: 'Attempts', title: 'A: mean attempts per evaluation, up to the first success (all of them when none succeeded)', direction: 'down', format: 'num', anchor: 'mean-attempts-a' },
  { key: 'fixerRate', label: 'Fixer', title: 'F: share of evaluations where the Problem Fixer was needed', direction: 'down', format: 'pct', anchor: 'fixer-intervention-rate-f' },
  { key: 'repairRate', label: 'Repair', title: 'R: share of the fixer’s interventions that made the tests pass', direction: 'up', format: 'pct', anchor: 'repair-capability-r' },
];

export const PRISM_LEADERBOARD: LeaderboardPresentation = {
  title: 'Capability summary',
  note: 'Each model searched its own tree; rates are over its node evaluations (each one a fresh challenge), so a model that reached harder nodes is measured on harder ground: compare the per-level columns. ▲ best, ▼ worst per column. — : no evaluation at those levels.',
  docs: 'prismbench',
  ranksTitle: 'Ranks per column',
  ranksDocs: 'prismbench',
};

export function metricsOf(records: readonly EvaluationRecord[], levels: number): Record<string, number | null> {
  const m = mastery(records);
  const group = (g: number) => mastery(records.filter((r) => difficultyGroup(r.level, levels) === g)).success;
  return { success: m.success, successLow: group(0), successMid: group(1), successHigh: group(2), attempts: m.attempts, fixerRate: m.fixerRate, repairRate: m.repairRate };
}

export const prismOrder = (summaries: readonly ModelSummary[]) => [...summaries].sort((a, b) => (b.metrics.success ?? -1) - (a.metrics.success ?? -1) || a.label.localeCompare(b.label));

export function summarize(manifest: Manifest, items: readonly ItemRecord[]): ModelSummary[] {
  const levels = prismParams(manifest.params).difficulties.length;
  const records = evaluationRecords(manifest, items);
  const repeats = manifest.settings.repeats;
  return manifest.models
    .filter((m) => m.role === MODEL_ROLE)
    .map((m) => {
      const mine = records.filter((r) => r.modelId === m.id);
      return modelRow(m, items, repeats, {
        items: mine.length,
        metrics: metricsOf(mine, levels),
        ofRepeat: (r) => metricsOf(mine.filter((x) => x.repeat === r), levels),
      });
    });
}

/**
 * One evaluation's own numbers, as the leaderboard counts it: passed (1/0), attempts taken, the
 * fixer needed (1/0) and its repair (1/0), and the node's level. All null for an evaluation that
 * gave no result.
 */
export function itemScores(manifest: Manifest, item: ItemRecord): Record<string, number | null> {
  const [r] = evaluationRecords(manifest, [item], []); // no search states: the node's depth is not scored
  return {
    success: r ? Number(r.success) : null,
    attempts: r ? r.attempts : null,
    fixerUsed: r ? Number(r.fixerUsed) : null,
    fixedByFixer: r ? Number(r.fixedByFixer) : null,
    level: r ? r.level : null,
  };
}
