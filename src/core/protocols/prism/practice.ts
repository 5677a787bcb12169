// A practice map: PrismBench's search at a size a person can finish (a few concepts, 15–25
// challenges, one feedback retry), and what a session's map says of its person: each concept's
// success and fitted skill (the map profile.ts reads), and the concepts they were weakest at.
// The class view's "stuck on" counts, per concept, the learners it was weakest for.
import type { ModelSpec, RunLog } from '../../model/runlog.ts';
import type { StuckPoint } from '../contract.ts';
import type { ParamPreset } from '../params.ts';
import { MIN_EVALUATIONS } from './metrics.ts';
import { PRISM_FIELDS } from './params.ts';
import { conceptsOf, WEAKEST, type ConceptProfile } from './profile.ts';
import { MODEL_ROLE } from './roles.ts';

/** Four concepts whose bank problems start at the easiest level, alone and in pairs. */
export const PRACTICE_CONCEPTS = ['loops', 'conditionals', 'functions', 'recursion'] as const;
export const PRACTICE_CHALLENGES = { min: 15, max: 25, default: 20 } as const;
export const PRACTICE_RETRIES = 1;

/** The practice map's parameters as they differ from the defaults (the protocol's design and formulas are kept): a small concept set and budget, one retry. */
export function practiceParams(
  concepts: readonly string[] = PRACTICE_CONCEPTS,
  challenges: number = PRACTICE_CHALLENGES.default,
): Record<string, number | string> {
  return { design: 'tree', concepts: concepts.join(', '), maxNodes: challenges, feedbackRetries: PRACTICE_RETRIES };
}

export const PRACTICE_PRESET: ParamPreset = {
  id: 'practice',
  label: 'Practice map (a person’s size)',
  help: 'The defaults on four concepts (loops, conditionals, functions, recursion), 20 node evaluations and one feedback retry: the size of a Teach session in the solver’s seat, for mapping models on the same ground',
  values: { ...Object.fromEntries(PRISM_FIELDS.map((f) => [f.key, f.default])), ...practiceParams() },
};

/** The person of a session (the model under test marked human); undefined for a run without one. */
export const personOf = (log: Pick<RunLog, 'manifest'>): ModelSpec | undefined => log.manifest.models.find((m) => m.human && m.role === MODEL_ROLE);

export interface ConceptMap {
  /** Per concept, lowest fitted skill first. */
  concepts: ConceptProfile[];
  /** The concepts it was weakest at: the lowest fitted skills among concepts with at least MIN_EVALUATIONS evaluations and a failed one, at most WEAKEST. */
  weakest: string[];
}

/** A model's map in a run (by its stored scores): each concept's SR, interval, fitted skill and mean level, and its weakest concepts. */
export function conceptMap(log: RunLog, model: Pick<ModelSpec, 'id' | 'label' | 'simulated'>): ConceptMap {
  const data = conceptsOf(log, [{ id: model.id, label: model.label, simulated: model.simulated }]);
  const concepts = data.concepts[0]!;
  const weakest = concepts
    .filter((c) => c.n >= MIN_EVALUATIONS && c.skill !== null && c.success !== null && c.success < 1)
    .slice(0, WEAKEST)
    .map((c) => c.concept);
  return { concepts, weakest };
}

/** The class view: each concept the sessions met, with how many learners met it and for how many it was among their weakest. Most stuck first. */
export function weakestConcepts(logs: readonly RunLog[]): StuckPoint[] {
  const points = new Map<string, StuckPoint>();
  for (const log of logs) {
    const person = personOf(log);
    if (!person) continue;
    const map = conceptMap(log, person);
    for (const c of map.concepts) {
      if (c.n === 0) continue;
      const point = points.get(c.concept) ?? { key: c.concept, what: c.concept, learners: 0, stuck: 0 };
      point.learners += 1;
      if (map.weakest.includes(c.concept)) point.stuck += 1;
      points.set(c.concept, point);
    }
  }
  return [...points.values()].sort((a, b) => b.stuck - a.stuck || b.learners - a.learners || a.what.localeCompare(b.what));
}
