// Studies over several runs, as the PAIR paper reports them: repeated runs (Table V: mean ± std
// per model; Table VI: Kendall's τ of the model ranking between repeats, averaged over pairs)
// and settings compared side by side (Table VII: the same models under other α, β, feedback
// models or protocols, with τ of each setting's ranking against the first setting's).
import type { Manifest, ModelSummary, RunLog } from '../../model/runlog.ts';
import { kendallTau, meanStd } from '../../stats/stats.ts';
import { rankingAgreement, type NumericMetric, type PairSummary } from './metrics.ts';
import { pairMetrics } from './summary.ts';

/** A metric a study reports, with the direction that ranks higher. */
export interface StudyMetric {
  key: NumericMetric;
  label: string;
  /** What it is, where its name is not Table III's. */
  title?: string;
  direction: 'up' | 'down';
  format: 'pct' | 'num';
}

const metric = (key: StudyMetric['key'], label: string, direction: 'up' | 'down', format: 'pct' | 'num'): StudyMetric => ({
  key,
  label,
  direction,
  format,
  ...(TITLES[key] ? { title: TITLES[key] } : {}),
});

/** Table V's names for what Table III shows under others, or not at all (the paper's RQ2). */
const TITLES: Partial<Record<NumericMetric, string>> = {
  repairRate:
    'Repair Rate: per turn, the tests that failed before the turn and pass after it, over all tests; averaged over turns and items (not a Table III column)',
  preservationRate:
    'Preservation Rate: Table III’s BP (Behavior Preservation) under the name Table V gives it: 1 − passing tests broken by the turn, over all tests',
};

/** Table V/VI: the metrics every protocol defines (vanilla feedback has no scenarios or levels). */
export const SHARED_METRICS: StudyMetric[] = [
  metric('repairRate', 'Repair Rate', 'up', 'pct'),
  metric('preservationRate', 'Preservation Rate', 'up', 'pct'),
  metric('finalFix', 'Final Fix', 'up', 'pct'),
  metric('turnsToFix', 'Turns to Fix', 'down', 'num'),
];

/** Table VII: the paper's sensitivity columns. */
export const SENSITIVITY_METRICS: StudyMetric[] = [
  metric('initialFix', 'Initial Fix', 'up', 'pct'),
  metric('finalFix', 'Final Fix', 'up', 'pct'),
  metric('pmr', 'PMR', 'up', 'pct'),
  metric('he', 'HE', 'up', 'num'),
];

/** Every metric of a repeated run: the leaderboard's, then the RQ2 rates and HCC. */
export const REPEATED_METRICS: StudyMetric[] = [
  metric('initialFix', 'Initial Fix', 'up', 'pct'),
  metric('trs', 'TRS', 'up', 'pct'),
  metric('brg', 'BRG', 'up', 'pct'),
  metric('bp', 'BP', 'up', 'pct'),
  metric('pmr', 'PMR', 'up', 'pct'),
  metric('he', 'HE', 'up', 'num'),
  metric('finalFix', 'Final Fix', 'up', 'pct'),
  metric('gc', 'GC', 'up', 'pct'),
  metric('turnsToFix', 'Turns to Fix', 'down', 'num'),
  metric('repairRate', 'Repair Rate', 'up', 'pct'),
  metric('preservationRate', 'Preservation Rate', 'up', 'pct'),
  metric('hcc', 'HCC', 'up', 'pct'),
];

export type Spread = { mean: number; std: number } | null;

export interface StudyRow {
  modelId: string;
  label: string;
  /** Per metric: mean ± sample std over the run's repeats (std 0 for a single repeat). */
  values: Record<string, Spread>;
}

/** One run as a study sees it: per model, each repeat's metrics. */
function repeatsOf(s: ModelSummary): PairSummary[] {
  return s.repeats?.length ? (s.repeats as unknown as PairSummary[]) : [pairMetrics(s)];
}

/** Mean ± std of each metric over a run's repeats, per model. */
export function spreadRows(log: RunLog, metrics: readonly StudyMetric[]): StudyRow[] {
  return log.summaries.map((s) => {
    const reps = repeatsOf(s);
    const values: Record<string, Spread> = {};
    for (const m of metrics) values[m.key] = meanStd(reps.map((r) => r[m.key]).filter((x): x is number => x !== null));
    return { modelId: s.modelId, label: s.label, values };
  });
}

export interface RankingStability {
  /** Per metric: τ between every pair of repeats, averaged; null when undefined (one repeat, or ties everywhere). */
  tau: Record<string, number | null>;
  /** Mean of the defined τ values. */
  average: number | null;
  repeats: number;
}

/** Table VI for one run: how stable the model ranking is across its repeats. */
export function rankingStability(log: RunLog, metrics: readonly StudyMetric[] = SHARED_METRICS): RankingStability {
  const repeats = log.manifest.settings.repeats;
  const runs = Array.from({ length: repeats }, (_, r) => log.summaries.map((s) => repeatsOf(s)[r] ?? pairMetrics(s)));
  const all: Partial<Record<string, number | null>> =
    repeats > 1
      ? rankingAgreement(
          runs,
          metrics.map((m) => m.key),
        )
      : {};
  const tau: Record<string, number | null> = {};
  for (const m of metrics) tau[m.key] = all[m.key] ?? null;
  const defined = Object.values(tau).filter((x): x is number => x !== null);
  return { tau, average: defined.length ? defined.reduce((a, b) => a + b, 0) / defined.length : null, repeats };
}

export interface SettingComparison {
  /** A short description of each setting, in the order given (the first is the reference). */
  settings: string[];
  /** Models present in every setting, in the first setting's order. */
  models: { modelId: string; label: string }[];
  /** rows[setting][model]: mean ± std per metric. */
  rows: StudyRow[][];
  /** tau[setting][metric]: τ of the setting's model ranking (by mean) against the first setting's; null for the first. */
  tau: (Record<string, number | null> | null)[];
}

/** What sets a run apart: protocol, α, β and m (where the protocol has them), the feedback model and the repeats. */
export function settingOf(m: Manifest): string {
  const feedback = m.models.find((x) => x.role === 'feedback');
  const parts = [m.protocol.id, `α = ${String(m.params.turns)}`];
  if ('beta' in m.params) parts.push(`β = ${String(m.params.beta)}`, `m = ${String(m.params.m)}`);
  if (feedback) parts.push(`feedback: ${feedback.label}`);
  if (m.settings.repeats > 1) parts.push(`${m.settings.repeats} repeats`);
  if ((m.templates?.edited.length ?? 0) > 0) parts.push(`edited templates: ${m.templates!.edited.join(', ')}`);
  return parts.join(', ');
}

/** Table V / VII: the same models under several settings, with ranking agreement against the first. */
export function compareSettings(logs: readonly RunLog[], metrics: readonly StudyMetric[]): SettingComparison {
  if (logs.length === 0) throw new Error('compareSettings: no runs');
  const inAll = logs[0]!.summaries.filter((s) => logs.every((l) => l.summaries.some((x) => x.modelId === s.modelId)));
  const models = inAll.map((s) => ({ modelId: s.modelId, label: s.label }));
  const rows = logs.map((l) => {
    const byId = new Map(spreadRows(l, metrics).map((r) => [r.modelId, r]));
    return models.map((m) => byId.get(m.modelId)!);
  });
  const tau = rows.map((setting, i) => {
    if (i === 0) return null;
    const out: Record<string, number | null> = {};
    for (const m of metrics) {
      const pairs = setting
        .map((r, k) => [rows[0]![k]!.values[m.key]?.mean, r.values[m.key]?.mean] as const)
        .filter((p): p is readonly [number, number] => p[0] !== undefined && p[1] !== undefined);
      out[m.key] =
        pairs.length >= 2
          ? kendallTau(
              pairs.map((p) => p[0]),
              pairs.map((p) => p[1]),
            )
          : null;
    }
    return out;
  });
  return { settings: logs.map((l) => `${l.manifest.name} (${settingOf(l.manifest)})`), models, rows, tau };
}

export function formatSpread(m: StudyMetric, s: Spread, withStd: boolean, unit = false): string {
  if (!s) return '—';
  const scale = m.format === 'pct' ? 100 : 1;
  // The paper's tables print percents without a sign (the CLI's too); the app's cells carry it.
  const mean = `${(s.mean * scale).toFixed(2)}${unit && m.format === 'pct' ? '%' : ''}`;
  return withStd ? `${mean} ± ${(s.std * scale).toFixed(2)}` : mean;
}
