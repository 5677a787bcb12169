// Datasets kept by the app: the built-in one (read-only) and imported ones (stored).
import type { FormatName } from '../datasets/importers/index.ts';
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';

export interface Dataset {
  id: string;
  name: string;
  /** Where it came from: an import format, "builtin", or "synthesized". */
  origin: FormatName | 'builtin' | 'synthesized';
  createdAt: string;
  instances: Instance[];
  tasks: InterviewTask[];
  /** Size of the stored JSON, in bytes. */
  sizeBytes: number;
}

export type DatasetSummary = Omit<Dataset, 'instances' | 'tasks'> & { instanceCount: number; taskCount: number };

export interface DatasetStore {
  list(): Promise<DatasetSummary[]>;
  get(id: string): Promise<Dataset | undefined>;
  /** All or nothing: a dataset is stored completely or not at all. */
  put(dataset: Dataset): Promise<void>;
  delete(id: string): Promise<void>;
}

export function summaryOf(d: Dataset): DatasetSummary {
  const { instances, tasks, ...rest } = d;
  return { ...rest, instanceCount: instances.length, taskCount: tasks.length };
}

export function newDataset(name: string, origin: Dataset['origin'], instances: Instance[], tasks: InterviewTask[] = [], now = new Date()): Dataset {
  const id = `${origin}-${now.getTime().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const sizeBytes = new TextEncoder().encode(JSON.stringify({ instances, tasks })).length;
  return { id, name, origin, createdAt: now.toISOString(), instances, tasks, sizeBytes };
}
