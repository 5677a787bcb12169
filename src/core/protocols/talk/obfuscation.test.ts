// The obfuscator's statement is checked before any code model sees it: shorter than a fraction
// of the full statement, and holding no hidden test data; a rejected one is asked for again with
// the reasons, and refused when no attempt passes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../llm/types.ts';
import type { Instance } from '../../model/instance.ts';
import type { Manifest } from '../../model/runlog.ts';
import { expectedText } from '../../model/test-text.ts';
import type { StepEnv } from '../contract.ts';
import { underSpecified } from './obfuscation.ts';
import { TALK_DEFAULTS, type TalkParams } from './params.ts';
import { TALK_TEMPLATES } from './prompts.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const { summary: _summary, ...bare } = builtin.find((i) => i.id === 'arr-best-window')!;
const instance: Instance = bare;
/** A hidden test's expected output the statement does not show (12+ characters squashed). */
const hiddenOutput = instance.tests
  .filter((t) => !instance.publicTests?.includes(t.id))
  .map((t) => expectedText(t)!.replace(/\s+/g, ' ').trim())
  .find((x) => x.length >= 12 && !instance.statement.includes(x))!;

const manifest = {
  models: [{ id: 'obfuscator-model', label: 'O', role: 'obfuscator', simulated: false, model: 'o-1', provider: { baseURL: 'http://obfuscator.test/v1' } }],
} as unknown as Manifest;
const params: TalkParams = { ...TALK_DEFAULTS, regenerations: 3 };

/** A step's environment whose obfuscator answers from a script; every conversation it was sent is kept. */
function envOf(replies: (n: number) => string) {
  const sent: ChatMessage[][] = [];
  const env = {
    call: async (_role: string, messages: ChatMessage[]) => {
      sent.push(messages.map((m) => ({ ...m })));
      return replies(sent.length);
    },
    shared: async <T>(_key: string, make: () => Promise<T>) => ({ value: await make(), made: true }),
  } as unknown as StepEnv;
  return { env, sent };
}

const SHORT = 'Find the best run of days in a profit record for a few run lengths.';
/** The full statement echoed as one paragraph (a summary is its reply's first paragraph). */
const ECHO = instance.statement.replace(/\s+/g, ' ');

describe('the obfuscator’s statement', () => {
  it('is accepted when it is short and holds no hidden test data', async () => {
    const { env, sent } = envOf(() => `###SUMMARY\n\n${SHORT}`);
    const got = await underSpecified(instance, manifest, params, TALK_TEMPLATES, env);
    expect(got).toEqual({ text: SHORT, obfuscation: { source: 'obfuscator', model: 'obfuscator-model', made: true } });
    expect(sent).toHaveLength(1);
  });

  it('is asked for again when it echoes the full statement, the reason given', async () => {
    const { env, sent } = envOf((n) => (n === 1 ? `###SUMMARY\n\n${ECHO}` : `###SUMMARY\n\n${SHORT}`));
    const got = await underSpecified(instance, manifest, params, TALK_TEMPLATES, env);
    expect(got.text).toBe(SHORT);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[1]![2]!.content).toContain('too-long');
    expect(got.obfuscation.rejected?.map((r) => r.problems.map((p) => p.kind))).toEqual([['too-long']]);
  });

  it('is refused, with the reasons, when every attempt echoes the statement', async () => {
    const { env, sent } = envOf(() => `###SUMMARY\n\n${ECHO}`);
    await expect(underSpecified(instance, manifest, params, TALK_TEMPLATES, env)).rejects.toThrow(
      /the obfuscator's statement was refused after 4 attempts: .*too-long/,
    );
    expect(sent).toHaveLength(4);
  });

  it('is refused when it holds a hidden test’s expected output', async () => {
    const leaking = `Find the best run of days for each length (one answer is ${hiddenOutput}).`;
    const { env } = envOf(() => `###SUMMARY\n\n${leaking}`);
    await expect(underSpecified(instance, manifest, { ...params, regenerations: 1 }, TALK_TEMPLATES, env)).rejects.toThrow(/hidden-data/);
  });

  it('may be at most the set fraction of the full statement', async () => {
    const half = instance.statement.replace(/\s+/g, ' ').slice(0, 400);
    const loose = await underSpecified(instance, manifest, { ...params, obfuscatedMaxFraction: 0.5 }, TALK_TEMPLATES, envOf(() => `SUMMARY: ${half}`).env);
    expect(loose.text).toBe(half.trim());
    await expect(
      underSpecified(instance, manifest, { ...params, obfuscatedMaxFraction: 0.2, regenerations: 0 }, TALK_TEMPLATES, envOf(() => `SUMMARY: ${half}`).env),
    ).rejects.toThrow(/too-long/);
  });
});
