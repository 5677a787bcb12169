// `npm run datasets:prism [-- --check] [--only id,id]`: the Prism problem bank.
// Builds datasets/prism/bank.json from datasets/prism/src/<id>/{meta.json, statement.md,
// reference.py, tests.py}: the reference must pass every one of its tests; mutants come from
// the sandbox's mutator (workers/python/mutate.py), kept when they fail some test without
// timing out; wrong test suites change one expected value (prism_wrong_tests.py), kept when
// the reference fails them. --check requires bank.json to hold the sources as they are, runs
// every stored program again — each reference passes, each mutant fails some test, the
// reference fails each wrong suite — and that the bank covers every concept and level of the
// paper.
// Programs run in Pyodide (Node) through the sandbox's own harness and workspaces. A table goes
// to stderr; the last line of stdout is one JSON object. Exits 1 when anything fails.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import type { Executor } from '../../src/core/exec/engine.ts';
import { runWorkspace } from '../../src/core/exec/workspace.ts';
import { BankSchema, type Bank, type BankProblem } from '../../src/core/protocols/prism/bank.ts';
import { PAPER_CONCEPTS, PAPER_DIFFICULTIES } from '../../src/core/protocols/prism/concepts.ts';
import { TrustedNodeExecutor } from '../../workers/node-executor.ts';

const SRC = new URL('../prism/src/', import.meta.url).pathname;
const BANK_FILE = new URL('../prism/bank.json', import.meta.url).pathname;
const MUTATOR = readFileSync(new URL('../../workers/python/mutate.py', import.meta.url), 'utf8');
const WRONG_TESTS = readFileSync(new URL('./prism_wrong_tests.py', import.meta.url), 'utf8');
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Mutants and wrong suites kept per problem, at most. */
const KEEP_MUTANTS = 3;
const KEEP_WRONG = 2;
/** Problems per concept and per level, at least; problems in all, at least. */
const MIN_PER_CONCEPT = 4;
const MIN_PER_LEVEL = 4;
const MIN_PROBLEMS = 30;
const TIME_LIMIT_MS = 5000;
/** Kept programs run their suite within this (searches run them hundreds of times). */
const QUICK_MS = 250;

const MetaSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(1)),
  concepts: v.pipe(v.array(v.picklist(PAPER_CONCEPTS)), v.minLength(1)),
  difficulty: v.picklist(PAPER_DIFFICULTIES),
});

interface Source {
  id: string;
  meta: v.InferOutput<typeof MetaSchema>;
  statement: string;
  reference: string;
  tests: string;
}

function readSources(only?: string[]): Source[] {
  const ids = readdirSync(SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return ids
    .filter((id) => !only || only.includes(id))
    .map((id) => {
      const read = (f: string) => {
        const path = join(SRC, id, f);
        if (!existsSync(path)) throw new Error(`datasets/prism/src/${id}: missing ${f}`);
        return readFileSync(path, 'utf8');
      };
      const meta = v.safeParse(MetaSchema, JSON.parse(read('meta.json')));
      if (!meta.success)
        throw new Error(`datasets/prism/src/${id}/meta.json: ${meta.issues.map((i) => `${v.getDotPath(i) ?? '(meta)'}: ${i.message}`).join('; ')}`);
      return { id, meta: meta.output, statement: read('statement.md'), reference: read('reference.py'), tests: read('tests.py') };
    });
}

interface SuiteRun {
  status: string;
  passed: number;
  failed: number;
  errors: number;
  durationMs: number;
}

/** A solution against a test module, in a workspace. */
async function runSuite(exec: Executor, solution: string, tests: string): Promise<SuiteRun> {
  const { steps } = await runWorkspace(
    exec,
    { 'solution.py': solution, 'test_solution.py': tests },
    [{ kind: 'unittest', module: 'test_solution' }],
    TIME_LIMIT_MS,
  );
  const s = steps[0]!;
  const cases = s.cases ?? [];
  return {
    status: s.status,
    passed: cases.filter((c) => c.outcome === 'passed').length,
    failed: cases.filter((c) => c.outcome === 'failed').length,
    errors: cases.filter((c) => c.outcome === 'error').length,
    durationMs: s.durationMs,
  };
}

async function callPython<T>(exec: Executor, program: string, entry: string, args: unknown[]): Promise<T> {
  const { results } = await exec.run({ program, kind: 'call', entry, tests: [{ id: entry, payload: JSON.stringify(args) }], timeLimitMs: 60_000 });
  const r = results[0];
  if (r?.status !== 'ok' || r.value === undefined) throw new Error(`${entry} failed: ${r?.message ?? r?.status}`);
  return JSON.parse(r.value) as T;
}

const fails = (r: SuiteRun) => r.status === 'ok' && r.failed + r.errors > 0;

async function build(exec: Executor, src: Source): Promise<BankProblem> {
  const ref = await runSuite(exec, src.reference, src.tests);
  if (ref.status !== 'ok' || ref.failed || ref.errors || ref.passed < 3)
    throw new Error(
      `${src.id}: the reference must pass all of at least 3 tests (${ref.status}, ${ref.passed} passed, ${ref.failed} failed, ${ref.errors} errors)`,
    );
  if (ref.durationMs > QUICK_MS)
    throw new Error(`${src.id}: the reference takes ${ref.durationMs.toFixed(0)} ms on its tests (at most ${QUICK_MS}): make the tests smaller`);
  const candidates = await callPython<{ source: string; descriptions: string[] }[]>(exec, MUTATOR, 'mutants', [src.reference, 0, 1]);
  const failing: { code: string; what: string[]; passed: number }[] = [];
  for (const m of candidates) {
    const r = await runSuite(exec, m.source, src.tests);
    if (fails(r) && r.durationMs <= QUICK_MS) failing.push({ code: m.source, what: m.descriptions, passed: r.passed });
  }
  // Subtle mutants first (they pass some tests), in the mutator's order.
  const mutants = [...failing]
    .sort((a, b) => Number(b.passed > 0) - Number(a.passed > 0))
    .slice(0, KEEP_MUTANTS)
    .map(({ code, what }) => ({ code, what }));
  if (!mutants.length) throw new Error(`${src.id}: no mutant of the reference fails a test`);
  const variants = await callPython<{ source: string; what: string }[]>(exec, WRONG_TESTS, 'wrong_tests', [src.tests, 8]);
  const wrongTests: BankProblem['wrongTests'] = [];
  for (const w of variants) {
    if (wrongTests.length >= KEEP_WRONG) break;
    const r = await runSuite(exec, src.reference, w.source);
    if (fails(r) && r.durationMs <= QUICK_MS) wrongTests.push({ code: w.source, what: w.what });
  }
  if (!wrongTests.length) throw new Error(`${src.id}: no wrong test suite (one changed expectation) fails the reference`);
  return {
    id: src.id,
    title: src.meta.title,
    concepts: src.meta.concepts,
    difficulty: src.meta.difficulty,
    statement: src.statement,
    reference: src.reference,
    tests: src.tests,
    mutants,
    wrongTests,
  };
}

/** Every stored program run again: the reference passes, each mutant fails some test, the reference fails each wrong suite. */
async function verify(exec: Executor, p: BankProblem): Promise<string[]> {
  const problems: string[] = [];
  const ref = await runSuite(exec, p.reference, p.tests);
  if (ref.status !== 'ok' || ref.failed || ref.errors || !ref.passed) problems.push(`${p.id}: the reference does not pass its tests`);
  for (const [i, m] of p.mutants.entries())
    if (!fails(await runSuite(exec, m.code, p.tests))) problems.push(`${p.id}: mutant ${i + 1} (${m.what.join('; ')}) fails no test`);
  for (const [i, w] of p.wrongTests.entries())
    if (!fails(await runSuite(exec, p.reference, w.code))) problems.push(`${p.id}: the reference passes wrong suite ${i + 1} (${w.what})`);
  return problems;
}

function coverage(bank: Bank): string[] {
  const problems: string[] = [];
  if (bank.problems.length < MIN_PROBLEMS) problems.push(`the bank has ${bank.problems.length} problems, fewer than ${MIN_PROBLEMS}`);
  for (const c of PAPER_CONCEPTS) {
    const n = bank.problems.filter((p) => p.concepts.includes(c)).length;
    if (n < MIN_PER_CONCEPT) problems.push(`only ${n} problem(s) for the concept "${c}" (at least ${MIN_PER_CONCEPT})`);
  }
  for (const d of PAPER_DIFFICULTIES) {
    const n = bank.problems.filter((p) => p.difficulty === d).length;
    if (n < MIN_PER_LEVEL) problems.push(`only ${n} problem(s) at "${d}" (at least ${MIN_PER_LEVEL})`);
  }
  return problems;
}

const serialize = (bank: Bank) => `${JSON.stringify(bank, null, 1)}\n`;

/** The fields of a bank entry that come straight from its sources. */
const sourceFields = (p: Pick<BankProblem, 'title' | 'concepts' | 'difficulty' | 'statement' | 'reference' | 'tests'>) =>
  JSON.stringify([p.title, p.concepts, p.difficulty, p.statement, p.reference, p.tests]);

async function check(exec: Executor, only: string[] | undefined): Promise<string[]> {
  const stored = existsSync(BANK_FILE) ? v.safeParse(BankSchema, JSON.parse(readFileSync(BANK_FILE, 'utf8'))) : null;
  if (!stored?.success) return [`${BANK_FILE}: missing or not a bank (run npm run datasets:prism)`];
  const bank = stored.output;
  const failures: string[] = [];
  const sources = new Map(readSources(only).map((src) => [src.id, src]));
  for (const p of bank.problems.filter((x) => !only || only.includes(x.id))) {
    const src = sources.get(p.id);
    if (!src) failures.push(`${p.id}: in bank.json but has no sources`);
    else if (sourceFields(p) !== sourceFields({ ...src.meta, statement: src.statement, reference: src.reference, tests: src.tests }))
      failures.push(`${p.id}: bank.json is stale (run npm run datasets:prism -- --only ${p.id})`);
    const problems = await verify(exec, p);
    failures.push(...problems);
    log(`${problems.length ? 'FAIL' : 'ok  '} ${p.id.padEnd(30)} ${p.difficulty.padEnd(9)} mutants ${p.mutants.length}  wrong suites ${p.wrongTests.length}`);
  }
  for (const id of sources.keys()) if (!bank.problems.some((p) => p.id === id)) failures.push(`${id}: missing from bank.json (run npm run datasets:prism)`);
  if (!only) failures.push(...coverage(bank));
  return failures;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, only: { type: 'string' } }, strict: true });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const exec = new TrustedNodeExecutor();
  await runSuite(exec, 'def solution():\n    return 1\n', 'import unittest\n'); // a warm interpreter, so the first problem's timing is fair
  if (values.check) {
    const failures = await check(exec, only);
    for (const f of failures) log(`failure: ${f}`);
    process.stdout.write(`${JSON.stringify({ checked: true, failures })}\n`);
    process.exit(failures.length ? 1 : 0);
  }
  const failures: string[] = [];
  const built: BankProblem[] = [];
  for (const src of readSources(only)) {
    try {
      const p = await build(exec, src);
      built.push(p);
      log(
        `ok   ${p.id.padEnd(30)} ${p.difficulty.padEnd(9)} ${p.concepts.join(', ').padEnd(48)} mutants ${p.mutants.length}  wrong suites ${p.wrongTests.length}`,
      );
    } catch (err) {
      failures.push((err as Error).message);
      log(`FAIL ${src.id}: ${(err as Error).message}`);
    }
  }
  if (!failures.length) {
    const stored = existsSync(BANK_FILE) ? v.safeParse(BankSchema, JSON.parse(readFileSync(BANK_FILE, 'utf8'))) : null;
    const keep = only && stored?.success ? stored.output.problems.filter((p) => !only.includes(p.id)) : [];
    const bank: Bank = { version: 1, problems: [...keep, ...built].sort((a, b) => a.id.localeCompare(b.id)) };
    for (const w of coverage(bank)) log(`warning: ${w}`);
    writeFileSync(BANK_FILE, serialize(bank));
    log(`wrote ${BANK_FILE} (${bank.problems.length} problems)`);
  }
  for (const f of failures) log(`failure: ${f}`);
  process.stdout.write(
    `${JSON.stringify({ problems: built.length, mutants: built.reduce((n, p) => n + p.mutants.length, 0), wrongSuites: built.reduce((n, p) => n + p.wrongTests.length, 0), failures })}\n`,
  );
  process.exit(failures.length ? 1 : 0);
}

void main();
