// One seed of the designs study (docs/prism.md, "Designs"): every design on every map, through
// the real runner, step and sandbox (Pyodide in Node), and each map's recovery at each budget.
// A design whose choices do not depend on the budget (all but the tree) runs once at the
// largest budget and each smaller budget reads its first evaluations; the tree runs per budget
// (its phases take shares of it). Identical sandbox jobs are run once and their result reused.
import { readFileSync } from 'node:fs';
import type { Executor, JobControl } from '../../../exec/engine.ts';
import type { JobRequest, JobResult } from '../../../exec/sandbox-api.ts';
import { runInMemory } from '../../../runner/test-run.ts';
import { prismView, type EvaluationRecord } from '../metrics.ts';
import { MODEL_ROLE } from '../roles.ts';
import { ALL_PROFILES, discoveries } from '../simulated/maps.ts';
import { cellRecovery, recovery } from '../validity.ts';

const MUTATOR = readFileSync(new URL('../../../../../workers/python/mutate.py', import.meta.url), 'utf8');

/** The designs the study compares, each as the parameters that make it. */
export const STUDY_DESIGNS: Record<string, Record<string, string>> = {
  tree: { design: 'tree' },
  'tree-spend': { design: 'tree', treeStop: 'spend', phase2Values: 'all' },
  uniform: { design: 'uniform' },
  stratified: { design: 'stratified' },
  'uniform-pairs': { design: 'uniform', space: 'pairs' },
  calibrated: { design: 'calibrated' },
  'calibrated-pairs': { design: 'calibrated', space: 'pairs' },
  thompson: { design: 'thompson' },
};

/** Whether a design's first evaluations are the same at every budget (so one run serves every budget). */
export const prefixDesign = (name: string) => STUDY_DESIGNS[name]?.design !== 'tree';

export interface StudyRow {
  design: string;
  budget: number;
  seed: number;
  map: string;
  /** ρ over concepts (fitted skills against the map's truth) and recall@3 of the weakest concepts. */
  rho: number | null;
  recall: number;
  rhoCells: number | null;
  recallCells: number;
  /** Evaluations made (a tree may stop before its budget) and the model's calls over them. */
  evaluations: number;
  modelCalls: number;
  /** Per planted structure of the map: the evaluations after which it was found, null if not within the budget. */
  found: (number | null)[];
}

/** Runs each distinct job once; later identical jobs get the same result. */
export class ReusingExecutor implements Executor {
  private readonly done = new Map<string, Promise<JobResult>>();
  hits = 0;
  constructor(private readonly inner: Executor) {}
  run(job: JobRequest, control?: JobControl): Promise<JobResult> {
    const key = JSON.stringify(job);
    const known = this.done.get(key);
    if (known) {
      this.hits += 1;
      return known;
    }
    const result = this.inner.run(job, control);
    this.done.set(key, result);
    result.catch(() => this.done.delete(key));
    return result;
  }
  get distinct(): number {
    return this.done.size;
  }
}

export interface SeedOptions {
  designs: readonly string[];
  budgets: readonly number[];
  maps: readonly string[];
  formulas: string;
  params: Record<string, string | number>;
}

export async function runSeed(seed: number, o: SeedOptions, executor: Executor): Promise<StudyRow[]> {
  const rows: StudyRow[] = [];
  const budgets = [...o.budgets].sort((a, b) => a - b);
  const largest = budgets.at(-1)!;
  const run = async (design: string, budget: number) => {
    const log = await runInMemory(
      {
        protocol: 'prism',
        candidates: o.maps.map((id) => ({ kind: 'simulated', profile: id })),
        roles: { designer: { kind: 'simulated', profile: 'bank' } },
        params: { ...o.params, ...STUDY_DESIGNS[design], maxNodes: budget, formulas: o.formulas },
        settings: { concurrency: 4, seed },
      },
      [],
      { executor, mutator: MUTATOR },
    );
    const calls = new Map(log.items.map((i) => [i.key, i.steps.reduce((n, s) => n + s.calls.filter((c) => c.role === MODEL_ROLE).length, 0)]));
    return { view: prismView(log), calls };
  };
  const measure = (design: string, budget: number, r: Awaited<ReturnType<typeof run>>) => {
    for (const id of o.maps) {
      const profile = ALL_PROFILES[id]!;
      const mine: EvaluationRecord[] = r.view.records.filter((x) => x.modelId === `sim-${id}` && x.evaluation < budget);
      const params = r.view.params;
      const concepts = recovery(mine, profile, params);
      const cells = cellRecovery(mine, profile, params, 5, concepts.fit);
      const made = [...r.calls.keys()].filter((k) => k.startsWith(`sim-${id}|`) && Number(k.split('|e')[1]) < budget);
      rows.push({
        design,
        budget,
        seed,
        map: id,
        rho: concepts.rhoFit,
        recall: concepts.recallFit,
        rhoCells: cells.rho,
        recallCells: cells.recall,
        evaluations: made.length,
        modelCalls: made.reduce((n, k) => n + r.calls.get(k)!, 0),
        found: discoveries(mine, profile, params.difficulties.length, params.retries),
      });
    }
  };
  for (const design of o.designs) {
    if (prefixDesign(design)) {
      const r = await run(design, largest);
      for (const b of budgets) measure(design, b, r);
    } else for (const b of budgets) measure(design, b, await run(design, b));
  }
  return rows;
}
