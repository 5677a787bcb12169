// The Python harness, tested in real Pyodide (in Node) through the same JobRunner the
// browser worker uses. Fixtures are trusted programs with hand-checked results.
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseChecker } from '../src/core/exec/checkers.ts';
import { classify } from '../src/core/exec/classify.ts';
import { jobTest } from '../src/core/exec/engine.ts';
import { TIMEOUTS_BEFORE_NOT_RUN, type JobRequest, type RawTestResult } from '../src/core/exec/sandbox-api.ts';
import { parseDatasetText, validateInstances, type CallTest } from '../src/core/model/instance.ts';
import type { RunnerEvent } from './messages.ts';
import { installHarness, JobRunner } from './job-runner.ts';
import { harnessFiles } from './harness-files.ts';
import { compiledStdlibPath } from './stdlib-bytecode.ts';

const files = harnessFiles();

async function freshRunner(memoryLimitMb = 256): Promise<JobRunner> {
  const py = await loadPyodide({ stdLibURL: await compiledStdlibPath(), env: { PYTHONHASHSEED: '0' }, stdout: () => {}, stderr: () => {} });
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
      expect(
        results.map((r) => [r.status, r.stdout]),
        program,
      ).toEqual([
        ['ok', '6\n'],
        ['ok', '30\n'],
      ]);
    }
  });

  it('capture stderr and writes made straight to file descriptors, in the order CPython writes them to a file', () => {
    // stdout is block-buffered and stderr line-buffered, as when a judge redirects them.
    const { results } = run(runner, 'import os, sys\nprint("out")\nprint("err", file=sys.stderr)\nos.write(1, b"fd1\\n")\nos.write(2, b"fd2\\n")', ['']);
    expect(results[0]).toMatchObject({ status: 'ok', stdout: 'fd1\nout\n', stderr: 'err\nfd2\n' });
    const flushed = run(runner, 'import os\nprint("out", flush=True)\nos.write(1, b"fd1\\n")', ['']);
    expect(flushed.results[0]).toMatchObject({ status: 'ok', stdout: 'out\nfd1\n' });
  });

  it('give every test fresh globals', () => {
    const program = 'try:\n    counter += 1\nexcept NameError:\n    counter = 1\nprint(counter)';
    expect(run(runner, program, ['', '', '']).results.map((r) => r.stdout)).toEqual(['1\n', '1\n', '1\n']);
  });

  it('treat SystemExit(0) and exit() as a normal end, and other exit codes as errors', () => {
    const { results } = run(runner, 'import sys\nprint("a")\nif input() == "0":\n    sys.exit(0)\nelif input() == "x":\n    exit()\nsys.exit(3)', [
      '0\n',
      '1\nx\n',
      '1\n2\n',
    ]);
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
    const writer =
      'import sys\nopen("/tmp/note.txt", "w").write("x")\nopen("/home/pyodide/mymod.py", "w").write("VALUE = 1")\nsys.path.insert(0, "/home/pyodide")\nimport mymod\nprint(mymod.VALUE)';
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

// QuixBugs-style programs: arguments with their JSON types, generator results, deep recursion.
describe('call arguments keep their JSON types', () => {
  const probe = 'def probe(*args):\n    return [repr(a) for a in args]';
  it('a number with a fraction or an exponent is a float, big integers are exact, dicts keep their order', () => {
    const payload = '[3.0, 1e3, -0.0, 3, 12345678901234567890, [2.0, [0.5]], {"b": 1.0, "a": 2}, 1E-7]';
    const { results } = run(runner, probe, [payload], { kind: 'call', entry: 'probe' });
    expect(JSON.parse(results[0]!.value!)).toEqual(['3.0', '1000.0', '-0.0', '3', '12345678901234567890', '[2.0, [0.5]]', "{'b': 1.0, 'a': 2}", '1e-07']);
  });

  it('reach Python as the instance file wrote them, through parseDatasetText and jobTest', () => {
    const postfix = [
      'def postfix(tokens):',
      '    stack = []',
      '    for t in tokens:',
      '        if isinstance(t, float):',
      '            stack.append(t)',
      '        else:',
      '            b, a = stack.pop(), stack.pop()',
      '            stack.append(a + b if t == "+" else a / b)',
      '    return stack.pop()',
    ].join('\n');
    const file = JSON.stringify({
      id: 'pf',
      title: 'p',
      source: { name: 'x' },
      statement: '',
      language: 'python',
      buggy: '',
      reference: postfix,
      testKind: 'call',
      entry: 'postfix',
      tests: [{ id: 't1', args: 'ARGS', expected: 'EXP' }],
    })
      .replace('"ARGS"', '[[3.0, 5.0, "+", 2.0, "/"]]')
      .replace('"EXP"', '4.0');
    const [inst] = validateInstances(parseDatasetText(file)).instances;
    const test = inst!.tests[0] as CallTest;
    expect(jobTest(test).payload).toBe('[[3.0,5.0,"+",2.0,"/"]]');
    const ctx = { checker: parseChecker(undefined), timeLimitMs: 1000, vocabulary: new Set<string>() };
    const typed = run(runner, postfix, [jobTest(test).payload], { kind: 'call', entry: 'postfix' }).results[0]!;
    expect(typed).toMatchObject({ status: 'ok', value: '4.0' });
    expect(classify(typed, test, ctx).outcome).toBe('passed');
    // What JSON.stringify(args) used to send: 3.0 arrives as 3, an operator to this program.
    const lossy = run(runner, postfix, [JSON.stringify(test.args)], { kind: 'call', entry: 'postfix' }).results[0]!;
    expect(lossy).toMatchObject({ status: 'exception', excType: 'IndexError' });
  });

  it('a big integer result is returned with all its digits', () => {
    const { results } = run(runner, 'def big(n):\n    return 2 ** n + 1', ['[64]', '[100]'], { kind: 'call', entry: 'big' });
    expect(results.map((r) => r.value)).toEqual(['18446744073709551617', '1267650600228229401496703205377']);
  });
});

describe('a returned generator is drained into a list', () => {
  const call = (program: string, payloads: string[], entry = 'f') => run(runner, program, payloads, { kind: 'call', entry });

  it('a generator of tuples, and a generator expression', () => {
    const pairs = 'def f(xs):\n    for i in range(len(xs) - 1):\n        yield (xs[i], xs[i + 1])';
    expect(call(pairs, ['[[1, 2, 3]]', '[[]]', '[["a"]]']).results.map((r) => r.value)).toEqual(['[[1,2],[2,3]]', '[]', '[]']);
    expect(call('def f(xs):\n    return (x * x for x in xs)', ['[[1, 2, 3]]']).results[0]).toMatchObject({ status: 'ok', value: '[1,4,9]' });
  });

  it('an infinite generator ends as output-limit, its finally runs inside the test, and the next test runs', () => {
    const program =
      'def f(stop):\n    n = 0\n    try:\n        while n != stop:\n            yield n\n            n += 1\n    finally:\n        print("closed")';
    const { results } = call(program, ['[-1]', '[3]']);
    expect(results[0]).toMatchObject({ status: 'output-limit', stdout: 'closed\n' });
    expect(results[0]!.value).toBeUndefined();
    expect(results[1]).toMatchObject({ status: 'ok', value: '[0,1,2]', stdout: 'closed\n' });
  });

  it('as many elements as a 1 MiB JSON array can hold are kept; one more is output-limit', () => {
    const program = 'def f(n):\n    return (0 for _ in range(n))';
    const { results } = call(program, ['[524287]', '[524288]']);
    expect(results[0]!.status).toBe('ok');
    expect(results[0]!.value!.length).toBe(2 * 524287 + 1); // "[0,0,...,0]": exactly 1 MiB
    expect(results[1]!.status).toBe('output-limit');
  });

  it('a generator that raises midway is a runtime error at the line that raised', () => {
    const program = 'def f():\n    yield 1\n    yield 2\n    raise ValueError("midway")';
    expect(call(program, ['[]']).results[0]).toMatchObject({ status: 'exception', excType: 'ValueError', message: 'midway', line: 4 });
  });

  it('other iterators are not drained: map, zip and iter() results are not JSON', () => {
    const { results } = call('def f(kind):\n    return {"map": map(abs, [1]), "zip": zip([1], [2]), "iter": iter([1])}[kind]', [
      '["map"]',
      '["zip"]',
      '["iter"]',
    ]);
    expect(results.map((r) => [r.status, r.excType])).toEqual([
      ['exception', 'TypeError'],
      ['exception', 'TypeError'],
      ['exception', 'TypeError'],
    ]);
    expect(results[0]!.message).toBe('return value of f is not JSON: Object of type map is not JSON serializable');
  });

  it('a generator of values that are not JSON is a TypeError', () => {
    expect(call('def f():\n    yield {1, 2}', ['[]']).results[0]).toMatchObject({ status: 'exception', excType: 'TypeError' });
  });
});

describe('recursion with a raised limit', () => {
  // Generous time limits: these tests are about the outcome, not the speed.
  const slow = { timeLimitMs: 20_000 };

  it('unbounded recursion under sys.setrecursionlimit(10**7) is a RecursionError, and the worker is kept', () => {
    const program = 'import sys\nsys.setrecursionlimit(10**7)\nprint(sys.getrecursionlimit())\ndef f(n):\n    return f(n + 1)\nf(0)';
    const r = run(runner, program, [''], slow);
    expect(r.results[0]).toMatchObject({
      status: 'exception',
      excType: 'RecursionError',
      message: 'maximum recursion depth exceeded',
      line: 5,
      stdout: '10000000\n',
    });
    expect(r.results[0]!.note).toBeUndefined(); // a Python RecursionError, not a WebAssembly stack overflow
    expect(r.recycle).toBe(false);
    expect(run(runner, 'import sys\nprint(sys.getrecursionlimit())', ['']).results[0]!.stdout).toBe('1000\n');
  });

  it('in a method, and in mutual recursion', () => {
    const method = 'import sys\nsys.setrecursionlimit(10**8)\nclass Solution:\n    def walk(self, n):\n        return self.walk(n + 1)';
    expect(run(runner, method, ['[0]'], { ...slow, kind: 'call', entry: 'Solution.walk' }).results[0]).toMatchObject({
      status: 'exception',
      excType: 'RecursionError',
      line: 5,
    });
    const mutual = 'import sys\nsys.setrecursionlimit(10**9)\ndef ping(n):\n    return pong(n + 1)\ndef pong(n):\n    return ping(n + 1)\nprint(ping(0))';
    const r = run(runner, mutual, [''], slow);
    expect(r.results[0]).toMatchObject({ status: 'exception', excType: 'RecursionError' });
    expect([4, 6]).toContain(r.results[0]!.line);
    expect(r.recycle).toBe(false);
  });

  it('a recursive DFS of depth 100 000 works, and so does an exception raised at its bottom', () => {
    const dfs = [
      'import sys',
      'sys.setrecursionlimit(10**6)',
      'target = int(input())',
      'def dfs(adj, node, seen):',
      '    seen.add(node)',
      '    for nxt in adj[node]:',
      '        if nxt not in seen:',
      '            dfs(adj, nxt, seen)',
      '    if len(seen) == target:',
      '        raise IndexError("bottom")',
      '    return len(seen)',
      'n = 100000',
      'adj = [[i + 1] if i + 1 < n else [] for i in range(n)]',
      'print(dfs(adj, 0, set()))',
    ].join('\n');
    const r = run(runner, dfs, ['0\n', '100000\n', '0\n'], slow);
    expect(r.results.map((x) => [x.status, x.stdout, x.excType, x.line])).toEqual([
      ['ok', '100000\n', undefined, undefined],
      ['exception', '', 'IndexError', 10], // raised 100 000 frames deep, freed without overflowing the WebAssembly stack
      ['ok', '100000\n', undefined, undefined],
    ]);
    expect(r.recycle).toBe(false);
  });

  it('a program cannot keep its limit by replacing sys.setrecursionlimit', () => {
    run(runner, 'import sys\nsys.setrecursionlimit(5000)\nsys.setrecursionlimit = None\nsys.getrecursionlimit = None', ['']);
    expect(run(runner, 'import sys\nprint(sys.getrecursionlimit())', ['']).results[0]!.stdout).toBe('1000\n');
  });

  it('limit: a deep exception the program catches itself still overflows the WebAssembly stack when freed', async () => {
    const own = await freshRunner();
    const program = 'import sys\nsys.setrecursionlimit(10**6)\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError:\n    print("caught")';
    const r = run(own, program, [''], slow);
    expect(r.results[0]).toMatchObject({ status: 'exception', excType: 'RecursionError', note: expect.stringContaining('WebAssembly stack') });
    expect(r.recycle).toBe(true);
  });
});

describe('the time budget of an evaluation', () => {
  it('is the rule run manifests record', () => {
    const harness = readFileSync(new URL('./python/harness.py', import.meta.url), 'utf8');
    expect(Number(/^TIMEOUTS_BEFORE_CUTOFF = (\d+)/m.exec(harness)?.[1])).toBe(TIMEOUTS_BEFORE_NOT_RUN);
  });

  it("after three timed-out tests, the rest of the program's tests are not run", () => {
    const { results } = run(runner, 'while True:\n    pass', ['', '', '', '', ''], { timeLimitMs: 200 });
    expect(results.map((r) => r.status)).toEqual(['timeout', 'timeout', 'timeout', 'not-run', 'not-run']);
    expect(results[3]).toMatchObject({ durationMs: 0, note: expect.stringContaining('timed out on 3 tests') });
  });

  it('timeouts in an earlier part of the job count; a part ends at a test boundary when its time is up', () => {
    const results: RawTestResult[] = [];
    let completed = -1;
    const job: JobRequest = {
      program: 'import time\nif input() == "slow":\n    while True:\n        pass\nprint("ok")',
      kind: 'stdio',
      tests: ['slow\n', 'fast\n', 'slow\n'].map((payload, i) => ({ id: `t${i}`, payload })),
      timeLimitMs: 200,
    };
    runner.run(
      job,
      (e) => {
        if (e.type === 'test-result') results.push(e.result);
        if (e.type === 'job-end') completed = e.completed;
      },
      { timeouts: 2, budgetMs: 1 },
    );
    expect(completed).toBe(1); // the part's time was up after the first test
    expect(results.map((r) => r.status)).toEqual(['timeout']);
    const rest: RawTestResult[] = [];
    runner.run({ ...job, tests: job.tests.slice(1) }, (e) => e.type === 'test-result' && rest.push(e.result), { timeouts: 3 });
    expect(rest.map((r) => r.status)).toEqual(['not-run', 'not-run']);
  });
});

describe('limits end in a clear outcome, and the next test still runs', () => {
  const next = (r: Run) => expect(r.results.at(-1)).toMatchObject({ status: 'ok', stdout: 'next\n' });
  const guarded = (program: string) =>
    `if input() == "go":\n${program
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\nprint("next")`;

  it('while True: pass', () => {
    const r = run(runner, guarded('while True:\n    pass'), ['go', 'no'], { timeLimitMs: 300 });
    expect(r.results[0]).toMatchObject({ status: 'timeout' });
    next(r);
  });

  it('a slow set-up before the test (a large stdin) still ends a loop as a timeout, not an early interrupt', () => {
    // Installing 20 MB of standard input takes a while before the program starts; the time
    // limit must start with the program, or the interrupt lands before the limit by the
    // program's own clock and reads as KeyboardInterrupt.
    const stdin = `go\n${'x'.repeat(20_000_000)}\n`;
    const r = run(runner, guarded('while True:\n    pass'), [stdin, 'no'], { timeLimitMs: 200 });
    expect(r.results[0]).toMatchObject({ status: 'timeout' });
    expect(r.results[0]!.durationMs).toBeGreaterThanOrEqual(200 * 0.95);
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
