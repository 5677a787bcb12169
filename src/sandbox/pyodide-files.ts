// The self-hosted Pyodide runtime. The app fetches these files from its own origin
// (so the browser and the offline cache can keep them) and hands the bytes to the
// sandbox, which therefore needs no network access at all.

export const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] as const;
export type PyodideFileName = (typeof PYODIDE_FILES)[number];
export type PyodideFiles = Record<PyodideFileName, ArrayBuffer>;

/** Where the build puts them, relative to the site root. */
export const pyodideDir = (version: string) => `pyodide/${version}/`;

export async function fetchPyodideFiles(base: string): Promise<PyodideFiles> {
  const entries = await Promise.all(
    PYODIDE_FILES.map(async (name) => {
      const response = await fetch(new URL(`${pyodideDir(__PYODIDE_VERSION__)}${name}`, base));
      if (!response.ok) throw new Error(`could not load the Python runtime (${name}: HTTP ${response.status})`);
      return [name, await response.arrayBuffer()] as const;
    }),
  );
  return Object.fromEntries(entries) as PyodideFiles;
}
