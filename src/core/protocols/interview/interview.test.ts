// The Interview protocol end to end in Pyodide (Node): with simulated models, the known truth is
// recovered (skill order before and after guidance, the judge's known accuracy, references at
// 100%); with provider models answering over HTTP (mocked at fetch), both conversations go in the
// paper's order, the reference reaches the interviewer only, an over-long quote of it is cut, the
// retrieval is recorded; and a paused run resumes exactly.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeLogs } from '../../../../cli/merge.ts';
import { TrustedNodeExecutor } from '../../../../workers/node-executor.ts';
import { Budget } from '../../llm/budget.ts';
import { Caller } from '../../llm/caller.ts';
import { LimiterRegistry } from '../../llm/limiter.ts';
import type { ChatMessage } from '../../llm/types.ts';
import type { CallRecord, RunLog } from '../../model/runlog.ts';
import { parseTasks, RUN_SCRIPT, type InterviewTask } from '../../model/task.ts';
import { RunController } from '../../runner/runner.ts';
import { buildBindings, createManifest, createRecord, type RunConfig } from '../../runner/setup.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { loadRunLog, MemoryRunStore } from '../../store/runs.ts';
import { agreementOf, referenceSatisfaction, runView, verdictPairs } from './analysis.ts';
import { runWorkspace } from '../../exec/workspace.ts';
import { applyEdits } from './defects.ts';
import { executionReport, runProject } from './execution.ts';
import { interview } from './interview.ts';
import { readSteps } from './item.ts';
import { INTERVIEW_TEMPLATES } from './prompts.ts';
import { longestQuote, quotedReferenceLines } from './quotes.ts';
import { renderSolution } from './solution.ts';

const ALL = parseTasks(readFileSync(new URL('../../../../datasets/interview.jsonl', import.meta.url), 'utf8'));
const DEMO = ALL.filter((t) => t.subsets?.includes('demo'));
const executor = new TrustedNodeExecutor(256);
const deps = { executor, mutator: '' };
const byId = new Map(ALL.map((t) => [t.id, t]));

const simulated = (profiles: string[], params: Record<string, unknown> = {}): RunConfig => ({
  protocol: 'interview',
  candidates: profiles.map((profile) => ({ kind: 'simulated', profile })),
  roles: { interviewer: { kind: 'simulated', profile: 'rule-based' }, judge: { kind: 'simulated', profile: 'check-based' } },
  params,
  settings: { seed: 5, concurrency: 2, repeats: 2 },
});

/** Every message sent to a role in a run, call by call. */
const sentTo = (log: RunLog, role: string) => log.items.flatMap((i) => i.steps.flatMap((s) => s.calls.filter((c) => c.role === role)));

/** No message sent to the interviewee (its own earlier replies aside) holds a reference file whole, and all of an interview's messages together quote at most `max` of its lines. */
function expectNoReference(log: RunLog, max: number) {
  for (const item of log.items) {
    const task = byId.get(item.taskId!)!;
    const quoted = new Set<string>();
    for (const call of item.steps.flatMap((s) => s.calls).filter((c) => c.role === 'interviewee')) {
      for (const m of call.messages.filter((x) => x.role !== 'assistant')) {
        for (const text of Object.values(task.reference!)) if (text.split('\n').length > 3) expect(m.content.includes(text.trim())).toBe(false);
        for (const line of quotedReferenceLines(m.content, task.reference!)) quoted.add(line);
      }
    }
    expect(quoted.size, item.key).toBeLessThanOrEqual(max);
  }
}

describe('Interview with simulated models: the known truth', () => {
  let log: RunLog;
  beforeAll(async () => {
    log = await runInMemory(simulated(['low', 'medium', 'high', 'oracle']), [], deps, undefined, DEMO);
  }, 300_000);

  it('finishes every item, interviews and references', () => {
    expect(log.items.filter((i) => i.status !== 'done').map((i) => `${i.key}: ${i.error}`)).toEqual([]);
    expect(log.items).toHaveLength(DEMO.length * 4 * 2 + DEMO.length);
  });

  it('ranks the interviewees in skill order before and after guidance, and guidance helps each', () => {
    const s = (id: string) => log.summaries.find((x) => x.modelId === id)!.metrics;
    const [low, medium, high, oracle] = ['sim-low', 'sim-medium', 'sim-high', 'oracle'].map(s);
    for (const key of ['baseChecks', 'baseJudge'] as const) {
      expect(low![key]!).toBeLessThan(medium![key]!);
      expect(medium![key]!).toBeLessThan(high![key]!);
    }
    // After guidance the better interviewees may both reach the ceiling: the order holds, not always strictly.
    expect(low!.guidedChecks!).toBeLessThan(high!.guidedChecks!);
    expect(low!.guidedChecks!).toBeLessThanOrEqual(medium!.guidedChecks!);
    expect(medium!.guidedChecks!).toBeLessThanOrEqual(high!.guidedChecks!);
    for (const m of [low, medium, high]) expect(m!.gainChecks!).toBeGreaterThan(0);
    expect([oracle!.baseChecks, oracle!.guidedChecks, oracle!.hints, oracle!.ended]).toEqual([1, 1, 0, 1]);
    // Fewer hints needed with more skill.
    expect(low!.hints!).toBeGreaterThan(high!.hints!);
  });

  it('recovers the simulated judge’s accuracy as its agreement with the checks (90% by design)', () => {
    const a = agreementOf(verdictPairs(runView(log.manifest, log.items)));
    expect(a.pairs).toBeGreaterThan(300);
    expect(a.rate!).toBeGreaterThan(0.86);
    expect(a.rate!).toBeLessThan(0.94);
  });

  it('the references meet every check of their tasks, in the run too', () => {
    const refs = referenceSatisfaction(runView(log.manifest, log.items));
    expect(refs.map((r) => [r.taskId, r.checks])).toEqual(DEMO.map((t) => [t.id, 1]));
  });

  it('stops for the right reasons: the token only when every check passes, the cap when the hints run out', () => {
    for (const item of log.items.filter((i) => !i.key.includes('@reference'))) {
      const s = readSteps(item.steps);
      const last = s.turns.at(-1)!;
      if (item.stopReason === 'over') expect(last.run.checks.every((c) => c.passed)).toBe(true);
      if (item.stopReason === 'iterations') expect([last.review.kind, last.review.delivered, s.turns.length]).toEqual(['hint', false, 6]);
      expect(s.report).toBeDefined();
      // Hints come prerequisites first: a hinted requirement's prerequisites all pass their checks.
      for (const t of s.turns.filter((x) => x.review.kind === 'hint')) {
        const id = Number(/Requirement R(\d+)/.exec(t.review.hint)?.[1]);
        const task = byId.get(item.taskId!)!;
        for (const p of task.requirements.find((r) => r.id === id)!.prerequisites) expect(t.run.checks.find((c) => c.requirement === p)!.passed).toBe(true);
      }
    }
  });

  it('never shows the interviewee the reference beyond the quotes the escalation allows', () => {
    expectNoReference(log, 12);
    // The reference reaches the interviewer (Fig. 15).
    expect(sentTo(log, 'interviewer').every((c) => c.messages[1]!.content.includes('[START OF REFERENCE SOLUTION]'))).toBe(true);
  });
});

// ---- provider models over HTTP ----

const SALES = byId.get('sales-report')!;
const DEFECTIVE = applyEdits(SALES.reference!, SALES.requirements[1]!.defect!.edits);

interface Seen {
  chats: { model: string; messages: ChatMessage[] }[];
  embeddings: string[][];
}

/** A fake provider: the interviewee answers with a defective project then the reference; the interviewer pastes the whole reference once, then says all is met; the judge is satisfied. */
function provider(seen: Seen): typeof fetch {
  const reply = (content: string) => ({
    id: 'x',
    object: 'chat.completion',
    created: 0,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
  return (async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { model: string; messages?: ChatMessage[]; input?: string[] };
    const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    if (String(url).endsWith('/embeddings')) {
      seen.embeddings.push(body.input!);
      // A direction per text: requirements and chunks that share words point alike.
      const vector = (t: string) => ['region', 'month', 'summary', 'svg', 'log'].map((w) => (t.toLowerCase().includes(w) ? 1 : 0.01));
      return json({
        object: 'list',
        model: body.model,
        data: body.input!.map((t, index) => ({ object: 'embedding', index, embedding: vector(t) })),
        usage: { prompt_tokens: 7, total_tokens: 7 },
      });
    }
    const messages = body.messages!;
    seen.chats.push({ model: body.model, messages });
    const system = messages[0]!.content;
    if (system.includes('coding interviewee')) {
      const answered = messages.filter((m) => m.role === 'assistant').length;
      return json(reply(`Here it is.\n\n${renderSolution(answered === 0 ? DEFECTIVE : SALES.reference!)}`));
    }
    if (system.includes('technical interviewer')) {
      if (messages.at(-1)!.content === INTERVIEW_TEMPLATES.report)
        return json(reply('1. **Sorting**: the regions were in the wrong order; one hint fixed it.\n\nOverall, one hint sufficed.'));
      const reviews = messages.filter((m) => m.role === 'user').length;
      return json(
        reply(
          reviews === 1
            ? `Sort the regions highest first, as the reference does:\n${SALES.reference!['src/aggregate.py']}`
            : 'This now meets all stated requirements.',
        ),
      );
    }
    return json(reply('<SATISFIED> The evidence shows it.'));
  }) as typeof fetch;
}

const providerModel = (id: string) => ({ kind: 'provider' as const, id, preset: 'custom', baseURL: 'http://mock.test/v1', model: `${id}-model` });

describe('Interview with provider models (HTTP mocked at fetch)', () => {
  const seen: Seen = { chats: [], embeddings: [] };
  let log: RunLog;
  beforeAll(async () => {
    const config: RunConfig = {
      protocol: 'interview',
      candidates: [providerModel('ee')],
      roles: { interviewer: providerModel('er'), judge: providerModel('judge'), embeddings: providerModel('embed') },
      params: { iterations: 3, quoteLines: 4, reference: 'no' },
      settings: { seed: 1 },
    };
    log = await runInMemory(config, [], { ...deps, fetch: provider(seen) }, undefined, [SALES]);
  }, 120_000);

  it('holds both conversations in the order of the paper’s Appendix A', () => {
    const item = log.items[0]!;
    expect([item.status, item.stopReason]).toEqual(['done', 'equivalent']);
    const s = readSteps(item.steps);
    const [first, second] = s.turns;
    // Unguided: Fig. 11, Fig. 12, the problem.
    const unguided = s.unguided!.step.calls.find((c) => c.role === 'interviewee')!;
    expect(unguided.messages.map((m) => [m.role, m.content.slice(0, 40)])).toEqual([
      ['system', INTERVIEW_TEMPLATES.interviewee_system_unguided!.slice(0, 40)],
      ['user', INTERVIEW_TEMPLATES.interviewee_instruction!.slice(0, 40)],
      ['user', `[START OF PROBLEM] ${SALES.query}`.slice(0, 40)],
    ]);
    // Guided interviewee: Fig. 13, Fig. 12, Fig. 17; then its solution and the hint.
    const guided = second!.step.calls.find((c) => c.role === 'interviewee')!;
    expect(guided.messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant', 'user']);
    expect(guided.messages[0]!.content).toBe(INTERVIEW_TEMPLATES.interviewee_system);
    expect(guided.messages[2]!.content).toContain('Always give the FULL SOLUTION');
    expect(guided.messages[4]!.content).toBe(first!.review.hint);
    // Interviewer: Fig. 14, Fig. 15 and Fig. 16 (assistant), the solution with its run, the hint, the revised solution; then the report (Fig. 18).
    const review = second!.step.calls.find((c) => c.role === 'interviewer')!;
    expect(review.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'assistant', 'user', 'assistant', 'user']);
    expect(review.messages[1]!.content).toContain(`[START OF REFERENCE SOLUTION] ${renderSolution(SALES.reference!).trimEnd()} [END OF REFERENCE SOLUTION]`);
    expect(review.messages[1]!.content).toContain('R1 [Data preprocessing and postprocessing; after R0]');
    expect(review.messages[3]!.content).toContain('[EXECUTION OF execute_workspace.sh]\n$ python src/main.py  →  finished');
    expect(review.messages[4]!.content).toBe(first!.review.reply);
    const report = s.report!.step.calls.find((c) => c.role === 'interviewer')!;
    expect(report.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(report.messages.at(-1)!.content).toBe(INTERVIEW_TEMPLATES.report);
    expect(s.report!.text).toContain('Overall, one hint sufficed.');
  });

  it('cuts the reference the interviewer pasted before the interviewee sees it; no interviewee request holds the reference', () => {
    const first = readSteps(log.items[0]!.steps).turns[0]!;
    expect(first.review.reply).toContain(SALES.reference!['src/aggregate.py']!.trim());
    expect(first.review.cut).toBeGreaterThan(0);
    expect(longestQuote(first.review.hint, SALES.reference!)).toBe(4);
    const toInterviewee = seen.chats.filter((c) => c.model === 'ee-model');
    expect(toInterviewee.length).toBe(3);
    for (const chat of toInterviewee) {
      for (const m of chat.messages.filter((x) => x.role !== 'assistant')) {
        for (const [path, text] of Object.entries(SALES.reference!)) if (path !== RUN_SCRIPT) expect(m.content.includes(text.trim())).toBe(false);
        expect(longestQuote(m.content, SALES.reference!)).toBeLessThanOrEqual(4);
      }
    }
    // The interviewer's requests hold it (Fig. 15).
    expect(seen.chats.filter((c) => c.model === 'er-model').every((c) => c.messages[1]!.content.includes(SALES.reference!['src/aggregate.py']!.trim()))).toBe(
      true,
    );
  });

  it('judges with embeddings retrieval, recorded as such, prerequisites first and told their verdicts', () => {
    const s = readSteps(log.items[0]!.steps);
    expect([s.judgeUnguided!.retrieval, s.judgeGuided!.retrieval]).toEqual(['embeddings', 'embeddings']);
    const calls = log.items[0]!.steps[s.judgeUnguided!.stepIndex]!.calls;
    expect(calls.map((c) => c.role)).toEqual(['embeddings', 'judge', 'judge', 'judge', 'judge', 'judge']);
    const embed: CallRecord = calls[0]!;
    expect(embed.kind).toBe('embeddings');
    expect(embed.content).toMatch(/^\d+ embeddings of 5 dimensions$/);
    expect(embed.messages.slice(0, 5).map((m) => m.content)).toEqual(SALES.requirements.map((r) => `${r.criteria} ${r.category}`));
    expect(calls[2]!.messages[1]!.content).toContain('- R0 (`data/sales.csv` is loaded');
    expect(s.judgeUnguided!.verdicts.every((v) => v.satisfied === true && v.evidence.length === 1)).toBe(true);
    // The checks tell the story the judge missed: R1's defect fails its check before guidance, not after.
    expect(s.unguided!.run.checks.map((c) => c.passed)).toEqual([true, false, true, true, true]);
    expect(s.turns.at(-1)!.run.checks.every((c) => c.passed)).toBe(true);
  });
});

describe('running a project the way execute_workspace.sh would', () => {
  const run = (files: Record<string, string>) => runProject((f, steps, limit) => runWorkspace(executor, f, steps, limit), SALES, files, 10_000);

  it('runs python lines only, saying why each other line did not run; the task’s data and the run’s own outputs win', async () => {
    const project = {
      ...SALES.reference!,
      [RUN_SCRIPT]: 'pip install pandas\nmkdir -p results\npython src/main.py | tee log.txt\npython src/main.py\n',
      'data/sales.csv': 'date,region,product,units,unit_price\n', // an attempt to replace the task's data
      'results/summary.json': '{"total_revenue": 49412.49, "best_region": "West", "mean_units_per_order": 4.4188}', // an output written, not produced
    };
    const { execution, checks } = await run(project);
    expect(execution.refused.map((r) => [r.line, r.text])).toEqual([
      [1, 'pip install pandas'],
      [2, 'mkdir -p results'],
      [3, 'python src/main.py | tee log.txt'],
    ]);
    expect(execution.lines.map((l) => [l.text, l.status])).toEqual([['python src/main.py', 'ok']]);
    expect([execution.replaced, execution.dropped]).toEqual([['data/sales.csv'], ['results/summary.json']]);
    expect(checks.every((c) => c.passed)).toBe(true); // produced by the run on the real data
    expect(execution.produced.map((f) => f.path)).toContain('results/summary.json');
  });

  it('after set -e, the lines after a failing one are skipped; what was only written in the reply does not count', async () => {
    const project = {
      ...SALES.reference!,
      [RUN_SCRIPT]: 'set -e\npython src/missing.py\npython src/main.py\n',
      'results/summary.json': '{"total_revenue": 49412.49, "best_region": "West", "mean_units_per_order": 4.4188}',
    };
    const { execution, checks } = await run(project);
    expect(execution.lines.map((l) => [l.status, l.error?.type])).toEqual([
      ['exception', 'FileNotFoundError'],
      ['skipped', undefined],
    ]);
    expect(checks.map((c) => c.passed)).toEqual([false, false, false, false, false]);
    expect(checks[3]!.reason).toBe('value: null is not an object');
    expect(executionReport(execution)).toContain('$ python src/main.py  →  not run (set -e: an earlier line failed)');
  });
});

describe('a sharded Interview run', () => {
  it('merges back into the unsharded run: its tasks, items and scores', async () => {
    const config = { ...simulated(['high']), settings: { seed: 3, concurrency: 2 } };
    const tasks = ['sales-report', 'server-logs', 'gradebook-cli'].map((id) => byId.get(id)!);
    const whole = await runInMemory(config, [], deps, undefined, tasks);
    const parts = await Promise.all([1, 2].map((k) => runInMemory({ ...config, shard: { k, n: 2 } }, [], deps, undefined, tasks)));
    expect(parts.map((p) => p.manifest.dataset.tasks!.map((t) => t.id))).toEqual([['sales-report', 'gradebook-cli'], ['server-logs']]);
    const merged = mergeLogs(parts);
    expect(merged.manifest.dataset.tasks).toEqual(whole.manifest.dataset.tasks);
    expect(merged.items.map((i) => i.key).sort()).toEqual(whole.items.map((i) => i.key).sort());
    expect(merged.summaries.map((s) => s.metrics)).toEqual(whole.summaries.map((s) => s.metrics));
  }, 120_000);
});

describe('a paused Interview run resumes exactly', () => {
  it('gives the same steps as a run never paused', async () => {
    const config = { ...simulated(['medium']), settings: { seed: 9, concurrency: 1 } };
    const tasks: InterviewTask[] = [byId.get('server-logs')!];
    const whole = await runInMemory(config, [], deps, undefined, tasks);
    const protocol = interview;
    const manifest = await createManifest(
      config,
      { id: 'builtin', name: 'Built-in', instances: [], tasks },
      protocol,
      { version: 'test', pyodide: 'test' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const store = new MemoryRunStore();
    const record = createRecord(manifest, protocol);
    await store.putRun(record);
    const runDeps = () => ({
      executor,
      store,
      caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
      bindings: buildBindings(manifest, { executor, mutator: '', keyFor: () => '' }),
      instances: new Map(),
      tasks: new Map(tasks.map((t) => [t.id, t])),
      protocol,
    });
    let steps = 0;
    const first = new RunController(record, { ...runDeps(), onEvent: (e) => e.type === 'step' && ++steps === 3 && first.pause() });
    expect(await first.run()).toBe('paused');
    await new RunController((await store.getRun(manifest.runId))!, runDeps()).run();
    const resumed = (await loadRunLog(store, manifest.runId))!;
    // Everything but wall-clock times (how long each script line ran).
    const timeless = (l: RunLog) =>
      JSON.parse(
        JSON.stringify(
          l.items.map((i) => ({
            key: i.key,
            stop: i.stopReason,
            steps: i.steps.map((s) => ({ data: s.data, calls: s.calls.map((c) => [c.role, c.messages, c.content]) })),
          })),
          (k, x: unknown) => (k === 'durationMs' ? undefined : x),
        ),
      );
    expect(timeless(resumed)).toEqual(timeless(whole));
  }, 120_000);
});
