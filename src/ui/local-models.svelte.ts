// The in-browser models as the pages see them: this browser's facts, the stored models, the
// memory limit, and a model being checked, downloaded or copied in. A model is checked before
// anything large moves: its size, what it is and the memory it needs, and whether it can run
// here; one that cannot is refused with the reason, and the user confirms the others.
import { backendOf, canRun, defaultMemoryLimit, type DeviceFacts, type Verdict } from '../core/llm/local/device.ts';
import { memoryNeed, type MemoryNeed } from '../core/llm/local/facts.ts';
import { orderFiles, sourceFromUrl } from '../core/llm/local/sources.ts';
import { IN_BROWSER } from '../core/llm/presets.ts';
import type { Probe, StoredModel, TransferProgress } from '../local-model/api.ts';
import { localModels } from '../local-model/client.ts';
import { settings } from './settings.svelte.ts';

const LIMIT_KEY = 'hintbench.localModels.memoryLimit';
/** The in-browser provider's name in runs. */
export const IN_BROWSER_ID = 'in-browser';

export interface Checked {
  probe: Probe;
  need: MemoryNeed;
  verdict: Verdict;
  /** The chosen files, for a model copied in from this device. */
  files: File[] | null;
}

class LocalModelsState {
  device = $state<DeviceFacts | null>(null);
  stored = $state<StoredModel[]>([]);
  /** The memory a model may use, in bytes (the user's, or half the device's). */
  limit = $state<number | null>(null);
  checking = $state(false);
  checked = $state<Checked | null>(null);
  progress = $state<TransferProgress | null>(null);
  error = $state<string | null>(null);
  private stopper: AbortController | null = null;

  constructor() {
    const saved = Number(globalThis.localStorage?.getItem(LIMIT_KEY));
    if (Number.isFinite(saved) && saved > 0) this.limit = saved;
  }

  async refresh(): Promise<void> {
    this.device ??= await localModels.deviceFacts();
    this.limit ??= defaultMemoryLimit(this.device);
    this.stored = await localModels.list();
    this.syncProvider();
  }

  backend() {
    return this.device ? backendOf(this.device) : null;
  }

  setLimit(bytes: number): void {
    this.limit = bytes;
    localStorage.setItem(LIMIT_KEY, String(bytes));
    if (this.checked) this.checked = this.judge(this.checked.probe, this.checked.files);
  }

  private judge(probe: Probe, files: File[] | null): Checked {
    const need = memoryNeed(probe.facts, probe.totalBytes);
    return { probe, need, verdict: canRun(need, this.device!, this.limit!), files };
  }

  /** Read a model's header (a link, or chosen files) and judge it; nothing large is fetched. */
  async check(from: string | File[]): Promise<Checked | null> {
    this.error = null;
    this.checked = null;
    this.checking = true;
    try {
      await this.refresh();
      if (typeof from === 'string') {
        const source = sourceFromUrl(from);
        this.checked = this.judge(await localModels.probeUrls(source.id, source.urls), null);
      } else {
        const { files, id } = orderFiles(from);
        this.checked = this.judge(await localModels.probeFiles(id, files), files);
      }
      return this.checked;
    } catch (err) {
      this.error = `Could not read the model: ${(err as Error).message}`;
      return null;
    } finally {
      this.checking = false;
    }
  }

  /** Download (or copy in) the checked model; refused when it cannot run here. */
  async store(): Promise<StoredModel | null> {
    const checked = this.checked;
    if (!checked) return null;
    if (!checked.verdict.ok) {
      this.error = `Not downloaded: ${checked.verdict.reasons.join('; ')}.`;
      return null;
    }
    this.error = null;
    this.stopper = new AbortController();
    this.progress = { loaded: 0, total: checked.probe.totalBytes, part: 1, parts: checked.probe.parts.length };
    try {
      // Plain values cross to the worker (not this state's proxies).
      const files = checked.files ? [...checked.files] : null;
      // A report that arrives after the end (it crosses another channel) is not shown.
      let ended = false;
      const stored = await localModels
        .store($state.snapshot(checked.probe) as Probe, files, (p) => void (ended || (this.progress = p)), this.stopper.signal)
        .finally(() => (ended = true));
      this.checked = null;
      return stored;
    } catch (err) {
      this.error = (err as Error).message;
      return null;
    } finally {
      this.progress = null;
      this.stopper = null;
      await this.refresh();
    }
  }

  /** Stop the download: what came is kept, and it resumes from there. */
  stop(): void {
    this.stopper?.abort();
  }

  get busy(): boolean {
    return this.progress !== null;
  }

  async remove(id: string): Promise<void> {
    await localModels.remove(id);
    await this.refresh();
  }

  /** Resume an unfinished download (the same files: the server is asked for the rest). */
  async resume(model: StoredModel): Promise<void> {
    if (model.source.kind !== 'url') return;
    this.error = null;
    try {
      this.checked = this.judge(await localModels.probeUrls(model.id, [...model.source.urls]), null);
    } catch (err) {
      this.error = `Could not resume: ${(err as Error).message}`;
      return;
    }
    await this.store();
  }

  /**
   * The "In this browser" provider lists the stored models (complete ones), so that every role
   * of every protocol can take one: it is added when a model is first stored.
   */
  private syncProvider(): void {
    const ready = this.stored.filter((m) => m.complete).map((m) => m.id);
    let p = settings.providers.find((x) => x.preset === IN_BROWSER);
    if (!p && !ready.length) return;
    p ??= settings.addProvider(IN_BROWSER, IN_BROWSER_ID);
    if (JSON.stringify(p.models) !== JSON.stringify(ready)) {
      p.models = ready;
      settings.save();
    }
  }
}

export const localModelState = new LocalModelsState();
