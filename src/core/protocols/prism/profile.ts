// What PrismBench's runs give the model profile: its success rate SR as a measure, and each
// model's concepts as its section — SR(c) with its Wilson interval and the fitted skill (the map
// docs/prism.md reads), lowest fitted skill first, and the weakest concepts: the lowest fitted
// skills among concepts with at least MIN_EVALUATIONS evaluations. docs/metrics.md, "Model profile".
import type { RunLog } from '../../model/runlog.ts';
import { formatInterval, formatValue } from '../../text/numbers.ts';
import type { ProfiledModel, ProfileSection, ProfileSpec } from '../contract.ts';
import { byConcept, MIN_EVALUATIONS, prismView, type EvaluationRecord } from './metrics.ts';
import { fitSkills } from './skill-fit.ts';

/** How many weakest concepts the profile names per model. */
export const WEAKEST = 2;

export interface ConceptProfile {
  concept: string;
  n: number;
  success: number | null;
  ci: { lo: number; hi: number } | null;
  /** Fitted skill in logits. */
  skill: number | null;
  /** The mean difficulty level of its evaluations, 1 = the easiest; null with none. */
  level: number | null;
}

/** Per profiled model (in the profile's order): its concepts, lowest fitted skill first, and its weakest ones. */
export interface ConceptsData {
  models: readonly ProfiledModel[];
  concepts: ConceptProfile[][];
  weakest: string[][];
}

function meanLevel(records: readonly EvaluationRecord[], concept: string): number | null {
  const levels = records.filter((r) => r.concepts.includes(concept)).map((r) => r.level + 1);
  return levels.length ? levels.reduce((a, b) => a + b, 0) / levels.length : null;
}

export function conceptsOf(log: RunLog, models: readonly ProfiledModel[]): ConceptsData {
  const view = prismView(log);
  const concepts = models.map((m) => {
    const mine = view.records.filter((r) => r.modelId === m.id);
    const fit = fitSkills(mine, view.params.concepts, view.params.difficulties.length);
    return byConcept(mine, view.params.concepts)
      .map((c, k) => ({ concept: c.concept, n: c.n, success: c.success, ci: c.successCi, skill: fit.skills[k] ?? null, level: meanLevel(mine, c.concept) }))
      .sort((a, b) => (a.skill ?? Infinity) - (b.skill ?? Infinity) || a.concept.localeCompare(b.concept));
  });
  const weakest = concepts.map((cs) =>
    cs
      .filter((c) => c.n >= MIN_EVALUATIONS && c.skill !== null)
      .slice(0, WEAKEST)
      .map((c) => c.concept),
  );
  return { models, concepts, weakest };
}

const pct = (x: number | null) => formatValue('pct', x);
const skillText = (x: number | null) => (x === null ? '—' : x.toFixed(2));
export const levelText = (x: number | null) => (x === null ? '—' : x.toFixed(1));

/** Per model and concept: fitted skill, SR(c) with its Wilson interval, n, weakest or not. */
export function conceptsTable(d: ConceptsData): { header: string[]; rows: (string | number)[][] } {
  return {
    header: ['Model', 'Concept', 'Fitted skill (logits)', 'SR(c) %', '95% low', '95% high', 'n', 'Mean level', 'Weakest'],
    rows: d.models.flatMap((m, k) =>
      d.concepts[k]!.map((c) => [
        m.label,
        c.concept,
        skillText(c.skill),
        pct(c.success),
        c.ci ? pct(c.ci.lo) : '',
        c.ci ? pct(c.ci.hi) : '',
        c.n,
        levelText(c.level),
        d.weakest[k]!.includes(c.concept) ? 'yes' : 'no',
      ]),
    ),
  };
}

function conceptsText(d: ConceptsData): string {
  const out = [
    'PrismBench: per concept, lowest fitted skill first (fitted skill in logits, which allows for the levels a concept was met at; SR(c) %, Wilson 95% interval; n evaluations; mean level, 1 = easiest):',
  ];
  d.models.forEach((m, k) => {
    out.push(`  ${m.label}: weakest ${d.weakest[k]!.length ? d.weakest[k]!.join(', ') : '—'}`);
    out.push(
      `    ${d.concepts[k]!.map((c) => `${c.concept} ${skillText(c.skill)}: ${pct(c.success)}${c.ci ? ` ${formatInterval('pct', c.ci)}` : ''} n=${c.n} level ${levelText(c.level)}`).join(' · ')}`,
    );
  });
  return out.join('\n');
}

export const PRISM_PROFILE: ProfileSpec = {
  name: 'PrismBench',
  measures: [{ metric: 'success', name: 'SR', ranked: true }],
  section: (logs, models): ProfileSection => {
    const data = conceptsOf(logs[0]!, models);
    return { protocol: 'prism', view: 'prism-concepts', data, text: conceptsText(data) };
  },
};
