// Per-model summaries of a Talk run: tokens and cost, and the measures (metrics.ts) over the
// model's items, pooled over repeats. A pure function of the items.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import { modelRow } from '../shared/summary.ts';
import { itemMeasures, modelMeasures, steerability, type ModelMeasures } from './metrics.ts';
import { stepsOf, talkParamsOf } from './params.ts';
import { CODE_ROLE, talkItem, testIdsOf } from './view.ts';

/** The leaderboard's numbers of one model (ModelSummary.metrics). */
export function metricsOf(m: ModelMeasures): Record<string, number | null> {
  return {
    tca: m.tca?.mean ?? null,
    tcaSe: m.tca?.se ?? null,
    tcaFirst: m.tcaFirst,
    solved: m.solved,
    steps: m.steps,
    dc: m.dc?.mean ?? null,
    dcSe: m.dc?.se ?? null,
    style: m.style,
    styleItems: m.styleItems,
    edit: m.steer.edit,
    flips: m.steer.flipShare,
  };
}

/** Everything else a Talk summary carries (ModelSummary.data): the figures' data. */
export type TalkSummaryData = Omit<ModelMeasures, 'items' | 'tca' | 'tcaFirst' | 'solved' | 'steps' | 'dc' | 'style' | 'styleItems'>;

export const talkData = (s: ModelSummary) => s.data as TalkSummaryData | undefined;

export function summarize(manifest: Manifest, records: readonly ItemRecord[]): ModelSummary[] {
  const tests = testIdsOf(manifest);
  const steps = stepsOf(talkParamsOf(manifest));
  const repeats = manifest.settings.repeats;
  const measured = records.map((r) => ({ record: r, m: itemMeasures(talkItem(r, tests).attempts) }));
  return manifest.models
    .filter((model) => model.role === CODE_ROLE)
    .map((model) => {
      const mine = measured.filter((x) => x.record.modelId === model.id);
      const all = modelMeasures(mine.map((x) => x.m), steps);
      const { items, tca: _t, tcaFirst: _f, solved: _s, steps: _n, dc: _d, style: _y, styleItems: _c, ...data } = all;
      return modelRow(model, records, repeats, {
        items,
        metrics: metricsOf(all),
        ofRepeat: (r) => metricsOf(modelMeasures(mine.filter((x) => x.record.repeat === r).map((x) => x.m), steps)),
        data: data satisfies TalkSummaryData,
      });
    });
}

/** Each instance's test ids, read once per manifest (item scores are asked for item by item). */
const testsByManifest = new WeakMap<Manifest, ReadonlyMap<string, readonly string[]>>();

/**
 * One item's own numbers, from the measures the leaderboard averages: TCA at each step (`tca0` the
 * first program; an item that stopped early keeps its last value, as Fig. 3 does), the last TCA,
 * solved (1/0) and at which step, directional correctness, style, and its mean edit distance and
 * share of tests flipped per revision. All null for an item with no attempt.
 */
export function itemScores(manifest: Manifest, record: ItemRecord): Record<string, number | null> {
  let tests = testsByManifest.get(manifest);
  if (!tests) testsByManifest.set(manifest, (tests = testIdsOf(manifest)));
  const steps = stepsOf(talkParamsOf(manifest));
  const m = itemMeasures(talkItem(record, tests).attempts);
  const counted = m.tca.length > 0;
  const steer = steerability(m.transitions);
  const byStep = Object.fromEntries(Array.from({ length: steps }, (_, t) => [`tca${t}`, counted ? m.tca[Math.min(t, m.tca.length - 1)]! : null]));
  return {
    ...byStep,
    tca: counted ? m.final : null,
    solved: counted ? Number(m.solvedAt !== null) : null,
    steps: m.solvedAt,
    dc: m.dc,
    style: m.style,
    edit: steer.edit,
    flips: steer.flipShare,
  };
}
