// Keeps the sandbox's Pyodide memory snapshot between visits (IndexedDB, app realm), so a
// returning visitor's workers start from it in a fraction of a full start.
// The snapshot is made by a worker right after start-up, before any program runs.
import { openDB, type IDBPDatabase } from 'idb';

const DB_NAME = 'hintbench-sandbox';
const STORE = 'snapshots';
/** Snapshots are only valid for the Pyodide and app build that made them. */
export const SNAPSHOT_KEY = `pyodide-${__PYODIDE_VERSION__}/app-${__APP_VERSION__}`;

let db: Promise<IDBPDatabase> | null = null;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return db;
}

export async function loadSnapshot(): Promise<ArrayBuffer | undefined> {
  try {
    const value: unknown = await (await open()).get(STORE, SNAPSHOT_KEY);
    if (value instanceof Blob) return await value.arrayBuffer();
    return value instanceof ArrayBuffer ? value : undefined;
  } catch {
    return undefined; // storage unavailable (private mode, quota): start fully
  }
}

/**
 * Store this build's snapshot and drop those of other builds. It is stored as a Blob: putting
 * tens of megabytes of ArrayBuffer would copy them on the main thread while a run may be going.
 */
export async function saveSnapshot(bytes: ArrayBuffer): Promise<void> {
  try {
    const database = await open();
    const tx = database.transaction(STORE, 'readwrite');
    for (const key of await tx.store.getAllKeys()) if (key !== SNAPSHOT_KEY) await tx.store.delete(key);
    await tx.store.put(new Blob([bytes]), SNAPSHOT_KEY);
    await tx.done;
  } catch {
    // not fatal: the next visit starts fully again
  }
}
