// Runs in the app: starting, following, pausing, resuming (also after a reload), exporting
// and importing. The store (IndexedDB) is the source of truth; this is a live view of it.
import { SvelteSet } from 'svelte/reactivity';
import mutatePy from '../../workers/python/mutate.py?raw';
import { ownedExecutor } from '../core/exec/engine.ts';
import { Budget } from '../core/llm/budget.ts';
import { Caller } from '../core/llm/caller.ts';
import { callTotals } from '../core/llm/totals.ts';
import { Cassette } from '../core/llm/cassette.ts';
import { LimiterRegistry } from '../core/llm/limiter.ts';
import type { PriceTable } from '../core/llm/pricing.ts';
import { DEFAULT_RETRY } from '../core/llm/retry.ts';
import type { Instance } from '../core/model/instance.ts';
import type { Annotation, ItemHead, ItemRecord, Manifest, RunLog, Scores, Step } from '../core/model/runlog.ts';
import type { InterviewTask } from '../core/model/task.ts';
import type { AnyProtocol } from '../core/protocols/contract.ts';
import { PROTOCOLS, requireProtocol } from '../core/protocols/registry.ts';
import { toCsv } from '../core/runner/export.ts';
import { gzipBlob, gzipName } from '../core/runner/gzip.ts';
import { scoreRun } from '../core/runner/scores.ts';
import { textChunks } from '../core/runner/stream-read.ts';
import type { HeadWithStartRef } from '../core/runlog/compact.ts';
import { readLogInto, type CompactEntry } from '../core/runlog/read.ts';
import { logChunks } from '../core/runlog/write.ts';
import { recordedSpend, RunController, type LiveStatus, type RunEvent } from '../core/runner/runner.ts';
import { buildBindings, createManifest, createRecord, type RunConfig, type RunData } from '../core/runner/setup.ts';
import { headOf, loadRunHead, loadRunLog, type RunRecord, type RunStore, type StepEntry } from '../core/store/runs.ts';
import { LearnerSeat } from '../core/teach/seat.ts';
import { SharedValues } from '../core/runner/shared-values.ts';
import { IdbRunStore } from '../store/runs-idb.ts';
import { IdbValueStore } from '../store/values-idb.ts';
import { loadStyleChecker } from '../style/ruff-web.ts';
import { datasets } from './datasets.svelte.ts';
import { downloadBlob, downloadText as download } from './download.ts';
import { sandbox } from './sandbox.svelte.ts';
import { settings } from './settings.svelte.ts';
import { urlUnderSite } from './site-url.ts';

export { PROTOCOLS };

/** How a run is started: headless runs add keys outside the page, bring prices, and may use a cassette. */
export interface StartOptions {
  externalKeys?: boolean;
  prices?: PriceTable;
  cassette?: { mode: 'record' | 'replay'; jsonl?: string };
}

export interface Totals {
  /** Steps stored (a PAIR step is a turn), failed ones included. */
  turns: number;
  promptTokens: number;
  completionTokens: number;
  /** null when some call's price is unknown. */
  costUsd: number | null;
}

/** An item's progress: steps that evaluated a program, the pass rate after the latest one, and after each. */
export interface ItemProgress {
  turns: number;
  passed: number;
  total: number;
  history: number[];
}

export interface LiveRun {
  live: Record<string, LiveStatus>;
  totals: Totals;
  items: Record<string, ItemProgress>;
  /** Replies streaming in right now, by item key (live tokens; gone once the step is stored). */
  replies: Record<string, { role: string; content: string; thinking: string }>;
}

/** What a step shows in the live grid: its pass count. */
type ProgressOf = (key: string, step: Step) => { passed: number; total: number } | null;

/**
 * A run's steps' pass counts: an evaluation on its instance's tests, or what its protocol says
 * the step shows (given the item's task).
 */
function progressFor(record: RunRecord, protocol: AnyProtocol | undefined): ProgressOf {
  const perInstance = new Map(record.manifest.dataset.instances.map((i) => [i.id, i.testIds.length]));
  const items = new Map(record.items.map((i) => [i.key, i]));
  return (key, step) => {
    const item = items.get(key);
    if (step.evaluation) return { passed: step.evaluation.passed.length, total: item?.instanceId === undefined ? 0 : (perInstance.get(item.instanceId) ?? 0) };
    return protocol?.progress?.(step, { manifest: record.manifest, ...(item?.taskId === undefined ? {} : { taskId: item.taskId }) }) ?? null;
  };
}

function liveOf(stored: Map<string, Step[]>, progress: ProgressOf): LiveRun {
  const run: LiveRun = { live: {}, totals: { turns: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 }, items: {}, replies: {} };
  for (const [key, steps] of stored) for (const step of steps) add(run, key, step, progress);
  return run;
}

function add(run: LiveRun, key: string, step: Step, progress: ProgressOf | undefined): void {
  const t = run.totals;
  t.turns++;
  const ev = progress?.(key, step) ?? null;
  const before = run.items[key];
  if (ev) {
    const { passed, total } = ev;
    run.items[key] = { turns: (before?.turns ?? 0) + 1, passed, total, history: [...(before?.history ?? []), total ? passed / total : 0] };
  } else if (before && !step.error) {
    // No program this step: the pass rate carries over.
    run.items[key] = { ...before, turns: before.turns + 1, history: [...before.history, before.history.at(-1) ?? 0] };
  }
  const calls = callTotals(step.calls);
  t.promptTokens += calls.promptTokens;
  t.completionTokens += calls.completionTokens;
  t.costUsd = t.costUsd === null || calls.costUsd === null ? null : t.costUsd + calls.costUsd;
}

const GROUPS_KEY = 'hintbench:run-groups';

/** The groups kept in this browser (none when storage is unavailable or the entry unreadable). */
function storedGroups(): { groups: Record<string, string[]>; profiles: string[] } {
  try {
    const raw = JSON.parse(localStorage.getItem(GROUPS_KEY) ?? 'null') as { groups?: unknown; profiles?: unknown } | null;
    const ids = (x: unknown): x is string[] => Array.isArray(x) && x.every((i) => typeof i === 'string');
    const groups = raw && typeof raw.groups === 'object' && raw.groups ? Object.fromEntries(Object.entries(raw.groups).filter(([, v]) => ids(v))) : {};
    return { groups, profiles: ids(raw?.profiles) ? raw.profiles.filter((id) => id in groups) : [] };
  } catch {
    return { groups: {}, profiles: [] };
  }
}

class Runs {
  /** Replaced whole on each refresh, never changed in place (raw: large runs are not proxied). */
  list = $state.raw<RunRecord[]>([]);
  live = $state<Record<string, LiveRun>>({});
  error = $state<string | null>(null);
  /** How many annotations each run got in this tab (pages that show them reload when it changes). */
  annotated = $state<Record<string, number>>({});
  private readonly stored = storedGroups();
  /** Runs started together from the Run page (a run and its baselines), by the first run's id; kept across reloads. */
  groups = $state<Record<string, string[]>>(this.stored.groups);
  /** The groups that are model-profile studies, by their first run's id. */
  profiles = $state<string[]>(this.stored.profiles);
  readonly store = new IdbRunStore();
  private readonly controllers = new Map<string, RunController>();
  /** Runs being driven in this tab (reactive mirror of the controllers' keys). */
  private readonly active = new SvelteSet<string>();
  /** Runs asked to pause whose steps in progress are still finishing. */
  private readonly pausing = new SvelteSet<string>();
  private readonly running = new Map<string, Promise<void>>();
  /** Datasets handed in directly (headless runs), by run id. */
  private readonly given = new Map<string, { instances: Instance[]; tasks: InterviewTask[] }>();
  /** Runs whose provider keys are added outside the page (the headless runner's proxy). */
  private readonly externalKeys = new Set<string>();
  /** Price tables handed in with a run (headless runs), instead of the Models page's. */
  private readonly givenPrices = new Map<string, PriceTable>();
  /** Cassettes handed in with a run (headless runs): record provider answers, or replay them. */
  private readonly cassettes = new Map<string, { mode: 'record' | 'replay'; cassette: Cassette }>();
  private readonly limiters = new LimiterRegistry(settings.limits.providerConcurrency);
  /** Values the runs in this browser share (a Talk instance's obfuscated statement). */
  private readonly shared = new SharedValues(new IdbValueStore());
  /** Where a person takes the candidate's turns, for runs with a human candidate (Teach mode). */
  private readonly seats = new Map<string, LearnerSeat>();
  private loaded: Promise<void> | null = null;
  /** Each active run's steps' pass counts (for the grid as steps arrive). */
  private readonly progress = new Map<string, ProgressOf>();

  /** Keep runs started together as a group (a model-profile study: `profile`), in this browser. */
  group(ids: readonly string[], profile = false): void {
    if (ids.length < 2) return;
    this.groups[ids[0]!] = [...ids];
    if (profile && !this.profiles.includes(ids[0]!)) this.profiles.push(ids[0]!);
    this.saveGroups();
  }

  /** The runs of the model-profile study a run belongs to, in the study's order. */
  profileOf(runId: string): string[] | undefined {
    const first = this.profiles.find((id) => this.groups[id]?.includes(runId));
    return first === undefined ? undefined : this.groups[first];
  }

  private saveGroups(): void {
    try {
      localStorage.setItem(GROUPS_KEY, JSON.stringify({ groups: $state.snapshot(this.groups), profiles: $state.snapshot(this.profiles) }));
    } catch {
      // no storage: the groups last as long as the tab
    }
  }

  /** Load the list, and resume runs a reload interrupted. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      await this.refresh();
      const interrupted = this.list.filter((r) => r.status === 'running' && r.source !== 'imported');
      // A run asked to pause before the reload stays paused; the others carry on.
      for (const run of interrupted.filter((r) => r.pauseRequested)) {
        const paused = $state.snapshot(run) as RunRecord;
        paused.status = 'paused';
        delete paused.pauseRequested;
        await this.store.putRun(paused);
      }
      for (const run of interrupted.filter((r) => !r.pauseRequested)) void this.resume(run.manifest.runId);
      if (interrupted.some((r) => r.pauseRequested)) await this.refresh();
    })();
    return this.loaded;
  }

  private refreshing: Promise<void> | null = null;
  /** Each listed run's item keys (to notice units a run makes as it goes). */
  private knownKeys = new Map<string, Set<string>>();

  /** One refresh for a burst of changes (units a search makes in a batch). */
  private refreshSoon(): void {
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
  }

  async refresh(): Promise<void> {
    try {
      this.list = await this.store.listRuns();
      this.knownKeys = new Map(this.list.map((r) => [r.manifest.runId, new Set(r.items.map((i) => i.key))]));
    } catch (err) {
      this.error = `Runs are unavailable: ${(err as Error).message}`;
    }
  }

  /** The cassette a run recorded (JSONL), or null. */
  recorded(runId: string): string | null {
    const tape = this.cassettes.get(runId);
    return tape?.mode === 'record' ? tape.cassette.toJsonl() : null;
  }

  /** The learner's seat of a run with a human candidate (the same one across resumes). */
  seat(runId: string): LearnerSeat {
    let seat = this.seats.get(runId);
    if (!seat) this.seats.set(runId, (seat = new LearnerSeat()));
    return seat;
  }

  isPausing(runId: string): boolean {
    return this.pausing.has(runId);
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Make sure a run's totals and per-item progress are loaded for display. */
  async watch(runId: string): Promise<void> {
    if (this.live[runId]) return;
    const record = await this.store.getRun(runId);
    if (!record) return;
    const run = liveOf(await this.store.steps(runId), progressFor(record, PROTOCOLS[record.manifest.protocol.id]));
    this.live[runId] ??= run;
  }

  async start(config: RunConfig, dataset: RunData, options: StartOptions = {}): Promise<string> {
    const protocol = requireProtocol(config.protocol);
    const info = await (await sandbox.client()).info();
    const manifest = await createManifest(config, dataset, protocol, { version: __APP_VERSION__, pyodide: info.pyodideVersion || __PYODIDE_VERSION__ });
    if (!options.externalKeys) {
      if (manifest.models.some((m) => m.provider?.headerNames?.length)) throw new Error('extra request headers are sent by the headless runner (hintbench run), which adds them outside the page; the app does not take them');
      for (const m of manifest.models.filter((x) => !x.simulated && !x.human)) {
        if (!settings.providerFor(m.provider!.baseURL, m.provider!.preset)) throw new Error(`no provider is configured for ${m.label}`);
      }
    } else this.externalKeys.add(manifest.runId);
    this.given.set(manifest.runId, { instances: dataset.instances, tasks: dataset.tasks ?? [] });
    if (options.prices) this.givenPrices.set(manifest.runId, options.prices);
    if (options.cassette) this.cassettes.set(manifest.runId, { mode: options.cassette.mode, cassette: Cassette.fromJsonl(options.cassette.jsonl ?? '') });
    const record = createRecord(manifest, protocol);
    if (!options.externalKeys) record.keyedProviders = this.providersOf(manifest).filter((id) => settings.hasKey(id));
    await this.store.putRun(record);
    await this.refresh();
    void this.resume(manifest.runId);
    return manifest.runId;
  }

  /** Run (or continue) a stored run; resolves when it stops. */
  resume(runId: string): Promise<void> {
    let p = this.running.get(runId);
    if (!p) {
      p = this.drive(runId).finally(() => this.running.delete(runId));
      this.running.set(runId, p);
    }
    return p;
  }

  /** Resolves when the run stops (done, paused, cancelled, budget or error). */
  async settled(runId: string): Promise<void> {
    await this.running.get(runId);
  }

  private providersOf(manifest: Manifest): string[] {
    const ids = manifest.models.filter((m) => !m.simulated && !m.human).map((m) => settings.providerFor(m.provider!.baseURL, m.provider!.preset)?.id);
    return [...new Set(ids.filter((id): id is string => id !== undefined))];
  }

  private async drive(runId: string): Promise<void> {
    const record = await this.store.getRun(runId);
    if (!record) return;
    const missing = this.externalKeys.has(runId) ? [] : (record.keyedProviders ?? []).filter((id) => !settings.hasKey(id));
    if (missing.length > 0) {
      // After a reload, keys the user did not ask to remember are gone: wait for them.
      record.status = 'paused';
      record.missingKeys = missing;
      await this.store.putRun(record);
      await this.refresh();
      return;
    }
    delete record.error;
    delete record.missingKeys;
    try {
      const controller = await this.controllerFor(record);
      this.controllers.set(runId, controller);
      this.active.add(runId);
      await controller.run();
    } catch (err) {
      record.status = 'error';
      record.error = (err as Error).message;
      await this.store.putRun(record);
      this.error = `Run ${record.manifest.name}: ${(err as Error).message}`;
    } finally {
      this.controllers.delete(runId);
      this.active.delete(runId);
      this.pausing.delete(runId);
      await this.refresh();
    }
  }

  /** Give a run another name; an empty name is refused. */
  async rename(runId: string, name: string): Promise<void> {
    const clean = name.trim();
    if (!clean) throw new Error('a run needs a name');
    const controller = this.controllers.get(runId);
    if (controller) await controller.rename(clean);
    else {
      const record = await this.store.getRun(runId);
      if (!record) throw new Error(`no run ${runId}`);
      record.manifest.name = clean;
      await this.store.putRun(record);
    }
    await this.refresh();
  }

  pause(runId: string): void {
    const controller = this.controllers.get(runId);
    if (!controller) return;
    this.pausing.add(runId);
    controller.pause();
  }

  cancel(runId: string): void {
    this.controllers.get(runId)?.cancel();
  }

  async remove(runId: string): Promise<void> {
    this.cancel(runId);
    await this.store.deleteRun(runId);
    delete this.live[runId];
    // A group without one of its runs is no longer the group it was.
    const broken = Object.keys(this.groups).filter((id) => this.groups[id]!.includes(runId));
    if (broken.length) {
      for (const id of broken) delete this.groups[id];
      this.profiles = this.profiles.filter((id) => !broken.includes(id));
      this.saveGroups();
    }
    await this.refresh();
  }

  /**
   * Recompute a stored run's scores (its leaderboard rows and per-item numbers) from its steps with
   * this copy's metric code, and keep them on the run (docs/metrics.md, "Stored scores and rescoring").
   */
  async rescore(runId: string): Promise<void> {
    if (this.controllers.has(runId)) throw new Error('this run is going: it is scored when it stops');
    const log = await this.log(runId);
    const record = await this.store.getRun(runId);
    if (!log || !record) throw new Error(`no run ${runId}`);
    const scores = scoreRun(log.manifest, log.items);
    if (!scores) throw new Error(`this copy of hintbench does not know the "${log.manifest.protocol.id}" protocol, so it cannot score it`);
    record.scores = scores;
    record.updatedAt = new Date().toISOString(); // the Results page reloads the run when this changes
    await this.store.putRun(record);
    await this.refresh();
  }

  private async controllerFor(record: RunRecord): Promise<RunController> {
    const { manifest } = record;
    const protocol = PROTOCOLS[manifest.protocol.id];
    if (!protocol) throw new Error(`this copy of hintbench cannot run the "${manifest.protocol.id}" protocol`);
    const source = protocol.workOn === 'none' ? { instances: [], tasks: [] } : (this.given.get(manifest.runId) ?? (await datasets.dataset(manifest.dataset.id)));
    if (!source) throw new Error('its dataset is no longer stored in this browser');
    const wanted = new Set(manifest.dataset.instances.map((i) => i.id));
    const instances = new Map(source.instances.filter((i) => wanted.has(i.id)).map((i) => [i.id, i]));
    const wantedTasks = new Set((manifest.dataset.tasks ?? []).map((t) => t.id));
    const tasks = new Map(source.tasks.filter((t) => wantedTasks.has(t.id)).map((t) => [t.id, t]));
    const client = await sandbox.client();
    await client.whenReady();
    const stored = await this.store.steps(manifest.runId);
    const progress = progressFor(record, protocol);
    this.progress.set(manifest.runId, progress);
    const live = liveOf(stored, progress);
    const caller = new Caller({
      prices: this.givenPrices.get(manifest.runId) ?? $state.snapshot(settings.prices),
      // Every recorded call counts against the cap, those of failed steps too.
      budget: new Budget(manifest.settings.budgetUsd, recordedSpend(stored.values())),
      limiters: this.limiters,
      retry: { ...DEFAULT_RETRY, maxRetries: manifest.settings.maxRetries },
    });
    // Every sandbox job of the run, the simulated models' too, is the run's: runs take turns,
    // and cancelling the run stops them.
    let controller: RunController | undefined;
    // A learner's session (Teach) is interactive: someone waits at the screen for each verdict.
    const priority = manifest.models.some((m) => m.human) ? 'interactive' : 'batch';
    const executor = ownedExecutor(client, manifest.runId, () => controller?.signal ?? new AbortController().signal, priority);
    const bindings = buildBindings(
      manifest,
      {
        executor,
        mutator: mutatePy,
        headersOutside: this.externalKeys.has(manifest.runId),
        keyFor: (spec) => {
          if (this.externalKeys.has(manifest.runId)) return '';
          const provider = settings.providerFor(spec.provider!.baseURL, spec.provider!.preset);
          return provider ? settings.keyFor(provider.id) : '';
        },
        ...(this.cassettes.has(manifest.runId) ? { cassette: this.cassettes.get(manifest.runId)! } : {}),
        ...(manifest.models.some((m) => m.human) ? { seat: this.seat(manifest.runId) } : {}),
      },
      settings.limits.providerConcurrency,
    );
    this.live[manifest.runId] = live;
    controller = new RunController(record, {
      executor,
      store: this.store,
      caller,
      bindings,
      instances,
      tasks,
      protocol,
      shared: this.shared,
      style: loadStyleChecker,
      onEvent: (e: RunEvent) => this.onEvent(manifest.runId, e),
    });
    for (const [key, status] of controller.live) this.live[manifest.runId]!.live[key] = status;
    return controller;
  }

  private onEvent(runId: string, e: RunEvent): void {
    const run = this.live[runId];
    if (!run) return;
    if (e.type === 'item') {
      // A unit the run made as it went (a search): the stored record now lists it.
      if (this.knownKeys.get(runId)?.has(e.key) === false) this.refreshSoon();
      run.live[e.key] = e.status;
      if (e.status.state === 'done' || e.status.state === 'error' || e.status.state === 'stopped') delete run.replies[e.key];
    } else if (e.type === 'reply') {
      run.replies[e.key] = { role: e.role, content: e.content, thinking: e.thinking };
    } else if (e.type === 'step') {
      delete run.replies[e.key];
      add(run, e.key, e.step, this.progress.get(runId));
    }
    else void this.refresh();
  }

  async log(runId: string): Promise<RunLog | undefined> {
    return loadRunLog(this.store, runId);
  }

  /** A run without its steps, with its stored scores (what its page shows first). */
  async head(runId: string): Promise<RunLog | undefined> {
    return loadRunHead(this.store, runId);
  }

  /** A run's head with the steps of the items `wanted` picks: what a page of one item, or of one instance across models, needs. */
  async partLog(runId: string, wanted: (item: RunRecord['items'][number]) => boolean): Promise<RunLog | undefined> {
    const listed = this.list.find((r) => r.manifest.runId === runId);
    const head = listed ? headOf(listed) : await loadRunHead(this.store, runId);
    if (!head) return undefined;
    const items = await Promise.all(head.items.map(async (i) => (wanted(i) ? { ...i, steps: await this.store.itemSteps(runId, i.key) } : i)));
    return { ...head, items };
  }

  /** A run's head with one item's steps, read from that item's records alone. */
  itemLog(runId: string, itemKey: string): Promise<RunLog | undefined> {
    return this.partLog(runId, (i) => i.key === itemKey);
  }

  /** Add (or replace) an annotation of a run, e.g. a grade of one of its hints. */
  async annotate(runId: string, annotation: Annotation): Promise<void> {
    await this.store.putAnnotation(runId, $state.snapshot(annotation) as Annotation);
    this.annotated[runId] = (this.annotated[runId] ?? 0) + 1;
  }

  async exportRun(runId: string, format: 'json' | 'jsonl' | 'json.gz' | 'jsonl.gz' | 'csv'): Promise<void> {
    const log = await this.log(runId);
    if (!log) return;
    const base = log.manifest.runId;
    if (format === 'csv') return download(`${base}.csv`, toCsv(log), 'text/csv');
    // Piece by piece: the file is a list of texts (one per item), never one string.
    const plain = format.startsWith('jsonl') ? 'jsonl' : 'json';
    const pieces: string[] = [];
    for await (const piece of logChunks(log, log.items, plain)) pieces.push(piece);
    if (!format.endsWith('.gz')) return downloadBlob(`${base}.${format}`, new Blob(pieces, { type: plain === 'json' ? 'application/json' : 'application/x-ndjson' }));
    downloadBlob(`${base}.${format}`, new Blob([await gzipBlob(pieces)], { type: 'application/gzip' }));
  }

  /** How far an import has got: items read, and what is being done. */
  importing = $state<{ items: number; phase: string } | null>(null);

  /**
   * Store a run log read from a text in pieces (view only: it cannot be resumed here). Items are
   * stored in batches as they arrive, a version-3 file's as they are written (checked, never
   * decoded). Once the manifest and stored scores are read the run is listed with its
   * leaderboard (`opened` is called then), while the rest is stored; a log without scores is
   * scored here, by this copy's metric code, when all its items are read.
   */
  async importText(text: AsyncIterable<string>, opened?: (runId: string) => void): Promise<string> {
    const store: RunStore = this.store;
    let manifest: Manifest | null = null;
    let scores: Scores | undefined;
    let announced = false;
    const heads: (ItemHead | HeadWithStartRef)[] = [];
    const kept: ItemRecord[] = [];
    const annotations: Annotation[] = [];
    let batch: StepEntry[] = [];
    let compactBatch: CompactEntry[] = [];
    let pending = 0;
    const flush = async () => {
      if (!manifest) return;
      if (batch.length) await store.putSteps(manifest.runId, batch);
      if (compactBatch.length) await store.putCompact!(manifest.runId, compactBatch);
      batch = [];
      compactBatch = [];
      pending = 0;
    };
    const progress = async (m: Manifest) => {
      if (heads.length % 100 === 0) this.importing = { items: heads.length, phase: 'reading' };
      if (pending >= IMPORT_BATCH) await flush();
      // The first items read: the run shows its stored leaderboard while the rest is stored.
      if (!announced && scores) {
        announced = true;
        await store.putRun({ manifest: m, status: 'paused', items: [], updatedAt: new Date().toISOString(), source: 'imported', scores, importing: true });
        await this.refresh();
        opened?.(m.runId);
      }
    };
    this.importing = { items: 0, phase: 'reading' };
    try {
      await readLogInto(text, {
        manifest: async (m) => {
          const existing = await store.getRun(m.runId);
          if (existing && existing.source !== 'imported') throw new Error(`run ${m.runId} is already in this browser`);
          if (existing) await store.deleteRun(m.runId); // opened again: replaced whole
          manifest = m;
          await store.putRun({ manifest: m, status: 'paused', items: [], updatedAt: new Date().toISOString(), source: 'imported', importing: true });
        },
        scores: (s) => void (scores = s),
        item: async (item) => {
          const { steps, ...head } = item;
          heads.push(head);
          if (!scores) kept.push(item);
          for (const step of steps) batch.push({ itemKey: item.key, step, ...(item.instanceId !== undefined ? { instanceId: item.instanceId } : {}) });
          pending += steps.length;
          await progress(manifest!);
        },
        ...(store.putCompact
          ? {
              compact: async (entry: CompactEntry) => {
                heads.push(entry.head);
                compactBatch.push(entry);
                pending += entry.steps.length;
                await progress(manifest!);
              },
            }
          : {}),
        annotation: (a) => void annotations.push(a),
      });
      await flush();
      if (!manifest) throw new Error('not a run log');
      const m: Manifest = manifest;
      if (!scores) {
        this.importing = { items: heads.length, phase: 'scoring' };
        scores = scoreRun(m, kept);
      }
      for (const a of annotations) await store.putAnnotation(m.runId, a);
      const items = await startsRead(store, m.runId, heads);
      await store.putRun({
        manifest: m,
        status: items.every((i) => i.status === 'done' || i.status === 'error') ? 'done' : 'paused',
        items,
        updatedAt: new Date().toISOString(),
        source: 'imported',
        ...(scores ? { scores } : {}),
      });
      await this.refresh();
      if (!announced) opened?.(m.runId);
      return m.runId;
    } catch (err) {
      const m = manifest as Manifest | null;
      if (m) await store.deleteRun(m.runId).catch(() => {}); // nothing half-read stays
      await this.refresh();
      throw err;
    } finally {
      this.importing = null;
    }
  }

  /** Store a run log given as one text (a results bundle, a test). */
  importLog(text: string): Promise<string> {
    return this.importText((async function* () {
      yield text;
    })());
  }

  /** A results file chosen by the user: JSON or JSONL, plain or gzip (a name ending in .gz must hold gzip). */
  async importFile(file: File, opened?: (runId: string) => void): Promise<string> {
    return this.importText(textChunks(file.stream(), { named: gzipName(file.name) }), opened);
  }

/**
   * ?results=<URL under the site>: open a results bundle published next to the site, plain or
   * gzip (known by its first bytes: a server may have decompressed a .gz already).
   */
  async importFromUrl(raw: string, opened?: (runId: string) => void): Promise<string> {
    const url = urlUnderSite(raw, document.baseURI);
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`could not fetch ${url.pathname}: HTTP ${response.status}`);
    try {
      return await this.importText(textChunks(response.body), opened);
    } catch (err) {
      throw new Error(`${url.pathname}: ${(err as Error).message}`);
    }
  }
}

/** Steps stored per transaction while a log is imported. */
const IMPORT_BATCH = 500;

/** Heads whose start programs are still part numbers (a compact import), with their texts read from the store. */
async function startsRead(store: RunStore, runId: string, heads: readonly (ItemHead | HeadWithStartRef)[]): Promise<ItemHead[]> {
  const refs = [...new Set(heads.flatMap((h) => (typeof h.start?.code === 'number' ? [h.start.code] : [])))];
  if (!refs.length) return heads as ItemHead[];
  const texts = await store.partTexts!(runId, refs);
  const shared = new Map<object, ItemHead['start']>(); // one object per start, as the file shared it
  return heads.map((h) => {
    if (typeof h.start?.code !== 'number') return h as ItemHead;
    let start = shared.get(h.start);
    if (!start) {
      start = { ...h.start, code: texts.get(h.start.code)! };
      shared.set(h.start, start);
    }
    return { ...h, start };
  });
}

export const runs = new Runs();
export type { Manifest };
