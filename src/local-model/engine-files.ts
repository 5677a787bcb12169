// The engine's WebAssembly, self-hosted: the build copies it from node_modules/@wllama/wllama
// (vite/local-model.ts), as it does Pyodide; nothing comes from a CDN.

/** Where the build puts it, relative to the site root. */
export const engineWasmPath = (version: string) => `wllama/${version}/wllama.wasm`;
