// Values a run's items share and later runs may reuse: made once, under a key that names
// everything they depend on (Talk: an instance's obfuscated statement, by instance, obfuscator
// model and template hash). Concurrent askers wait for the one that makes it; a store (the
// app's IndexedDB) keeps them across reloads and runs.

export interface ValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export class MemoryValueStore implements ValueStore {
  private readonly map = new Map<string, unknown>();
  async get(key: string) {
    return this.map.get(key);
  }
  async set(key: string, value: unknown) {
    this.map.set(key, value);
  }
}

export class SharedValues {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly store: ValueStore = new MemoryValueStore()) {}

  /** The value under `key`: stored, being made, or made now by `make` (then `made` is true). */
  async getOrMake<T>(key: string, make: () => Promise<T>): Promise<{ value: T; made: boolean }> {
    const pending = this.inFlight.get(key);
    if (pending) return { value: (await pending) as T, made: false };
    let mine = false;
    const p = (async () => {
      const stored = await this.store.get(key);
      if (stored !== undefined) return stored;
      mine = true;
      const value = await make();
      await this.store.set(key, value);
      return value;
    })();
    this.inFlight.set(key, p);
    try {
      return { value: (await p) as T, made: mine };
    } finally {
      this.inFlight.delete(key);
    }
  }
}
