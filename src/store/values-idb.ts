// Values runs share across reloads and runs (runner/shared-values.ts: Talk's obfuscated
// statements) in IndexedDB (app realm), by key.
import { openDB, type IDBPDatabase } from 'idb';
import type { ValueStore } from '../core/runner/shared-values.ts';

const DB_NAME = 'hintbench-values';

export class IdbValueStore implements ValueStore {
  private db: Promise<IDBPDatabase> | null = null;

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('values');
      },
    });
    return this.db;
  }

  async get(key: string): Promise<unknown> {
    return (await this.open()).get('values', key);
  }

  async set(key: string, value: unknown): Promise<void> {
    await (await this.open()).put('values', value, key);
  }
}
