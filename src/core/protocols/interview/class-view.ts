// What a class's Interview sessions show a teacher (the class view), and a hint writer their own
// session: the requirements learners' projects still missed at the end, and what each hint a
// person gave as the interviewer did — the requirements the next solution's checks newly
// credited, and those it lost (a requirement counts only when its prerequisites are met, by the
// run's rule) — with the grades the hint got with the paper's rubric.
import type { RunLog } from '../../model/runlog.ts';
import type { StuckPoint, Writing } from '../contract.ts';
import { gradesOf } from './grading.ts';
import { checkVerdicts, interviewItem, tasksOf } from './item.ts';
import { interviewParamsOf } from './params.ts';
import { credited } from './score.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ids = (list: readonly number[]) => list.map((id) => `R${id}`).join(', ');

/**
 * Each requirement (by task) of the finished sessions whose final solution the checks scored: in
 * how many sessions it was met, and in how many it was not credited at the end. Most stuck first.
 */
export function requirementsStuck(logs: readonly RunLog[]): StuckPoint[] {
  const points = new Map<string, StuckPoint>();
  for (const log of logs) {
    const tasks = tasksOf(log.manifest);
    const rule = interviewParamsOf(log.manifest).prerequisites;
    for (const record of log.items) {
      const task = tasks.get(record.taskId ?? '');
      const item = interviewItem(record, task, rule);
      const last = item.steps.turns.at(-1)?.run ?? item.steps.unguided?.run;
      if (item.reference || !task || record.status !== 'done' || !last?.checks.length) continue;
      const met = credited(task.requirements, checkVerdicts(last), rule);
      for (const r of task.requirements) {
        const key = `${task.id}|${r.id}`;
        const point = points.get(key) ?? { key, what: `${task.title}: R${r.id} (${r.category}) ${r.criteria}`, learners: 0, stuck: 0 };
        point.learners += 1;
        if (!met.has(r.id)) point.stuck += 1;
        points.set(key, point);
      }
    }
  }
  return [...points.values()].sort((a, b) => b.stuck - a.stuck || b.learners - a.learners || a.key.localeCompare(b.key));
}

/** A hint the interviewer gave, and what the interviewee's next solution did. */
export interface HintOutcome {
  itemKey: string;
  stepIndex: number;
  /** The guided turn whose review it is (the solution it answers); the next turn's solution answers it. */
  turn: number;
  /** What the interviewee got (reference lines beyond the interview's budget cut), and how many were cut. */
  hint: string;
  cut: number;
  /** Requirements credited by the checks before the hint and after the next solution; null when the checks did not score both. */
  before: number[] | null;
  after: number[] | null;
  newly: number[];
  lost: number[];
  requirements: number;
  /** The mean grade (1–5) people gave it with the paper's rubric, and how many graded it; null when none did. */
  grade: { mean: number; n: number } | null;
}

/** Every delivered hint of a session's interview, with what followed it. */
export function hintOutcomes(log: RunLog): HintOutcome[] {
  const tasks = tasksOf(log.manifest);
  const rule = interviewParamsOf(log.manifest).prerequisites;
  const grades = gradesOf(log.annotations);
  return log.items.flatMap((record) => {
    const task = tasks.get(record.taskId ?? '');
    const item = interviewItem(record, task, rule);
    if (item.reference || !task) return [];
    const turns = item.steps.turns;
    const creditOf = (i: number) => {
      const run = turns[i]?.run;
      return run?.checks.length ? credited(task.requirements, checkVerdicts(run), rule) : null;
    };
    return turns.flatMap((t, i) => {
      if (t.review.kind !== 'hint' || !t.review.delivered || !turns[i + 1]) return [];
      const [was, now] = [creditOf(i), creditOf(i + 1)];
      const given = grades.filter((g) => g.itemKey === record.key && g.stepIndex === t.stepIndex).map((g) => g.value.grade);
      return [
        {
          itemKey: record.key,
          stepIndex: t.stepIndex,
          turn: t.turn,
          hint: t.review.hint,
          cut: t.review.cut,
          before: was && [...was].sort((a, b) => a - b),
          after: now && [...now].sort((a, b) => a - b),
          newly: was && now ? [...now].filter((id) => !was.has(id)).sort((a, b) => a - b) : [],
          lost: was && now ? [...was].filter((id) => !now.has(id)).sort((a, b) => a - b) : [],
          requirements: task.requirements.length,
          grade: given.length ? { mean: given.reduce((a, b) => a + b, 0) / given.length, n: given.length } : null,
        },
      ];
    });
  });
}

/** What a hint did, in words. */
export function outcomeText(h: HintOutcome): string {
  if (!h.before || !h.after) return 'the checks did not score the solutions before and after it';
  const moved = [h.newly.length ? `${ids(h.newly)} newly met` : 'no requirement newly met', ...(h.lost.length ? [`${ids(h.lost)} lost`] : [])];
  return `${moved.join('; ')}: ${h.after.length} of ${plural(h.requirements, 'requirement')} met after it (by the checks)`;
}

/**
 * The share of the requirements unmet before a hint that its next solution gained, net of those
 * it lost (0–1; 0 when the checks did not score both, or nothing was unmet).
 */
export function hintScore(h: HintOutcome): number {
  if (!h.before || !h.after) return 0;
  const unmet = h.requirements - h.before.length;
  return unmet > 0 ? Math.max(0, h.newly.length - h.lost.length) / unmet : 0;
}

/**
 * The hints a session's person wrote as the interviewer, each with what the interviewee did next
 * and its rubric grade; a hint's turn is the revision it is for (the interview's page shows it on
 * the tab of the solution it answers, that turn's number).
 */
export function writtenHints(log: RunLog): Writing[] {
  return hintOutcomes(log).map((h) => ({
    turn: h.turn + 1,
    text: h.hint,
    what: `for revision ${h.turn + 1} · ${h.grade ? `graded ${h.grade.mean.toFixed(1)} of 5 (${plural(h.grade.n, 'grader')})` : 'not graded'}${h.cut ? ` · ${plural(h.cut, 'reference line')} cut` : ''}`,
    score: hintScore(h),
    outcome: outcomeText(h),
  }));
}
