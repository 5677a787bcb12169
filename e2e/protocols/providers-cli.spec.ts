// `hintbench run` through each protocol with a model from every provider family, each served by
// a local server that answers as that provider's API does (provider-mocks.ts): it refuses the
// parameters its models refuse, streams, reports usage in its own fields, and gives a reasoning
// model's thinking where that provider puts it, with a draft program in it. Every run completes
// with no request refused, every reply streamed, the thinking kept apart and never evaluated,
// the reasoning tokens counted; a model the table does not know learns its shape from the
// refusals; a reply cut off by its token limit is asked again with more room.
import { readFileSync } from 'node:fs';
import type { CallRecord, RunLog } from '../../src/core/model/runlog.ts';
import { parseTasks } from '../../src/core/model/task.ts';
import { readSteps } from '../../src/core/protocols/interview/item.ts';
import { renderSolution } from '../../src/core/protocols/interview/solution.ts';
import { runCli } from '../cli.ts';
import { expect, test } from '../fixtures.ts';
import { BUILTIN, DEMO, fenced } from '../mock-llm.ts';
import { DRAFT_MARK, FAMILIES, FAMILY_MODEL, startProviderMock, type AskedFor, type Family, type MockOptions, type ProviderMock } from '../provider-mocks.ts';
import { prismReply, roleOf as prismRole } from './prism-endpoint.ts';

const KEY = 'sk-providers-5e2a-SECRET';
const KEY_ENV = 'HINTBENCH_PROVIDERS_KEY';

/** Families whose thinking comes back as text (a reasoning field, or <think> tags); the others keep it hidden. */
const SHOWS_THINKING: Family[] = ['deepseek-reasoner', 'ollama-think', 'vllm-reasoning', 'llamacpp-think'];
/** Families whose usage counts reasoning tokens. */
const COUNTS_REASONING: Family[] = ['openai-reasoning', 'gemini', 'deepseek-reasoner'];
/** Families whose usage says how much of the prompt the cache served. */
const COUNTS_CACHE: Family[] = ['openai-reasoning', 'openai-chat', 'deepseek-reasoner'];

interface Served {
  id: string;
  mock: ProviderMock;
  entry: Record<string, unknown>;
}

/** One server per family, and the config entry of its model (id = the family). */
async function serveFamilies(answer: (asked: AskedFor) => string): Promise<Served[]> {
  return Promise.all(FAMILIES.map((family) => serve(family, family, answer)));
}

async function serve(id: string, family: Family, answer: (asked: AskedFor) => string, entry: Record<string, unknown> = {}, options: MockOptions = {}): Promise<Served> {
  const mock = await startProviderMock(family, answer, options);
  return { id, mock, entry: { id, ...FAMILY_MODEL[family], baseURL: mock.baseURL, apiKeyEnv: KEY_ENV, ...entry } };
}

const cliRun = (config: Record<string, unknown>) => runCli(config, { [KEY_ENV]: KEY });

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
  for (const { id, mock } of served) {
    const family = mock.family;
    // The preset's request shape was right the first time: the provider refused nothing.
    expect(mock.exchanges.length, id).toBeGreaterThan(0);
    expect(mock.exchanges.filter((x) => x.status !== 200).map((x) => x.params), id).toEqual([]);
    expect(mock.exchanges.every((x) => x.stream), id).toBe(true);
    const calls = callsOf(log, id);
    expect(calls.length, id).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.error, `${id}: ${call.error?.message}`).toBeUndefined();
      expect(call, id).toMatchObject({ streamed: true, finishReason: 'stop' });
      expect(call.truncated, id).toBeUndefined();
      expect(call.content, id).not.toContain(DRAFT_MARK);
      expect(call.content, id).not.toMatch(/<\/?think>/);
      if (SHOWS_THINKING.includes(family)) expect(call.thinking, id).toContain(DRAFT_MARK);
      else expect(call.thinking, id).toBeUndefined();
      if (COUNTS_REASONING.includes(family)) expect(call.usage!.reasoningTokens, id).toBeGreaterThan(0);
      else expect(call.usage!.reasoningTokens, id).toBeUndefined();
      if (COUNTS_CACHE.includes(family)) expect(call.usage!.cachedPromptTokens, id).toBeGreaterThan(0);
      expect(call.usage!.completionTokens, id).toBeGreaterThan(call.usage!.reasoningTokens ?? 0);
    }
  }
  // The drafts in the thinking are only ever in a call's thinking: never a program, a verdict or a prompt.
  const misplaced = pathsHolding(log, DRAFT_MARK).filter((p) => p.at(-1) !== 'thinking');
  expect(misplaced.map((p) => p.join('.'))).toEqual([]);
}

/** The request shapes each family's own rules give. */
function expectShapes(served: Served[], sendsSystem = true): void {
  const params = (family: Family) => new Set(served.find((s) => s.mock.family === family)!.mock.exchanges.flatMap((x) => x.params));
  const roles = (family: Family) => new Set(served.find((s) => s.mock.family === family)!.mock.exchanges.flatMap((x) => x.roles));
  // OpenAI's models take max_completion_tokens (when a limit is sent), its reasoning models no temperature and developer messages.
  for (const family of ['openai-reasoning', 'openai-chat'] as Family[]) expect(params(family).has('max_tokens'), family).toBe(false);
  expect(params('openai-reasoning').has('temperature')).toBe(false);
  expect(roles('openai-reasoning').has('system')).toBe(false);
  expect(roles('openai-reasoning').has('developer')).toBe(sendsSystem);
  for (const family of ['anthropic', 'gemini', 'deepseek-reasoner'] as Family[]) expect(params(family).has('seed'), family).toBe(false);
  for (const family of FAMILIES.filter((f) => !f.startsWith('openai'))) expect(params(family).has('max_completion_tokens'), family).toBe(false);
  for (const { mock } of served) expect(params(mock.family).has('stream_options'), mock.family).toBe(true);
}

const closeAll = (served: Served[]) => Promise.all(served.map((s) => s.mock.close()));

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

test('PAIR: a model of every provider family; an unknown model learns its shape from refusals; a cut-off reply is asked again with more room', async () => {
  test.setTimeout(300_000);
  const instances = DEMO.slice(0, 2);
  const repair = (asked: AskedFor) => {
    const inst = BUILTIN.find((i) => asked.user.includes(i.buggy.trim()));
    return fenced(inst?.reference ?? 'print()\n');
  };
  const served = await serveFamilies(repair);
  // A reasoning model behind a custom endpoint, by a name no rule knows: sent plain, refused twice, then right.
  const learner = await serve('learner', 'openai-reasoning', repair, { preset: 'custom', model: 'house-reasoner-2', temperature: 0.3, maxTokens: 4000 });
  // A reasoning model given too little room: its first reply is all thinking, cut off.
  const cramped = await serve('cramped', 'deepseek-reasoner', repair, { label: 'cramped reasoner', maxTokens: 400 }, { truncateUnder: 700 });
  try {
    const { log, stdout } = await cliRun({
      name: 'providers, pair',
      protocol: 'pair',
      instances: instances.map((i) => i.id),
      models: [...served, learner, cramped].map((s) => s.entry),
      params: { turns: 2, concurrency: 4 },
    });
    expect(log.items).toHaveLength(instances.length * (served.length + 2));
    expect(log.items.map((i) => [i.key, i.status, i.stopReason]).filter(([, status, reason]) => status !== 'done' || reason !== 'fixed')).toEqual([]);
    expectFamiliesServed(log, served);
    expectShapes(served);

    // The learner: refused for max_tokens, then for temperature (twice each at most, for its two
    // items' first requests in flight at once), then never again.
    const refused = learner.mock.exchanges.filter((x) => x.status === 400);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeLessThanOrEqual(2 * instances.length);
    const lastRefused = learner.mock.exchanges.lastIndexOf(refused.at(-1)!);
    const after = learner.mock.exchanges.slice(lastRefused + 1);
    expect(after.length).toBeGreaterThanOrEqual(instances.length);
    expect(after.every((x) => x.status === 200 && x.params.includes('max_completion_tokens') && !x.params.includes('temperature') && !x.params.includes('max_tokens'))).toBe(true);
    const learned = callsOf(log, 'learner');
    expect(learned.every((c) => c.error === undefined)).toBe(true);
    const adjusted = learned.flatMap((c) => c.adjusted ?? []);
    expect(adjusted.some((a) => /max_completion_tokens/.test(a))).toBe(true);
    expect(adjusted.some((a) => /temperature/.test(a))).toBe(true);
    // The leaderboard says so, beside the model, and so does the report.
    expect(log.summaries.find((s) => s.modelId === 'learner')!.notes!.adjusted).toBe(learned.filter((c) => c.adjusted).length);
    expect(learned.filter((c) => c.adjusted).length).toBeGreaterThanOrEqual(1);
    expect(stdout).toMatch(/house-reasoner-2 \(Custom OpenAI-compatible endpoint\): \d+ requests? changed after the provider refused a parameter/);

    // The cramped model: each first reply cut off (no answer taken from it), asked again with twice the room.
    const cut = callsOf(log, 'cramped');
    const truncated = cut.filter((c) => c.truncated);
    expect(truncated.length).toBe(instances.length);
    for (const c of truncated) expect(c).toMatchObject({ finishReason: 'length', maxTokens: 400, content: '' });
    expect(cut.filter((c) => !c.truncated).every((c) => c.maxTokens === 800)).toBe(true);
    expect(log.summaries.find((s) => s.modelId === 'cramped')!.notes!.truncated).toBe(instances.length);
    expect(stdout).toMatch(new RegExp(`cramped reasoner: ${instances.length} replies cut off by the token limit; [\\d,]+ reasoning tokens`));
  } finally {
    await closeAll([...served, learner, cramped]);
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
    const { log } = await cliRun({ name: 'providers, talk', protocol: 'talk', instances: [instance.id], models: served.map((s) => s.entry), params: { steps: 1, concurrency: 4 } });
    expect(log.items).toHaveLength(served.length);
    expect(log.items.filter((i) => i.status !== 'done' || i.stopReason !== 'solved').map((i) => i.key)).toEqual([]);
    expectFamiliesServed(log, served);
    expectShapes(served, false); // Talk's code model gets no system message
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
  const designer = await serve('designer', 'anthropic', play);
  try {
    const { log } = await cliRun({
      name: 'providers, prism',
      protocol: 'prism',
      models: served.map((s) => s.entry),
      roles: { designer: designer.entry, analyser: { simulated: 'rules' } },
      params: { concepts: 'loops, recursion', maxNodes: 1, iterations1: 1, iterations2: 1, variations: 1, feedbackRetries: 1, concurrency: 4 },
    });
    expect(new Set(log.items.map((i) => i.key.split('|')[0]))).toEqual(new Set(served.map((s) => s.id)));
    expect(log.items.filter((i) => i.status !== 'done' || i.stopReason !== 'solved').map((i) => i.key)).toEqual([]);
    expectFamiliesServed(log, [...served, designer]);
    expectShapes(served);
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
    const { log } = await cliRun({
      name: 'providers, interview',
      protocol: 'interview',
      instances: [task.id],
      models: served.map((s) => s.entry),
      roles: { interviewer: { simulated: 'rule-based' }, judge: { simulated: 'check-based' } },
      params: { iterations: 1, reference: 'no', concurrency: 4 },
    });
    expect(log.items).toHaveLength(served.length);
    expect(log.items.filter((i) => i.status !== 'done').map((i) => i.key)).toEqual([]);
    // Every check passed on the first attempt: the project evaluated is the answer's, not the draft.
    for (const item of log.items) {
      const steps = readSteps(item.steps);
      expect(steps.unguided!.run.checks.length, item.key).toBeGreaterThan(0);
      expect(steps.unguided!.run.checks.filter((c) => !c.passed), item.key).toEqual([]);
      expect(['equivalent', 'over'], item.key).toContain(item.stopReason);
    }
    expectFamiliesServed(log, served);
    expectShapes(served);
  } finally {
    await closeAll(served);
  }
});
