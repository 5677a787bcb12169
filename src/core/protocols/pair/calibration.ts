// Calibration: does PAIR rank models of known skill in the order of their skill? The four
// simulated skills (low 0.25, medium 0.55, high 0.85, expert 1.0) repair a set of instances with
// the rule-based feedback model; the leaderboard's Final Fix, HE and TRS should order them as
// their skills are ordered (Kendall's τ = 1). The unit test runs a fixed part of the built-in
// set; `npm run --silent study:pair-calibration` runs all of it (docs/pair.md quotes both).
import type { Executor } from '../../exec/engine.ts';
import type { Instance } from '../../model/instance.ts';
import type { RunLog } from '../../model/runlog.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { kendallTau } from '../../stats/stats.ts';
import type { SkillName } from './simulated.ts';

export const CALIBRATION_SKILLS: readonly SkillName[] = ['low', 'medium', 'high', 'expert'];
export const CALIBRATION_METRICS = ['finalFix', 'he', 'trs'] as const;

export interface CalibrationSetting {
  /** α: short enough that Final Fix stays below saturation (at α = 10 high and expert tie at 98.1 %). */
  turns: number;
  repeats: number;
  seed: number;
}

/** The setting fixed before the figures were measured, and not searched over. */
export const CALIBRATION_SETTING: CalibrationSetting = { turns: 3, repeats: 3, seed: 1 };

export interface Calibration {
  log: RunLog;
  /** Each metric's value per skill (pooled over the repeats, as the leaderboard reports them), and τ against skill. */
  table: Record<(typeof CALIBRATION_METRICS)[number], { values: Record<string, number>; tau: number | null }>;
}

export async function calibrate(
  instances: Instance[],
  deps: { executor: Executor; mutator: string },
  setting: CalibrationSetting = CALIBRATION_SETTING,
): Promise<Calibration> {
  const log = await runInMemory(
    {
      protocol: 'pair',
      candidates: CALIBRATION_SKILLS.map((profile) => ({ kind: 'simulated', profile })),
      params: { turns: setting.turns, beta: 3, m: 3 },
      settings: { seed: setting.seed, repeats: setting.repeats, concurrency: 4 },
    },
    instances,
    deps,
  );
  const rank = CALIBRATION_SKILLS.map((_, i) => i);
  const table = Object.fromEntries(
    CALIBRATION_METRICS.map((metric) => {
      const values = CALIBRATION_SKILLS.map((p) => log.summaries.find((s) => s.modelId === `sim-${p}`)?.metrics[metric] ?? NaN);
      return [metric, { values: Object.fromEntries(CALIBRATION_SKILLS.map((p, i) => [p, values[i]!])), tau: kendallTau(rank, values) }];
    }),
  ) as Calibration['table'];
  return { log, table };
}
