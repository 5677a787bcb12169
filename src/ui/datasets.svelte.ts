// The Datasets page's state: the built-in dataset, stored (imported) datasets, and the
// measurements computed live in the sandbox (pass rates, failure scenarios).
import { evaluateProgram, type ProgramEvaluation } from '../core/exec/engine.ts';
import { MemoryTraceStore, referenceTraces } from '../core/exec/traces.ts';
import { parseDatasetText, validateInstances, type Instance } from '../core/model/instance.ts';
import { parseTasks } from '../core/model/task.ts';
import { newDataset, type Dataset, type DatasetSummary } from '../core/store/datasets.ts';
import { IdbDatasetStore } from '../store/datasets-idb.ts';
import { sandbox } from './sandbox.svelte.ts';

export const BUILTIN_ID = 'builtin';

/** The buggy program run on every test, and the reference's traces of the tests it fails. */
export interface Analysis {
  evaluation: ProgramEvaluation;
  traces: ReadonlyMap<string, number[]>;
}

const key = (datasetId: string, instanceId: string) => `${datasetId}/${instanceId}`;

class DatasetsState {
  builtin = $state<Dataset | null>(null);
  stored = $state<DatasetSummary[]>([]);
  error = $state<string | null>(null);
  /** Buggy pass rates measured this session, by "dataset/instance". */
  passRates = $state<Record<string, number>>({});
  measuring = $state<{ datasetId: string; done: number; total: number } | null>(null);
  readonly store = new IdbDatasetStore();
  private readonly cache = new Map<string, Dataset>();
  private readonly analyses = new Map<string, Promise<Analysis>>();
  private readonly traces = new MemoryTraceStore();
  private loading: Promise<void> | null = null;

  load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const fetched = async (file: string) => {
          const response = await fetch(new URL(file, document.baseURI));
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          return response.text();
        };
        const [instanceText, taskText] = await Promise.all([fetched('datasets/builtin.jsonl'), fetched('datasets/interview.jsonl')]);
        const { instances, issues } = validateInstances(parseDatasetText(instanceText));
        if (issues.length > 0) throw new Error(`${issues.length} invalid instance(s)`);
        const ds: Dataset = {
          id: BUILTIN_ID,
          name: 'Built-in benchmark',
          origin: 'builtin',
          createdAt: '',
          instances,
          tasks: parseTasks(taskText),
          sizeBytes: 0,
        };
        this.builtin = ds;
        this.cache.set(BUILTIN_ID, ds);
        await this.refreshStored();
      } catch (err) {
        this.error = `Could not load the built-in dataset: ${(err as Error).message}`;
      }
    })();
    return this.loading;
  }

  async refreshStored(): Promise<void> {
    try {
      this.stored = await this.store.list();
    } catch (err) {
      this.error = `Stored datasets are unavailable: ${(err as Error).message}`;
    }
  }

  async dataset(id: string): Promise<Dataset | undefined> {
    await this.load();
    const hit = this.cache.get(id);
    if (hit) return hit;
    const ds = await this.store.get(id);
    if (ds) this.cache.set(id, ds);
    return ds;
  }

  async save(name: string, origin: Dataset['origin'], instances: Instance[], tasks: Dataset['tasks'] = []): Promise<Dataset> {
    const ds = newDataset(name, origin, $state.snapshot(instances) as Instance[], $state.snapshot(tasks) as Dataset['tasks']);
    await this.store.put(ds);
    this.cache.set(ds.id, ds);
    await this.refreshStored();
    return ds;
  }

  async remove(id: string): Promise<void> {
    await this.store.delete(id);
    this.cache.delete(id);
    await this.refreshStored();
  }

  passRate(datasetId: string, instanceId: string): number | undefined {
    return this.passRates[key(datasetId, instanceId)];
  }

  /** Run each buggy program of a dataset once, in the sandbox, to fill in pass rates. */
  async measure(ds: Dataset): Promise<void> {
    if (this.measuring) return;
    const todo = ds.instances.filter((i) => i.buggy.trim() && this.passRate(ds.id, i.id) === undefined);
    if (todo.length === 0) return;
    this.measuring = { datasetId: ds.id, done: 0, total: todo.length };
    try {
      const client = await sandbox.client();
      await client.whenReady();
      for (const inst of todo) {
        const ev = await evaluateProgram(client, inst, inst.buggy);
        this.passRates[key(ds.id, inst.id)] = ev.passed / ev.total;
        this.measuring = { datasetId: ds.id, done: this.measuring!.done + 1, total: todo.length };
      }
    } finally {
      this.measuring = null;
    }
  }

  /** The buggy program's outcomes and the failing tests' reference traces (computed once per session). */
  analyze(datasetId: string, inst: Instance): Promise<Analysis> {
    const k = key(datasetId, inst.id);
    let hit = this.analyses.get(k);
    if (!hit) {
      hit = (async () => {
        const client = await sandbox.client();
        await client.whenReady();
        const evaluation = await evaluateProgram(client, inst, inst.buggy);
        this.passRates[k] = evaluation.passed / evaluation.total;
        const failing = evaluation.outcomes.filter((o) => o.outcome !== 'passed').map((o) => o.testId);
        const traces = failing.length ? await referenceTraces(client, inst, this.traces, { defaultTimeLimitMs: 2000, testIds: failing }) : new Map();
        return { evaluation, traces };
      })();
      hit.catch(() => this.analyses.delete(k));
      this.analyses.set(k, hit);
    }
    return hit;
  }
}

export const datasets = new DatasetsState();
