// Interview runs side by side on hand-made summaries: rows grouped by interviewee in the first
// run's leaderboard order, each tagged with its run; the CSV carries the report's columns.
import { describe, expect, it } from 'vitest';
import type { ModelSummary, RunLog } from '../../model/runlog.ts';
import { compareInterview, comparisonCsv } from './compare.ts';
import { interviewManifest } from './test-support.ts';

const row = (modelId: string, guidedChecks: number, baseChecks: number, items = 2): ModelSummary => ({
  modelId,
  label: `Model ${modelId}`,
  simulated: true,
  items,
  promptTokens: 0,
  completionTokens: 0,
  costUsd: 0,
  metrics: {
    guidedChecks,
    baseChecks,
    gainChecks: guidedChecks - baseChecks,
    guidedJudge: null,
    baseJudge: null,
    gainJudge: null,
    agreement: null,
    hints: 1,
    ended: 1,
  },
});
const log = (runId: string, name: string, summaries: ModelSummary[]): RunLog => ({ manifest: { ...interviewManifest(), runId, name }, items: [], summaries });

describe('Interview runs compared', () => {
  // Run 1: b (S′_G 0.9) above a (0.5); run 2: c (1.0) above b (0.6).
  const c = compareInterview(
    [log('r1', 'First', [row('a', 0.5, 0.25), row('b', 0.9, 0.5)]), log('r2', 'Second', [row('b', 0.6, 0.2, 1), row('c', 1, 0.5)])],
    (m) => `setting of ${m.name}`,
  );
  it('lists the runs with their setting and tasks', () => {
    expect(c.runs.map((r) => [r.name, r.setting, r.tasks, r.repeats])).toEqual([
      ['First', 'setting of First', 1, 1],
      ['Second', 'setting of Second', 1, 1],
    ]);
  });
  it('groups the rows by interviewee, first run’s order first, each tagged with its run', () => {
    expect(c.rows.map((r) => r.label)).toEqual(['[1] Model b', '[2] Model b', '[1] Model a', '[2] Model c']);
    expect(c.rows.map((r) => r.items)).toEqual([2, 1, 2, 2]);
    expect(c.rows[1]!.metrics.gainChecks).toBeCloseTo(0.4, 12);
  });
  it('exports one CSV line per interviewee and run', () => {
    const csv = comparisonCsv(c);
    expect(csv.header.slice(0, 9)).toEqual(['run', 'run_name', 'setting', 'model', 'simulated', 'items', 'guidedChecks', 'baseChecks', 'gainChecks']);
    expect(csv.rows[0]!.slice(0, 9)).toEqual([1, 'First', 'setting of First', 'b', true, 2, 0.9, 0.5, 0.4]);
    expect(csv.rows[3]!.slice(0, 4)).toEqual([2, 'Second', 'setting of Second', 'c']);
    expect(csv.rows[3]!.at(-1)).toBe(1); // ended
  });
});
