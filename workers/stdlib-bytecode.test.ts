// The standard library with bytecode: every module compiled, the source kept, and Python
// behaving as with the package's source-only zip (paths, tracebacks, inspect).
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import { compiledStdlibPath, SOURCE_STDLIB } from './stdlib-bytecode.ts';

const quiet = { env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} };

/** What a program sees of the standard library, as JSON. */
const PROBE = `
import inspect, json, sys, traceback
try:
    json.loads("{bad")
except ValueError:
    tb = traceback.format_exc()
json.dumps({
    "dumps_file": json.dumps.__code__.co_filename,
    "decoder_in_traceback": "json/decoder.py" in tb,
    "traceback_lines": [l.strip() for l in tb.splitlines() if l.startswith("    ")],
    "source_starts": inspect.getsource(json.dumps).split("(")[0],
})
`;

describe('the standard library with bytecode', () => {
  let path: string;
  let compiled: PyodideAPI;
  let source: PyodideAPI;
  beforeAll(async () => {
    path = await compiledStdlibPath();
    [compiled, source] = await Promise.all([loadPyodide({ ...quiet, stdLibURL: path }), loadPyodide(quiet)]);
  });

  it('adds a .pyc beside every module and keeps the source', () => {
    const original = Object.keys(unzipSync(readFileSync(SOURCE_STDLIB)));
    const names = new Set(Object.keys(unzipSync(readFileSync(path))));
    const modules = original.filter((n) => n.endsWith('.py'));
    expect(modules.length).toBeGreaterThan(300);
    for (const name of original) expect(names.has(name), name).toBe(true);
    const missing = modules.filter((n) => !names.has(`${n}c`));
    expect(missing).toEqual([]);
  });

  it('imports from the bytecode', () => {
    expect(String(compiled.runPython('import json; json.__file__'))).toMatch(/\/json\/__init__\.pyc$/);
    expect(String(source.runPython('import json; json.__file__'))).toMatch(/\/json\/__init__\.py$/);
  });

  it('shows programs the same code paths, tracebacks and source as the source-only library', () => {
    const seen = (py: PyodideAPI) => JSON.parse(String(py.runPython(PROBE))) as Record<string, unknown>;
    const withBytecode = seen(compiled);
    const fromSource = seen(source);
    expect(withBytecode.dumps_file).toMatch(/^\/lib\/python3\d+\.zip\/json\/__init__\.py$/);
    expect(withBytecode.dumps_file).toBe(fromSource.dumps_file);
    expect(withBytecode.decoder_in_traceback).toBe(true);
    expect((withBytecode.traceback_lines as string[]).length).toBeGreaterThan(2);
    expect(withBytecode.traceback_lines).toEqual(fromSource.traceback_lines);
    expect(withBytecode.source_starts).toBe('def dumps');
  });
});
