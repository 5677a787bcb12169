// The baselines the tree search is measured against (docs/prism.md, "Designs"): evaluations
// spread over the concept × level cells — one concept at one level per evaluation — without a
// search. Uniform draws a cell at random for every evaluation; stratified visits every cell once
// per round, in a random order each round. Both depend only on the run's seed, the repeat and
// the evaluation's position, so every model meets the same cells and a budget's first
// evaluations are those of any larger budget.
import { randomFor } from '../../random.ts';
import type { Design } from './params.ts';
import { SearchTree } from './tree.ts';

export interface Cell {
  concept: string;
  level: number;
}

/** What a stage of a tree is called: a phase of the search, or the baseline's one stage. */
export const stageName = (design: Design, phase: 1 | 2 | 3): string => (design === 'tree' ? `Phase ${phase}` : `Baseline (${design})`);

/** Every cell, concept by concept, easiest level first. */
export const cellsOf = (concepts: readonly string[], levels: number): Cell[] =>
  concepts.flatMap((concept) => Array.from({ length: levels }, (_, level) => ({ concept, level })));

/** The tree of a baseline: each concept a chain of its levels, so the views can draw it. */
export function cellTree(concepts: readonly string[], levels: number): SearchTree {
  const tree = new SearchTree(concepts, levels);
  for (const c of concepts) {
    let parent: string[] = [];
    for (let level = 0; level < levels; level++) parent = [tree.add([c], level, 1, parent, { initial: level === 0 }).id];
  }
  return tree;
}

/** A random order of 0…n−1 (Fisher–Yates). */
function permutation(n: number, rng: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The cell of a baseline's evaluation (0-based position in its tree). */
export function baselineCell(design: Exclude<Design, 'tree'>, cells: readonly Cell[], seed: number, repeat: number, evaluation: number): Cell {
  if (design === 'uniform') return cells[Math.floor(randomFor(seed, 'prism-uniform', repeat, evaluation)() * cells.length)]!;
  const round = Math.floor(evaluation / cells.length);
  return cells[permutation(cells.length, randomFor(seed, 'prism-stratified', repeat, round))[evaluation % cells.length]!]!;
}
