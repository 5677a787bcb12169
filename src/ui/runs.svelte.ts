// Runs in the app: starting, following, pausing, resuming (also after a reload), rescoring and
// deleting. The store (IndexedDB) is the source of truth; this is a live view of it. Groups of
// runs live in run-groups.svelte.ts, export and import in run-transfer.svelte.ts.
import { SvelteSet } from 'svelte/reactivity';
import mutatePy from '../../workers/python/mutate.py?raw';
import { ownedExecutor } from '../core/exec/engine.ts';
import { Budget } from '../core/llm/budget.ts';
import { Caller } from '../core/llm/caller.ts';
import { Cassette } from '../core/llm/cassette.ts';
import { LimiterRegistry } from '../core/llm/limiter.ts';
import type { PriceTable } from '../core/llm/pricing.ts';
import { DEFAULT_RETRY } from '../core/llm/retry.ts';
import type { Instance } from '../core/model/instance.ts';
import type { Annotation, Manifest, RunLog } from '../core/model/runlog.ts';
import type { InterviewTask } from '../core/model/task.ts';
import { PROTOCOLS, requireProtocol, seatOf } from '../core/protocols/registry.ts';
import { needsDataset } from '../core/protocols/work.ts';
import { scoreRun } from '../core/runner/scores.ts';
import { recordedSpend, RunController, type RunEvent } from '../core/runner/runner.ts';
import { buildBindings, createManifest, createRecord, type RunConfig, type RunData } from '../core/runner/setup.ts';
import { headOf, loadRunHead, loadRunLog, type RunRecord } from '../core/store/runs.ts';
import { CANDIDATE_SEAT, LearnerSeat, PersonSeat, type AnySeat } from '../core/teach/seat.ts';
import { SharedValues } from '../core/runner/shared-values.ts';
import { IdbRunStore } from '../store/runs-idb.ts';
import { IdbValueStore } from '../store/values-idb.ts';
import { loadStyleChecker } from '../style/ruff-web.ts';
import { datasets } from './datasets.svelte.ts';
import { sandbox } from './sandbox.svelte.ts';
import { settings } from './settings.svelte.ts';
import { addStep, liveOf, progressFor, type LiveRun, type ProgressOf } from './live-run.ts';
import { runGroups } from './run-groups.svelte.ts';

/** How a run is started: headless runs add keys outside the page, bring prices, and may use a cassette. */
export interface StartOptions {
  externalKeys?: boolean;
  prices?: PriceTable;
  cassette?: { mode: 'record' | 'replay'; jsonl?: string };
}

class Runs {
  /** Replaced whole on each refresh, never changed in place (raw: large runs are not proxied). */
  list = $state.raw<RunRecord[]>([]);
  live = $state<Record<string, LiveRun>>({});
  error = $state<string | null>(null);
  /** How many annotations each run got in this tab (pages that show them reload when it changes). */
  annotated = $state<Record<string, number>>({});
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
  /** Where a person takes their role's turns, for runs with a person in a seat (Teach mode). */
  private readonly seats = new Map<string, AnySeat>();
  private loaded: Promise<void> | null = null;
  /** Each active run's steps' pass counts (for the grid as steps arrive). */
  private readonly progress = new Map<string, ProgressOf>();

  /** Load the list, and resume runs a reload interrupted. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      // Writes of live runs are stored in batches: the last one goes before the page does.
      addEventListener('pagehide', () => void this.store.flush().catch(() => undefined));
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

  /**
   * The person's seat of a run (the same one across resumes), read and answered as its protocol's
   * seat for the person's role says; the candidate's seat (LearnerSeat) when the run is unknown.
   */
  seat(runId: string, manifest?: Manifest): AnySeat {
    let seat = this.seats.get(runId);
    if (!seat) {
      const m = manifest ?? this.list.find((r) => r.manifest.runId === runId)?.manifest;
      const io = m ? seatOf(m)?.seat.io : undefined;
      seat = !io || io === CANDIDATE_SEAT ? new LearnerSeat() : new PersonSeat(io);
      this.seats.set(runId, seat);
    }
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
      if (manifest.models.some((m) => m.provider?.headerNames?.length))
        throw new Error('extra request headers are sent by the headless runner (hintbench run), which adds them outside the page; the app does not take them');
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

  /** Cancel a paused run: it ends as cancelled, its finished items kept (Resume can still run the rest). */
  async cancelPaused(runId: string): Promise<void> {
    if (this.controllers.has(runId)) return this.cancel(runId);
    const record = await this.store.getRun(runId);
    if (!record || record.status !== 'paused') return;
    record.status = 'cancelled';
    delete record.missingKeys;
    delete record.pauseRequested;
    record.updatedAt = new Date().toISOString();
    await this.store.putRun(record);
    await this.refresh();
  }

  async remove(runId: string): Promise<void> {
    this.cancel(runId);
    await this.store.deleteRun(runId);
    delete this.live[runId];
    runGroups.forget(runId);
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
    const source = !needsDataset(protocol) ? { instances: [], tasks: [] } : (this.given.get(manifest.runId) ?? (await datasets.dataset(manifest.dataset.id)));
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
        ...(manifest.models.some((m) => m.human) ? { seat: this.seat(manifest.runId, manifest) } : {}),
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
      addStep(run, e.key, e.step, this.progress.get(runId));
    } else void this.refresh();
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
}

export const runs = new Runs();
