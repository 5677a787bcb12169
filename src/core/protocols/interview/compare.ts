// Interview runs side by side (e.g. one per interviewer, the paper's Figs. 8 and 9): every
// interviewee of every run, in a row of its own tagged with the run's number, with the
// leaderboard's measures as the run's summaries hold them (S_G → S′_G by the checks and by the
// judge, the gains, the judge's agreement, hints, ended), and the number of interviews they count.
import type { Manifest, RunLog } from '../../model/runlog.ts';
import { leaderboardOrder, REPORT_COLUMNS } from './summary.ts';

export interface InterviewRun {
  runId: string;
  name: string;
  /** The run's setting in words (the protocol's describeSetting). */
  setting: string;
  tasks: number;
  repeats: number;
}

export interface InterviewRow {
  /** The run's index (0-based); shown as [run + 1]. */
  run: number;
  modelId: string;
  /** "[1] Simulated interviewee, medium skill". */
  label: string;
  simulated: boolean;
  /** Finished interviews the means count. */
  items: number;
  metrics: Record<string, number | null>;
}

export interface InterviewComparison {
  runs: InterviewRun[];
  /** Grouped by interviewee (in the first run's leaderboard order, then those of later runs), then by run. */
  rows: InterviewRow[];
}

/** The two sources a requirement is scored by, and their columns in the summaries. */
export const SOURCES = [
  { key: 'checks', label: 'checks', base: 'baseChecks', guided: 'guidedChecks', gain: 'gainChecks' },
  { key: 'judge', label: 'judge', base: 'baseJudge', guided: 'guidedJudge', gain: 'gainJudge' },
] as const;

export function compareInterview(logs: readonly RunLog[], describe: (m: Manifest) => string): InterviewComparison {
  const runs = logs.map((l) => ({
    runId: l.manifest.runId,
    name: l.manifest.name,
    setting: describe(l.manifest),
    tasks: l.manifest.dataset.tasks?.length ?? 0,
    repeats: l.manifest.settings.repeats,
  }));
  const all = logs.flatMap((l, run) => leaderboardOrder(l.summaries).map((s) => ({ run, s })));
  const order = [...new Set(all.map((x) => x.s.modelId))];
  const rows = order.flatMap((id) =>
    all
      .filter((x) => x.s.modelId === id)
      .map(({ run, s }) => ({ run, modelId: s.modelId, label: `[${run + 1}] ${s.label}`, simulated: s.simulated, items: s.items, metrics: s.metrics })),
  );
  return { runs, rows };
}

/** The comparison as CSV: one line per interviewee and run, the report's columns as fractions. */
export function comparisonCsv(c: InterviewComparison): { header: string[]; rows: (string | number | boolean | null)[][] } {
  return {
    header: ['run', 'run_name', 'setting', 'model', 'simulated', 'items', ...REPORT_COLUMNS.map((m) => m.key)],
    rows: c.rows.map((r) => [
      r.run + 1,
      c.runs[r.run]!.name,
      c.runs[r.run]!.setting,
      r.modelId,
      r.simulated,
      r.items,
      ...REPORT_COLUMNS.map((m) => r.metrics[m.key] ?? null),
    ]),
  };
}
