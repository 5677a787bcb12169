// Settings side by side (one run each, the same code models): TCA per model and setting (the
// paper's Table 1 and Tables 6–9), each setting's model ranking against the static one's (rank
// change, Figs. 1 and 3) with the normalized footrule the paper prints (Table 16) beside the
// random baseline, directional correctness per setting (Table 2), and the rank change by
// readability (Table 5). Used by `hintbench report`, `study`, `demo` and the compare page.
import type { Manifest, RunLog } from '../../model/runlog.ts';
import { distinctLabels } from '../shared/compare-data.ts';
import { footrule, meanSe, midRanks, pairNormalizedFootrule, randomFootruleBaseline } from '../../stats/stats.ts';
import { itemMeasures } from './metrics.ts';
import { talkParamsOf } from './params.ts';
import { SETTINGS, type SettingId } from './settings.ts';
import { talkItems } from './view.ts';

export interface SettingRun {
  runId: string;
  name: string;
  setting: SettingId;
  /** The setting's label; with the run's number ("Static [2]") where two compared runs share the setting. */
  label: string;
}

export type Spread = { mean: number; se: number | null } | null;

/** A ranking of the compared models against the reference setting's. */
export interface RankChange {
  /** Mid-ranks, 1 = best, in the comparison's model order. */
  ranks: number[];
  /** Σ |rank − reference rank|; null for the reference itself or with fewer than two models. */
  footrule: number | null;
  /** The footrule over n(n − 1)/2, the paper's normalization (stats.ts). */
  normalized: number | null;
}

export interface TalkComparison {
  settings: SettingRun[];
  /** The models every run has, in the reference run's TCA order. */
  models: { modelId: string; label: string; simulated: boolean }[];
  /** The setting the others are ranked against: the static run when there is one, else the first. */
  reference: number;
  /** tca[setting][model]: mean ± standard error over the model's items. */
  tca: Spread[][];
  /** Per setting, over every compared model's items pooled (Table 1's "averaged across models"). */
  tcaAll: Spread[];
  /** null for a setting where some model has no finished item yet. */
  byTca: (RankChange | null)[];
  /** Directional correctness, dc[setting][model]; null where the setting has no claims. */
  dc: Spread[][];
  /** By pycodestyle violations (fewer ranks higher); null where a run did not count them. */
  byStyle: (RankChange | null)[];
  /** The normalized footrule two independent random rankings give on average: 2(n + 1)/(3n). */
  baseline: number | null;
}

export const settingIdOf = (m: Manifest): SettingId => talkParamsOf(m).setting;

export function settingRun(log: RunLog): SettingRun {
  const setting = settingIdOf(log.manifest);
  return { runId: log.manifest.runId, name: log.manifest.name, setting, label: SETTINGS[setting]?.label ?? setting };
}

function rankChange(scores: number[], reference: number[] | null, higherIsBetter = true): RankChange {
  const signed = higherIsBetter ? scores : scores.map((x) => -x);
  const ranks = midRanks(signed);
  if (!reference) return { ranks, footrule: null, normalized: null };
  const ref = higherIsBetter ? reference : reference.map((x) => -x);
  return { ranks, footrule: ranks.length >= 2 ? footrule(ref, signed) : null, normalized: pairNormalizedFootrule(ref, signed) };
}

export function compareTalk(logs: readonly RunLog[]): TalkComparison {
  if (logs.length === 0) throw new Error('compareTalk: no runs');
  // Two runs of one setting (e.g. static on other instances) are told apart by their number: "Static [1]", "Static [2]".
  const runs = logs.map(settingRun);
  const labels = distinctLabels(runs.map((s) => s.label));
  const settings = runs.map((s, i) => ({ ...s, label: labels[i]! }));
  const staticAt = settings.findIndex((s) => s.setting === 'static');
  const reference = staticAt >= 0 ? staticAt : 0;
  const refLog = logs[reference]!;
  const inAll = refLog.summaries.filter((s) => logs.every((l) => l.summaries.some((x) => x.modelId === s.modelId)));
  const ordered = [...inAll].sort((a, b) => (b.metrics.tca ?? -1) - (a.metrics.tca ?? -1) || a.label.localeCompare(b.label));
  const models = ordered.map((s) => ({ modelId: s.modelId, label: s.label, simulated: s.simulated }));
  const ids = new Set(models.map((m) => m.modelId));
  const perItem = logs.map((l) =>
    talkItems(l)
      .filter((i) => ids.has(i.modelId) && i.attempts.length > 0)
      .map((i) => ({ modelId: i.modelId, m: itemMeasures(i.attempts) })),
  );
  const tca = perItem.map((items) => models.map((m) => meanSe(items.filter((x) => x.modelId === m.modelId).map((x) => x.m.final))));
  const dc = perItem.map((items) =>
    models.map((m) =>
      meanSe(
        items
          .filter((x) => x.modelId === m.modelId)
          .map((x) => x.m.dc)
          .filter((d): d is number => d !== null),
      ),
    ),
  );
  const tcaAll = perItem.map((items) => meanSe(items.map((x) => x.m.final)));
  // A setting where some model has no finished item yet has no ranking (and no footrule): "—", not a rank of 0.
  const counted = (row: (number | null)[]): row is number[] => row.every((x) => x !== null);
  const means = tca.map((row) => row.map((s) => s?.mean ?? null));
  const refMeans = means[reference]!;
  const byTca = means.map((row, i) => (counted(row) ? rankChange(row, i === reference || !counted(refMeans) ? null : refMeans) : null));
  const styles = logs.map((l) => models.map((m) => l.summaries.find((s) => s.modelId === m.modelId)?.metrics.style ?? null));
  const refStyle = styles[reference]!;
  const byStyle = styles.map((row, i) => (counted(row) && counted(refStyle) ? rankChange(row, i === reference ? null : refStyle, false) : null));
  return { settings, models, reference, tca, tcaAll, byTca, dc, byStyle, baseline: randomFootruleBaseline(models.length) };
}
