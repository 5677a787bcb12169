// The Python harness, tested in real Pyodide (in Node) through the same JobRunner the
// browser worker uses. Fixtures are trusted programs with hand-checked results.
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobRequest, RawTestResult } from '../src/core/exec/protocol.ts';
import type { RunnerEvent } from './messages.ts';
import { installHarness, JobRunner } from './runner.ts';

const files = {
  'harness.py': readFileSync(new URL('./python/harness.py', import.meta.url), 'utf8'),
  'isolation.py': readFileSync(new URL('./python/isolation.py', import.meta.url), 'utf8'),
};

async function freshRunner(memoryLimitMb = 256): Promise<JobRunner> {
  const py = await loadPyodide({ env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} });
  return new JobRunner(py, installHarness(py, files), { memoryLimitMb });
}

interface Run {
  results: RawTestResult[];
  recycle: boolean;
  completed: number;
}

function run(runner: JobRunner, program: string, payloads: string[], extra: Partial<JobRequest> = {}): Run {
  const results: RawTestResult[] = [];
  let end: Extract<RunnerEvent, { type: 'job-end' }> | undefined;
  runner.run({ program, kind: 'stdio', tests: payloads.map((payload, i) => ({ id: `t${i}`, payload })), timeLimitMs: 1000, ...extra }, (e) => {
    if (e.type === 'test-result') results[e.index] = e.result;
    if (e.type === 'job-end') end = e;
  });
  return { results, recycle: end!.recycle, completed: end!.completed };
}

let runner: JobRunner;
beforeAll(async () => {
  runner = await freshRunner();
});

describe('stdio programs', () => {
  it('read stdin every usual way and write stdout', () => {
    const readers = [
      'print(sum(map(int, input().split())))',
      'import sys\nprint(sum(map(int, sys.stdin.readline().split())))',
      'import sys\nprint(sum(map(int, sys.stdin.read().split())))',
      'print(sum(map(int, open(0).read().split())))',
      'import sys\nprint(sum(map(int, sys.stdin.buffer.read().split())))',
      'import os\nprint(sum(map(int, os.read(0, os.fstat(0).st_size).split())))',
      'import sys\nprint(sum(int(x) for line in sys.stdin for x in line.split()))',
    ];
    for (const program of readers) {
      const { results } = run(runner, program, ['1 2 3\n', '10 20\n']);
      expect(results.map((r) => [r.status, r.stdout]), program).toEqual([
        ['ok', '6\n'],
        ['ok', '30\n'],
      ]);
    }
  });

  it('capture stderr and writes made straight to file descriptors', () => {
    const { results } = run(runner, 'import os, sys\nprint("out")\nprint("err", file=sys.stderr)\nos.write(1, b"fd1\\n")\nos.write(2, b"fd2\\n")', ['']);
    expect(results[0]).toMatchObject({ status: 'ok', stdout: 'out\nfd1\n', stderr: 'err\nfd2\n' });
  });

  it('give every test fresh globals', () => {
    const program = 'try:\n    counter += 1\nexcept NameError:\n    counter = 1\nprint(counter)';
    expect(run(runner, program, ['', '', '']).results.map((r) => r.stdout)).toEqual(['1\n', '1\n', '1\n']);
  });

  it('treat SystemExit(0) and exit() as a normal end, and other exit codes as errors', () => {
    const { results } = run(runner, 'import sys\nprint("a")\nif input() == "0":\n    sys.exit(0)\nelif input() == "x":\n    exit()\nsys.exit(3)', ['0\n', '1\nx\n', '1\n2\n']);
    expect(results[0]).toMatchObject({ status: 'ok', stdout: 'a\n' });
    expect(results[1]).toMatchObject({ status: 'ok', stdout: 'a\n' });
    expect(results[2]).toMatchObject({ status: 'exception', excType: 'SystemExit', exitCode: 3 });
  });

  it('report the exception type, message and program line', () => {
    const { results } = run(runner, 'def f(xs):\n    return xs[5]\n\nprint(f([1, 2]))', ['']);
    expect(results[0]).toMatchObject({ status: 'exception', excType: 'IndexError', message: 'list index out of range', line: 2 });
    expect(results[0]!.traceback).toContain('File "<program>", line 4, in <module>');
    expect(results[0]!.traceback).not.toContain('harness.py');
  });

  it('give compile-error for every test when the program does not compile', () => {
    const { results } = run(runner, 'print("a"\n', ['', '', '']);
    expect(results.map((r) => r.status)).toEqual(['compile-error', 'compile-error', 'compile-error']);
    expect(results[0]).toMatchObject({ excType: 'SyntaxError', line: 1 });
  });

  it('raise EOFError when input() reads past the end of stdin, and go on', () => {
    const { results } = run(runner, 'a = input()\nb = input()\nprint(a, b)', ['only\n', 'x\ny\n']);
    expect(results[0]).toMatchObject({ status: 'exception', excType: 'EOFError' });
    expect(results[1]).toMatchObject({ status: 'ok', stdout: 'x y\n' });
  });
});

describe('isolation between tests', () => {
  it('restores builtins, patched modules, sys settings and stdio', () => {
    const patcher = [
      'import builtins, math, sys, random, os',
      'builtins.len = lambda x: -1',
      'builtins.secret = 42',
      'math.sqrt = lambda x: -1',
      'sys.setrecursionlimit(77)',
      'sys.set_int_max_str_digits(640)',
      'sys.modules["fake_module"] = math',
      'os.environ["HB"] = "1"',
      'random.seed(123)',
      'sys.stdout = open(os.devnull, "w")',
    ].join('\n');
    run(runner, patcher, ['']);
    const probe = [
      'import builtins, math, sys, os, random',
      'print(len([1, 2]), hasattr(builtins, "secret"), math.sqrt(16), sys.getrecursionlimit(), sys.get_int_max_str_digits())',
      'print("fake_module" in sys.modules, os.environ.get("HB"), random.random())',
    ].join('\n');
    const { results } = run(runner, probe, ['', '']);
    const expected = `2 False 4.0 1000 4300\nFalse None ${0.8444218515250481}\n`;
    expect(results.map((r) => r.stdout)).toEqual([expected, expected]);
  });

  it('removes files a test leaves behind and modules it wrote itself', () => {
    const writer = 'import sys\nopen("/tmp/note.txt", "w").write("x")\nopen("/home/pyodide/mymod.py", "w").write("VALUE = 1")\nsys.path.insert(0, "/home/pyodide")\nimport mymod\nprint(mymod.VALUE)';
    expect(run(runner, writer, ['']).results[0]).toMatchObject({ status: 'ok', stdout: '1\n' });
    const probe = 'import os, sys\nprint(os.path.exists("/tmp/note.txt"), os.path.exists("/home/pyodide/mymod.py"), "mymod" in sys.modules)';
    expect(run(runner, probe, ['']).results[0]!.stdout).toBe('False False False\n');
  });

  it('between tests of one program: cleans files made through os.open and directories, and environment set via __import__', () => {
    const program = [
      'if input() == "write":',
      '    fd = __import__("os").open("/tmp/raw.bin", __import__("os").O_CREAT | __import__("os").O_WRONLY)',
      '    __import__("os").close(fd)',
      '    __import__("os").mkdir("/home/pyodide/cache")',
      '    __import__("os").environ["HB_X"] = "1"',
      'p = __import__("os.path").path',
      'print(p.exists("/tmp/raw.bin"), p.exists("/home/pyodide/cache"), __import__("os").environ.get("HB_X"))',
    ].join('\n');
    expect(run(runner, program, ['write\n', 'read\n']).results.map((r) => r.stdout)).toEqual(['True True 1\n', 'False False None\n']);
  });

  it('refuses new audit hooks, which could outlive the program', () => {
    const { results } = run(runner, 'import sys\nsys.addaudithook(lambda *a: print("hooked"))\nopen("/tmp/x", "w").close()\nprint("done")', ['']);
    expect(results[0]).toMatchObject({ status: 'ok', stdout: 'done\n' });
    expect(run(runner, 'open("/tmp/y", "w").close()\nprint("clean")', ['']).results[0]!.stdout).toBe('clean\n');
  });

  it('keeps a stdlib module imported by one program usable by the next', () => {
    run(runner, 'import fractions\nfractions.Fraction = None', ['']);
    const { results } = run(runner, 'from fractions import Fraction\nprint(Fraction(1, 3) + Fraction(1, 6))', ['']);
    expect(results[0]).toMatchObject({ status: 'ok', stdout: '1/2\n' });
  });
});

describe('call and unittest tests', () => {
  it('call the entry point with JSON arguments and return JSON', () => {
    const { results } = run(runner, 'def f(xs, k):\n    return sorted(xs)[:k]', ['[[3, 1, 2], 2]', '[[5], 0]'], { kind: 'call', entry: 'f' });
    expect(results.map((r) => r.value)).toEqual(['[1,2]', '[]']);
  });

  it('instantiate a class for "Class.method" entry points', () => {
    const { results } = run(runner, 'class Solution:\n    def twice(self, x):\n        return 2 * x', ['[21]'], { kind: 'call', entry: 'Solution.twice' });
    expect(results[0]).toMatchObject({ status: 'ok', value: '42' });
  });

  it('report a missing entry point and a non-JSON return value as errors', () => {
    expect(run(runner, 'def g(): pass', ['[]'], { kind: 'call', entry: 'f' }).results[0]).toMatchObject({ excType: 'NameError' });
    expect(run(runner, 'def f(): return {1, 2}', ['[]'], { kind: 'call', entry: 'f' }).results[0]).toMatchObject({ excType: 'TypeError' });
  });

  it('count unittest cases and plain asserts', () => {
    const program = 'def add(a, b):\n    return a + b';
    const tests = [
      'assert add(1, 2) == 3',
      'assert add(1, 2) == 4',
      'import unittest\nclass T(unittest.TestCase):\n    def test_a(self): self.assertEqual(add(1, 1), 2)\n    def test_b(self): self.assertEqual(add(1, 1), 3)\n    def test_c(self): add(None, 1)\nif __name__ == "__main__":\n    unittest.main()',
    ];
    const { results } = run(runner, program, tests, { kind: 'unittest' });
    expect(results.map((r) => r.unittest && [r.unittest.run, r.unittest.failures, r.unittest.errors])).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [3, 1, 1],
    ]);
  });
});

describe('limits end in a clear outcome, and the next test still runs', () => {
  const next = (r: Run) => expect(r.results.at(-1)).toMatchObject({ status: 'ok', stdout: 'next\n' });
  const guarded = (program: string) => `if input() == "go":\n${program.split('\n').map((l) => `    ${l}`).join('\n')}\nprint("next")`;

  it('while True: pass', () => {
    const r = run(runner, guarded('while True:\n    pass'), ['go', 'no'], { timeLimitMs: 300 });
    expect(r.results[0]).toMatchObject({ status: 'timeout' });
    next(r);
  });

  // A loop that swallows every interrupt can only be stopped by terminating the worker:
  // that hard stop lives in the pool and is tested end to end (e2e/adversarial.spec.ts).

  it('time.sleep(100) fails fast instead of sleeping', () => {
    const r = run(runner, guarded('import time\ntime.sleep(100)'), ['go', 'no'], { timeLimitMs: 300 });
    expect(r.results[0]).toMatchObject({ status: 'timeout' });
    next(r);
  });

  it('10**10**8 (a long C-level computation)', () => {
    const r = run(runner, guarded('x = 10**10**8'), ['go', 'no'], { timeLimitMs: 300 });
    expect(r.results[0]).toMatchObject({ status: 'timeout' });
    next(r);
  });

  it('an output flood', () => {
    const r = run(runner, guarded('while True:\n    print("x" * 1000)'), ['go', 'no']);
    expect(r.results[0]!.status).toBe('output-limit');
    expect(r.results[0]!.stdout.length).toBe(1 << 20);
    next(r);
  });

  it('a flood of direct writes to stdout', () => {
    const r = run(runner, guarded('import os\nfor _ in range(3000):\n    os.write(1, b"y" * 1000)'), ['go', 'no']);
    expect(r.results[0]!.status).toBe('output-limit');
    next(r);
  });

  it('Python recursion past the limit is a RecursionError', () => {
    const r = run(runner, guarded('def f(n):\n    return f(n + 1)\nf(0)'), ['go', 'no']);
    expect(r.results[0]).toMatchObject({ status: 'exception', excType: 'RecursionError' });
    next(r);
  });

  it('deep recursion works when the program raises the limit', () => {
    const r = run(runner, 'import sys\nsys.setrecursionlimit(10**6)\ndef depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\nprint(depth(10**5))', ['']);
    expect(r.results[0]).toMatchObject({ status: 'ok', stdout: '100000\n' });
  });

  it('a WebAssembly stack overflow is a RecursionError and replaces the worker', async () => {
    const own = await freshRunner();
    const r = run(own, guarded('import sys\nsys.setrecursionlimit(10**6)\nx = []\nfor _ in range(10**5):\n    x = [x]\nprint(len(repr(x)))'), ['go', 'no']);
    expect(r.results[0]).toMatchObject({ status: 'exception', excType: 'RecursionError' });
    expect(r.recycle).toBe(true);
    expect(r.completed).toBe(1); // the host runs the rest on another worker
  });

  it('a memory bomb hits the memory limit and asks for a new worker', async () => {
    const own = await freshRunner(128);
    // A generous time limit: filling 128 MB takes seconds on a loaded machine, and this test is about memory.
    const r = run(own, guarded('blocks = []\nwhile True:\n    blocks.append(bytearray(10**6))'), ['go', 'no'], { timeLimitMs: 30_000 });
    expect(r.results[0]).toMatchObject({ status: 'memory', excType: 'MemoryError' });
    expect(r.recycle).toBe(true);
  });

  it('one huge allocation is a MemoryError', () => {
    const r = run(runner, guarded('x = [0] * 10**9'), ['go', 'no']);
    expect(r.results[0]!.status).toBe('memory');
    next(r);
  });
});

describe('reference traces', () => {
  it('record the program lines each test executes', () => {
    const program = 'n = int(input())\nif n > 2:\n    print("big")\nelse:\n    print("small")\nprint("end")';
    const { results } = run(runner, program, ['1', '5'], { trace: true });
    expect(results.map((r) => r.lines)).toEqual([
      [1, 2, 5, 6],
      [1, 2, 3, 6],
    ]);
  });

  it('cover lines inside functions and loops once each', () => {
    const program = 'def f(k):\n    total = 0\n    for i in range(k):\n        total += i\n    return total\nprint(f(int(input())))';
    expect(run(runner, program, ['3'], { trace: true }).results[0]!.lines).toEqual([1, 2, 3, 4, 5, 6]);
    expect(run(runner, program, ['0'], { trace: true }).results[0]!.lines).toEqual([1, 2, 3, 5, 6]);
  });

  it('are absent when tracing is off', () => {
    expect(run(runner, 'print(1)', ['']).results[0]!.lines).toBeUndefined();
  });
});
