// Notices when Python hands JavaScript a way back into Python memory that nothing records: a
// promise's handlers (Pyodide makes them when Python receives a JavaScript promise). They are
// calls from the WebAssembly module to an import, so the import is wrapped as the module is
// instantiated. pristine.ts reads the count: a job that made any gets its worker replaced,
// because after the job the handlers would run against memory that was put back.

/** Promise handlers made since the interpreter started, over all interpreters of this realm. */
export const bridgeCounts = { promiseHandles: 0 };

const WATCHED = 'create_promise_handles';

type Imports = { env?: Record<string, unknown> };

/** Wrap the import before the module links to it. */
export function watchImports(imports: unknown): void {
  const env = (imports as Imports | undefined)?.env;
  const original = env?.[WATCHED];
  if (!env || typeof original !== 'function' || (original as { watched?: true }).watched) return;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    bridgeCounts.promiseHandles++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  Object.defineProperty(wrapped, 'watched', { value: true });
  // Emscripten reads an import's signature from the function itself.
  Object.assign(wrapped, { sig: (original as { sig?: string }).sig });
  env[WATCHED] = wrapped;
}

type Instantiate = (...args: unknown[]) => Promise<unknown>;

/** Run `load` (which starts Pyodide) with every WebAssembly instantiation's imports watched. */
export async function withWatchedImports<T>(load: () => Promise<T>): Promise<T> {
  const wasm = WebAssembly as unknown as Record<'instantiate' | 'instantiateStreaming', Instantiate>;
  const originals = { instantiate: wasm.instantiate, instantiateStreaming: wasm.instantiateStreaming };
  for (const name of ['instantiate', 'instantiateStreaming'] as const) {
    const original = originals[name];
    if (!original) continue;
    wasm[name] = (source: unknown, imports: unknown, ...rest: unknown[]) => {
      watchImports(imports);
      return original.call(WebAssembly, source, imports, ...rest);
    };
  }
  try {
    return await load();
  } finally {
    Object.assign(wasm, originals);
  }
}
