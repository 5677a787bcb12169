// One node evaluation, step by step (Algorithm 1): the Challenge Designer writes a problem for
// the node; the model under test writes a unittest suite from the problem alone and, in a
// separate conversation, a solution; the sandbox runs the tests against it; a failure is sent
// back to the solver with the run's output, up to `retries` times; then the Problem Fixer gets
// the full context once. On Phase-3 nodes the analysers report after. Each call (with what it
// ran) is one stored step, so a reload resumes inside a node without redoing what was stored.
import type { StepRun } from '../../exec/workspace.ts';
import type { ChatMessage } from '../../llm/types.ts';
import type { Step } from '../../model/runlog.ts';
import { fill, type StepContext, type StepEnv, type StepResult } from '../contract.ts';
import { errorCategories, solutionPatterns, validationIssues } from './analysers.ts';
import { loadBank, sourceOf } from './bank.ts';
import { attemptSucceeded, evaluationOf, unitOf } from './outcome.ts';
import { prismParams } from './params.ts';
import { readChallenge, readCode, readFix, testModule } from './replies.ts';
import { ANALYSER_ROLE, DESIGNER_ROLE, MODEL_ROLE } from './roles.ts';
import type { AnalyserContext, DesignerContext, ModelContext, ModelTask } from './simulated/contexts.ts';
import type { AnalysisData, AttemptData, CaseResult, DesignData, PrismStepData, TestRun, TestsData } from './step-data.ts';

/** Calls per step when a reply holds no problem (the designer) or no code (the test generator), as the code retries empty replies. */
const REPLY_TRIES = 3;
/** Cases kept per run, and characters per case message and of the output shown to the solver. */
const CASES_KEPT = 200;
const MESSAGE_CHARS = 1500;
const OUTPUT_CHARS = 4000;

export const PRISM_STOP_REASONS = {
  solved: 'solved at the first attempt',
  repaired: 'solved after feedback',
  fixed: 'fixed by the Problem Fixer',
  failed: 'not solved',
  'no-challenge': 'the designer gave no problem',
};

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}\n… (${text.length - n} more characters)` : text);

/** What the solver is shown of a run: the counts, then each failing case with its message. */
function outputOf(run: Omit<TestRun, 'output'>, timeLimitMs: number): string {
  if (run.error && !run.cases.length) {
    if (run.status === 'timeout') return `The test run exceeded its time limit of ${timeLimitMs} ms.`;
    return `The tests could not run: ${run.error.type}: ${run.error.message}`;
  }
  const head = `Ran ${run.passed + run.failed + run.errors} test(s): ${run.passed} passed, ${run.failed} failed, ${run.errors} error(s).`;
  const bad = run.cases
    .filter((c) => c.outcome === 'failed' || c.outcome === 'error')
    .map((c) => `${c.outcome === 'failed' ? 'FAIL' : 'ERROR'}: ${c.name}\n${c.message.trim()}`);
  return clip([head, ...bad].join('\n\n'), OUTPUT_CHARS);
}

/** A run as the reward counts it: a run where no test ran counts as one errored test. */
function testRun(step: StepRun | null, reason: string, timeLimitMs: number): TestRun {
  if (!step)
    return { status: 'not-run', passed: 0, failed: 0, errors: 1, cases: [], error: { type: 'NotRun', message: reason }, durationMs: 0, output: reason };
  const cases: CaseResult[] = (step.cases ?? [])
    .slice(0, CASES_KEPT)
    .map((c) => ({ name: c.name, outcome: c.outcome, message: clip(c.message, MESSAGE_CHARS) }));
  const count = (o: CaseResult['outcome']) => cases.filter((c) => c.outcome === o).length;
  let run: Omit<TestRun, 'output'> = {
    status: step.status,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    cases,
    durationMs: step.durationMs,
  };
  if (step.status !== 'ok') {
    const error = step.error
      ? { type: step.error.type, message: clip(step.error.message, MESSAGE_CHARS) }
      : { type: step.status, message: step.note ?? step.status };
    run = { ...run, passed: 0, failed: 0, errors: Math.max(1, run.errors), error };
  } else if (run.passed + run.failed + run.errors === 0) {
    run = { ...run, errors: 1, error: { type: 'NoTests', message: 'no test case ran: the test module defines none' } };
  }
  return { ...run, output: outputOf(run, timeLimitMs) };
}

/** The tests against the solution in a sandbox workspace: solution.py and test_solution.py, every case reported. */
async function runSuite(env: StepEnv, solution: string | null, tests: string | null, timeLimitMs: number): Promise<TestRun> {
  if (tests === null) return testRun(null, 'No tests: the test generator wrote no code.', timeLimitMs);
  if (solution === null) return testRun(null, 'No solution: the reply held no Python code.', timeLimitMs);
  const { steps } = await env.workspace(
    { 'solution.py': solution, 'test_solution.py': testModule(tests) },
    [{ kind: 'unittest', module: 'test_solution' }],
    timeLimitMs,
  );
  return testRun(steps[0] ?? null, 'The sandbox returned no result.', timeLimitMs);
}

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** The reply of the step's last call in a role. */
const replyOf = (step: Step) => step.calls.filter((c) => c.role === MODEL_ROLE && c.content !== null).at(-1)?.content ?? '';

/** Call a role until a reply reads as something (or the tries run out). */
async function until<T>(tries: number, call: () => Promise<string>, read: (reply: string) => T | null): Promise<T | null> {
  for (let i = 0; i < tries; i++) {
    const value = read(await call());
    if (value !== null) return value;
  }
  return null;
}

export async function prismStep(ctx: StepContext, env: StepEnv): Promise<StepResult> {
  const unit = unitOf(ctx.item);
  if (!unit) throw new Error(`item ${ctx.item.key} is not a Prism node evaluation`);
  const p = prismParams(ctx.params);
  const t = ctx.templates;
  const ev = evaluationOf(ctx.steps);
  const at = ctx.steps.length;
  const draw = `${ctx.item.repeat}|${unit.evaluation}`;
  const node = { concepts: unit.concepts, level: unit.level, levels: p.difficulties.length, draw };
  const data = (d: PrismStepData): StepResult => ({ data: d });

  // 1. The Challenge Designer.
  if (!ev.design) {
    env.report('generating', at);
    const avoid = unit.avoid?.length ? fill(t['designer.avoid'] ?? '', { titles: unit.avoid.map((x) => `- ${x}`).join('\n') }) : '';
    const messages: ChatMessage[] = [
      { role: 'system', content: fill(t['designer.system'] ?? '', { levels: p.difficulties.map((d) => `- ${titleCase(d)}`).join('\n') }) },
      { role: 'user', content: fill(t['designer.user'] ?? '', { concepts: unit.concepts.join(', '), difficulty: unit.difficulty, avoid }) },
    ];
    const context: DesignerContext = { ...node, ...(unit.variation ? { variation: unit.variation } : {}), ...(unit.avoid ? { avoid: unit.avoid } : {}) };
    const challenge = await until(REPLY_TRIES, () => env.call(DESIGNER_ROLE, messages, { context }), readChallenge);
    const source = challenge ? sourceOf(await loadBank(), challenge)?.id : undefined;
    return data({ kind: 'design', challenge, ...(source ? { source } : {}) } satisfies DesignData);
  }
  const challenge = ev.design.challenge;
  if (!challenge) return { stop: 'no-challenge' };
  const problem = ev.design.source ?? null;
  const modelContext = (task: ModelTask, attempt: number, previous?: ModelContext['previous']): ModelContext => ({
    task,
    problem,
    ...node,
    attempt,
    ...(previous ? { previous } : {}),
  });

  // 2. The Test Generator: the problem only, never the solution.
  if (!ev.tests) {
    env.report('generating', at);
    const messages: ChatMessage[] = [
      { role: 'system', content: t['tests.system'] ?? '' },
      { role: 'user', content: fill(t['tests.user'] ?? '', { problem: challenge.text }) },
    ];
    const code = await until(REPLY_TRIES, () => env.call(MODEL_ROLE, messages, { context: modelContext('tests', 0) }), readCode);
    return data({ kind: 'tests', code } satisfies TestsData);
  }
  const tests = ev.tests.code;

  // 3. The Problem Solver (the problem only, never the tests), its feedback retries, then the fixer.
  const attempts = ev.attempts;
  const last = attempts.at(-1);
  const done = (last && attemptSucceeded(last.run)) || attempts.some((a) => a.by === 'fixer');
  if (!done) {
    const solverSteps = ctx.steps.filter(
      (s) => !s.error && (s.data as { kind?: string; by?: string } | undefined)?.kind === 'attempt' && (s.data as { by?: string }).by === 'solver',
    );
    const n = attempts.length + 1;
    if (solverSteps.length < 1 + p.retries) {
      env.report('generating', at);
      const messages: ChatMessage[] = [
        { role: 'system', content: t['solver.system'] ?? '' },
        { role: 'user', content: fill(t['solver.user'] ?? '', { problem: challenge.text }) },
      ];
      attempts.forEach((a, i) => {
        messages.push({ role: 'assistant', content: replyOf(solverSteps[i]!) });
        messages.push({ role: 'user', content: fill(t['solver.retry'] ?? '', { output: a.run.output, solution: a.solution ?? '(no code)' }) });
      });
      const reply = await env.call(MODEL_ROLE, messages, {
        context: modelContext(n === 1 ? 'solve' : 'retry', n, last ? { solution: last.solution, tests: last.tests } : undefined),
      });
      const solution = readCode(reply);
      env.report('executing', at);
      return data({ kind: 'attempt', by: 'solver', n, solution, tests, run: await runSuite(env, solution, tests, p.timeLimitMs) } satisfies AttemptData);
    }
    env.report('generating', at);
    const messages: ChatMessage[] = [
      { role: 'system', content: t['fixer.system'] ?? '' },
      {
        role: 'user',
        content: fill(t['fixer.user'] ?? '', {
          problem: challenge.text,
          tests: last?.tests ?? '(none)',
          solution: last?.solution ?? '(none)',
          output: last?.run.output ?? '',
        }),
      },
    ];
    const reply = await env.call(MODEL_ROLE, messages, { context: modelContext('fix', n, { solution: last?.solution ?? null, tests: last?.tests ?? null }) });
    const fix = readFix(reply);
    const solution = fix.solution ?? last?.solution ?? null;
    const fixedTests = fix.tests ?? last?.tests ?? tests;
    env.report('executing', at);
    return data({
      kind: 'attempt',
      by: 'fixer',
      n,
      solution,
      tests: fixedTests,
      run: await runSuite(env, solution, fixedTests, p.timeLimitMs),
    } satisfies AttemptData);
  }

  // 4. The analysers, on Phase-3 nodes (diagnostics only: nothing here reaches the reward).
  if (unit.phase === 3 && env.has(ANALYSER_ROLE) && !ev.analysis) {
    env.report('generating', at);
    const final = last!;
    const failedRun = [...attempts].reverse().find((a) => !attemptSucceeded(a.run));
    const ask = (system: string, user: string, vars: Record<string, string>, context: AnalyserContext) =>
      env.call(
        ANALYSER_ROLE,
        [
          { role: 'system', content: t[system] ?? '' },
          { role: 'user', content: fill(t[user] ?? '', vars) },
        ],
        { context },
      );
    const analysis: AnalysisData = { kind: 'analysis' };
    analysis.validation = {
      issues: validationIssues(
        await ask(
          'validator.system',
          'validator.user',
          { problem: challenge.text, tests: final.tests ?? '' },
          { task: 'validate', tests: final.tests, solution: final.solution },
        ),
      ),
    };
    if (failedRun)
      analysis.errors = {
        categories: errorCategories(
          await ask(
            'errors.system',
            'errors.user',
            { output: failedRun.run.output, solution: failedRun.solution ?? '' },
            { task: 'errors', tests: failedRun.tests, solution: failedRun.solution, output: failedRun.run.output },
          ),
        ),
      };
    analysis.patterns = {
      names: solutionPatterns(
        await ask(
          'patterns.system',
          'patterns.user',
          { problem: challenge.text, solution: final.solution ?? '' },
          { task: 'patterns', tests: final.tests, solution: final.solution },
        ),
      ),
    };
    return data(analysis);
  }
  return { stop: !last || !attemptSucceeded(last.run) ? 'failed' : last.by === 'fixer' ? 'fixed' : last.n === 1 ? 'solved' : 'repaired' };
}
