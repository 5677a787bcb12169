// The full PAIR calibration study: all built-in instances, the setting fixed in calibration.ts
// (α = 3, seed 1, 3 repeats). Prints each metric per simulated skill and Kendall's τ against skill.
// Usage: npm run --silent study:pair-calibration
import { readFileSync } from 'node:fs';
import { NodeExecutorPool } from '../../workers/node-executor.ts';
import { MemoExecutor } from '../../src/core/exec/memo.ts';
import type { Instance } from '../../src/core/model/instance.ts';
import { CALIBRATION_METRICS, CALIBRATION_SETTING, CALIBRATION_SKILLS, calibrate } from '../../src/core/protocols/pair/calibration.ts';

const MUTATOR = readFileSync(new URL('../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const pool = new NodeExecutorPool(2);
const started = Date.now();
const { log, table } = await calibrate(builtin, { executor: new MemoExecutor(pool), mutator: MUTATOR }, CALIBRATION_SETTING);
await pool.close();
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
console.log(
  `PAIR calibration: ${builtin.length} instances × ${CALIBRATION_SKILLS.length} skills × ${CALIBRATION_SETTING.repeats} repeats = ${log.items.length} trajectories, α = ${CALIBRATION_SETTING.turns}, seed ${CALIBRATION_SETTING.seed}, ${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(['skill', 'Final Fix', 'HE', 'TRS'].join('\t'));
for (const skill of CALIBRATION_SKILLS)
  console.log([skill, pct(table.finalFix.values[skill]!), table.he.values[skill]!.toFixed(2), pct(table.trs.values[skill]!)].join('\t'));
console.log(['τ', ...CALIBRATION_METRICS.map((m) => String(table[m].tau))].join('\t'));
