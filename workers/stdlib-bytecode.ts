// The standard library zip with its modules' bytecode added (python/compile_stdlib.py), so
// Python starts without compiling source: the build ships it, and the Node executors load
// it. Made once per Pyodide package and script, and kept in node_modules/.cache.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadPyodide } from 'pyodide';

const PYODIDE_DIR = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
/** The library as the `pyodide` package ships it: source only. */
export const SOURCE_STDLIB = join(PYODIDE_DIR, 'python_stdlib.zip');
const CACHE_DIR = join(dirname(PYODIDE_DIR), '.cache', 'hintbench');
const SCRIPT = new URL('./python/compile_stdlib.py', import.meta.url);

/** Fewer compiled modules than this means the zip was not the standard library. */
const MIN_MODULES = 300;

let made: Promise<string> | null = null;

/** The compiled zip's path (made on first use; later calls and processes reuse it). */
export function compiledStdlibPath(): Promise<string> {
  made ??= make();
  return made;
}

async function make(): Promise<string> {
  const script = readFileSync(SCRIPT, 'utf8');
  const source = readFileSync(SOURCE_STDLIB);
  const key = createHash('sha256').update(script).update(source).digest('hex').slice(0, 16);
  const path = join(CACHE_DIR, `python_stdlib-${key}.zip`);
  if (existsSync(path)) return path;
  const py = await loadPyodide({ indexURL: `${PYODIDE_DIR}/`, env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} });
  py.FS.writeFile('/tmp/stdlib-source.zip', source);
  py.runPython(script);
  const compiled = Number(py.runPython('compile_library()'));
  if (!(compiled >= MIN_MODULES)) throw new Error(`compiling the standard library gave only ${compiled} modules`);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside, then renamed: processes making it at once never read half a file.
  const partial = `${path}.${process.pid}.${Date.now()}.part`;
  writeFileSync(partial, py.FS.readFile('/tmp/stdlib-compiled.zip'));
  renameSync(partial, path);
  return path;
}
