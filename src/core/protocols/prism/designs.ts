// The baselines the tree search is measured against (docs/prism.md, "Designs"): evaluations
// spread over the concept × level cells — one concept at one level per evaluation — without a
// search. Uniform draws a cell at random for every evaluation; stratified visits every cell once
// per round, in a random order each round. Both depend only on the run's seed, the repeat and
// the evaluation's position, so every model meets the same cells and a budget's first
// evaluations are those of any larger budget.
import { randomFor } from '../../random.ts';
import type { Design } from './params.ts';
import { SearchTree } from './tree.ts';

/**
 * The design a run uses unless told otherwise, and why in one line (the Run page shows it; the
 * study behind it is docs/prism.md, "Designs"). The paper's tree search stays a preset.
 */
export const DEFAULT_DESIGN: Design = 'stratified';
export const DEFAULT_DESIGN_WHY =
  'The default design is stratified sampling (every concept × level cell once a round): on the simulated maps it ranked the concepts right far more often than the paper’s tree search, no adaptive design beat it by a margin the study could tell from chance, and every model meets the same cells, so their success rates compare (the docs’ PrismBench page, "Designs", has the study). The tree search is the Paper presets’ design.';

export interface Cell {
  concepts: string[];
  level: number;
}

/** What a stage of a tree is called: a phase of the search, or the one stage of another design. */
export const stageName = (design: Design, phase: 1 | 2 | 3): string =>
  design === 'tree' ? `Phase ${phase}` : design === 'uniform' || design === 'stratified' ? `Baseline (${design})` : `Adaptive (${design})`;

/** The concept sets a design other than the tree draws from: each concept alone, then (space "pairs") every pair. */
export function armsOf(concepts: readonly string[], space: 'singles' | 'pairs'): string[][] {
  const arms = concepts.map((c) => [c]);
  if (space === 'pairs') for (let i = 0; i < concepts.length; i++) for (let j = i + 1; j < concepts.length; j++) arms.push([concepts[i]!, concepts[j]!]);
  return arms;
}

/** Every cell, concept set by concept set, easiest level first. */
export const cellsOf = (concepts: readonly string[], levels: number, space: 'singles' | 'pairs' = 'singles'): Cell[] =>
  armsOf(concepts, space).flatMap((arm) => Array.from({ length: levels }, (_, level) => ({ concepts: arm, level })));

/** The tree of a design other than the tree search: each concept set a chain of its levels, so the views can draw it. */
export function cellTree(concepts: readonly string[], levels: number, space: 'singles' | 'pairs' = 'singles'): SearchTree {
  const tree = new SearchTree(concepts, levels);
  for (const arm of armsOf(concepts, space)) {
    let parent: string[] = [];
    for (let level = 0; level < levels; level++) parent = [tree.add(arm, level, 1, parent, { initial: level === 0 }).id];
  }
  return tree;
}

/** A random order of 0…n−1 (Fisher–Yates). */
export function permutation(n: number, rng: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The cell of a baseline's evaluation (0-based position in its tree). */
export function baselineCell(design: 'uniform' | 'stratified', cells: readonly Cell[], seed: number, repeat: number, evaluation: number): Cell {
  if (design === 'uniform') return cells[Math.floor(randomFor(seed, 'prism-uniform', repeat, evaluation)() * cells.length)]!;
  const round = Math.floor(evaluation / cells.length);
  return cells[permutation(cells.length, randomFor(seed, 'prism-stratified', repeat, round))[evaluation % cells.length]!]!;
}
