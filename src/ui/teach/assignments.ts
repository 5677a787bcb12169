// Assignments in the app: a setup form's session as one (the built-in dataset's instance or task
// only: a learner's browser has that dataset; or the problems its run generates), and the session
// an opened assignment starts.
import type { Instance } from '../../core/model/instance.ts';
import type { InterviewTask } from '../../core/model/task.ts';
import type { SeatSpec } from '../../core/protocols/contract.ts';
import { NO_DATASET, type RunConfig, type RunData } from '../../core/runner/setup.ts';
import { assignmentOf, sessionConfig, type Assignment } from '../../core/teach/assignment.ts';
import type { Dataset } from '../../core/store/datasets.ts';
import { BUILTIN_ID, datasets } from '../datasets.svelte.ts';
import { settings } from '../settings.svelte.ts';

/** The assignment of a setup form's session; an error says why it cannot be shared. */
export function shareable(
  seat: SeatSpec,
  dataset: Dataset | null,
  subject: Instance | InterviewTask | undefined,
  configOf: (subject: never) => RunConfig,
): Assignment {
  if (!dataset || !subject) throw new Error('choose what the session works on first');
  if (dataset.id !== BUILTIN_ID) throw new Error('an assignment works on the built-in dataset (a learner’s browser has it); this one was imported here');
  const isTask = 'requirements' in subject;
  return assignmentOf(configOf(subject as never), seat.id, isTask ? { task: subject.id } : { instance: subject.id });
}

/** The assignment of a setup form's session whose run generates its problems (no instance or task). */
export const shareableGenerated = (seat: SeatSpec, config: RunConfig): Assignment => assignmentOf(config, seat.id, { generated: true });

/** What an assignment's session runs on, from the built-in dataset; an error names what is missing. */
export async function assignmentData(a: Assignment): Promise<{ data: RunData; title: string }> {
  if (a.generated) return { data: { ...NO_DATASET, instances: [] }, title: 'problems the session makes as it goes, as its parameters say' };
  const builtin = await datasets.dataset(BUILTIN_ID);
  if (!builtin) throw new Error('the built-in dataset did not load');
  if (a.instance) {
    const instance = builtin.instances.find((i) => i.id === a.instance);
    if (!instance) throw new Error(`this copy's built-in dataset has no instance “${a.instance}”`);
    return { data: { id: builtin.id, name: builtin.name, instances: [instance] }, title: instance.title };
  }
  const task = (builtin.tasks ?? []).find((t) => t.id === a.task);
  if (!task) throw new Error(`this copy's built-in dataset has no task “${a.task}”`);
  return { data: { id: builtin.id, name: builtin.name, instances: [], tasks: [task] }, title: task.title };
}

/** The run configuration of an assignment's session: its setup, the learner's name, and this browser's retry limits. */
export const assignmentRun = (a: Assignment, name: string): RunConfig => {
  const c = sessionConfig(a, name);
  return { ...c, settings: { ...c.settings, maxRetries: settings.limits.maxRetries, requestTimeoutMs: settings.limits.requestTimeoutMs } };
};
