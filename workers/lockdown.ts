// Shrinks what untrusted Python can reach from its worker's JavaScript realm.
// Defense in depth: the sandbox document's CSP already blocks network access, and the
// worker's origin is opaque (no app storage). Runs after Pyodide and the harness load.

/** Globals that reach the network, storage, other contexts or the host. */
const REMOVED = [
  'fetch',
  'XMLHttpRequest',
  'importScripts',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
  'indexedDB',
  'caches',
  'cookieStore',
  'postMessage',
  'close',
  'onmessage',
  'onmessageerror',
];

function removeEverywhere(root: object, name: string): void {
  for (let obj: object | null = root; obj; obj = Object.getPrototypeOf(obj)) {
    const desc = Object.getOwnPropertyDescriptor(obj, name);
    if (!desc) continue;
    if (!Reflect.deleteProperty(obj, name) && desc.configurable === false && 'value' in desc && desc.writable) {
      (obj as Record<string, unknown>)[name] = undefined;
    }
  }
}

/**
 * Remove network, storage and messaging globals, refuse new "message" listeners
 * (a listener left behind by one program could watch the next program's jobs),
 * and silence the console.
 * Returns the names that could not be removed.
 */
export function lockdown(scope: typeof globalThis = globalThis): string[] {
  for (const name of REMOVED) removeEverywhere(scope, name);
  const target = EventTarget.prototype;
  const add = target.addEventListener;
  const guarded = function (this: EventTarget, type: string, ...rest: unknown[]) {
    if (this === scope && (type === 'message' || type === 'messageerror')) {
      throw new Error('message listeners are disabled in the sandbox');
    }
    return (add as (...args: unknown[]) => void).call(this, type, ...rest);
  };
  Object.defineProperty(target, 'addEventListener', { value: guarded, writable: false, configurable: false });
  Object.freeze(target);
  // Console output from here on comes from untrusted programs (or Pyodide reporting their
  // crash, which the harness already returns as a result): keep it out of the app's console.
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const) {
    scope.console[method] = () => {};
  }
  return REMOVED.filter((name) => name in scope && (scope as unknown as Record<string, unknown>)[name] !== undefined);
}

type Snapshot = Map<string | symbol, unknown>;

function describe(obj: object): Snapshot {
  const snap: Snapshot = new Map();
  for (const key of Reflect.ownKeys(obj)) {
    const desc = Object.getOwnPropertyDescriptor(obj, key);
    if (desc) snap.set(key, 'value' in desc ? desc.value : desc.get);
  }
  return snap;
}

/**
 * A record of the realm's shared objects (globals, built-in prototypes, the Pyodide API).
 * Intrinsics are not frozen (Pyodide relies on assigning to them), so after each job the
 * worker compares against this record and asks to be replaced when a program changed
 * anything: tampering cannot outlive the program that did it.
 */
export class RealmFingerprint {
  private readonly entries: [object, Snapshot][];

  /** intrinsics: record the realm's globals and built-in prototypes besides `extra`. */
  constructor(extra: object[] = [], scope: typeof globalThis = globalThis, intrinsics = true) {
    const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as object;
    const objects: object[] = !intrinsics
      ? extra
      : [
          scope,
          Object,
          Object.prototype,
          Array,
          Array.prototype,
          Function.prototype,
          String.prototype,
          Number.prototype,
          Boolean.prototype,
          Symbol.prototype,
          BigInt.prototype,
          Error.prototype,
          Promise,
          Promise.prototype,
          Map.prototype,
          Set.prototype,
          WeakMap.prototype,
          RegExp.prototype,
          JSON,
          Math,
          Reflect,
          Atomics,
          typedArray,
          Object.getPrototypeOf(typedArray) as object,
          Uint8Array.prototype,
          Int32Array.prototype,
          TextDecoder.prototype,
          TextEncoder.prototype,
          EventTarget.prototype,
          performance,
          Object.getPrototypeOf(performance) as object,
          ...extra,
        ];
    this.entries = objects.map((obj) => [obj, describe(obj)]);
  }

  /** Record one more object as it is now (a class made later, e.g. Pyodide's proxy classes). */
  watch(obj: object): void {
    if (!this.entries.some(([o]) => o === obj)) this.entries.push([obj, describe(obj)]);
  }

  /** True when any recorded object gained, lost or replaced a property. */
  changed(): boolean {
    return this.entries.some(([obj, before]) => {
      const keys = Reflect.ownKeys(obj);
      if (keys.length !== before.size) return true;
      for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(obj, key)!;
        if (!before.has(key) || !Object.is(before.get(key), 'value' in desc ? desc.value : desc.get)) return true;
      }
      return false;
    });
  }
}
