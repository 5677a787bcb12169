// A resumed study keeps a setting's file only when it is a finished run of that very setting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { talkLogOf } from '../src/core/protocols/talk/test-support.ts';
import type { CliConfig } from './run.ts';
import { writeRunLogFile } from './runlog-file.ts';
import { profileText } from './report.ts';
import { finishedRun, STUDY_PRESETS } from './study-profile.ts';
import { readConfig } from './run.ts';
import { studyConfigs } from './study.ts';

const dir = mkdtempSync(join(tmpdir(), 'hintbench-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const log = talkLogOf({ setting: 'static', instances: { a: ['t1'] }, models: ['m'], items: { 'a|m': [{ passed: ['t1'] }] } });
const config: CliConfig = { name: 'Talk static', protocol: 'talk', models: [{ simulated: 'low' }], params: { setting: 'static', seed: 1 } } as CliConfig;

describe('resuming a study', () => {
  it('keeps a finished run of the setting, and nothing else', async () => {
    const file = join(dir, '1-talk-static.json');
    expect(await finishedRun(file, config)).toBeNull(); // no file yet
    await writeRunLogFile(file, log);
    expect((await finishedRun(file, config))?.manifest.runId).toBe(log.manifest.runId);
    expect(await finishedRun(file, { ...config, name: 'Other' })).toBeNull();
    expect(await finishedRun(file, { ...config, params: { setting: 'paragraph', seed: 1 } })).toBeNull();
    expect(await finishedRun(file, { ...config, params: { setting: 'static', seed: 2 } })).toBeNull();
    expect(await finishedRun(file, { ...config, protocol: 'pair', params: { seed: 1 } } as CliConfig)).toBeNull();
    const unfinished = join(dir, '2-unfinished.json');
    await writeRunLogFile(
      unfinished,
      log,
      log.items.map((i) => ({ ...i, status: 'running' as const })),
    );
    expect(await finishedRun(unfinished, config)).toBeNull();
  });

  it('prints no profile for runs that are not the four protocols', () => {
    expect(profileText([log])).toBe('');
  });

  it('ships the profile preset: PAIR, Talk static and code feedback, PrismBench, Interview, one seed', () => {
    const configs = studyConfigs(readConfig(STUDY_PRESETS.profile!));
    expect(configs.map((c) => [c.protocol ?? 'pair', c.params?.setting ?? null, c.params?.seed])).toEqual([
      ['pair', null, 1],
      ['talk', 'static', 1],
      ['talk', 'code-feedback', 1],
      ['prism', null, 1],
      ['interview', null, 1],
    ]);
    for (const c of configs) expect(c.models).toEqual([{ simulated: 'profile-solo' }, { simulated: 'profile-recursion' }, { simulated: 'profile-even' }]);
  });
});
