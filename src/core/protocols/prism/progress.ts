// How far a Prism run is, in node evaluations. The search makes its units in batches as it goes,
// so the units made so far say nothing of how many are left: each tree counts against its node
// cap until its search is over (the cap, every phase ended, or no node left to choose), then
// against exactly the evaluations it made — a search that ends early is complete.
import type { ItemRecord, Manifest } from '../../model/runlog.ts';
import { nextChoices, searchStates, type SearchState } from './search.ts';

/** Whether a tree will make no further unit: its search is over, or nothing is running and no node is left to choose. */
export function searchOver(s: SearchState, seed: number, repeat: number): boolean {
  return s.done || (s.inFlight.size === 0 && nextChoices(s, 1, seed, repeat).length === 0);
}

/** The evaluations a tree will have made in all: its node cap, or what it made once its search is over. */
export const evaluationBudget = (s: SearchState, seed: number, repeat: number): number =>
  searchOver(s, seed, repeat) ? s.started : Math.max(s.started, s.params.maxNodes);

/** Per tree (model × repeat): the evaluations made, finished, the budget, and whether its search is over. */
export function treeProgress(manifest: Manifest, items: readonly ItemRecord[], states = searchStates(manifest, items)) {
  const seed = manifest.settings.seed;
  return states.map((t) => ({
    modelId: t.modelId,
    repeat: t.repeat,
    started: t.state.started,
    finished: t.state.started - t.state.inFlight.size,
    budget: evaluationBudget(t.state, seed, t.repeat),
    over: searchOver(t.state, seed, t.repeat),
  }));
}

/** The protocol's `growth.planned`: the evaluations the run will have made in all, summed over its trees. */
export const plannedEvaluations = (manifest: Manifest, items: readonly ItemRecord[]) => treeProgress(manifest, items).reduce((n, t) => n + t.budget, 0);
