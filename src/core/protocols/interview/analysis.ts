// What an Interview run shows, computed from its items: scores per model (S_G, S′_G by the
// checks and by the judge), per requirement category and per problem category, the requirements
// that improved or regressed under guidance, the judge's agreement with the checks, and how far
// each task's reference satisfies its own requirements. Given the run's stored item scores, the
// scores and the per-category counts are the stored ones. The leaderboard, the report, the
// figures and the CLI all read these.
import type { ItemRecord, Manifest, ModelSpec, Scores as StoredScores, TaskHead } from '../../model/runlog.ts';
import { checkVerdicts, interviewItem, intervieweesOf, judgeVerdicts, tasksOf, type InterviewItem } from './item.ts';
import { interviewParamsOf } from './params.ts';
import { agreement, credited, transition, type Agreement } from './score.ts';
import type { JudgeStep, ProjectRunRecord } from './step-data.ts';

export type Source = 'checks' | 'judge';

export interface RunView {
  manifest: Manifest;
  tasks: Map<string, TaskHead>;
  interviewees: ModelSpec[];
  /** Every item of the models under test. */
  items: InterviewItem[];
  /** One per task whose reference was run. */
  references: InterviewItem[];
  /** The run's stored item scores, when the view reads them. */
  stored?: StoredScores['items'];
}

/** The run's items; with `stored` (the run's stored item scores), a finished item's S_G and S′_G are the stored ones. */
export function runView(manifest: Manifest, records: readonly ItemRecord[], stored?: StoredScores['items']): RunView {
  const tasks = tasksOf(manifest);
  const rule = interviewParamsOf(manifest).prerequisites;
  const all = records.map((r) => withStored(interviewItem(r, tasks.get(r.taskId ?? ''), rule), stored?.[r.key]));
  return {
    manifest,
    tasks,
    interviewees: intervieweesOf(manifest),
    items: all.filter((i) => !i.reference),
    references: all.filter((i) => i.reference),
    ...(stored ? { stored } : {}),
  };
}

/** The view of a stored run: its items read with its stored scores. */
export const storedView = (log: { manifest: Manifest; items: readonly ItemRecord[]; scores?: StoredScores | undefined }) =>
  runView(log.manifest, log.items, log.scores?.items);

function withStored(item: InterviewItem, s: Record<string, number | null> | undefined): InterviewItem {
  if (!s || s.done !== 1 || item.reference) return item;
  const pick = (k: string) => s[k] ?? null;
  return { ...item, base: { checks: pick('baseChecks'), judge: pick('baseJudge') }, guided: { checks: pick('guidedChecks'), judge: pick('guidedJudge') } };
}

export const mean = (xs: readonly (number | null)[]): number | null => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
};

/** An item's unguided and final solutions: their check runs and judgings. */
function phases(item: InterviewItem): { before: { run?: ProjectRunRecord; judge?: JudgeStep }; after: { run?: ProjectRunRecord; judge?: JudgeStep } | null } {
  const s = item.steps;
  if (item.reference)
    return { before: { ...(s.reference ? { run: s.reference.run } : {}), ...(s.judgeReference ? { judge: s.judgeReference } : {}) }, after: null };
  const last = s.turns.at(-1);
  return {
    before: { ...(s.unguided ? { run: s.unguided.run } : {}), ...(s.judgeUnguided ? { judge: s.judgeUnguided } : {}) },
    after:
      item.guided.checks !== null || item.guided.judge !== null
        ? { ...(last ? { run: last.run } : {}), ...(s.judgeGuided ? { judge: s.judgeGuided } : {}) }
        : null,
  };
}

const verdictsOf = (p: { run?: ProjectRunRecord; judge?: JudgeStep }, source: Source) =>
  source === 'checks' ? (p.run?.checks.length ? checkVerdicts(p.run) : null) : p.judge ? judgeVerdicts(p.judge) : null;

/** Per requirement of a finished item: whether it was credited before and after guidance, by one source. */
interface RequirementOutcome {
  category: string;
  before: boolean;
  after: boolean;
}

/** A finished item's requirement outcomes by one source; null when the source gave no verdicts before and after. */
function outcomesOf(view: RunView, item: InterviewItem, source: Source): RequirementOutcome[] | null {
  const rule = interviewParamsOf(view.manifest).prerequisites;
  const task = view.tasks.get(item.taskId);
  const p = phases(item);
  if (!task || !p.after) return null;
  const before = verdictsOf(p.before, source);
  const after = verdictsOf(p.after, source);
  if (!before || !after) return null;
  const b = credited(task.requirements, before, rule);
  const a = credited(task.requirements, after, rule);
  return task.requirements.map((r) => ({ category: r.category || 'Uncategorized', before: b.has(r.id), after: a.has(r.id) }));
}

/** Per requirement category: requirements, credited before and after guidance, improved and regressed. */
export interface CategoryCounts {
  n: number;
  before: number;
  after: number;
  improved: number;
  regressed: number;
}
const COUNTS = ['n', 'before', 'after', 'improved', 'regressed'] as const;

/**
 * One item's per-category counts by one source, as item-score fields: `<source>.req` (the
 * requirements counted; null without verdicts) and `<source>.req.<category>.<count>`.
 */
export function categoryFields(view: RunView, item: InterviewItem, source: Source): Record<string, number | null> {
  const outcomes = outcomesOf(view, item, source);
  const fields: Record<string, number | null> = { [`${source}.req`]: outcomes ? outcomes.length : null };
  for (const o of outcomes ?? []) {
    const t = transition(o.before, o.after);
    const add = (count: (typeof COUNTS)[number], yes: boolean) => {
      const k = `${source}.req.${o.category}.${count}`;
      fields[k] = (fields[k] ?? 0) + Number(yes);
    };
    add('n', true);
    add('before', o.before);
    add('after', o.after);
    add('improved', t === 'improved');
    add('regressed', t === 'regressed');
  }
  return fields;
}

/** An item's per-category counts: the stored ones when the view has them for it, else computed now. */
function countsOf(view: RunView, item: InterviewItem, source: Source): Map<string, CategoryCounts> {
  const stored = view.stored?.[item.key];
  const fields = stored && `${source}.req` in stored ? stored : categoryFields(view, item, source);
  const out = new Map<string, CategoryCounts>();
  const prefix = `${source}.req.`;
  for (const [k, value] of Object.entries(fields)) {
    if (!k.startsWith(prefix) || value === null) continue;
    const at = k.lastIndexOf('.');
    const category = k.slice(prefix.length, at);
    const count = k.slice(at + 1) as (typeof COUNTS)[number];
    if (!COUNTS.includes(count)) continue;
    const c = out.get(category) ?? { n: 0, before: 0, after: 0, improved: 0, regressed: 0 };
    c[count] += value;
    out.set(category, c);
  }
  return out;
}

/** Per model and requirement category, the items' counts added up (sorted by model, then category). */
function countsByCategory(view: RunView, source: Source): ({ modelId: string; category: string } & CategoryCounts)[] {
  const sums = new Map<string, { modelId: string; category: string } & CategoryCounts>();
  for (const item of view.items)
    for (const [category, c] of countsOf(view, item, source)) {
      const k = `${item.modelId}\u0000${category}`;
      const sum = sums.get(k) ?? { modelId: item.modelId, category, n: 0, before: 0, after: 0, improved: 0, regressed: 0 };
      for (const count of COUNTS) sum[count] += c[count];
      sums.set(k, sum);
    }
  return [...sums.values()].sort((a, b) => a.modelId.localeCompare(b.modelId) || a.category.localeCompare(b.category));
}

/** Per model, per requirement category: requirements improved and regressed by guidance (the paper's transition plot). */
export function transitions(view: RunView, source: Source): { modelId: string; category: string; improved: number; regressed: number }[] {
  return countsByCategory(view, source).map(({ modelId, category, improved, regressed }) => ({ modelId, category, improved, regressed }));
}

/** Per model, per requirement category: the share of requirements credited before and after guidance. */
export function byRequirementCategory(view: RunView, source: Source): { modelId: string; category: string; n: number; before: number; after: number }[] {
  return countsByCategory(view, source)
    .filter((c) => c.n > 0)
    .map(({ modelId, category, n, before, after }) => ({ modelId, category, n, before: before / n, after: after / n }));
}

/** A task's problem category: its first tag. */
export const problemCategory = (task: TaskHead | undefined) => task?.tags[0] ?? 'Other';

/** Per model, per problem category: mean S_G and S′_G (the paper's Fig. 34). */
export function byProblemCategory(
  view: RunView,
  source: Source,
): { modelId: string; category: string; n: number; base: number | null; guided: number | null }[] {
  const groups = new Map<string, InterviewItem[]>();
  for (const item of view.items) {
    const k = `${item.modelId}\u0000${problemCategory(view.tasks.get(item.taskId))}`;
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return [...groups.entries()]
    .map(([k, items]) => ({
      modelId: items[0]!.modelId,
      category: k.split('\u0000')[1]!,
      n: items.length,
      base: mean(items.map((i) => i.base[source])),
      guided: mean(items.map((i) => i.guided[source])),
    }))
    .sort((a, b) => a.modelId.localeCompare(b.modelId) || a.category.localeCompare(b.category));
}

/** Judge and check verdicts of the same requirement on the same solution (raw, before the dependency rule). */
export interface VerdictPair {
  item: InterviewItem;
  phase: 'unguided' | 'guided' | 'reference';
  requirement: number;
  category: string;
  judge: boolean;
  check: boolean;
}

export function verdictPairs(view: RunView, withReferences = true): VerdictPair[] {
  const out: VerdictPair[] = [];
  for (const item of [...view.items, ...(withReferences ? view.references : [])]) {
    const task = view.tasks.get(item.taskId);
    const s = item.steps;
    const sides = item.reference
      ? [['reference', s.judgeReference, s.reference?.run] as const]
      : [['unguided', s.judgeUnguided, s.unguided?.run] as const, ['guided', s.judgeGuided, s.turns.at(-1)?.run] as const];
    for (const [phase, judge, run] of sides) {
      if (!judge || !run) continue;
      for (const c of run.checks) {
        const v = judge.verdicts.find((x) => x.requirement === c.requirement);
        if (!v) continue;
        out.push({
          item,
          phase,
          requirement: c.requirement,
          category: task?.requirements.find((r) => r.id === c.requirement)?.category || 'Uncategorized',
          judge: v.satisfied === true,
          check: c.passed,
        });
      }
    }
  }
  return out;
}

export const agreementOf = (pairs: readonly VerdictPair[]): Agreement => agreement(pairs.map((p) => [p.judge, p.check] as const));

/** Agreement per requirement of each task (over every solution judged and checked). */
export function agreementByRequirement(view: RunView): { taskId: string; requirement: number; category: string; agreement: Agreement }[] {
  const groups = new Map<string, VerdictPair[]>();
  for (const p of verdictPairs(view)) groups.set(`${p.item.taskId}|${p.requirement}`, [...(groups.get(`${p.item.taskId}|${p.requirement}`) ?? []), p]);
  return [...groups.values()]
    .map((g) => ({ taskId: g[0]!.item.taskId, requirement: g[0]!.requirement, category: g[0]!.category, agreement: agreementOf(g) }))
    .sort((a, b) => a.taskId.localeCompare(b.taskId) || a.requirement - b.requirement);
}

/** Each task's reference: the share of its requirements its checks pass and its judge finds satisfied (raw, as the paper's Fig. 6). */
export function referenceSatisfaction(view: RunView): { taskId: string; title: string; checks: number | null; judge: number | null }[] {
  return view.references
    .map((item) => {
      const task = view.tasks.get(item.taskId);
      const m = task?.requirements.length ?? 0;
      const run = item.steps.reference?.run;
      const judge = item.steps.judgeReference;
      return {
        taskId: item.taskId,
        title: task?.title ?? item.taskId,
        checks: run && run.checks.length ? run.checks.filter((c) => c.passed).length / run.checks.length : null,
        judge: judge && m ? judge.verdicts.filter((x) => x.satisfied === true).length / m : null,
      };
    })
    .sort((a, b) => a.taskId.localeCompare(b.taskId));
}
