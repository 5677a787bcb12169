// `npm run datasets:check [-- --json] [--only id,id]`: checks the built-in dataset.
// - datasets/builtin.jsonl is valid and up to date with datasets/src;
// - every stdio instance passes the PAIR paper's filters (src/core/datasets/filters.ts);
// - it counts the failure scenarios of each buggy program (src/core/protocols/pair/scenarios.ts).
// Programs run in Pyodide (Node) through the sandbox's own harness. A table goes to stderr;
// the last line of stdout is one JSON object. Exits 1 when anything fails.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evaluateProgram, type Executor } from '../../src/core/exec/engine.ts';
import { MemoryTraceStore, referenceTraces } from '../../src/core/exec/traces.ts';
import { filterViolations, tagClashes, type InstanceMeasures } from '../../src/core/datasets/filters.ts';
import { instanceToJson, validateInstances, type Instance } from '../../src/core/model/instance.ts';
import { buildScenarios, failingTests } from '../../src/core/protocols/pair/scenarios.ts';
import { TrustedNodeExecutor } from '../../workers/node-executor.ts';
import { assemble } from './assemble.ts';
import { BUILT_FILE, readBuilt, readSource, sourceIds } from './source.ts';

const ANALYSIS = readFileSync(new URL('../../workers/python/analysis.py', import.meta.url), 'utf8');
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Row extends InstanceMeasures {
  id: string;
  scenarios: number;
  violations: string[];
}

async function analyze(exec: Executor, source: string): Promise<{ loc: number; complexity: number }> {
  const { results } = await exec.run({
    program: ANALYSIS,
    kind: 'call',
    entry: 'analyze',
    tests: [{ id: 'a', payload: JSON.stringify([source]) }],
    timeLimitMs: 30_000,
  });
  if (results[0]?.status !== 'ok' || !results[0].value) throw new Error(`analysis failed: ${results[0]?.message ?? results[0]?.status}`);
  return JSON.parse(results[0].value) as { loc: number; complexity: number };
}

async function measure(exec: Executor, inst: Instance): Promise<Row> {
  const options = { defaultTimeLimitMs: 2000 };
  const buggy = await evaluateProgram(exec, inst, inst.buggy, options);
  const refRuns = [await evaluateProgram(exec, inst, inst.reference, options), await evaluateProgram(exec, inst, inst.reference, options)];
  const deterministic = refRuns[0]!.outcomes.every((o, i) => o.stdout === refRuns[1]!.outcomes[i]!.stdout && o.outcome === refRuns[1]!.outcomes[i]!.outcome);
  const traces = await referenceTraces(exec, inst, new MemoryTraceStore(), {
    ...options,
    testIds: buggy.outcomes.filter((o) => o.outcome !== 'passed').map((o) => o.testId),
  });
  const { scenarios } = buildScenarios(failingTests(buggy.outcomes, traces));
  const { loc, complexity } = await analyze(exec, inst.buggy);
  const m: InstanceMeasures = {
    tests: inst.tests.length,
    buggyPassRate: buggy.passed / buggy.total,
    buggyLoc: loc,
    buggyComplexity: complexity,
    referencePassRate: Math.min(...refRuns.map((r) => r.passed / r.total)),
    referenceDeterministic: deterministic,
    referenceSlowestMs: Math.max(...refRuns.flatMap((r) => r.outcomes.map((o) => o.durationMs))),
    timeLimitMs: inst.timeLimitMs ?? options.defaultTimeLimitMs,
  };
  const violations = inst.testKind === 'stdio' ? filterViolations(m) : m.referencePassRate < 1 ? ['reference does not pass all tests'] : [];
  return { id: inst.id, ...m, scenarios: scenarios.length, violations };
}

/** The built file must be exactly what the sources produce now. */
async function staleness(exec: Executor, built: Instance[], ids: string[]): Promise<string[]> {
  const problems: string[] = [];
  const byId = new Map(built.map((i) => [i.id, i]));
  for (const id of ids) {
    const fresh = await assemble(readSource(id), exec).catch((err: Error) => err);
    if (fresh instanceof Error) problems.push(`${id}: does not build: ${fresh.message.split('\n')[0]}`);
    else if (!byId.has(id)) problems.push(`${id}: missing from the built file (run npm run datasets:build)`);
    else if (instanceToJson(fresh) !== instanceToJson(byId.get(id)!)) problems.push(`${id}: the built file is stale (run npm run datasets:build)`);
  }
  const known = sourceIds();
  for (const inst of built) if (!known.includes(inst.id)) problems.push(`${inst.id}: in the built file but has no sources`);
  return problems;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, only: { type: 'string' }, file: { type: 'string' } }, strict: true });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const file = values.file ?? BUILT_FILE;
  const all = readBuilt(file);
  const { instances, issues } = validateInstances(all);
  const failures: string[] = issues.map((i) => `${file}: instance ${i.index}${i.instanceId ? ` (${i.instanceId})` : ''}, field "${i.field}": ${i.message}`);
  failures.push(...tagClashes(instances));
  const chosen = only ? instances.filter((i) => only.includes(i.id)) : instances;
  const exec = new TrustedNodeExecutor();
  failures.push(...(await staleness(exec, all, only ?? sourceIds())));

  const rows: Row[] = [];
  for (const inst of chosen) {
    const row = await measure(exec, inst);
    rows.push(row);
    failures.push(...row.violations.map((v) => `${inst.id}: ${v}`));
    log(
      `${row.violations.length ? 'FAIL' : 'ok  '} ${inst.id.padEnd(28)} ${inst.testKind.padEnd(8)} tests ${String(row.tests).padStart(4)}  ` +
        `buggy pass ${(row.buggyPassRate * 100).toFixed(1).padStart(5)}%  loc ${String(row.buggyLoc).padStart(3)}  cc ${String(row.buggyComplexity).padStart(3)}  ` +
        `scenarios ${row.scenarios}  ref slowest ${row.referenceSlowestMs.toFixed(0)} ms${row.violations.length ? `  — ${row.violations.join('; ')}` : ''}`,
    );
  }
  const stdio = rows.filter((r) => chosen.find((i) => i.id === r.id)!.testKind === 'stdio');
  const summary = {
    instances: rows.length,
    stdio: stdio.length,
    byKind: Object.fromEntries(['stdio', 'call', 'unittest'].map((k) => [k, chosen.filter((i) => i.testKind === k).length])),
    demo: chosen.filter((i) => i.subsets?.includes('demo')).length,
    minTests: stdio.length ? Math.min(...stdio.map((r) => r.tests)) : 0,
    medianTests: median(stdio.map((r) => r.tests)),
    passRateMin: stdio.length ? round(Math.min(...stdio.map((r) => r.buggyPassRate))) : 0,
    passRateMax: stdio.length ? round(Math.max(...stdio.map((r) => r.buggyPassRate))) : 0,
    locMin: stdio.length ? Math.min(...stdio.map((r) => r.buggyLoc)) : 0,
    locMax: stdio.length ? Math.max(...stdio.map((r) => r.buggyLoc)) : 0,
    complexityMin: stdio.length ? Math.min(...stdio.map((r) => r.buggyComplexity)) : 0,
    scenariosMedian: median(stdio.map((r) => r.scenarios)),
    failures,
  };
  if (!values.json) for (const f of failures) log(`failure: ${f}`);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(failures.length > 0 ? 1 : 0);
}

void main();
