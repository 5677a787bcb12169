// App-wide sandbox state: one SandboxClient, started at page load so it is warm by first use.
import type { SandboxInfo } from '../core/exec/sandbox-api.ts';
import { SandboxClient, type SandboxConfig } from '../sandbox/client.ts';
import { fetchPyodideFiles } from '../sandbox/pyodide-files.ts';
import { loadSnapshot, saveSnapshot } from '../sandbox/snapshot-store.ts';
import { measured } from '../sandbox/start-timing.ts';

class SandboxState {
  info = $state<SandboxInfo | null>(null);
  error = $state<string | null>(null);
  private connecting: Promise<SandboxClient> | null = null;

  /** Optional overrides from the URL, e.g. ?pool=2&spares=0 (used by tests and benchmarks). */
  private configFromUrl(): Omit<SandboxConfig, 'files'> {
    const params = new URLSearchParams(location.search);
    const num = (key: string) => (params.has(key) ? Number(params.get(key)) : undefined);
    const config: Omit<SandboxConfig, 'files'> = {};
    const pool = num('pool');
    const spares = num('spares');
    if (pool !== undefined) config.poolSize = pool;
    if (spares !== undefined) config.spares = spares;
    return config;
  }

  client(): Promise<SandboxClient> {
    const settings = async (): Promise<SandboxConfig> => {
      const useSnapshot = !new URLSearchParams(location.search).has('no-snapshot');
      const [files, snapshot] = await Promise.all([
        measured('runtime-fetch', fetchPyodideFiles(document.baseURI)),
        useSnapshot ? measured('snapshot-read', loadSnapshot()) : undefined,
      ]);
      return { ...this.configFromUrl(), files, ...(snapshot ? { snapshot } : {}) };
    };
    // The runtime and the stored snapshot load while the sandbox page does.
    this.connecting ??= measured('sandbox-connect', SandboxClient.create(settings()));
    return this.connecting;
  }

  /** Resolves once start-up work is done: ready, and the snapshot kept for next time. */
  settled: Promise<void> = Promise.resolve();

  /** Connect and follow start-up, keep a fresh snapshot for next time, keep counts fresh. */
  start(): void {
    this.settled = this.client()
      .then(async (client) => {
        const ready = await client.whenReady(120_000, (info) => (this.info = info));
        if (ready.snapshot !== 'given') {
          // A full start made a snapshot: keep it so the next visit starts fast.
          const made = await client.whenSnapshotMade();
          if (made) await saveSnapshot(made);
        }
        void this.follow(client);
      })
      .catch((err: unknown) => {
        this.error = String((err as Error)?.message ?? err);
      });
  }

  private async follow(client: SandboxClient): Promise<void> {
    for (;;) {
      this.info = await client.info();
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

export const sandbox = new SandboxState();
