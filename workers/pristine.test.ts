// The record of a ready interpreter and its restoration (pristine.ts), in real Pyodide.
import type { PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRequest } from '../src/core/exec/sandbox-api.ts';
import { installHarness, JobRunner } from './job-runner.ts';
import { harnessFiles } from './harness-files.ts';
import { loadInterpreter } from './node-executor.ts';

let py: PyodideAPI;
let runner: JobRunner;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const module = () => (py as any)._module;

beforeAll(async () => {
  py = await loadInterpreter();
  runner = new JobRunner(py, installHarness(py, harnessFiles()), { memoryLimitMb: 512 });
});

const job = (program: string): JobRequest => ({ program, kind: 'stdio', tests: [{ id: 't', payload: '' }], timeLimitMs: 2000 });

function run(request: JobRequest): { stdout: string[]; recycle: boolean; why?: string } {
  const stdout: string[] = [];
  let end: { recycle: boolean; why?: string } = { recycle: false };
  runner.run(request, (e) => {
    if (e.type === 'test-result') stdout.push(e.result.stdout);
    if (e.type === 'job-end') end = e;
  });
  return { stdout, recycle: end.recycle, ...(end.why ? { why: end.why } : {}) };
}

describe('between jobs the interpreter is put back as recorded', () => {
  it('its linear memory, byte for byte, after a job that grew and changed it', () => {
    const recorded: Uint8Array = (runner as unknown as { pristine: { memory: Uint8Array } }).pristine.memory;
    const { recycle } = run(
      job('import math, sys\nmath.tau = 1\nhoard = [bytes(1000) for _ in range(50_000)]\nsys.modules["math"].left = hoard\nprint(len(hoard))'),
    );
    expect(recycle).toBe(false);
    const heap: Uint8Array = module().HEAPU8;
    expect(heap.length).toBeGreaterThan(recorded.length); // the job grew memory
    expect(Buffer.compare(heap.subarray(0, recorded.length), recorded)).toBe(0);
    expect(heap.subarray(recorded.length).every((b) => b === 0)).toBe(true);
    expect(run(job('import math\nprint(math.tau, hasattr(math, "left"))')).stdout).toEqual(['6.283185307179586 False\n']);
  });

  it('its file system: a changed file gets its bytes back, a new one is gone, the working directory and open files are as they were', () => {
    const zip: Uint8Array = py.FS.readFile('/lib/python314.zip');
    run(
      job(
        'import os\nwith open("/lib/python314.zip", "r+b") as f:\n    f.seek(1000)\n    f.write(b"x" * 100)\nopen("/lib/new.txt", "w").write("new")\nos.chdir("/lib")\nos.open("/lib/new.txt", os.O_RDONLY)',
      ),
    );
    expect(Buffer.compare(py.FS.readFile('/lib/python314.zip'), zip)).toBe(0);
    expect(py.FS.analyzePath('/lib/new.txt').exists).toBe(false);
    const probe = 'import os\ntry:\n    os.fstat(3)\n    state = "open"\nexcept OSError:\n    state = "closed"\nprint(os.getcwd(), state)';
    expect(run(job(probe)).stdout).toEqual(['/home/pyodide closed\n']);
  });

  it('a handle on a Python object that JavaScript kept from a job is cut loose when the job ends, and its worker is replaced', () => {
    // Made after the record, as a program's callback handed to JavaScript would be.
    const callback = py.runPython('import math\nlambda: setattr(math, "pi", 3)') as () => void;
    expect(run(job('print(1)'))).toMatchObject({ recycle: true, why: expect.stringContaining('proxies') });
    expect(() => callback()).toThrow(/job has ended/);
    expect(run(job('import math\nprint(math.pi)'))).toEqual({ stdout: ['3.141592653589793\n'], recycle: false });
  });

  it('a job that attaches handlers to a JavaScript promise (they would run after it) gets its worker replaced', () => {
    // Hand a promise to the next job through a module, as a program reaching JavaScript could get one.
    py.runPython('import sys, types\nsys.modules["handed"] = types.ModuleType("handed")');
    const handed = py.pyimport('handed') as unknown as { p: unknown; destroy(): void };
    handed.p = Promise.resolve(5);
    handed.destroy();
    const attach = run(job('import handed\nhanded.p.then(lambda x: print("late", x))\nprint("attached")'));
    expect(attach).toMatchObject({ stdout: ['attached\n'], recycle: true, why: expect.stringContaining('a promise') });
  });

  it('what cannot be put back gets the worker replaced: a library loaded at run time', () => {
    const libraries = module().LDSO.loadedLibsByName;
    libraries['/lib/left-behind.so'] = {};
    try {
      expect(run(job('print(1)'))).toMatchObject({ recycle: true, why: 'a library was loaded into the interpreter' });
    } finally {
      delete libraries['/lib/left-behind.so'];
    }
    expect(run(job('print(2)'))).toEqual({ stdout: ['2\n'], recycle: false });
  });
});
