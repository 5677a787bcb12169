// `npm run study:prism-dynamics [-- --seeds 3 --nodes 200]`: how the search behaves under each
// formulas preset (bounded, paper, code) on the three simulated models: how each phase ended
// and why, how many initial nodes Phase 1 evaluated, the largest node value (the thresholds
// are on a 0–1 scale), and how many Phase-2 nodes passed θ₃ into Phase 3. docs/prism.md
// ("Values on a bounded scale") quotes it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { searchStates } from '../search.ts';
import { PRISM_PRESETS } from '../params.ts';
import { PROFILES } from '../simulated/capability.ts';
import { runInMemory } from '../../../runner/test-run.ts';
import { textTable } from '../../../text/table.ts';
import { NodeExecutorPool } from '../../../../../workers/node-executor.ts';

const MUTATOR = readFileSync(new URL('../../../../../workers/python/mutate.py', import.meta.url), 'utf8');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seeds: { type: 'string', default: '3' }, nodes: { type: 'string', default: '200' }, threads: { type: 'string', default: '2' } },
    strict: true,
  });
  const executor = new NodeExecutorPool(Number(values.threads));
  const profiles = Object.values(PROFILES);
  const rows: string[][] = [];
  for (const preset of PRISM_PRESETS) {
    for (let seed = 1; seed <= Number(values.seeds); seed++) {
      const log = await runInMemory(
        {
          protocol: 'prism',
          candidates: profiles.map((p) => ({ kind: 'simulated', profile: p.id })),
          roles: { designer: { kind: 'simulated', profile: 'bank' } },
          params: { ...preset.values, maxNodes: Number(values.nodes) },
          settings: { concurrency: 4, seed },
        },
        [],
        { executor, mutator: MUTATOR },
      );
      for (const t of searchStates(log.manifest, log.items)) {
        const s = t.state;
        const nodes = s.tree.order;
        const initial = nodes.filter((n) => n.initial);
        const initialDone = initial.filter((n) => n.history.some((h) => h.why === 'evaluated' && h.evaluation < (s.phases[1]?.from ?? Infinity))).length;
        const maxValue = Math.max(...nodes.flatMap((n) => n.history.map((h) => h.value)));
        const p2 = nodes.filter((n) => s.evaluatedIn.get(n.id)?.has(2) && n.phase !== 3);
        const p2above = p2.filter((n) => n.value > s.params.phase[3].theta).length;
        rows.push([
          preset.id,
          String(seed),
          t.modelId.replace('sim-', ''),
          `${initialDone}/${initial.length}`,
          maxValue.toFixed(2),
          `${p2above}/${p2.length}`,
          s.phases.map((ph) => `P${ph.phase} ${s.perPhase[ph.phase]}: ${ph.reason ?? ph.ended ?? 'running'}`).join(' | '),
        ]);
      }
      process.stderr.write(`${preset.id} seed ${seed} done\n`);
    }
  }
  process.stdout.write(
    `${textTable(['Preset', 'Seed', 'Model', 'Initial nodes in P1', 'Largest value', 'P2 nodes > θ₃', 'Phases (evaluations: how each ended)'], rows)}\n`,
  );
  process.exit(0);
}

void main();
