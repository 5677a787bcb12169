// Test support: a whole run in memory (Node, Pyodide executor), from a config to its run log.
import type { Executor } from '../exec/engine.ts';
import { Budget } from '../llm/budget.ts';
import { Caller } from '../llm/caller.ts';
import { LimiterRegistry } from '../llm/limiter.ts';
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';
import type { RunLog } from '../model/runlog.ts';
import { requireProtocol } from '../protocols/registry.ts';
import { loadRunLog, MemoryRunStore } from '../store/runs.ts';
import type { StyleChecker } from '../style/pycodestyle.ts';
import type { ChatModel } from '../llm/types.ts';
import { RunController } from './runner.ts';
import type { SharedValues } from './shared-values.ts';
import { buildBindings, createManifest, createRecord, type RunConfig } from './setup.ts';

export interface InMemoryDeps {
  executor: Executor;
  mutator: string;
  /** Provider models talk HTTP through this (tests answer requests here, as e2e tests do with page.route). */
  fetch?: typeof fetch;
  /** Values shared across the runs of a study (a fresh set per run by default). */
  shared?: SharedValues;
  /** The style checker (none: style is not measured). */
  style?: () => Promise<StyleChecker>;
  /** Where the run's person takes their role's turns (a run with a person in a seat needs one). */
  seat?: ChatModel;
}

/** Every provider model's configured headers, by model id (the manifest keeps only their names). */
function headersOf(config: RunConfig): Map<string, Record<string, string>> {
  const all = [...config.candidates, ...Object.values(config.roles ?? {})];
  return new Map(all.flatMap((c) => (c.kind === 'provider' && c.headers ? [[c.id, c.headers] as const] : [])));
}

export async function runInMemory(
  config: RunConfig,
  instances: Instance[],
  deps: InMemoryDeps,
  now = new Date('2026-01-01T00:00:00Z'),
  tasks: InterviewTask[] = [],
): Promise<RunLog> {
  const protocol = requireProtocol(config.protocol);
  const manifest = await createManifest(config, { id: 'builtin', name: 'Built-in', instances, tasks }, protocol, { version: 'test', pyodide: 'test' }, now);
  const store = new MemoryRunStore();
  const record = createRecord(manifest, protocol);
  await store.putRun(record);
  const headers = headersOf(config);
  await new RunController(record, {
    executor: deps.executor,
    store,
    caller: new Caller({ prices: {}, budget: new Budget(null), limiters: new LimiterRegistry(4) }),
    bindings: buildBindings(manifest, {
      executor: deps.executor,
      mutator: deps.mutator,
      keyFor: () => 'sk-test',
      headersFor: (spec) => headers.get(spec.id) ?? {},
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.seat ? { seat: deps.seat } : {}),
    }),
    instances: new Map(instances.map((i) => [i.id, i])),
    tasks: new Map(tasks.map((t) => [t.id, t])),
    protocol,
    ...(deps.shared ? { shared: deps.shared } : {}),
    ...(deps.style ? { style: deps.style } : {}),
  }).run();
  return (await loadRunLog(store, manifest.runId))!;
}
