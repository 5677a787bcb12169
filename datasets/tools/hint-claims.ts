// `npm run --silent study:hint-claims -- [--json] [--limit N]`: how far a learner can trust the
// rule-based feedback model's hints, on the built-in set. For every failure scenario of every
// built-in buggy program (stdio), the m = 3 failing tests and 3 passing ones a PAIR turn would
// show (seed 0) go to the model at each level L1–L6. Per level:
// - the claims the hint makes about those tests (which output, which direction, which inputs),
//   read from its words, and the share the tests bear out; from L3, whether the fix its
//   diagnosis rests on makes at least one of the sampled tests pass;
// - how often a simulated learner (the medium candidate, no regressions; one draw per scenario
//   decides whether it acts, its chance rising with the level, whatever the words) and the scripted
//   learner (it follows the lines and the kind of fix the hint names) moved forward: after its
//   one edit, more of the scenario's tests pass. docs/hints.md quotes the figures.
import { readFileSync } from 'node:fs';
import { evaluateProgram, type Executor } from '../../src/core/exec/engine.ts';
import { MemoryTraceStore, referenceTraces } from '../../src/core/exec/traces.ts';
import { extractCode } from '../../src/core/llm/extract.ts';
import type { Instance } from '../../src/core/model/instance.ts';
import { contrastTests, sampleTests } from '../../src/core/protocols/pair/policy.ts';
import { buildScenarios, failingTests } from '../../src/core/protocols/pair/scenarios.ts';
import { SimulatedCandidate, SKILL_PROFILES } from '../../src/core/protocols/pair/simulated/candidate.ts';
import { learnerEdits, scriptedChoice } from '../../src/core/protocols/pair/simulated/scripted-learner.ts';
import { HINT_LEVELS } from '../../src/core/protocols/shared/hint-levels.ts';
import { checkClaim, readClaims } from '../../src/core/protocols/shared/simulated/claims.ts';
import { claimEvidenceOf, composeHint, diagnose } from '../../src/core/protocols/shared/simulated/feedback.ts';
import { applyHunk } from '../../src/core/text/diff.ts';
import { NodeExecutorPool } from '../../workers/node-executor.ts';

const SEED = 0;
const M = 3;
const LIMIT_MS = 2000;

interface Row {
  hints: number;
  claims: number;
  trueClaims: number;
  /** L3 up: hints whose diagnosis (the fix it rests on) makes a sampled test pass. */
  diagnosed: number;
  simulatedForward: number;
  scriptedForward: number;
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const limitAt = process.argv.indexOf('--limit');
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity;
  const builtin = readFileSync(new URL('../builtin.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Instance);
  const workers = new NodeExecutorPool(2);
  // The same program on the same tests gives the same result: each job runs once.
  const memo = new Map<string, ReturnType<Executor['run']>>();
  const pool: Executor = {
    run: (job) => {
      const key = JSON.stringify(job);
      if (!memo.has(key)) memo.set(key, workers.run(job));
      return memo.get(key)!;
    },
  };
  const learner = new SimulatedCandidate(
    'medium',
    'Medium (simulated)',
    { ...SKILL_PROFILES.medium, regressRate: 0 },
    { executor: pool, mutator: '', seed: SEED },
  );
  const rows = new Map(HINT_LEVELS.map((l) => [l, { hints: 0, claims: 0, trueClaims: 0, diagnosed: 0, simulatedForward: 0, scriptedForward: 0 } as Row]));
  let scenarioCount = 0;
  const passedOn = async (inst: Instance, code: string, testIds: string[]) =>
    (await evaluateProgram(pool, inst, code, { defaultTimeLimitMs: LIMIT_MS, capTimeLimitMs: LIMIT_MS, testIds })).passed;
  try {
    for (const inst of builtin.filter((i) => i.buggy.trim() && i.testKind !== 'unittest').slice(0, limit)) {
      const { outcomes } = await evaluateProgram(pool, inst, inst.buggy);
      const traces = await referenceTraces(pool, inst, new MemoryTraceStore(), { defaultTimeLimitMs: 10_000 });
      const edits = learnerEdits(inst.buggy, inst.reference);
      for (const [index, scenario] of buildScenarios(failingTests(outcomes, traces)).scenarios.entries()) {
        scenarioCount++;
        const sampleIds = sampleTests(scenario, M, SEED, inst.id, 1);
        const ctx = {
          instance: inst,
          code: inst.buggy,
          samples: outcomes.filter((o) => sampleIds.includes(o.testId)),
          passingIds: contrastTests(outcomes, SEED, inst.id, 1),
        };
        const evidence = claimEvidenceOf(ctx);
        const diagnosis = await diagnose(pool, ctx);
        const diagnosed = diagnosis.hunk ? (await passedOn(inst, applyHunk(inst.buggy, diagnosis.hunk), sampleIds)) > 0 : false;
        const before = await passedOn(inst, inst.buggy, scenario.testIds);
        for (const level of HINT_LEVELS) {
          const row = rows.get(level)!;
          const hint = composeHint(level, { ...ctx, level }, diagnosis);
          row.hints++;
          for (const claim of readClaims(hint)) {
            row.claims++;
            if (checkClaim(claim, evidence).holds) row.trueClaims++;
          }
          if (level >= 3 && diagnosed) row.diagnosed++;
          const reply = await learner.chat({
            model: 'medium',
            messages: [],
            context: { instance: inst, code: inst.buggy, turn: 1, repeat: index, level, targetTests: scenario.testIds, hint },
          });
          const revised = extractCode(reply.content).code;
          if (revised && (await passedOn(inst, revised, scenario.testIds)) > before) row.simulatedForward++;
          const edit = scriptedChoice(hint, edits, SEED, inst.id, scenario.id, level);
          if (edit && (await passedOn(inst, applyHunk(inst.buggy, edit.hunk), scenario.testIds)) > before) row.scriptedForward++;
        }
      }
    }
  } finally {
    await workers.close();
  }
  const pct = (a: number, b: number) => (b ? +((100 * a) / b).toFixed(1) : null);
  const table = HINT_LEVELS.map((level) => {
    const r = rows.get(level)!;
    return {
      level,
      hints: r.hints,
      claimsPerHint: +(r.claims / Math.max(1, r.hints)).toFixed(2),
      claimsTrue: pct(r.trueClaims, r.claims),
      diagnosisHolds: level >= 3 ? pct(r.diagnosed, r.hints) : null,
      simulatedForward: pct(r.simulatedForward, r.hints),
      scriptedForward: pct(r.scriptedForward, r.hints),
    };
  });
  if (!json) {
    process.stderr.write(`Rule-based hints on the built-in set: ${scenarioCount} failure scenarios, seed ${SEED}, m = ${M}\n`);
    process.stderr.write(
      '| level | hints | test claims per hint | claims true | diagnosis holds | simulated learner moved forward | scripted learner moved forward |\n|---|---|---|---|---|---|---|\n',
    );
    for (const r of table)
      process.stderr.write(
        `| L${r.level} | ${r.hints} | ${r.claimsPerHint} | ${r.claimsTrue ?? '—'} % | ${r.diagnosisHolds === null ? '—' : `${r.diagnosisHolds} %`} | ${r.simulatedForward} % | ${r.scriptedForward} % |\n`,
      );
  }
  console.log(JSON.stringify({ scenarios: scenarioCount, seed: SEED, m: M, table }));
}

await main();
