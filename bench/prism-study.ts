// `npm run study:prism [-- --seeds 5 --nodes 150 --json]`: how well PrismBench recovers known
// capability maps. Each seed runs the search on the three simulated models (strong, medium,
// weak: hidden per-concept skills) with the bank designer, in Pyodide (Node), and measures the
// recovery (src/core/protocols/prism/validity.ts): Spearman's ρ between true skill and measured
// success per concept, recall of the three weakest concepts, and the failure lift of the
// failure-seeking phases. Prints a table per model and the mean over seeds; docs/prism.md quotes it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { prismView } from '../src/core/protocols/prism/metrics.ts';
import { PROFILES } from '../src/core/protocols/prism/simulated/capability.ts';
import { recovery, type Recovery } from '../src/core/protocols/prism/validity.ts';
import { runInMemory } from '../src/core/runner/test-run.ts';
import { textTable } from '../src/core/text/table.ts';
import { NodeExecutorPool } from '../workers/node-executor.ts';

const MUTATOR = readFileSync(new URL('../workers/python/mutate.py', import.meta.url), 'utf8');

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seeds: { type: 'string', default: '5' }, nodes: { type: 'string', default: '150' }, formulas: { type: 'string', default: 'paper' }, json: { type: 'boolean', default: false }, threads: { type: 'string', default: '2' } }, strict: true });
  const seeds = Number(values.seeds);
  const nodes = Number(values.nodes);
  const executor = new NodeExecutorPool(Number(values.threads));
  const profiles = Object.values(PROFILES);
  const results: Record<string, Recovery[]> = Object.fromEntries(profiles.map((p) => [p.id, []]));
  const started = performance.now();
  for (let seed = 1; seed <= seeds; seed++) {
    const log = await runInMemory(
      {
        protocol: 'prism',
        candidates: profiles.map((p) => ({ kind: 'simulated', profile: p.id })),
        roles: { designer: { kind: 'simulated', profile: 'bank' } },
        params: { maxNodes: nodes, formulas: values.formulas },
        settings: { concurrency: 4, seed },
      },
      [],
      { executor, mutator: MUTATOR },
    );
    const view = prismView(log);
    for (const p of profiles) results[p.id]!.push(recovery(view.records.filter((r) => r.modelId === `sim-${p.id}`), p, view.params));
    process.stderr.write(`seed ${seed}: ${log.items.length} evaluations, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const avg = (xs: (number | null)[]) => {
    const k = xs.filter((x): x is number => x !== null);
    return k.length ? k.reduce((a, b) => a + b, 0) / k.length : null;
  };
  const f = (x: number | null) => (x === null ? '—' : x.toFixed(2));
  const rows = profiles.map((p) => {
    const rs = results[p.id]!;
    return [p.label, f(avg(rs.map((r) => r.rhoAdjusted))), f(Math.min(...rs.map((r) => r.rhoAdjusted ?? -1))), f(avg(rs.map((r) => r.recallWeakest))), f(avg(rs.map((r) => r.rhoAll))), f(avg(rs.map((r) => r.rhoLow))), f(avg(rs.map((r) => r.failureLift)))];
  });
  const summary = { seeds, nodes, formulas: values.formulas, seconds: Math.round((performance.now() - started) / 1000), models: Object.fromEntries(profiles.map((p) => [p.id, results[p.id]!.map(({ rhoLow, rhoAll, rhoAdjusted, recallWeakest, failureLift }) => ({ rhoLow, rhoAll, rhoAdjusted, recallWeakest, failureLift }))])) };
  process.stdout.write(`PrismBench recovery of known capability maps: ${seeds} seed(s), ${nodes} node evaluations per model, formulas: ${values.formulas}\n\n`);
  process.stdout.write(`${textTable(['Simulated model', 'ρ adjusted (mean)', 'ρ adjusted (min)', 'Recall@3 weakest', 'ρ SR(c) all', 'ρ SR(c) VE/E', 'Failure lift P2–3'], rows)}\n\n`);
  if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  await Promise.all([]);
  process.exit(0);
}

void main();
