// The data of Talk's figures for one run (one setting), as plain series and tables: TCA by step
// (Fig. 7), the step-wise change crossed with directional correctness (Fig. 4), steerability
// (Fig. 5) and surface against behavioural change at the first revision (Fig. 6). The app draws
// them (src/ui/protocols/talk/); every number is also in a table for export.
import type { RunLog } from '../../model/runlog.ts';
import type { DataTable } from '../../text/data-table.ts';
import type { Change, Direction } from './metrics.ts';
import { leaderboardOrder } from './leaderboard.ts';
import { stepsOf, talkParamsOf } from './params.ts';
import { talkData } from './summary.ts';

export interface FigureModel {
  id: string;
  label: string;
}

export const figureModels = (log: RunLog): FigureModel[] => leaderboardOrder(log.summaries).map((s) => ({ id: s.modelId, label: s.label }));

/** Fig. 7: per model, TCA after each step (null where no item got that far). */
export function stepCurves(log: RunLog): { model: FigureModel; tca: (number | null)[] }[] {
  return figureModels(log).map((model) => ({ model, tca: talkData(log.summaries.find((s) => s.modelId === model.id)!)?.tcaByStep ?? [] }));
}

export const stepsShown = (log: RunLog) => stepsOf(talkParamsOf(log.manifest));

export function stepTable(log: RunLog): DataTable {
  const steps = stepsShown(log);
  return {
    columns: [{ label: 'model', format: 'text' }, ...Array.from({ length: steps }, (_, t) => ({ label: `step ${t}`, format: 'pct' as const }))],
    rows: stepCurves(log).map((c) => [c.model.label, ...Array.from({ length: steps }, (_, t) => c.tca[t] ?? null)]),
  };
}

/** Fig. 4's segments, in stacking order. */
export const CHANGE_SEGMENTS: { key: string; change: Change; direction: Direction; label: string }[] = [
  { key: 'better-correct', change: 'better', direction: 'correct', label: 'better, claim right' },
  { key: 'better-incorrect', change: 'better', direction: 'incorrect', label: 'better, claim wrong' },
  { key: 'better-none', change: 'better', direction: 'none', label: 'better, no claim' },
  { key: 'same', change: 'same', direction: 'none', label: 'unchanged TCA' },
  { key: 'worse-none', change: 'worse', direction: 'none', label: 'worse, no claim' },
  { key: 'worse-incorrect', change: 'worse', direction: 'incorrect', label: 'worse, claim wrong' },
  { key: 'worse-correct', change: 'worse', direction: 'correct', label: 'worse, claim right' },
];

/** Fig. 4: per model, its revisions counted by segment. */
export function changeCounts(log: RunLog): { model: FigureModel; counts: Record<string, number>; total: number }[] {
  return figureModels(log).map((model) => {
    const c = talkData(log.summaries.find((s) => s.modelId === model.id)!)?.change;
    const counts: Record<string, number> = {};
    for (const seg of CHANGE_SEGMENTS)
      counts[seg.key] = !c ? 0 : seg.key === 'same' ? c.same.correct + c.same.incorrect + c.same.none : c[seg.change][seg.direction];
    return { model, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  });
}

export function changeTableOf(log: RunLog): DataTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      ...CHANGE_SEGMENTS.map((s) => ({ label: s.label, format: 'int' as const })),
      { label: 'revisions', format: 'int' },
    ],
    rows: changeCounts(log).map((r) => [r.model.label, ...CHANGE_SEGMENTS.map((s) => r.counts[s.key]!), r.total]),
  };
}

/** Fig. 5: per model, mean edit distance and share of tests flipped per revision. */
export function steerBars(log: RunLog): { model: FigureModel; revisions: number; edit: number | null; flipShare: number | null }[] {
  return figureModels(log).map((model) => {
    const d = talkData(log.summaries.find((s) => s.modelId === model.id)!);
    return { model, revisions: d?.steer.transitions ?? 0, edit: d?.steer.edit ?? null, flipShare: d?.steer.flipShare ?? null };
  });
}

export function steerTable(log: RunLog): DataTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'revisions', format: 'int' },
      { label: 'edit distance (characters)', format: 'text' },
      { label: 'tests flipped', format: 'pct' },
    ],
    rows: steerBars(log).map((b) => [b.model.label, b.revisions, b.edit === null ? null : b.edit.toFixed(1), b.flipShare]),
  };
}

/** Fig. 6: every item's first revision, per model. */
export function firstRevisions(log: RunLog): { model: FigureModel; points: { edit: number; flipShare: number }[] }[] {
  return figureModels(log).map((model) => ({ model, points: talkData(log.summaries.find((s) => s.modelId === model.id)!)?.firstRevision ?? [] }));
}

export function firstRevisionTable(log: RunLog): DataTable {
  return {
    columns: [
      { label: 'model', format: 'text' },
      { label: 'edit distance (characters)', format: 'int' },
      { label: 'tests flipped', format: 'pct' },
    ],
    rows: firstRevisions(log).flatMap((r) => r.points.map((p) => [r.model.label, p.edit, p.flipShare])),
  };
}
