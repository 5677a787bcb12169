// The upper bound on calls and cost before a Talk run starts, counted by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../model/instance.ts';
import { talkEstimate } from './estimate.ts';
import { TALK_TEMPLATES } from './prompts.ts';

const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const [a, b] = builtin;
const model = (label: string, simulated = false) => ({ label, model: label, simulated });
const input = (params: Record<string, number | string>, instances: Instance[] = [a!, b!]) => ({
  instances,
  models: { code: [model('coder'), model('sim', true)], user: [model('user')], judge: [model('judge')], obfuscator: [model('obf')] },
  params,
  repeats: 2,
  templates: TALK_TEMPLATES,
  prices: { coder: { input: 1, output: 2 }, user: { input: 3, output: 4 } },
});
const calls = (e: ReturnType<typeof talkEstimate>) => Object.fromEntries(e.rows.map((r) => [`${r.role}:${r.label}`, r.calls]));

describe('the Talk estimate', () => {
  it('counts every attempt, every regeneration and every claim, per code model', () => {
    // 2 instances × 2 repeats = 4 items per code model; 3 steps: 1 first attempt + 2 revisions.
    const e = talkEstimate(input({ setting: 'paragraph', steps: 3, regenerations: 1 }));
    expect(calls(e)).toEqual({
      'code:coder': 4 * 3,
      'code:sim': 4 * 3,
      'user:user': 2 * 4 * 2 * 2, // 2 code models × 4 items × 2 revisions × (R + 1)
      'judge:judge': 2 * 4 * 2, // one claim per revision
    });
    expect(e.rows.find((r) => r.label === 'sim')!.costUsd).toBe(0);
    expect(e.costUsd).toBeNull(); // the judge has no price
  });
  it('makes one call in static, two per revision in self-critique, no judge for query rephrasing', () => {
    expect(calls(talkEstimate(input({ setting: 'static', steps: 5 })))).toEqual({ 'code:coder': 4, 'code:sim': 4 });
    expect(calls(talkEstimate(input({ setting: 'self-critique', steps: 3 })))).toEqual({ 'code:coder': 4 + 4 * 2 * 2, 'code:sim': 4 + 4 * 2 * 2 });
    expect(calls(talkEstimate(input({ setting: 'query-rephrasing', steps: 2, regenerations: 0 })))).toEqual({
      'code:coder': 8,
      'code:sim': 8,
      'user:user': 2 * 4,
    });
  });
  it('asks the obfuscator once per instance that needs it', () => {
    const bare = { ...a!, id: 'bare' } as Instance;
    delete bare.summary;
    expect(calls(talkEstimate(input({ setting: 'sentence', steps: 1 }, [bare, b!])))['obfuscator:obf']).toBe(1);
    expect(calls(talkEstimate(input({ setting: 'sentence', steps: 1, underSpecified: 'obfuscator' })))['obfuscator:obf']).toBe(2);
    expect(calls(talkEstimate(input({ setting: 'static', steps: 1, underSpecified: 'obfuscator' })))['obfuscator:obf']).toBeUndefined();
  });
});
