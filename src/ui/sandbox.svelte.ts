// App-wide sandbox state: one SandboxClient, started at page load so it is warm by first use.
import type { SandboxInfo } from '../core/exec/protocol.ts';
import { SandboxClient, type SandboxConfig } from '../sandbox/client.ts';

class SandboxState {
  info = $state<SandboxInfo | null>(null);
  error = $state<string | null>(null);
  private connecting: Promise<SandboxClient> | null = null;

  /** Optional overrides from the URL, e.g. ?pool=2&spares=0 (used by tests and benchmarks). */
  private configFromUrl(): SandboxConfig {
    const params = new URLSearchParams(location.search);
    const num = (key: string) => (params.has(key) ? Number(params.get(key)) : undefined);
    const config: SandboxConfig = {};
    const pool = num('pool');
    const spares = num('spares');
    if (pool !== undefined) config.poolSize = pool;
    if (spares !== undefined) config.spares = spares;
    return config;
  }

  client(): Promise<SandboxClient> {
    this.connecting ??= SandboxClient.create(this.configFromUrl());
    return this.connecting;
  }

  /** Connect and follow start-up, then keep the worker counts fresh. */
  start(): void {
    void this.client()
      .then(async (client) => {
        await client.whenReady(120_000, (info) => (this.info = info));
        for (;;) {
          this.info = await client.info();
          await new Promise((r) => setTimeout(r, 1000));
        }
      })
      .catch((err: unknown) => {
        this.error = String((err as Error)?.message ?? err);
      });
  }
}

export const sandbox = new SandboxState();
