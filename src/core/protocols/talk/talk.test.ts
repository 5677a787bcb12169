// The Talk loop end to end in Pyodide (Node), with every model a scripted OpenAI-compatible
// endpoint: what each role is sent (the code model only the statement it may see, its latest
// program and the latest feedback; the user the full statement and the reference), feedback
// checked and regenerated with every attempt logged, each setting's shape, the under-specified
// statement made once per instance and model, and a log that reads back through its schema.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool } from '../../../../workers/node-executor.ts';
import { MemoExecutor } from '../../exec/memo.ts';
import type { Instance } from '../../model/instance.ts';
import type { CallRecord, RunLog } from '../../model/runlog.ts';
import { inputText } from '../../model/test-text.ts';
import { parseRunLog, toJson } from '../../runner/export.ts';
import { SharedValues } from '../../runner/shared-values.ts';
import type { RunConfig } from '../../runner/setup.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { hiddenData } from '../shared/leakage.ts';
import { FEEDBACK_TYPE_IDS } from './feedback-types.ts';
import { shuffledTypes, typeFor } from './feedback.ts';
import { SETTINGS } from './settings.ts';
import type { TalkStepData } from './step-data.ts';
import { talkItems } from './view.ts';

const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const window = builtin.find((i) => i.id === 'arr-best-window')!;
const pool = new NodeExecutorPool(2);
const executor = new MemoExecutor(pool);
afterAll(() => pool.close());

type Body = { model: string; messages: { role: string; content: string }[] };
type Script = Partial<Record<'code' | 'user' | 'judge' | 'obfuscator', (body: Body, n: number) => string>>;

/** Every role a scripted endpoint of its own; returns the requests each got. */
function scripted(script: Script) {
  const seen: Record<keyof Script, Body[]> = { code: [], user: [], judge: [], obfuscator: [] };
  const answer = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const role = new URL(String(url)).hostname.split('.')[0] as keyof Script;
    const body = JSON.parse(String(init?.body)) as Body;
    seen[role].push(body);
    const content = script[role]?.(body, seen[role].length) ?? '';
    return new Response(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5 },
      }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  }) as typeof fetch;
  return { fetch: answer, seen };
}

const provider = (role: string) => ({
  kind: 'provider' as const,
  id: `${role}-model`,
  preset: 'custom',
  baseURL: `http://${role}.test/v1`,
  model: `${role}-model`,
});

function config(params: Record<string, unknown>, models = 1): RunConfig {
  return {
    protocol: 'talk',
    candidates: Array.from({ length: models }, (_, i) => ({ ...provider('code'), id: `code-${i}`, model: `code-${i}` })),
    roles: { user: provider('user'), judge: provider('judge'), obfuscator: provider('obfuscator') },
    params,
    settings: { seed: 5, concurrency: 2 },
  };
}

const fence = (code: string) => `Here you go.\n\n\`\`\`python\n${code}\`\`\`\n`;
const dataOf = (log: RunLog) => log.items[0]!.steps.filter((s) => !s.error).map((s) => s.data as TalkStepData);
const callsOf = (log: RunLog, role: string): CallRecord[] => log.items.flatMap((i) => i.steps.flatMap((s) => s.calls.filter((c) => c.role === role)));
const hiddenTest = window.tests.find((t) => !window.publicTests?.includes(t.id) && inputText(t).length > 30)!;
const referenceLines = window.reference
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.length >= 10 && !window.buggy.includes(l));

describe('paragraph feedback from a scripted user', () => {
  let log: RunLog;
  let seen: ReturnType<typeof scripted>['seen'];
  it('runs to a solved program, the leaking reply rejected and regenerated', async () => {
    const s = scripted({
      code: (_b, n) => fence(n === 1 ? window.buggy : window.reference),
      user: (_b, n) =>
        n === 1
          ? `Try this input: ${inputText(hiddenTest)}`
          : 'The solution never considers the last stretch of days, and on ties it reports the latest stretch instead of the earliest.',
      judge: () => 'INCORRECT',
    });
    seen = s.seen;
    log = await runInMemory(config({ setting: 'paragraph' }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    expect(log.items[0]).toMatchObject({ status: 'done', stopReason: 'solved' });
    const [first, second] = dataOf(log);
    expect(first!.question).toEqual({ kind: 'under', text: window.summary });
    expect(first!.obfuscation).toEqual({ source: 'summary' });
    expect(second!.feedback!.attempts.map((a) => [a.accepted, a.problems.map((p) => p.kind)])).toEqual([
      [false, ['hidden-data']],
      [true, []],
    ]);
    expect(second!.feedback).toMatchObject({ type: 'paragraph', claim: { verdict: 'incorrect', judged: 'incorrect' } });
    expect(second!.feedback!.flagged).toBeUndefined();
  }, 120_000);

  it('sends the code model only the summary, its latest program and the latest feedback', () => {
    const [firstCall, secondCall] = seen.code;
    for (const body of seen.code) {
      expect(body.messages).toHaveLength(1);
      const text = body.messages[0]!.content;
      expect(text).toContain(window.summary!);
      expect(text).not.toContain(window.statement.slice(0, 200));
      expect(hiddenData(text, window)).toBeNull();
      for (const line of referenceLines) expect(text.includes(line), line).toBe(false);
    }
    expect(firstCall!.messages[0]!.content).not.toContain('Here is your last version of the code');
    const revision = secondCall!.messages[0]!.content;
    expect(revision).toContain(window.buggy.trim());
    expect(revision).toContain('The solution never considers the last stretch of days');
    expect(revision).not.toContain(inputText(hiddenTest).trim());
  });

  it('gives the user the full statement and the reference, and tells it why a reply was rejected', () => {
    const [asked, again] = seen.user;
    expect(asked!.messages[0]!.role).toBe('system');
    expect(asked!.messages[0]!.content).toContain(window.statement);
    expect(asked!.messages[0]!.content).toContain(window.reference.trim());
    expect(asked!.messages[1]!.content).toContain('Write one paragraph of feedback');
    expect(again!.messages).toHaveLength(4);
    expect(again!.messages.at(-1)!.content).toMatch(/^Your reply cannot be passed on to the coding assistant: hidden-data/);
    // Each call's record holds the conversation as it was sent then.
    expect(callsOf(log, 'user').map((c) => c.messages.length)).toEqual([2, 4]);
    // The judge sees only the accepted feedback.
    expect(seen.judge).toHaveLength(1);
    expect(seen.judge[0]!.messages[0]!.content).toContain('The solution never considers the last stretch');
  });

  it('reads back through the run-log schema, steps and claims included', async () => {
    const back = await parseRunLog(toJson(log));
    expect(talkItems(back)[0]!.attempts.map((a) => [a.tca, a.feedback?.type ?? null])).toEqual([
      [expect.closeTo(log.items[0]!.steps[0]!.evaluation!.passed.length / window.tests.length, 12), null],
      [1, 'paragraph'],
    ]);
    expect(back.summaries[0]!.metrics).toMatchObject({ tca: 1, solved: 1, steps: 1, dc: 1 });
  });
});

describe('each setting', () => {
  it('static: the full statement, one attempt', async () => {
    const s = scripted({ code: () => fence(window.buggy) });
    const log = await runInMemory(config({ setting: 'static' }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    expect(log.items[0]).toMatchObject({ stopReason: 'single' });
    expect(dataOf(log).map((d) => d.question)).toEqual([{ kind: 'full' }]);
    expect(s.seen.code[0]!.messages[0]!.content).toContain(window.statement);
    expect(s.seen.user).toHaveLength(0);
  }, 60_000);

  it('self-critique: the model critiques and revises itself, nobody else is asked', async () => {
    const s = scripted({
      code: (b) => (b.messages[0]!.content.includes('Point out what in this code') ? 'It may miss the last window.' : fence(window.buggy)),
    });
    const log = await runInMemory(config({ setting: 'self-critique', steps: 3 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    expect(log.items[0]).toMatchObject({ stopReason: 'steps' });
    const data = dataOf(log);
    expect(data).toHaveLength(3);
    expect(data.slice(1).map((d) => [d.feedback!.type, d.feedback!.text, d.feedback!.claim])).toEqual([
      ['self-critique', 'It may miss the last window.', undefined],
      ['self-critique', 'It may miss the last window.', undefined],
    ]);
    expect(log.items[0]!.steps.map((st) => st.calls.map((c) => c.role))).toEqual([['code'], ['code', 'code'], ['code', 'code']]);
    expect(s.seen.user.length + s.seen.judge.length).toBe(0);
  }, 60_000);

  it('query rephrasing: the question is replaced and the model writes afresh, without its program', async () => {
    const s = scripted({
      code: () => fence(window.buggy),
      user: () => 'Question: Best stretch of days for each length; earliest on ties.',
    });
    const log = await runInMemory(config({ setting: 'query-rephrasing', steps: 3 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    const data = dataOf(log);
    expect(data.map((d) => d.question)).toEqual([
      { kind: 'under', text: window.summary },
      { kind: 'rephrased', text: 'Best stretch of days for each length; earliest on ties.' },
      { kind: 'rephrased', text: 'Best stretch of days for each length; earliest on ties.' },
    ]);
    expect(data[1]!.feedback!.claim).toBeUndefined(); // no claim, no judge
    expect(s.seen.judge).toHaveLength(0);
    const second = s.seen.code[1]!.messages[0]!.content;
    expect(second).toContain('Best stretch of days for each length; earliest on ties.');
    expect(second).not.toContain('Here is your last version of the code');
    // The user is shown the question as it now stands.
    expect(s.seen.user[1]!.messages[1]!.content).toContain('Best stretch of days for each length; earliest on ties.');
  }, 60_000);

  it('mixed: the user picks from the types listed in a shuffled order, and its pick is recorded', async () => {
    const s = scripted({
      code: () => fence(window.buggy),
      user: () => '[SENTENCE] The solution never considers the last stretch of days.',
      judge: () => 'INCORRECT',
    });
    const log = await runInMemory(config({ setting: 'mixed', steps: 3 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    const key = log.items[0]!.key;
    for (const [k, d] of dataOf(log).entries()) {
      if (k === 0) continue;
      expect(d.feedback!.type).toBe('sentence');
      expect(d.feedback!.offered).toEqual(shuffledTypes(5, key, k));
      expect(new Set(d.feedback!.offered)).toEqual(new Set(FEEDBACK_TYPE_IDS));
      expect(d.feedback!.attempts[0]!.type).toBe('sentence');
      expect(d.feedback!.text).toBe('The solution never considers the last stretch of days.');
    }
    const prompt = s.seen.user[0]!.messages[1]!.content;
    const order = shuffledTypes(5, key, 1).map((t) =>
      prompt.indexOf(`[${t === 'code-feedback' ? 'CODE FEEDBACK' : t === 'query-rephrasing' ? 'QUERY REPHRASING' : t.toUpperCase()}]`),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }, 60_000);

  it('random: each step draws its type from the seed', async () => {
    const s = scripted({
      code: () => fence(window.buggy),
      user: (b) =>
        b.messages[1]!.content.includes('Please rewrite the question')
          ? 'Question: Best run of days.'
          : b.messages[1]!.content.includes('Point out specific lines')
            ? 'The line `best = max(sums)` is fine but the sums miss the last window.'
            : 'The solution misses the last window.',
      judge: () => 'INCORRECT',
    });
    const log = await runInMemory(config({ setting: 'random', steps: 5 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    const key = log.items[0]!.key;
    const types = dataOf(log)
      .slice(1)
      .map((d) => d.feedback!.type);
    expect(types).toEqual([1, 2, 3, 4].map((k) => typeFor(SETTINGS.random, 5, key, k)));
  }, 60_000);
});

describe('feedback that never passes', () => {
  it('is skipped when every attempt quotes protected data, and the code model is told there is none', async () => {
    const s = scripted({ code: () => fence(window.buggy), user: () => `Just write ${referenceLines[0]}` });
    const log = await runInMemory(config({ setting: 'sentence', steps: 2, regenerations: 2 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    const fb = dataOf(log)[1]!.feedback!;
    expect(fb).toMatchObject({ text: null, flagged: 'skipped' });
    expect(fb.attempts.map((a) => a.problems.map((p) => p.kind))).toEqual([['reference'], ['reference'], ['reference']]);
    expect(s.seen.judge).toHaveLength(0);
    expect(s.seen.code[1]!.messages[0]!.content).toContain('(The user gave no feedback this time.)');
  }, 60_000);

  it('is passed on as a best effort when it only breaks its form', async () => {
    const s = scripted({
      code: () => fence(window.buggy),
      user: () => 'The sums miss the last window. Also ties go to the earliest stretch.',
      judge: () => 'INCORRECT',
    });
    const log = await runInMemory(config({ setting: 'sentence', steps: 2, regenerations: 1 }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    const fb = dataOf(log)[1]!.feedback!;
    expect(fb).toMatchObject({
      flagged: 'best-effort',
      text: 'The sums miss the last window. Also ties go to the earliest stretch.',
      claim: { verdict: 'incorrect' },
    });
    expect(fb.attempts.map((a) => a.problems.map((p) => p.kind))).toEqual([['not-one-sentence'], ['not-one-sentence']]);
  }, 60_000);
});

describe('the under-specified statement of an instance without a summary', () => {
  const bare: Instance = { ...window, id: 'bare-window', summary: undefined };
  delete bare.summary;
  it('is the obfuscator’s, asked once per instance and model, and reused by a later run', async () => {
    const shared = new SharedValues();
    const s = scripted({ code: () => fence(window.reference), obfuscator: () => '###SUMMARY\n\nPick the best stretch of days for each length.\n' });
    const log = await runInMemory(config({ setting: 'paragraph' }, 2), [bare], { executor, mutator: MUTATOR, fetch: s.fetch, shared });
    expect(s.seen.obfuscator).toHaveLength(1);
    expect(s.seen.obfuscator[0]!.messages[0]!.content).toContain(bare.statement);
    expect(s.seen.obfuscator[0]!.messages[0]!.content).toContain('###EX SUMMARY');
    const firsts = log.items.map((i) => i.steps[0]!.data as TalkStepData);
    expect(firsts.map((d) => d.question)).toEqual([
      { kind: 'under', text: 'Pick the best stretch of days for each length.' },
      { kind: 'under', text: 'Pick the best stretch of days for each length.' },
    ]);
    expect(firsts.map((d) => d.obfuscation!.made).sort()).toEqual([false, true]);
    expect(firsts.every((d) => d.obfuscation!.source === 'obfuscator' && d.obfuscation!.model === 'obfuscator-model')).toBe(true);
    // A later run (another setting) gets the same statement without asking again.
    const again = await runInMemory(config({ setting: 'sentence' }), [bare], { executor, mutator: MUTATOR, fetch: s.fetch, shared });
    expect(s.seen.obfuscator).toHaveLength(1);
    expect(dataOf(again)[0]!.obfuscation).toEqual({ source: 'obfuscator', model: 'obfuscator-model', made: false });
    // An edited template is another key: asked again.
    await runInMemory({ ...config({ setting: 'sentence' }), templates: { obfuscate: 'Summarize in one sentence: {{question}}' } }, [bare], {
      executor,
      mutator: MUTATOR,
      fetch: s.fetch,
      shared,
    });
    expect(s.seen.obfuscator).toHaveLength(2);
  }, 60_000);

  it('is asked for again when the obfuscator echoes the statement, and the item refused when it always does', async () => {
    const echo = `###SUMMARY\n\n${bare.statement.replace(/\s+/g, ' ')}`;
    const once = scripted({
      code: () => fence(window.reference),
      obfuscator: (_b, n) => (n === 1 ? echo : '###SUMMARY\n\nPick the best stretch of days for each length.\n'),
    });
    const log = await runInMemory(config({ setting: 'paragraph' }), [bare], { executor, mutator: MUTATOR, fetch: once.fetch });
    expect(once.seen.obfuscator).toHaveLength(2);
    expect(once.seen.obfuscator[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(once.seen.obfuscator[1]!.messages[2]!.content).toContain('too-long');
    const first = dataOf(log)[0]!;
    expect(first.question).toEqual({ kind: 'under', text: 'Pick the best stretch of days for each length.' });
    expect(first.obfuscation!.rejected!.map((r) => r.problems.map((p) => p.kind))).toEqual([['too-long']]);
    expect(once.seen.code[0]!.messages[0]!.content).not.toContain(bare.statement.slice(0, 200));

    const always = scripted({ code: () => fence(window.reference), obfuscator: () => echo });
    const refused = await runInMemory(config({ setting: 'paragraph', regenerations: 2 }), [bare], { executor, mutator: MUTATOR, fetch: always.fetch });
    expect(refused.items[0]).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^the obfuscator's statement was refused after 3 attempts: attempt 1: too-long/),
    });
    expect(always.seen.obfuscator).toHaveLength(3);
    expect(always.seen.code).toHaveLength(0);
    expect(refused.items[0]!.steps[0]!.calls.filter((c) => c.role === 'obfuscator')).toHaveLength(3);
  }, 60_000);

  it('is the obfuscator’s for every instance when the run asks for it', async () => {
    const s = scripted({ code: () => fence(window.reference), obfuscator: () => 'SUMMARY: "Best stretches of days."' });
    const log = await runInMemory(config({ setting: 'paragraph', underSpecified: 'obfuscator' }), [window], { executor, mutator: MUTATOR, fetch: s.fetch });
    expect(dataOf(log)[0]!.question).toEqual({ kind: 'under', text: 'Best stretches of days.' });
  }, 60_000);
});
