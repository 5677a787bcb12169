// The Interview's class view, on hand-built sessions of the chain task R0 → R1 → R2 (direct
// prerequisites): what each hint an interviewer gave did to the next solution's credited
// requirements, its rubric grades, its rank score; and the requirements learners' final
// solutions still missed.
import { describe, expect, it } from 'vitest';
import type { Annotation, RunLog } from '../../model/runlog.ts';
import { hintOutcomes, hintScore, outcomeText, requirementsStuck, writtenHints } from './class-view.ts';
import { GRADE_KIND } from './grading.ts';
import { CHAIN_TASK, interviewItem, interviewManifest } from './test-support.ts';

const logOf = (finalChecks: boolean[], annotations: Annotation[] = []): RunLog => ({
  manifest: interviewManifest(),
  items: [
    interviewItem({
      unguided: { checks: [true, false, false] },
      turns: [
        { checks: [true, false, false], review: 'hint' },
        { checks: [true, true, false], review: 'hint' },
        { checks: finalChecks, review: 'over' },
      ],
    }),
  ],
  summaries: [],
  annotations,
});
const grade = (stepIndex: number, name: string, value: number, createdAt = '2026-01-01T00:00:00Z', kind: 'person' | 'model' = 'person'): Annotation => ({
  id: `${GRADE_KIND}|t1|m|0|${stepIndex}|${kind}:${name}`,
  kind: GRADE_KIND,
  itemKey: 't1|m|0',
  stepIndex,
  author: { kind, name },
  createdAt,
  value: { grade: value },
});

describe('what an interviewer’s hints did', () => {
  // Steps: 0 unguided, 1 guided turn 0 (hint), 2 guided turn 1 (hint), 3 guided turn 2 (over).
  const log = logOf(
    [false, true, false],
    [grade(1, 'Ada', 4), grade(1, 'Bob', 2), grade(1, 'Bob', 5, '2026-01-02T00:00:00Z'), grade(1, 'gpt', 1, '', 'model')],
  );

  it('credits, before and after each delivered hint, the requirements the checks pass with their prerequisites', () => {
    const [a, b, ...rest] = hintOutcomes(log);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({ stepIndex: 1, turn: 0, before: [0], after: [0, 1], newly: [1], lost: [], requirements: 3, grade: { mean: 4.5, n: 2 } });
    // R1 passes its check but its prerequisite R0 does not: nothing is credited.
    expect(b).toMatchObject({ stepIndex: 2, turn: 1, before: [0, 1], after: [], newly: [], lost: [0, 1], grade: null });
    expect(hintScore(a!)).toBe(0.5); // one of the two unmet requirements gained
    expect(hintScore(b!)).toBe(0);
    expect(outcomeText(a!)).toBe('R1 newly met: 2 of 3 requirements met after it (by the checks)');
    expect(outcomeText(b!)).toBe('no requirement newly met; R0, R1 lost: 0 of 3 requirements met after it (by the checks)');
  });

  it('are the seat’s writings, with their grades', () => {
    expect(writtenHints(log).map((w) => [w.turn, w.text, w.what, w.score])).toEqual([
      [1, 'hint', 'for revision 1 · graded 4.5 of 5 (2 graders)', 0.5],
      [2, 'hint', 'for revision 2 · not graded', 0],
    ]);
  });
});

describe('where learners got stuck', () => {
  it('counts, per requirement, the finished sessions whose final solution does not earn it', () => {
    const points = requirementsStuck([logOf([false, true, false]), logOf([true, true, false])]);
    const title = CHAIN_TASK.title;
    expect(points).toEqual([
      { key: 't1|2', what: `${title}: R2 (Save) R2`, learners: 2, stuck: 2 },
      { key: 't1|0', what: `${title}: R0 (Load) R0`, learners: 2, stuck: 1 },
      { key: 't1|1', what: `${title}: R1 (Clean) R1`, learners: 2, stuck: 1 },
    ]);
  });
});
