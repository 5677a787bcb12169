// `npm run study:prism [-- --seeds 10 --budgets 25,50,100,200,300,400,600 --designs tree,uniform,stratified --formulas bounded --params '{"initialNodes":"singles"}' --json --svg <file>]`:
// does the tree search find a model's weak regions with fewer evaluations than simpler designs
// at the same budget? Each seed runs every design on the three simulated models (strong, medium,
// weak: three hidden maps) with the bank designer, through the real runner, step and sandbox
// (Pyodide in Node), and measures the recovery of each known map (src/core/protocols/prism/
// validity.ts): Spearman's ρ over concepts and recall@3 of the weakest concepts, and ρ over the
// concept × level cells and recall@5 of the weakest cells. The tree search runs once per budget
// (its phases take shares of the budget); a baseline runs once at the largest budget and each
// smaller budget reads its first evaluations (its draws do not depend on the budget).
// Identical sandbox jobs (the bank's programs against the bank's tests) are run once and their
// result reused: the verdicts are the sandbox's, the study only skips repeating them.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Executor, JobControl } from '../../../exec/engine.ts';
import type { JobRequest, JobResult } from '../../../exec/sandbox-api.ts';
import { prismView, type EvaluationRecord } from '../metrics.ts';
import type { Design } from '../params.ts';
import { PROFILES } from '../simulated/capability.ts';
import { cellRecovery, recovery } from '../validity.ts';
import { runInMemory } from '../../../runner/test-run.ts';
import { textTable } from '../../../text/table.ts';
import { NodeExecutorPool } from '../../../../../workers/node-executor.ts';
import { designCurves } from './study-figure.ts';

const MUTATOR = readFileSync(new URL('../../../../../workers/python/mutate.py', import.meta.url), 'utf8');

/** Runs each distinct job once; later identical jobs get the same result. */
class ReusingExecutor implements Executor {
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

export interface StudyRow {
  design: Design;
  budget: number;
  seed: number;
  map: string;
  /** Over concepts, from the fitted skills (the main measure) and from the level-adjusted success rates. */
  rho: number | null;
  recall: number;
  rhoAdjusted: number | null;
  rhoCells: number | null;
  recallCells: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '10' },
      budgets: { type: 'string', default: '25,50,100,200,300,400,600' },
      designs: { type: 'string', default: 'tree,uniform,stratified' },
      formulas: { type: 'string', default: 'bounded' },
      default: { type: 'string', default: '200' },
      json: { type: 'boolean', default: false },
      svg: { type: 'string' },
      threads: { type: 'string', default: '2' },
      params: { type: 'string', default: '{}' },
      first: { type: 'string', default: '1' },
      rows: { type: 'string' },
      'save-rows': { type: 'string' },
    },
    strict: true,
  });
  const first = Number(values.first);
  const seeds = Number(values.seeds);
  const budgets = values.budgets
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
  const designs = values.designs.split(',') as Design[];
  const largest = budgets.at(-1)!;
  const executor = new ReusingExecutor(new NodeExecutorPool(Number(values.threads)));
  const profiles = Object.values(PROFILES);
  const rows: StudyRow[] = [];
  const started = performance.now();
  const run = async (design: Design, budget: number, seed: number) => {
    const log = await runInMemory(
      {
        protocol: 'prism',
        candidates: profiles.map((p) => ({ kind: 'simulated', profile: p.id })),
        roles: { designer: { kind: 'simulated', profile: 'bank' } },
        params: { ...(JSON.parse(values.params) as Record<string, string | number>), maxNodes: budget, formulas: values.formulas, design },
        settings: { concurrency: 4, seed },
      },
      [],
      { executor, mutator: MUTATOR },
    );
    return prismView(log);
  };
  const measure = (design: Design, budget: number, seed: number, view: Awaited<ReturnType<typeof run>>, records: readonly EvaluationRecord[]) => {
    for (const p of profiles) {
      const mine = records.filter((r) => r.modelId === `sim-${p.id}`);
      const concepts = recovery(mine, p, view.params);
      const cells = cellRecovery(mine, p, view.params, 5, concepts.fit);
      rows.push({
        design,
        budget,
        seed,
        map: p.id,
        rho: concepts.rhoFit,
        recall: concepts.recallFit,
        rhoAdjusted: concepts.rhoAdjusted,
        rhoCells: cells.rho,
        recallCells: cells.recall,
      });
    }
  };
  // --rows a.json,b.json: print the comparison from saved rows (seeds run apart, e.g. one process per core).
  if (values.rows) for (const file of values.rows.split(',')) rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as StudyRow[]));
  for (let seed = first; !values.rows && seed < first + seeds; seed++) {
    for (const design of designs) {
      if (design === 'tree') {
        for (const budget of budgets) {
          const view = await run(design, budget, seed);
          measure(design, budget, seed, view, view.records);
        }
      } else {
        const view = await run(design, largest, seed);
        for (const budget of budgets)
          measure(
            design,
            budget,
            seed,
            view,
            view.records.filter((r) => r.evaluation < budget),
          );
      }
    }
    process.stderr.write(
      `seed ${seed}: ${((performance.now() - started) / 1000).toFixed(0)} s, ${executor.distinct} distinct sandbox jobs, ${executor.hits} reused\n`,
    );
  }

  if (values['save-rows']) writeFileSync(values['save-rows'], JSON.stringify(rows));
  const seedList = [...new Set(rows.map((r) => r.seed))].sort((a, b) => a - b);
  const f = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(2));
  const avg = (xs: (number | null)[]) => {
    const k = xs.filter((x): x is number => x !== null);
    return k.length ? k.reduce((a, b) => a + b, 0) / k.length : null;
  };
  const pick = (design: Design, budget: number, map: string) => rows.filter((r) => r.design === design && r.budget === budget && r.map === map);
  const out: string[] = [
    `PrismBench: designs compared on ${profiles.length} known maps × ${seedList.length} seed(s) (${seedList.join(', ')}), formulas ${values.formulas}; evaluations per model: ${budgets.join(', ')}`,
    '',
  ];
  for (const p of profiles) {
    const table = designs.flatMap((d) =>
      budgets.map((b) => {
        const rs = pick(d, b, p.id);
        return [
          d,
          String(b),
          f(avg(rs.map((r) => r.rho))),
          f(Math.min(...rs.map((r) => r.rho ?? -1))),
          f(avg(rs.map((r) => r.recall))),
          f(Math.min(...rs.map((r) => r.recall))),
          f(avg(rs.map((r) => r.rhoAdjusted))),
          f(avg(rs.map((r) => r.rhoCells))),
          f(avg(rs.map((r) => r.recallCells))),
        ];
      }),
    );
    out.push(
      `Simulated model, ${p.label}`,
      textTable(
        [
          'Design',
          'Evaluations',
          'ρ concepts (mean)',
          'ρ (worst seed)',
          'Recall@3 concepts',
          'Recall@3 (worst)',
          'ρ adjusted rate',
          'ρ cells',
          'Recall@5 cells',
        ],
        table,
      ),
      '',
    );
  }
  // Validity at the default budget: every seed, every map.
  const def = Number(values.default);
  if (designs.includes('tree') && budgets.includes(def)) {
    const v = profiles.map((p) => {
      const rs = pick('tree', def, p.id).sort((a, b) => a.seed - b.seed);
      return [
        p.label,
        rs.map((r) => f(r.rho)).join(' '),
        rs.map((r) => f(r.recall)).join(' '),
        String(rs.filter((r) => (r.rho ?? -1) >= 0.8).length),
        String(rs.filter((r) => r.recall >= 2 / 3).length),
      ];
    });
    out.push(
      `Validity of the tree search at ${def} evaluations (per seed ${seedList.join(', ')}; the bar: ρ ≥ 0.8 and recall@3 ≥ 2/3 on every seed)`,
      textTable(['Map', 'ρ per seed', 'Recall@3 per seed', 'Seeds ρ ≥ 0.8', 'Seeds recall ≥ 2/3'], v),
      '',
    );
    // The smallest budget at which each map meets the bar on every seed, for each design.
    const meets = designs.map((d) => [
      d,
      ...profiles.map((p) => String(budgets.find((b) => pick(d, b, p.id).every((r) => (r.rho ?? -1) >= 0.8 && r.recall >= 2 / 3)) ?? `> ${largest}`)),
    ]);
    out.push('Smallest budget meeting the bar on every seed', textTable(['Design', ...profiles.map((p) => p.label)], meets), '');
  }
  out.push(`${((performance.now() - started) / 1000).toFixed(0)} s; ${executor.distinct} distinct sandbox jobs run, ${executor.hits} identical ones reused.`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (values.svg)
    writeFileSync(
      values.svg,
      designCurves(
        rows,
        designs,
        budgets,
        profiles.map((p) => p.id),
      ),
    );
  if (values.json) process.stdout.write(`${JSON.stringify({ seeds, budgets, designs, formulas: values.formulas, rows })}\n`);
  process.exit(0);
}

void main();
