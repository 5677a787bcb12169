// Workspaces in real Pyodide (in Node), through the same harness and runner as the browser
// worker: files, scripts, unittest modules with every case, probes, listings, limits, and what
// a hostile project cannot do.
import { beforeAll, describe, expect, it } from 'vitest';
import { runWorkspace, type WorkspaceFiles, type WorkspaceStep } from '../src/core/exec/workspace.ts';
import { TrustedNodeExecutor } from './node-executor.ts';

let executor: TrustedNodeExecutor;
beforeAll(() => {
  executor = new TrustedNodeExecutor(256);
});

const run = (files: WorkspaceFiles, steps: WorkspaceStep[], limit = 2000) => runWorkspace(executor, files, steps, limit).then((r) => r.steps);
const script = (...argv: string[]): WorkspaceStep => ({ kind: 'script', argv });
const LIST: WorkspaceStep = { kind: 'files' };

describe('workspaces', () => {
  it('run scripts in order; files one writes are there for the next; imports come from the workspace', async () => {
    const files = {
      'lib/__init__.py': '',
      'lib/stats.py': 'def mean(xs):\n    return sum(xs) / len(xs)\n',
      'data/nums.csv': '3\n4\n5\n',
      'prepare.py':
        'import sys\nnums = [int(x) for x in open("data/nums.csv")]\nopen("out.txt", "w").write(str(sum(nums) * int(sys.argv[1])))\nprint("prepared", sys.argv[1:])',
      'report.py': 'from lib.stats import mean\nprint(open("out.txt").read(), mean([1, 2, 3]))',
    };
    const [a, b, listing] = await run(files, [script('prepare.py', '2'), script('report.py'), LIST]);
    expect([a!.status, a!.stdout]).toEqual(['ok', "prepared ['2']\n"]);
    expect([b!.status, b!.stdout]).toEqual(['ok', '24 2.0\n']);
    expect(listing!.files!.map((f) => [f.path, f.text])).toEqual([
      ['data/nums.csv', '3\n4\n5\n'],
      ['lib/__init__.py', ''],
      ['lib/stats.py', files['lib/stats.py']],
      ['out.txt', '24'],
      ['prepare.py', files['prepare.py']],
      ['report.py', files['report.py']],
    ]);
  });

  it('a script in a folder imports its sibling modules by name, as python src/main.py does', async () => {
    const files = {
      'src/helpers.py': 'def twice(x):\n    return 2 * x\n',
      'src/main.py': 'from helpers import twice\nimport src.helpers\nprint(twice(21), src.helpers.twice(1))',
    };
    const [r] = await run(files, [script('src/main.py')]);
    expect([r!.status, r!.stdout]).toEqual(['ok', '42 2\n']);
  });

  it('run a module with -m, and a script under __name__ == "__main__"', async () => {
    const files = { 'pkg/__init__.py': '', 'pkg/cli.py': 'import sys\nif __name__ == "__main__":\n    print("cli", sys.argv[1:])' };
    const [r] = await run(files, [script('-m', 'pkg.cli', '--x', '1')]);
    expect([r!.status, r!.stdout]).toEqual(['ok', "cli ['--x', '1']\n"]);
  });

  it('report an exit status, an exception with the workspace file and line, and a missing file', async () => {
    const files = { 'bad.py': 'import sys\nsys.exit(3)', 'boom.py': 'x = 1\nraise ValueError("no data")', 'syntax.py': 'def f(:\n' };
    const [exit, boom, missing, syntax] = await run(files, [script('bad.py'), script('boom.py'), script('nope.py'), script('syntax.py')]);
    expect(exit).toMatchObject({ status: 'exception', exitCode: 3 });
    expect(boom!.error).toMatchObject({ type: 'ValueError', message: 'no data', line: 2 });
    expect(boom!.error!.traceback).toContain('/workspace/boom.py", line 2');
    expect(boom!.error!.traceback).not.toContain('workspace.py');
    expect(missing!.error).toMatchObject({ type: 'FileNotFoundError' });
    expect(syntax!.error).toMatchObject({ type: 'SyntaxError' });
  });

  it('run a unittest module and report every case', async () => {
    const files = {
      'calc.py': 'def add(a, b):\n    return a + b\ndef div(a, b):\n    return a / b\n',
      'test_calc.py':
        'import unittest\nfrom calc import add, div\nclass T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 2), 4)\n    def test_wrong(self):\n        self.assertEqual(add(2, 2), 5)\n    def test_div0(self):\n        div(1, 0)\n    @unittest.skip("later")\n    def test_skip(self):\n        pass\nif __name__ == "__main__":\n    unittest.main()\n',
    };
    const [r] = await run(files, [{ kind: 'unittest', module: 'test_calc' }]);
    expect(r!.status).toBe('ok');
    expect(r!.counts).toEqual({ run: 4, failures: 1, errors: 1 });
    expect(r!.cases!.map((c) => [c.name, c.outcome])).toEqual([
      ['test_calc.T.test_add', 'passed'],
      ['test_calc.T.test_div0', 'error'],
      ['test_calc.T.test_skip', 'skipped'],
      ['test_calc.T.test_wrong', 'failed'],
    ]);
    expect(r!.cases![3]!.message).toContain('AssertionError: 4 != 5');
  });

  it('a probe returns what it sees as JSON; the host judges it', async () => {
    const files = { 'main.py': 'import json\njson.dump({"accuracy": 0.91, "n": 3}, open("metrics.json", "w"))' };
    const probe = 'import json, os\ndef probe():\n    return {"exists": os.path.exists("metrics.json"), "metrics": json.load(open("metrics.json"))}';
    const [, p] = await run(files, [script('main.py'), { kind: 'probe', code: probe }]);
    expect(p!.value).toEqual({ exists: true, metrics: { accuracy: 0.91, n: 3 } });
  });

  it('a probe reads the files but cannot be fooled by project modules named like standard ones', async () => {
    const files = {
      'json.py': 'def load(f):\n    return {"accuracy": 1.0}\ndef dumps(*a, **k):\n    return "{}"\n',
      'csv.py': 'def reader(f):\n    return [["forged"]]\n',
      'main.py': 'open("m.json", "w").write(\'{"accuracy": 0.5}\')\nopen("t.csv", "w").write("a,b\\n1,2\\n")',
    };
    const probe = 'import json, csv\ndef probe():\n    return {"m": json.load(open("m.json")), "rows": list(csv.reader(open("t.csv")))}';
    const [, p] = await run(files, [script('main.py'), { kind: 'probe', code: probe }]);
    expect(p!.value).toEqual({
      m: { accuracy: 0.5 },
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('after a failed script step, the steps marked skipAfterFailure (set -e) are skipped; probes still run', async () => {
    const files = { 'a.py': 'open("a.txt", "w").write("a")', 'bad.py': 'raise SystemExit(2)', 'c.py': 'open("c.txt", "w").write("c")' };
    const probe = 'import os\ndef probe():\n    return sorted(f for f in os.listdir(".") if f.endswith(".txt"))';
    const steps: WorkspaceStep[] = [
      script('a.py'),
      { kind: 'script', argv: ['bad.py'], skipAfterFailure: true },
      { kind: 'script', argv: ['c.py'], skipAfterFailure: true },
      { kind: 'probe', code: probe },
    ];
    const [a, bad, c, p] = await run(files, steps);
    expect([a!.status, bad!.exitCode, c!.skipped, c!.note, p!.value]).toEqual(['ok', 2, true, 'not run: an earlier script step failed (set -e)', ['a.txt']]);
    const [, , c2] = await run(files, [script('a.py'), script('bad.py'), script('c.py')]);
    expect([c2!.status, c2!.skipped]).toEqual(['ok', undefined]); // without the mark, later steps run
  });

  it('modules a step imported from the workspace are imported afresh by the next step', async () => {
    const files = { 'counter.py': 'hits = 0\n', 'a.py': 'import counter\ncounter.hits += 1\nprint(counter.hits)' };
    const [a, b] = await run(files, [script('a.py'), script('a.py')]);
    expect([a!.stdout, b!.stdout]).toEqual(['1\n', '1\n']);
  });

  it('stop a looping script at its time limit and go on with the next step', async () => {
    const files = { 'loop.py': 'while True:\n    pass', 'ok.py': 'print("after")' };
    const [loop, ok] = await run(files, [script('loop.py'), script('ok.py')], 500);
    expect(loop!.status).toBe('timeout');
    expect([ok!.status, ok!.stdout]).toEqual(['ok', 'after\n']);
  });

  it('keep files inside the workspace, and leave nothing behind for the next run', async () => {
    await expect(run({ '../escape.py': 'x' }, [LIST])).rejects.toThrow('workspace paths stay inside the workspace');
    await expect(run({ '/etc/x.py': 'x' }, [LIST])).rejects.toThrow('workspace paths are relative');
    const first = await run({ 'a.py': 'open("left.txt", "w").write("x")\nopen("/tmp/t.txt", "w").write("y")' }, [
      script('a.py'),
      { kind: 'probe', code: 'import os\ndef probe():\n    return os.path.exists("/tmp/t.txt")' },
    ]);
    expect(first[1]!.value).toBe(false); // /tmp is cleaned after every step; only the workspace persists
    const [second] = await run({ 'b.py': 'import os\nprint(sorted(os.listdir(".")))' }, [script('b.py')]);
    expect(second!.stdout).toBe("['b.py']\n");
  });

  it('a script that empties the workspace ends in its own error, and the next step finds no file', async () => {
    const files = { 'rm.py': 'import shutil\nshutil.rmtree("/workspace")', 'next.py': 'print(1)' };
    const [rm, next] = await run(files, [script('rm.py'), script('next.py')]);
    expect(rm!.error).toMatchObject({ type: 'OSError', line: 2 }); // the directory itself is busy: it is the current one
    expect(next!.error).toMatchObject({ type: 'FileNotFoundError', message: "can't open file 'next.py': no such file in the workspace" });
  });

  it('a malformed file set is a clear error on every step', async () => {
    const job = {
      program: '{"files": {"a.py": 3}}',
      kind: 'workspace' as const,
      tests: [{ id: 's', payload: '{"kind":"files","index":0}' }],
      timeLimitMs: 1000,
    };
    const r = await executor.run(job);
    expect(r.results[0]).toMatchObject({ status: 'compile-error', excType: 'WorkspaceError', message: 'file contents must be text' });
  });

  it('after the interpreter is replaced mid-run, the next steps run in a workspace rebuilt from the files, and say so', async () => {
    const own = new TrustedNodeExecutor(256);
    const files = {
      'deep.py': 'import sys\nsys.setrecursionlimit(10**6)\nx = []\nfor _ in range(10**5):\n    x = [x]\nopen("made.txt", "w").write("x")\nprint(len(repr(x)))',
      'after.py': 'import os\nprint(os.path.exists("made.txt"))',
    };
    const { steps, workerRestarts } = await runWorkspace(own, files, [script('deep.py'), script('after.py')], 5000);
    expect(steps[0]!.error!.type).toBe('RecursionError');
    expect(workerRestarts).toBe(1);
    expect([steps[1]!.status, steps[1]!.stdout]).toEqual(['ok', 'False\n']);
    expect(steps[1]!.note).toContain("rebuilt from the job's files");
  });

  it('a step marked fresh runs in a fresh interpreter that has only the files the earlier steps left', async () => {
    const files = {
      'main.py': 'import json, json.decoder\njson.dump({"n": 3}, open("out.json", "w"))\njson.decoder.JSONDecoder.decode = lambda self, s, *a, **k: {"n": 99}',
    };
    const check: WorkspaceStep = { kind: 'probe', code: 'import json\ndef probe():\n    return json.load(open("out.json"))["n"]' };
    const [main, same, fresh, listing] = await run(files, [script('main.py'), check, { ...check, fresh: true }, LIST]);
    expect(main!.status).toBe('ok');
    // In the project's interpreter the patched decoder breaks even the harness's reading of the step.
    expect([same!.status, same!.error?.message]).toEqual(['exception', 'unknown workspace step None']);
    expect(fresh!.value).toBe(3);
    expect(fresh!.note).toBeUndefined();
    expect(listing!.files!.map((f) => f.path)).toEqual(['main.py', 'out.json']);
  });

  it('the time budget: after three script steps timed out, the next ones are not run; checks still run', async () => {
    const files = { 'loop.py': 'while True:\n    pass', 'ok.py': 'open("done.txt", "w").write("1")' };
    const steps = [
      script('loop.py'),
      script('loop.py'),
      script('loop.py'),
      script('ok.py'),
      { kind: 'probe' as const, code: 'import os\ndef probe():\n    return os.listdir(".")' },
    ];
    const runs = await run(files, steps, 300);
    expect(runs.map((r) => r.status)).toEqual(['timeout', 'timeout', 'timeout', 'not-run', 'ok']);
    expect(runs[3]!.note).toMatch(/timed out on 3 tests/);
    expect(runs[4]!.value).toEqual(['loop.py', 'ok.py']);
  });
});
