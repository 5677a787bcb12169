// window.hintbench: the page API the headless runner, benchmarks and e2e tests drive.
// It lives in the app realm (never the sandbox) and uses the same code paths as the UI.
import { DEFAULT_TIME_LIMIT_MS, evaluateProgram } from './core/exec/engine.ts';
import type { JobRequest, JobResult, SandboxInfo } from './core/exec/sandbox-api.ts';
import { execResult, type ExecReport, type ProgramRole } from './core/exec/report.ts';
import { MemoryTraceStore, referenceTraces } from './core/exec/traces.ts';
import { defaultSynthesisOptions, synthesize, type SynthesisOptions, type SynthesisResult } from './core/datasets/synthesis/synthesize.ts';
import { formatIssue, validateInstances, type Instance } from './core/model/instance.ts';
import type { RunLog } from './core/model/runlog.ts';
import { parseTasks, type InterviewTask } from './core/model/task.ts';
import type { RunConfig } from './core/runner/setup.ts';
import { protocolById, stopReasonsOf } from './core/protocols/registry.ts';
import { growthOf } from './core/protocols/work.ts';
import { datasets } from './ui/datasets.svelte.ts';
import { runs, type StartOptions } from './ui/runs.svelte.ts';
import { statusText } from './ui/runs/status.ts';
import mutatePy from '../workers/python/mutate.py?raw';
import { SandboxClient } from './sandbox/client.ts';
import { fetchPyodideFiles } from './sandbox/pyodide-files.ts';
import { firstEditorText } from './ui/components/open-editors.ts';
import { Budget } from './core/llm/budget.ts';
import { CallFailed, Caller, type ModelBinding } from './core/llm/caller.ts';
import type { Capabilities } from './core/llm/capabilities.ts';
import { LimiterRegistry } from './core/llm/limiter.ts';
import type { PriceTable } from './core/llm/pricing.ts';
import { presetById } from './core/llm/presets.ts';
import { providerSpec, type ProviderModelConfig } from './core/llm/specs.ts';
import type { ChatMessage } from './core/llm/types.ts';
import type { CallRecord } from './core/model/runlog.ts';
import { providerModel } from './core/runner/setup.ts';
import type { DeviceFacts } from './core/llm/local/device.ts';
import type { EngineOptions, LoadedModel, StoredModel } from './local-model/api.ts';
import { localModels } from './local-model/client.ts';
import { localModelState } from './ui/local-models.svelte.ts';

/** The in-browser models, for the headless runner, the benchmark and the tests. */
export interface LocalModelsApi {
  device(): Promise<DeviceFacts>;
  /** Check a model at a link, then store it (as the Models page does); a model this browser cannot run is refused with the reasons. */
  add(url: string): Promise<StoredModel>;
  list(): Promise<StoredModel[]>;
  remove(id: string): Promise<void>;
  /** The memory a model may use (bytes), as the Models page sets it. */
  setMemoryLimit(bytes: number): void;
  /** Run models this way from now on (bench:local-model: one thread against several, WebGPU). */
  configure(options: EngineOptions): Promise<void>;
  load(id: string): Promise<LoadedModel>;
  unload(): Promise<void>;
  /**
   * One streamed completion (a chat-completions body), and its last chunk (with llama.cpp's
   * timings); with stopAfterMs, cancelled then, and how long the cancel took to end it.
   */
  complete(
    id: string,
    body: Record<string, unknown>,
    options?: { stopAfterMs?: number },
  ): Promise<{ chunks: number; text: string; last: unknown; stoppedInMs?: number }>;
}

export interface AutomationApi {
  ready(): Promise<SandboxInfo>;
  /** Resolves when start-up work is finished (including keeping the snapshot for next time). */
  settled(): Promise<void>;
  info(): Promise<SandboxInfo>;
  /** Validate instances and run one of their programs on all tests. */
  exec(instances: unknown[], program: ProgramRole, options?: { defaultTimeLimitMs?: number }): Promise<ExecReport>;
  /** Reference traces per test id, through the trace cache. */
  traces(instance: unknown, options?: { defaultTimeLimitMs?: number }): Promise<Record<string, number[]>>;
  /** A raw sandbox job (benchmarks, tests); batch by default, or interactive, under an owner. */
  runJob(job: JobRequest, options?: { priority?: 'interactive' | 'batch'; owner?: string }): Promise<JobResult>;
  /** Synthesize code-improvement instances from a problem with a reference and tests. */
  synthesize(instance: unknown, options?: Partial<Omit<SynthesisOptions, 'mutator'>>): Promise<SynthesisResult>;
  /** Start a run on the given instances (or tasks). externalKeys: provider keys are added outside the page. */
  startRun(config: RunConfig, dataset: { id: string; name: string; instances: unknown[]; tasks?: unknown[] }, options?: StartOptions): Promise<string>;
  /** The cassette (JSONL) a run started with `cassette: {mode: 'record'}` has recorded. */
  recordedCassette(runId: string): string | null;
  /** The run's status and each item's live status. */
  /** `planned`: for a protocol that grows its units (a search), the units it may make in all (else null). */
  runProgress(runId: string): Promise<{ status: string; items: { key: string; status: string }[]; turns: number; planned: number | null }>;
  /** Wait until the run stops, then return its log. */
  waitRun(runId: string): Promise<RunLog>;
  /** A stored run's log as it is now (also for runs not active in this tab). */
  runLog(runId: string): Promise<RunLog | null>;
  pauseRun(runId: string): void;
  cancelRun(runId: string): void;
  /** The built-in dataset's instances. */
  builtinInstances(): Promise<Instance[]>;
  /** The built-in multi-requirement tasks (the Interview protocol's). */
  builtinTasks(): Promise<InterviewTask[]>;
  /**
   * One call of a provider model through the model layer runs use (its request shape and what
   * refusals teach it, retries, usage and cost): the call's record, and the shape afterwards.
   * For the provider-corpus tests; the key is a test server's.
   */
  callModel(
    config: ProviderModelConfig,
    messages: ChatMessage[],
    options?: { apiKey?: string; prices?: PriceTable; maxRetries?: number; timeoutMs?: number; seed?: number },
  ): Promise<{ record: CallRecord; shape: Capabilities }>;
  /** The whole text of the first code editor on the page (the editor shows only the lines in view). */
  editorText(): string | null;
  /**
   * bench:exec: run jobs one after another in a sandbox of their own (one worker, no spare),
   * with the interpreter restored before every job (as always) or reused (for comparison only);
   * the wall time once its worker is ready. The page's own sandbox is not touched.
   */
  measureJobs(jobs: JobRequest[], options: { reuseInterpreter: boolean }): Promise<{ wallMs: number; failed: number }>;
  localModels: LocalModelsApi;
}

const localModelsApi: LocalModelsApi = {
  device: () => localModels.deviceFacts(),
  async add(url) {
    const checked = await localModelState.check(url);
    if (!checked) throw new Error(localModelState.error ?? 'the model could not be read');
    if (!checked.verdict.ok) throw new Error(`refused: ${checked.verdict.reasons.join('; ')}`);
    const stored = await localModelState.store();
    if (!stored) throw new Error(localModelState.error ?? 'the model was not stored');
    return stored;
  },
  list: () => localModels.list(),
  remove: (id) => localModelState.remove(id),
  setMemoryLimit: (bytes) => localModelState.setLimit(bytes),
  configure: (options) => localModels.configure(options),
  load: (id) => localModels.load(id),
  unload: () => localModels.unload(),
  async complete(id, body, options = {}) {
    let chunks = 0;
    let text = '';
    let last: unknown = null;
    const stop = new AbortController();
    let stoppedAt = 0;
    if (options.stopAfterMs !== undefined)
      setTimeout(() => {
        stoppedAt = performance.now();
        stop.abort();
      }, options.stopAfterMs);
    try {
      await localModels.complete(
        id,
        body,
        (chunk) => {
          chunks++;
          last = chunk;
          const delta = (chunk as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
          if (typeof delta === 'string') text += delta;
        },
        stop.signal,
      );
    } catch (err) {
      if (!stoppedAt) throw err;
    }
    return { chunks, text, last, ...(stoppedAt ? { stoppedInMs: performance.now() - stoppedAt } : {}) };
  },
};

export function automationApi(sandbox: () => Promise<SandboxClient>, settled: () => Promise<void>): AutomationApi {
  const traceStore = new MemoryTraceStore();
  const validated = (values: unknown[]) => {
    const { instances, issues } = validateInstances(values);
    if (issues.length > 0) throw new Error(issues.map((i) => formatIssue('dataset', i)).join('\n'));
    return instances;
  };
  return {
    localModels: localModelsApi,
    ready: async () => (await sandbox()).whenReady(),
    settled,
    info: async () => (await sandbox()).info(),
    async exec(values, program, options = {}) {
      const instances = validated(values);
      const client = await sandbox();
      await client.whenReady();
      const defaultTimeLimitMs = options.defaultTimeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
      const results = await Promise.all(
        instances.map(async (inst) => execResult(inst.id, program, await evaluateProgram(client, inst, inst[program], { defaultTimeLimitMs }))),
      );
      return { results };
    },
    async traces(value, options = {}) {
      const [inst] = validated([value]);
      const client = await sandbox();
      await client.whenReady();
      const traces = await referenceTraces(client, inst!, traceStore, { defaultTimeLimitMs: options.defaultTimeLimitMs ?? DEFAULT_TIME_LIMIT_MS });
      return Object.fromEntries(traces);
    },
    async runJob(job, options = {}) {
      const client = await sandbox();
      await client.whenReady();
      return client.run(job, options);
    },
    async startRun(config, dataset, options = {}) {
      const instances = validated(dataset.instances);
      // Tasks are checked as a file of them would be (schema, requirement graph).
      const tasks = dataset.tasks?.length ? parseTasks(dataset.tasks.map((t) => JSON.stringify(t)).join('\n')) : [];
      await runs.load();
      return runs.start(config, { id: dataset.id, name: dataset.name, instances, tasks }, options);
    },
    async runProgress(runId) {
      const plannedOf = async (id: string, manifest: RunLog['manifest']) => {
        const protocol = protocolById(manifest.protocol.id);
        const growth = protocol && growthOf(protocol);
        if (!growth) return null;
        const log = await runs.log(id);
        return log ? growth.planned(log.manifest, log.items) : null;
      };
      const record = await runs.store.getRun(runId);
      if (!record) throw new Error(`no run ${runId}`);
      const live = runs.live[runId];
      return {
        status: runs.isActive(runId) ? 'running' : record.status,
        items: record.items.map((i) => ({ key: i.key, status: live?.live[i.key] ? statusText(live.live[i.key], stopReasonsOf(record.manifest)) : i.status })),
        turns: live?.totals.turns ?? 0,
        planned: await plannedOf(runId, record.manifest),
      };
    },
    async waitRun(runId) {
      await runs.settled(runId);
      const log = await runs.log(runId);
      if (!log) throw new Error(`no run ${runId}`);
      return log;
    },
    recordedCassette: (runId) => runs.recorded(runId),
    runLog: async (runId) => (await runs.log(runId)) ?? null,
    pauseRun: (runId) => runs.pause(runId),
    cancelRun: (runId) => runs.cancel(runId),
    editorText: () => firstEditorText(),
    async callModel(config, messages, options = {}) {
      const spec = providerSpec(config, 'candidate');
      const model = providerModel(spec, {
        apiKey: options.apiKey ?? '',
        headers: { ...presetById(config.preset).headers, ...config.headers },
        timeoutMs: options.timeoutMs ?? 20_000,
      });
      const caller = new Caller({
        prices: options.prices ?? {},
        budget: new Budget(null, 0),
        limiters: new LimiterRegistry(4),
        retry: { maxRetries: options.maxRetries ?? 2, baseDelayMs: 5, maxDelayMs: 20 },
      });
      const binding: ModelBinding = {
        model,
        modelName: spec.model,
        endpoint: spec.provider!.baseURL,
        keyId: 'corpus',
        maxConcurrency: 4,
        ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
        ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
        ...(config.reasoningEffort !== undefined ? { reasoningEffort: config.reasoningEffort } : {}),
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      };
      try {
        const { record } = await caller.call(binding, 'candidate', messages);
        return { record, shape: await model.requestShape() };
      } catch (err) {
        if (err instanceof CallFailed) return { record: err.record, shape: await model.requestShape() };
        throw err;
      }
    },
    async builtinInstances() {
      await datasets.load();
      return datasets.builtin?.instances ?? [];
    },
    async builtinTasks() {
      await datasets.load();
      return datasets.builtin?.tasks ?? [];
    },
    async measureJobs(jobs, options) {
      const files = await fetchPyodideFiles(document.baseURI);
      const client = await SandboxClient.create({ files, poolSize: 1, spares: 0, ...(options.reuseInterpreter ? { reuseInterpreter: true } : {}) });
      try {
        await client.whenReady();
        let failed = 0;
        const t0 = performance.now();
        for (const job of jobs) failed += (await client.run(job)).results.filter((r) => r.status !== 'ok').length;
        return { wallMs: performance.now() - t0, failed };
      } finally {
        client.destroy();
      }
    },
    async synthesize(value, options = {}) {
      const [inst] = validated([value]);
      const client = await sandbox();
      await client.whenReady();
      return synthesize(client, inst!, { ...defaultSynthesisOptions(mutatePy), ...options });
    },
  };
}
