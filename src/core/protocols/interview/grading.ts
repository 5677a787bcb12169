// Hint grading, the paper's user study as a feature: a sample of the hints the interviewees got,
// each graded 1–5 by a person with the paper's three rubric questions (Fig. 39), stored with the
// run as annotations and exported with it; then the grades' histogram with mean and σ (Fig. 43)
// and the mean grade per problem category (Fig. 7). Grades by a model are kept apart.
import * as v from 'valibot';
import type { Annotation } from '../../model/runlog.ts';
import { randomFor } from '../../random.ts';
import { problemCategory, type RunView } from './analysis.ts';

export const GRADE_KIND = 'hint-grade';

/** The rubric (Fig. 39), word for word. */
export const RUBRIC = [
  { key: 'blocking', question: 'Does the hint help the model overcome a specific obstacle or satisfy a requirement that is clearly blocking progress?' },
  {
    key: 'minimal',
    question: 'Is the hint minimal, meaning it provides just enough guidance to help the model improve, without giving away unnecessary detail?',
  },
  { key: 'justified', question: 'If the hint is not minimal, is this justified because the model would otherwise remain stuck?' },
] as const;

export const SCALE =
  'A score of 5 indicates that the hint is both effective and appropriately minimal. A score of 1 suggests that the hint is either unnecessary, too verbose, or ineffective in helping the model progress.';

const answer = v.optional(v.picklist(['yes', 'no', 'unsure', 'n/a']));

export const GradeSchema = v.object({
  grade: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  blocking: answer,
  minimal: answer,
  justified: answer,
  note: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
export type Grade = v.InferOutput<typeof GradeSchema>;

/** A hint the interviewee received: where it is, who got it, on which task, at which trial. */
export interface HintRef {
  itemKey: string;
  stepIndex: number;
  /** The guided turn whose review it is (the trial number of the paper's study). */
  turn: number;
  modelId: string;
  taskId: string;
  text: string;
}

/** Every delivered hint of the run, in item and turn order. */
export function hintsOf(view: RunView): HintRef[] {
  return view.items.flatMap((i) =>
    i.steps.turns
      .filter((t) => t.review.kind === 'hint' && t.review.delivered)
      .map((t) => ({ itemKey: i.key, stepIndex: t.stepIndex, turn: t.turn, modelId: i.modelId, taskId: i.taskId, text: t.review.hint })),
  );
}

/** A sample of at most `perModel` hints per interviewee (the paper: 20), drawn by the seed, in a stable order. */
export function sampleHints(hints: readonly HintRef[], perModel: number, seed: number): HintRef[] {
  const byModel = new Map<string, HintRef[]>();
  for (const h of hints) byModel.set(h.modelId, [...(byModel.get(h.modelId) ?? []), h]);
  const out: HintRef[] = [];
  for (const [model, list] of byModel) {
    const random = randomFor('hint-sample', seed, model);
    const keyed = list.map((h) => ({ h, k: random() }));
    out.push(
      ...keyed
        .sort((a, b) => a.k - b.k)
        .slice(0, perModel)
        .map((x) => x.h)
        .sort((a, b) => a.itemKey.localeCompare(b.itemKey) || a.turn - b.turn),
    );
  }
  return out;
}

export const gradeId = (h: Pick<HintRef, 'itemKey' | 'stepIndex'>, author: Annotation['author']) =>
  `${GRADE_KIND}|${h.itemKey}|${h.stepIndex}|${author.kind}:${author.name}`;

/** The grades of a run by people (or by models), valid ones only, latest per hint and author. */
export function gradesOf(annotations: readonly Annotation[] | undefined, author: Annotation['author']['kind'] = 'person'): (Annotation & { value: Grade })[] {
  const latest = new Map<string, Annotation & { value: Grade }>();
  for (const a of annotations ?? []) {
    if (a.kind !== GRADE_KIND || a.author.kind !== author || !v.is(GradeSchema, a.value)) continue;
    const prior = latest.get(a.id);
    if (!prior || prior.createdAt <= a.createdAt) latest.set(a.id, a as Annotation & { value: Grade });
  }
  return [...latest.values()];
}

export interface GradeStats {
  n: number;
  mean: number | null;
  /** The population standard deviation; null without grades. */
  std: number | null;
  /** Counts of grades 1..5. */
  histogram: [number, number, number, number, number];
}

export function gradeStats(grades: readonly number[]): GradeStats {
  const histogram: GradeStats['histogram'] = [0, 0, 0, 0, 0];
  for (const g of grades) histogram[g - 1]!++;
  if (!grades.length) return { n: 0, mean: null, std: null, histogram };
  const mean = grades.reduce((a, b) => a + b, 0) / grades.length;
  return { n: grades.length, mean, std: Math.sqrt(grades.reduce((a, g) => a + (g - mean) ** 2, 0) / grades.length), histogram };
}

/** Mean grade per problem category (Fig. 7), categories in name order. */
export function gradesByCategory(view: RunView, grades: readonly (Annotation & { value: Grade })[]): { category: string; stats: GradeStats }[] {
  const byCategory = new Map<string, number[]>();
  for (const g of grades) {
    const item = view.items.find((i) => i.key === g.itemKey);
    const category = problemCategory(view.tasks.get(item?.taskId ?? ''));
    byCategory.set(category, [...(byCategory.get(category) ?? []), g.value.grade]);
  }
  return [...byCategory].sort((a, b) => a[0].localeCompare(b[0])).map(([category, list]) => ({ category, stats: gradeStats(list) }));
}
