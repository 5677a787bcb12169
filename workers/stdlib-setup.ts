// Vitest global setup: make the compiled standard library once, before test files that load
// Pyodide start in parallel (each would otherwise make it at the same time on a fresh clone).
import { compiledStdlibPath } from './stdlib-bytecode.ts';

export default async function setup(): Promise<void> {
  await compiledStdlibPath();
}
