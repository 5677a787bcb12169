// The configurations `hintbench demo` and `hintbench study` run, checked without a browser:
// PAIR's demo is one run as before; Talk's is one run per setting; a Talk study's settings
// inherit what Talk has and override its setting.
import { describe, expect, it } from 'vitest';
import { requireProtocol } from '../src/core/protocols/registry.ts';

const talk = requireProtocol('talk');
import { demoConfigs, runConfigOf, runFileName } from './run.ts';
import { studyConfigs } from './study.ts';

const pair = requireProtocol('pair');

describe('hintbench demo', () => {
  it("runs PAIR's demo as one run, as it always has", () => {
    expect(demoConfigs(pair)).toEqual([
      {
        name: 'Demo (simulated models)',
        dataset: 'builtin',
        subset: 'demo',
        protocol: 'pair',
        models: [{ simulated: 'low' }, { simulated: 'medium' }, { simulated: 'high' }],
        roles: { feedback: { simulated: 'rule-based' } },
        params: { concurrency: 2, turns: 10 },
      },
    ]);
  });
  it("runs Talk's demo as one run per setting, each named after it, with three simulated skills", () => {
    const configs = demoConfigs(talk);
    expect(configs.map((c) => [c.name, c.params?.setting])).toEqual([
      ['Talk demo: static', 'static'],
      ['Talk demo: self-critique', 'self-critique'],
      ['Talk demo: paragraph', 'paragraph'],
      ['Talk demo: sentence', 'sentence'],
      ['Talk demo: code-feedback', 'code-feedback'],
      ['Talk demo: query-rephrasing', 'query-rephrasing'],
    ]);
    for (const c of configs) {
      expect(c.models).toEqual([{ simulated: 'low' }, { simulated: 'medium' }, { simulated: 'high' }]);
      expect(c.roles).toEqual({ user: { simulated: 'rule-based' }, judge: { simulated: 'keyword' }, obfuscator: { simulated: 'summary' } });
      expect(c.subset).toBe('demo');
      expect(() => runConfigOf(c)).not.toThrow();
    }
    expect(runFileName(4, configs[4]!.name!)).toBe('5-talk-demo-code-feedback.json');
  });
});

describe('hintbench study with Talk', () => {
  it('runs each setting with the main configuration’s models and roles, its own setting over the main one', () => {
    const configs = studyConfigs({
      name: 'Static',
      dataset: 'builtin',
      protocol: 'talk',
      models: [{ simulated: 'low' }, { simulated: 'stubborn' }],
      judge: { simulated: 'keyword' },
      params: { setting: 'static', steps: 4, seed: 3 },
      settings: [
        { name: 'Paragraph', params: { setting: 'paragraph' } },
        { name: 'Code feedback', params: { setting: 'code-feedback', codeLines: 1 } },
      ],
    });
    expect(configs.map((c) => [c.name, c.params])).toEqual([
      ['Static', { setting: 'static', steps: 4, seed: 3 }],
      ['Paragraph', { setting: 'paragraph', steps: 4, seed: 3 }],
      ['Code feedback', { setting: 'code-feedback', steps: 4, seed: 3, codeLines: 1 }],
    ]);
    expect(configs.every((c) => JSON.stringify(c.judge) === '{"simulated":"keyword"}' && c.protocol === 'talk')).toBe(true);
    for (const c of configs) expect(runConfigOf(c).roles).toEqual({ judge: { kind: 'simulated', profile: 'keyword' } });
  });
  it('names a setting Talk does not have, or a simulated model a role lacks, as an error', () => {
    const base = { name: 'x', dataset: 'builtin', protocol: 'talk' as const, models: [{ simulated: 'low' }] };
    expect(() => runConfigOf({ ...base, params: { setting: 'loud' } })).toThrow('Setting must be one of static, self-critique');
    expect(() => runConfigOf({ ...base, roles: { user: { simulated: 'keyword' } } })).toThrow(
      'the simulated user role has no simulated model "keyword" (its simulated models: rule-based)',
    );
    expect(() => runConfigOf({ ...base, params: { userErrorRate: 1.5 } })).toThrow('Simulated user’s error rate must be at most 1');
  });
});
