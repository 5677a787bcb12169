// The Run page's model-profile preset starts what `hintbench study --preset profile` runs: the
// same names, protocols, parameters, seeds and data, read from the same file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDatasetText, validateInstances } from '../src/core/model/instance.ts';
import { parseTasks } from '../src/core/model/task.ts';
import { PROFILE_STUDY_MODELS, PROFILE_STUDY_RUNS, PROFILE_STUDY_SETTINGS, profileRunConfigs, studyRunData } from '../src/core/profile/study.ts';
import { requireProtocol } from '../src/core/protocols/registry.ts';
import type { CandidateConfig } from '../src/core/runner/setup.ts';
import { pickInstances, readConfig, runConfigOf } from './run.ts';
import { STUDY_PRESETS } from './study-profile.ts';
import { studyConfigs } from './study.ts';

const cli = studyConfigs(readConfig(STUDY_PRESETS.profile!));
const file = JSON.parse(readFileSync(STUDY_PRESETS.profile!, 'utf8')) as { params: { turns: number } };
const simulated = PROFILE_STUDY_MODELS.map((profile): CandidateConfig => ({ kind: 'simulated', profile }));
const app = profileRunConfigs({ candidates: simulated, ...PROFILE_STUDY_SETTINGS });

describe('the profile study on the Run page', () => {
  it('makes the run configurations the CLI makes of docs/studies/profile.json', () => {
    expect(app.map((c) => c.name)).toEqual([
      'Profile: PAIR',
      'Profile: Talk static',
      'Profile: Talk code feedback',
      'Profile: PrismBench',
      'Profile: Interview',
    ]);
    expect(app).toEqual(cli.map((c) => runConfigOf(c)));
  });

  it('starts every run with the user’s models and shared settings, the rest as the file says', () => {
    const own: CandidateConfig = { kind: 'provider', id: 'p-m', preset: 'custom', baseURL: 'http://localhost:1/v1', model: 'm' };
    const changed = profileRunConfigs({ candidates: [own], seed: 7, concurrency: 3, budgetUsd: null });
    for (const [i, c] of changed.entries()) {
      expect(c.candidates).toEqual([own]);
      expect(c.settings).toEqual({ seed: 7, concurrency: 3, budgetUsd: null });
      expect(c.params).toEqual(app[i]!.params);
      expect(c.protocol).toBe(app[i]!.protocol);
    }
    expect(app[0]!.settings).toEqual({ seed: 1, concurrency: 2, budgetUsd: 1 });
    expect(app[0]!.params).toEqual({ turns: file.params.turns });
    expect(app[3]!.params).toEqual({ maxNodes: 80 });
  });

  it('takes the data the CLI takes: the built-in demo subset, the demo tasks, none for PrismBench', () => {
    const { instances } = validateInstances(parseDatasetText(readFileSync('datasets/builtin.jsonl', 'utf8')));
    const tasks = parseTasks(readFileSync('datasets/interview.jsonl', 'utf8'));
    const source = { id: 'builtin', name: 'Built-in benchmark', instances, tasks };
    const data = PROFILE_STUDY_RUNS.map((r) => studyRunData(r, source));
    for (const [i, r] of PROFILE_STUDY_RUNS.entries()) {
      const c = cli[i]!;
      const protocol = requireProtocol(c.protocol);
      if (protocol.work.on === 'none') expect(data[i]).toEqual({ id: 'none', name: 'No dataset (the protocol makes its own problems)', instances: [] });
      else if (protocol.work.on === 'tasks') {
        expect(data[i]!.tasks!.map((t) => t.id)).toEqual(tasks.filter((t) => t.subsets?.includes(c.subset!)).map((t) => t.id));
        expect(data[i]!.tasks!.length).toBeGreaterThan(0);
      } else expect(data[i]!.instances.map((x) => x.id)).toEqual(pickInstances(protocol, instances, c).map((x) => x.id));
      expect(r.dataset).toBe(c.dataset);
    }
    expect(data[0]!.instances.length).toBeGreaterThan(0);
    expect(data[0]!.instances.length).toBeLessThan(instances.length); // the demo subset, not all
  });
});
