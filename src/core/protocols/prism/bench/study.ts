// `npm run study:prism [-- --seeds 50 --first 1 --budgets 50,100,200,300,400,600 --designs tree,…
// --workers 2 --svg docs/figures/prism-designs.svg --save-rows f.json --rows a.json,b.json]`:
// which design maps a model best for a given number of evaluations? Every design (study-run.ts)
// on every map — the three additive ones and the three with planted structure — through the
// real runner, step and sandbox, seeds split over at most two worker threads. It prints, per
// map: the evaluations made and model calls; P(ρ ≥ 0.8) and P(recall@3 ≥ 2/3) over the seeds
// with bootstrap intervals; each design's paired difference from stratified sampling; when the
// planted structure was found; the smallest budget from which the bar holds at every larger
// one. --rows prints the tables from saved rows (seeds run apart) without running anything; the
// npm script writes the figure to docs/figures/prism-designs.svg.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { textTable } from '../../../text/table.ts';
import { PAPER_CONCEPTS, PAPER_DIFFICULTIES } from '../concepts.ts';
import { ALL_PROFILES, weakestMargin } from '../simulated/maps.ts';
import { designCurves } from './study-figure.ts';
import { STUDY_DESIGNS, type SeedOptions, type StudyRow } from './study-run.ts';
import { allFound, bootstrap, formatInterval, medianOrNever, pairedDifference, stableBudget } from './study-stats.ts';

/** The bar a design must meet on a map at a budget: each share at least this. */
export const BAR = { rho: 0.8, recall: 2 / 3, share: 0.9 };
/** The design every other is compared with, seed by seed. */
const REFERENCE = 'stratified';

const rhoMet = (r: StudyRow) => ((r.rho ?? -1) >= BAR.rho ? 1 : 0);
const recallMet = (r: StudyRow) => (r.recall >= BAR.recall - 1e-9 ? 1 : 0);

/** A worker thread loads TypeScript through tsx's loader, registered in the thread before the worker's module. */
const WORKER = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./study-worker.ts', import.meta.url).href)}); })`;

/** `onSeed`: called with every row so far after each seed (a long study saves as it goes). */
function runWorkers(seeds: number[], options: SeedOptions, workers: number, onSeed: (rows: StudyRow[]) => void): Promise<StudyRow[]> {
  const all: StudyRow[] = [];
  const n = Math.max(1, Math.min(2, workers, seeds.length));
  const started = performance.now();
  const parts = Array.from({ length: n }, (_, w) => seeds.filter((_, i) => i % n === w));
  return Promise.all(
    parts.map(
      (mine) =>
        new Promise<StudyRow[]>((resolve, reject) => {
          const rows: StudyRow[] = [];
          const worker = new Worker(WORKER, { eval: true, workerData: { seeds: mine, options } });
          worker.on('message', (m: { done?: true; seed: number; rows: StudyRow[]; distinct: number; reused: number }) => {
            if (m.done) return resolve(rows);
            rows.push(...m.rows);
            all.push(...m.rows);
            onSeed(all);
            process.stderr.write(
              `seed ${m.seed}: ${((performance.now() - started) / 1000).toFixed(0)} s (this worker: ${m.distinct} distinct sandbox jobs, ${m.reused} reused)\n`,
            );
          });
          worker.on('error', reject);
        }),
    ),
  ).then((r) => r.flat());
}

/** Every table of the study from its rows. */
export function studyTables(rows: readonly StudyRow[], designs: readonly string[], budgets: readonly number[], maps: readonly string[]): string {
  const seeds = [...new Set(rows.map((r) => r.seed))].sort((a, b) => a - b);
  const pick = (d: string, b: number, m: string) => rows.filter((r) => r.design === d && r.budget === b && r.map === m);
  const bySeed = (rs: readonly StudyRow[], f: (r: StudyRow) => number) => new Map(rs.map((r) => [r.seed, f(r)]));
  const largest = Math.max(...budgets);
  const out: string[] = [
    `PrismBench designs on ${maps.length} simulated maps × ${seeds.length} seed(s) (${seeds[0]}–${seeds.at(-1)}); evaluations per model: ${budgets.join(', ')}; intervals: 95 % bootstrap over seeds`,
    '',
    'Maps (truth: a concept’s skill plus what planted structure takes from it alone, averaged over levels)',
    textTable(
      ['Map', 'Planted', 'Margin 3rd→4th weakest (logits)'],
      maps.map((m) => [
        m,
        (ALL_PROFILES[m]!.planted ?? [])
          .map((x) =>
            x.kind === 'pair' ? `${x.concepts.join('+')} ${x.logits}` : `${x.concept} ${x.kind === 'cell' ? 'at' : 'from'} level ${x.level + 1} ${x.logits}`,
          )
          .join('; ') || '—',
        weakestMargin(ALL_PROFILES[m]!, PAPER_CONCEPTS, PAPER_DIFFICULTIES.length, 3).toFixed(2),
      ]),
    ),
    '',
    'Spend: evaluations made and model calls per model, mean over maps and seeds (a tree may stop before its budget)',
    textTable(
      ['Design', ...budgets.map((b) => `${b}`)],
      designs.map((d) => [
        d,
        ...budgets.map((b) => {
          const rs = rows.filter((r) => r.design === d && r.budget === b);
          const mean = (f: (r: StudyRow) => number) => rs.reduce((a, r) => a + f(r), 0) / Math.max(1, rs.length);
          return `${mean((r) => r.evaluations).toFixed(0)} ev, ${mean((r) => r.modelCalls).toFixed(0)} calls`;
        }),
      ]),
    ),
    '',
  ];
  for (const m of maps) {
    for (const [name, f] of [
      ['P(ρ ≥ 0.8)', rhoMet],
      ['P(recall@3 ≥ 2/3)', recallMet],
    ] as const) {
      out.push(
        `${m}: ${name}`,
        textTable(
          ['Design', ...budgets.map(String)],
          designs.map((d) => [d, ...budgets.map((b) => formatInterval(bootstrap(pick(d, b, m).map(f), `${d}|${b}|${m}|${name}`)))]),
        ),
        '',
      );
    }
    if (designs.includes(REFERENCE))
      out.push(
        `${m}: P(ρ ≥ 0.8), design minus ${REFERENCE} on the same seeds`,
        textTable(
          ['Design', ...budgets.map(String)],
          designs
            .filter((d) => d !== REFERENCE)
            .map((d) => [
              d,
              ...budgets.map((b) => formatInterval(pairedDifference(bySeed(pick(d, b, m), rhoMet), bySeed(pick(REFERENCE, b, m), rhoMet), `${d}|${b}|${m}`))),
            ]),
        ),
        '',
      );
    if (ALL_PROFILES[m]?.planted?.length) {
      out.push(
        `${m}: planted structure found (all of it) — share of seeds by each budget; median evaluations to find it at ${largest} (never: not by then on half the seeds)`,
        textTable(
          ['Design', ...budgets.map(String), 'Median evaluations'],
          designs.map((d) => {
            const at = pick(d, largest, m).map((r) => allFound(r.found));
            const median = medianOrNever(at);
            return [
              d,
              ...budgets.map((b) =>
                formatInterval(
                  bootstrap(
                    pick(d, b, m).map((r) => (allFound(r.found) === null ? 0 : 1)),
                    `${d}|${b}|${m}|found`,
                  ),
                ),
              ),
              median === null ? 'never' : String(median),
            ];
          }),
        ),
        '',
      );
    }
  }
  const holds = (d: string, m: string) => (b: number) => {
    const rs = pick(d, b, m);
    return rs.length > 0 && bootstrap(rs.map(rhoMet)).mean >= BAR.share && bootstrap(rs.map(recallMet)).mean >= BAR.share;
  };
  out.push(
    `Smallest budget from which the bar holds at every larger budget (P(ρ ≥ ${BAR.rho}) ≥ ${BAR.share} and P(recall@3 ≥ 2/3) ≥ ${BAR.share})`,
    textTable(
      ['Design', ...maps],
      designs.map((d) => [d, ...maps.map((m) => String(stableBudget(budgets, holds(d, m)) ?? `> ${largest}`))]),
    ),
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '50' },
      first: { type: 'string', default: '1' },
      budgets: { type: 'string', default: '50,100,200,300,400,600' },
      designs: { type: 'string', default: Object.keys(STUDY_DESIGNS).join(',') },
      maps: { type: 'string', default: Object.keys(ALL_PROFILES).join(',') },
      formulas: { type: 'string', default: 'bounded' },
      params: { type: 'string', default: '{}' },
      workers: { type: 'string', default: '2' },
      svg: { type: 'string' },
      rows: { type: 'string' },
      'save-rows': { type: 'string' },
    },
    strict: true,
  });
  const budgets = values.budgets
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
  const designs = values.designs.split(',');
  const maps = values.maps.split(',');
  for (const d of designs) if (!STUDY_DESIGNS[d]) throw new Error(`no design "${d}" (${Object.keys(STUDY_DESIGNS).join(', ')})`);
  const started = performance.now();
  const rows: StudyRow[] = [];
  if (values.rows) for (const file of values.rows.split(',')) rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as StudyRow[]));
  else {
    const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => Number(values.first) + i);
    const options: SeedOptions = { designs, budgets, maps, formulas: values.formulas, params: JSON.parse(values.params) as Record<string, string | number> };
    const save = (so: StudyRow[]) => values['save-rows'] && writeFileSync(values['save-rows'], JSON.stringify(so));
    rows.push(...(await runWorkers(seeds, options, Number(values.workers), save)));
  }
  if (values['save-rows']) writeFileSync(values['save-rows'], JSON.stringify(rows));
  const shown = rows.filter((r) => designs.includes(r.design) && maps.includes(r.map) && budgets.includes(r.budget));
  process.stdout.write(`${studyTables(shown, designs, budgets, maps)}\n\n${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (values.svg) writeFileSync(values.svg, designCurves(shown, designs, budgets, maps));
  process.exit(0);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) void main();
