// The model-profile study (docs/studies/profile.json) as the Run page starts it: the same runs,
// names, protocols, parameters and data as `hintbench study --preset profile`, read from the
// same file by the same merge (../runner/study.ts). The models, seed, concurrency and budget
// cap are the user's to change.
import type { Instance } from '../model/instance.ts';
import type { RunSettings } from '../model/runlog.ts';
import type { InterviewTask } from '../model/task.ts';
import { requireProtocol } from '../protocols/registry.ts';
import { needsDataset, subjectsOf } from '../protocols/work.ts';
import { NO_DATASET, type CandidateConfig, type RunConfig, type RunData } from '../runner/setup.ts';
import { pickInstances, pickTasks, splitParams, studySettings } from '../runner/study.ts';
import STUDY from '../../../docs/studies/profile.json';

/** One run of the study, before the models are chosen. */
export interface StudyRun {
  name: string;
  protocol: string;
  /** The study's run settings (seed, concurrency, budget). */
  settings: Partial<RunSettings>;
  /** The protocol's parameters the study gives (the rest take their defaults). */
  params: Record<string, unknown>;
  /** Where its data comes from: a dataset ("builtin") and subset, or none (a protocol that makes its own problems). */
  dataset?: string;
  subset?: string;
}

export const PROFILE_STUDY_RUNS: readonly StudyRun[] = studySettings(STUDY).map((c) => {
  const { settings, params } = splitParams(c.params);
  const data = 'dataset' in c ? { dataset: c.dataset, subset: c.subset } : {};
  return { name: c.name, protocol: requireProtocol(c.protocol).id, settings, params, ...data };
});

/** The study's models under test: simulated profile models by id. */
export const PROFILE_STUDY_MODELS: readonly string[] = STUDY.models.map((m) => m.simulated);

/** The shared settings the study gives, the user may change. */
export const PROFILE_STUDY_SETTINGS = {
  seed: STUDY.params.seed,
  concurrency: STUDY.params.concurrency,
  budgetUsd: STUDY.params.budgetUsd as number | null,
};

export interface StudyChoice {
  candidates: CandidateConfig[];
  seed: number;
  concurrency: number;
  budgetUsd: number | null;
}

/** The study's run configurations with the user's models and shared settings. */
export function profileRunConfigs(choice: StudyChoice, runsOf: readonly StudyRun[] = PROFILE_STUDY_RUNS): RunConfig[] {
  return runsOf.map((r) => ({
    name: r.name,
    protocol: r.protocol,
    candidates: choice.candidates,
    settings: { ...r.settings, seed: choice.seed, concurrency: choice.concurrency, budgetUsd: choice.budgetUsd },
    params: { ...r.params },
  }));
}

/** A dataset the study's runs take their data from. */
export interface StudySource {
  id: string;
  name: string;
  instances: readonly Instance[];
  tasks: readonly InterviewTask[];
}

/** What a run of the study works on: its subset of the dataset (instances or tasks), or nothing. */
export function studyRunData(run: StudyRun, source: StudySource): RunData {
  const protocol = requireProtocol(run.protocol);
  if (!needsDataset(protocol)) return { ...NO_DATASET, instances: [] };
  if (run.dataset !== source.id) throw new Error(`the ${run.name} run reads the dataset "${run.dataset}", not "${source.id}"`);
  const choice = run.subset === undefined ? {} : { subset: run.subset };
  if (subjectsOf(protocol) === 'tasks') return { id: source.id, name: source.name, instances: [], tasks: pickTasks(source.tasks, choice) };
  return { id: source.id, name: source.name, instances: pickInstances(protocol, source.instances, choice) };
}
