// The adaptive designs (docs/prism.md, "Designs"): each evaluation is chosen from the map fitted
// to every result so far (skill-fit.ts), with no reset and nothing thrown away.
// - calibrated: every concept set in turn (a random order each round), at the level where the
//   fitted map predicts success nearest 0.5 — where one result says the most (p(1 − p) is
//   largest), as adaptive testing chooses its items;
// - thompson: top-two Thompson sampling for the weakest k concepts — two draws from the fitted
//   skills' posterior; a concept on which the two draws' weakest k disagree is measured next, at
//   the level nearest 0.5.
// Both start with one round over the concept sets, their levels spread from easiest to hardest.
// Random choices are seeded by the run, the repeat and the evaluation's position.
import { randomFor } from '../../random.ts';
import { armsOf, permutation, type Cell } from './designs.ts';
import type { PrismParams } from './params.ts';
import { fitSkills, type FitRecord, type SkillFit } from './skill-fit.ts';

/** How many weakest concepts Thompson sampling looks for. */
export const THOMPSON_K = 3;
/** Second draws tried before Thompson sampling falls back on the most uncertain of the weakest k + 1. */
const REDRAWS = 20;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The fitted chance of success of a concept set at a level. */
export function predicted(fit: SkillFit, concepts: readonly string[], all: readonly string[], level: number): number {
  const skills = concepts.map((c) => fit.skills[all.indexOf(c)] ?? 0);
  const mean = skills.reduce((a, b) => a + b, 0) / Math.max(1, skills.length);
  return sigmoid(mean - (fit.difficulty[level] ?? 0) - fit.perConcept * (concepts.length - 1));
}

/** The level whose fitted chance is nearest 0.5 (the easier of a tie). */
export function levelNearHalf(fit: SkillFit, concepts: readonly string[], all: readonly string[], levels: number): number {
  let best = 0;
  let gap = Infinity;
  for (let l = 0; l < levels; l++) {
    const g = Math.abs(predicted(fit, concepts, all, l) - 0.5);
    if (g < gap - 1e-12) [best, gap] = [l, g];
  }
  return best;
}

/** A standard normal draw (Box–Muller). */
function normal(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, rng()))) * Math.cos(2 * Math.PI * rng());
}

/** The indices of the k lowest values (ties by index). */
const lowestK = (xs: readonly number[], k: number) =>
  xs
    .map((x, i) => [x, i] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i);

/** The cell of the first round: the concept set of the round's order, levels spread evenly over the round. */
function firstRound(arms: readonly string[][], levels: number, seed: number, repeat: number, evaluation: number, purpose: string): Cell {
  const order = permutation(arms.length, randomFor(seed, purpose, repeat, 0));
  return { concepts: arms[order[evaluation]!]!, level: Math.floor((evaluation * levels) / arms.length) };
}

/** The calibrated design's cell for an evaluation, given the map fitted to every earlier result. */
export function calibratedCell(p: PrismParams, fit: SkillFit, seed: number, repeat: number, evaluation: number): Cell {
  const arms = armsOf(p.concepts, p.space);
  const levels = p.difficulties.length;
  if (evaluation < arms.length) return firstRound(arms, levels, seed, repeat, evaluation, 'prism-calibrated');
  const round = Math.floor(evaluation / arms.length);
  const arm = arms[permutation(arms.length, randomFor(seed, 'prism-calibrated', repeat, round))[evaluation % arms.length]!]!;
  return { concepts: arm, level: levelNearHalf(fit, arm, p.concepts, levels) };
}

/** Top-two Thompson sampling's cell for an evaluation, given the map fitted to every earlier result. */
export function thompsonCell(p: PrismParams, fit: SkillFit, seed: number, repeat: number, evaluation: number): Cell {
  const concepts = p.concepts;
  const levels = p.difficulties.length;
  const arms = concepts.map((c) => [c]);
  if (evaluation < arms.length) return firstRound(arms, levels, seed, repeat, evaluation, 'prism-thompson');
  const k = Math.min(THOMPSON_K, concepts.length - 1);
  const rng = randomFor(seed, 'prism-thompson', repeat, evaluation);
  const mean = concepts.map((_, i) => fit.skills[i] ?? 0);
  const draw = () =>
    lowestK(
      mean.map((m, i) => m + (fit.skillSd[i] ?? 1) * normal(rng)),
      k,
    );
  const first = new Set(draw());
  let pick: number | undefined;
  for (let t = 0; t < REDRAWS && pick === undefined; t++) {
    const second = new Set(draw());
    const differ = [...first, ...second].filter((i) => !(first.has(i) && second.has(i)));
    if (differ.length) pick = differ[Math.floor(rng() * differ.length)];
  }
  if (pick === undefined) {
    const boundary = lowestK(mean, k + 1);
    pick = boundary.reduce((a, b) => ((fit.skillSd[b] ?? 0) > (fit.skillSd[a] ?? 0) ? b : a));
  }
  const arm = [concepts[pick]!];
  return { concepts: arm, level: levelNearHalf(fit, arm, concepts, levels) };
}

/** The map fitted to the results so far (from scratch, so a replay chooses exactly as the run did). */
export const fitOutcomes = (outcomes: readonly FitRecord[], p: PrismParams) => fitSkills(outcomes, p.concepts, p.difficulties.length);
