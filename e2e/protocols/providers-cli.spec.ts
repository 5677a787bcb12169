// `hintbench run` through each protocol with a model of every provider family, each served by a
// local server generated from the provider corpus (e2e/provider-server.ts): it answers as the
// family's own documents and bug reports say, refusing what it refuses, in its reply, stream and
// usage shapes. Every run completes with no request refused (each preset starts in a shape its
// provider takes), the thinking kept apart and never evaluated, and every call's tokens and cost
// counted; a model the table does not know learns its shape from the refusals; a reply cut off
// by its token limit is asked again with more room; a refusal is recorded as one, not retried.
import { readFileSync } from 'node:fs';
import type { CallRecord, RunLog } from '../../src/core/model/runlog.ts';
import { PROVIDER_CORPUS } from '../../src/core/llm/fixtures/providers/index.ts';
import type { FamilyCorpus } from '../../src/core/llm/fixtures/providers/types.ts';
import { parseTasks } from '../../src/core/model/task.ts';
import { readSteps } from '../../src/core/protocols/interview/item.ts';
import { renderSolution } from '../../src/core/protocols/interview/solution.ts';
import { runCli } from '../cli.ts';
import { expect, test } from '../fixtures.ts';
import { BUILTIN, DEMO, fenced } from '../mock-llm.ts';
import { DRAFT_MARK, startCorpusServer, type AskedFor, type CorpusServer, type ServerOptions } from '../provider-server.ts';
import { prismReply, roleOf as prismRole } from './prism-endpoint.ts';

const KEY = 'sk-providers-5e2a-SECRET';
const KEY_ENV = 'HINTBENCH_PROVIDERS_KEY';
const PRICE = { input: 1, output: 4, cachedInput: 0.5 };

interface Served {
  id: string;
  server: CorpusServer;
  model: string;
  entry: Record<string, unknown>;
}

const family = (id: string) => PROVIDER_CORPUS.find((f) => f.id === id)!;
/** The model a family's runs use: the one that thinks, where it has one. */
const runModel = (corpus: FamilyCorpus) => corpus.models.thinking ?? corpus.models.plain;

async function serve(
  id: string,
  corpus: FamilyCorpus,
  answer: (asked: AskedFor) => string,
  entry: Record<string, unknown> = {},
  options: ServerOptions = {},
): Promise<Served> {
  const server = await startCorpusServer(corpus, answer, options);
  const model = (entry.model as string | undefined) ?? runModel(corpus);
  return { id, server, model, entry: { id, preset: corpus.preset, model, baseURL: server.baseURL, apiKeyEnv: KEY_ENV, ...entry } };
}

/** One server per family, and the config entry of its model (id = the family). */
const serveFamilies = (answer: (asked: AskedFor) => string) => Promise.all(PROVIDER_CORPUS.map((corpus) => serve(corpus.id, corpus, answer)));

/** Prices for every model served, so that every call's cost is counted. */
const pricesOf = (served: Served[]) => Object.fromEntries(served.map((s) => [s.model, PRICE]));

const cliRun = (config: Record<string, unknown>, served: Served[]) => runCli({ ...config, prices: pricesOf(served) }, { [KEY_ENV]: KEY });

/** Every place in a value where a string holds `mark`, as a path of keys. */
function pathsHolding(value: unknown, mark: string, path: string[] = []): string[][] {
  if (typeof value === 'string') return value.includes(mark) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsHolding(v, mark, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pathsHolding(v, mark, [...path, k]));
  return [];
}

const callsOf = (log: RunLog, modelId: string): CallRecord[] => log.items.flatMap((i) => i.steps.flatMap((s) => s.calls)).filter((c) => c.modelId === modelId);

/** What every family's model must show in any protocol's run. */
function expectFamiliesServed(log: RunLog, served: Served[]): void {
  for (const { id, server } of served) {
    const corpus = server.corpus;
    // The preset's request shape was right the first time: the provider refused nothing.
    expect(server.exchanges.length, id).toBeGreaterThan(0);
    expect(
      server.exchanges.filter((x) => x.status !== 200).map((x) => `${x.status} ${x.entry}`),
      id,
    ).toEqual([]);
    const thinkingServed = server.exchanges.some((x) => corpus.replies.find((r) => r.id === x.entry)?.thinking !== 'none');
    const calls = callsOf(log, id);
    expect(calls.length, id).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.error, `${id}: ${call.error?.message}`).toBeUndefined();
      expect(call.truncated, id).toBeUndefined();
      expect(call.refusal, id).toBeUndefined();
      expect(call.content, id).not.toContain(DRAFT_MARK);
      expect(call.content, id).not.toMatch(/<\/?(think|thought)>/);
      expect(call.usage, `${id}: usage`).not.toBeNull();
      expect(call.costUsd, `${id}: cost counted`).not.toBeNull();
      expect(Boolean(call.streamed), id).toBe(server.exchanges.every((x) => x.stream));
    }
    // The thinking, where the family returns it, is kept apart: every served thinking reached a call's thinking.
    if (thinkingServed)
      expect(
        calls.some((c) => c.thinking?.includes(DRAFT_MARK)),
        `${id}: thinking kept`,
      ).toBe(true);
    else
      expect(
        calls.filter((c) => c.thinking),
        id,
      ).toEqual([]);
    // Tokens a provider reports as reasoning count as output, wherever it reports them.
    for (const call of calls) expect(call.usage!.completionTokens, id).toBeGreaterThanOrEqual(call.usage!.reasoningTokens ?? 0);
  }
  // The drafts in the thinking are only ever in a call's thinking: never a program, a verdict or a prompt.
  const misplaced = pathsHolding(log, DRAFT_MARK).filter((p) => p.at(-1) !== 'thinking');
  expect(misplaced.map((p) => p.join('.'))).toEqual([]);
}

const closeAll = (served: Served[]) => Promise.all(served.map((s) => s.server.close()));

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

test('PAIR: a model of every provider family; an unknown model learns its shape from refusals; a cut-off reply is asked again with more room; a refusal is recorded', async () => {
  test.setTimeout(300_000);
  const instances = DEMO.slice(0, 2);
  const repair = (asked: AskedFor) => {
    const inst = BUILTIN.find((i) => asked.user.includes(i.buggy.trim()));
    return fenced(inst?.reference ?? 'print()\n');
  };
  const served = await serveFamilies(repair);
  // A model of Mistral's behind a custom endpoint, by a name no rule knows: sent plain, refused (stream_options), then right.
  const learner = await serve('learner', family('mistral'), repair, { preset: 'custom', model: 'house-model-2', temperature: 0.3, maxTokens: 4000 });
  // A reasoning model given too little room: its first reply is all thinking, cut off.
  const cramped = await serve('cramped', family('deepseek'), repair, { label: 'cramped reasoner', maxTokens: 400 }, { truncateUnder: 700 });
  // A model that refuses each instance's first request (OpenAI's refusal field): no answer, not asked again.
  const firsts = new Set<string>();
  const refuser = await serve(
    'refuser',
    family('openai-chat'),
    repair,
    { label: 'refusing model' },
    {
      refuse: (asked) => {
        const inst = BUILTIN.find((i) => asked.user.includes(i.buggy.trim()))?.id ?? '';
        return !firsts.has(inst) && Boolean(firsts.add(inst));
      },
    },
  );
  const all = [...served, learner, cramped, refuser];
  try {
    const { log, stdout } = await cliRun(
      {
        name: 'providers, pair',
        protocol: 'pair',
        instances: instances.map((i) => i.id),
        models: all.map((s) => s.entry),
        params: { turns: 2, concurrency: 4 },
      },
      all,
    );
    expect(log.items).toHaveLength(instances.length * all.length);
    expect(log.items.map((i) => [i.key, i.status, i.stopReason]).filter(([, status, reason]) => status !== 'done' || reason !== 'fixed')).toEqual([]);
    expectFamiliesServed(log, served);

    // The learner: refused, then never again.
    const refused = learner.server.exchanges.filter((x) => x.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(instances.length);
    const after = learner.server.exchanges.slice(learner.server.exchanges.lastIndexOf(refused.at(-1)!) + 1);
    expect(after.length).toBeGreaterThanOrEqual(instances.length);
    expect(after.every((x) => x.status === 200 && !x.params.includes('stream_options'))).toBe(true);
    const learned = callsOf(log, 'learner');
    expect(learned.every((c) => c.error === undefined)).toBe(true);
    expect(learned.flatMap((c) => c.adjusted ?? [])).toContain('stream_options left out');
    expect(log.summaries.find((s) => s.modelId === 'learner')!.notes!.adjusted).toBe(learned.filter((c) => c.adjusted).length);
    expect(stdout).toMatch(/house-model-2 \(Custom OpenAI-compatible endpoint\): \d+ requests? changed after the provider refused a parameter/);

    // The cramped model: each first reply cut off (no answer taken from it), asked again with twice the room.
    const cut = callsOf(log, 'cramped');
    const truncated = cut.filter((c) => c.truncated);
    expect(truncated.length).toBe(instances.length);
    for (const c of truncated) expect(c).toMatchObject({ finishReason: 'length', maxTokens: 400, content: '' });
    expect(cut.filter((c) => !c.truncated).every((c) => c.maxTokens === 800)).toBe(true);
    expect(log.summaries.find((s) => s.modelId === 'cramped')!.notes!.truncated).toBe(instances.length);
    expect(stdout).toMatch(new RegExp(`cramped reasoner: ${instances.length} replies cut off by the token limit`));

    // The refuser: each first reply a refusal, recorded as one (no answer, no retry), the next one answered.
    const refusals = callsOf(log, 'refuser').filter((c) => c.refusal !== undefined);
    expect(refusals).toHaveLength(instances.length);
    for (const c of refusals) expect(c).toMatchObject({ content: '', retries: 0, refusal: "I'm sorry, but I can't help with that request." });
    expect(refuser.server.exchanges.filter((x) => x.meaning === 'refusal')).toHaveLength(instances.length);
    expect(log.summaries.find((s) => s.modelId === 'refuser')!.notes!.refused).toBe(instances.length);
    expect(stdout).toMatch(new RegExp(`refusing model: ${instances.length} replies refused \\(no answer\\)`));
  } finally {
    await closeAll(all);
  }
});

test('Talk: a model of every provider family writes from the summary; the thinking is never the program', async () => {
  test.setTimeout(300_000);
  const instance = BUILTIN.find((i) => i.tags?.includes('sliding window'))!;
  const write = (asked: AskedFor) => {
    const inst = BUILTIN.find((i) => asked.user.includes(i.summary ?? '\u0000') || asked.user.includes(i.buggy.trim()));
    return fenced(inst?.reference ?? 'print()\n', 'Here is my solution.');
  };
  const served = await serveFamilies(write);
  try {
    const { log } = await cliRun(
      { name: 'providers, talk', protocol: 'talk', instances: [instance.id], models: served.map((s) => s.entry), params: { steps: 1, concurrency: 4 } },
      served,
    );
    expect(log.items).toHaveLength(served.length);
    expect(log.items.filter((i) => i.status !== 'done' || i.stopReason !== 'solved').map((i) => i.key)).toEqual([]);
    expectFamiliesServed(log, served);
  } finally {
    await closeAll(served);
  }
});

test('PrismBench: a model of every provider family solves what a designer of another family sets', async () => {
  test.setTimeout(300_000);
  const problems = new Map<string, number>();
  const play = (asked: AskedFor) => {
    const role = prismRole(asked.system);
    const n = (problems.get(asked.model) ?? 0) + (role === 'designer' ? 1 : 0);
    problems.set(asked.model, n);
    return prismReply(role, asked.user, n);
  };
  const served = await serveFamilies(play);
  const designer = await serve('designer', family('anthropic'), play);
  try {
    const { log } = await cliRun(
      {
        name: 'providers, prism',
        protocol: 'prism',
        models: served.map((s) => s.entry),
        roles: { designer: designer.entry, analyser: { simulated: 'rules' } },
        params: { concepts: 'loops, recursion', maxNodes: 1, iterations1: 1, iterations2: 1, variations: 1, feedbackRetries: 1, concurrency: 4 },
      },
      [...served, designer],
    );
    expect(new Set(log.items.map((i) => i.key.split('|')[0]))).toEqual(new Set(served.map((s) => s.id)));
    expect(log.items.filter((i) => i.status !== 'done' || i.stopReason !== 'solved').map((i) => i.key)).toEqual([]);
    expectFamiliesServed(log, [...served, designer]);
  } finally {
    await closeAll([...served, designer]);
  }
});

test('Interview: a model of every provider family as the interviewee; its drafted project in the thinking is never run', async () => {
  test.setTimeout(300_000);
  const task = parseTasks(readFileSync('datasets/interview.jsonl', 'utf8')).find((t) => t.id === 'sales-report')!;
  const project = () => `Here is the project.\n\n${renderSolution(task.reference!)}`;
  const served = await serveFamilies(project);
  try {
    const { log } = await cliRun(
      {
        name: 'providers, interview',
        protocol: 'interview',
        instances: [task.id],
        models: served.map((s) => s.entry),
        roles: { interviewer: { simulated: 'rule-based' }, judge: { simulated: 'check-based' } },
        params: { iterations: 1, reference: 'no', concurrency: 4 },
      },
      served,
    );
    expect(log.items).toHaveLength(served.length);
    expect(log.items.filter((i) => i.status !== 'done').map((i) => i.key)).toEqual([]);
    // Every check passed on the first attempt: the project evaluated is the answer's, not the draft.
    for (const item of log.items) {
      const steps = readSteps(item.steps);
      expect(steps.unguided!.run.checks.length, item.key).toBeGreaterThan(0);
      expect(
        steps.unguided!.run.checks.filter((c) => !c.passed),
        item.key,
      ).toEqual([]);
      expect(['equivalent', 'over'], item.key).toContain(item.stopReason);
    }
    expectFamiliesServed(log, served);
  } finally {
    await closeAll(served);
  }
});
