// What a protocol's items work on (its `work` capability), as the engine and the pages ask it:
// whether a run needs a dataset, which of its parts, how many, and what a kind of work brings
// (a start program per instance, units made once per task, units made as the run goes).
import type { Instance } from '../model/instance.ts';
import type { AnyProtocol, Growth } from './contract.ts';

/** The part of a dataset a protocol's runs take: its instances, its tasks, or none (it makes its own problems). */
export type Subjects = 'instances' | 'tasks' | null;

/** A run's data, or its manifest's record of it: its instances and tasks, of any shape. */
export interface SubjectLists {
  instances: readonly unknown[];
  tasks?: readonly unknown[] | undefined;
}

export const subjectsOf = (protocol: AnyProtocol): Subjects => (protocol.work.on === 'none' ? null : protocol.work.on);

/** Whether its runs take a dataset. */
export const needsDataset = (protocol: AnyProtocol): boolean => protocol.work.on !== 'none';

/** Whether it can work on an instance: a protocol on instances says (all when it says nothing); the others take none, so any. */
export const canWorkOn = (protocol: AnyProtocol, instance: Instance): boolean => protocol.work.on !== 'instances' || (protocol.work.usable?.(instance) ?? true);

/** The program an item on this instance starts from, when the protocol has one. */
export const startProgramOf = (protocol: AnyProtocol, instance: Instance): string | undefined =>
  protocol.work.on === 'instances' ? protocol.work.startProgram?.(instance) : undefined;

/** How it makes units as the run goes (a search); undefined when a run's units are all made up front. */
export const growthOf = (protocol: AnyProtocol): Growth | undefined => (protocol.work.on === 'none' ? protocol.work.growth : undefined);

/** Units a run makes once per task besides the models' (Interview: the reference check), under these parameters. */
export const perTaskUnits = (protocol: AnyProtocol, params: Record<string, unknown>): { count: number; name: string } | null =>
  protocol.work.on === 'tasks' ? (protocol.work.perTask?.(params) ?? null) : null;

/** How many of its subjects a run's data holds (0 for a protocol that takes none). */
export function subjectCount(protocol: AnyProtocol, data: SubjectLists): number {
  const subjects = subjectsOf(protocol);
  return subjects === 'tasks' ? (data.tasks?.length ?? 0) : subjects === 'instances' ? data.instances.length : 0;
}
