// Ways a program could leave something behind for the next evaluation in the same worker
// (docs/execution.md, "Isolation between evaluations"). Each pairs a hostile job with an honest
// one whose verdict the hostile job would change if anything survived it. Used by
// persistence.test.ts, which runs each pair in one worker and compares the honest verdict
// with the same job run on its own.
import type { JobRequest } from '../src/core/exec/sandbox-api.ts';
import { workspaceJob } from '../src/core/exec/workspace.ts';

export interface PersistenceVector {
  name: string;
  hostile: JobRequest;
  honest: JobRequest;
  /**
   * Whether it survives when the interpreter is reused with only the per-test restore
   * (what the worker did before): the proof that the honest job can tell.
   */
  survivesReuse: boolean;
}

const stdio = (program: string, ...inputs: string[]): JobRequest => ({
  program,
  kind: 'stdio',
  tests: (inputs.length ? inputs : ['']).map((payload, i) => ({ id: `t${i}`, payload })),
  timeLimitMs: 2000,
});

const call = (program: string, entry: string, ...args: string[]): JobRequest => ({
  program,
  kind: 'call',
  entry,
  tests: args.map((payload, i) => ({ id: `c${i}`, payload })),
  timeLimitMs: 2000,
});

const unittest = (program: string, test: string): JobRequest => ({ program, kind: 'unittest', tests: [{ id: 'u0', payload: test }], timeLimitMs: 2000 });

/** A program that doubles its input: the honest side of most vectors. */
const DOUBLER = stdio('print(int(input()) * 2)', '21\n', '4\n');

const FAILING_SUITE = 'import unittest\nclass T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(1, 2), 3)\n';

export const PERSISTENCE_VECTORS: PersistenceVector[] = [
  {
    name: 'a harness class attribute (output written nowhere)',
    hostile: stdio(
      'import io, sys\ndef nowhere(self):\n    self.sinks = None\n    self.streams = (io.TextIOWrapper(io.BytesIO()), io.TextIOWrapper(io.BytesIO()))\nsys.modules["harness"]._Output.__init__ = nowhere',
    ),
    honest: DOUBLER,
    survivesReuse: true,
  },
  {
    name: 'a harness class attribute (stdin never served)',
    hostile: stdio('import sys\nsys.modules["harness"].Program.stdin_of = lambda self, payload: ""'),
    honest: DOUBLER,
    survivesReuse: true,
  },
  {
    name: 'the restore itself switched off',
    hostile: stdio('import sys, math\nsys.modules["isolation"].Baseline.restore = lambda *a, **k: None\nmath.pi = 3'),
    honest: stdio('import math\nprint(math.pi)'),
    survivesReuse: true,
  },
  {
    name: 'a standard-library class attribute (unittest assertions that never fail)',
    hostile: stdio('import unittest\nunittest.case.TestCase.assertEqual = lambda self, *a, **k: None'),
    honest: unittest('def add(a, b):\n    return a - b', FAILING_SUITE),
    survivesReuse: true,
  },
  {
    name: 'a standard-library class attribute (the JSON decoder)',
    hostile: stdio('import json.decoder\njson.decoder.JSONDecoder.decode = lambda self, s, *a, **k: [41]'),
    honest: call('def f(x):\n    return x * 2', 'f', '[5]', '[7]'),
    survivesReuse: true,
  },
  { name: 'builtins', hostile: stdio('import builtins\nbuiltins.print = lambda *a, **k: None\nbuiltins.int = float'), honest: DOUBLER, survivesReuse: false },
  {
    name: 'a trace and a profile hook',
    hostile: stdio('import sys\nsys.settrace(lambda *a: None)\nsys.setprofile(lambda *a: None)'),
    honest: stdio('import sys\nprint(sys.gettrace(), sys.getprofile())'),
    survivesReuse: false,
  },
  {
    name: 'an audit hook',
    hostile: stdio('import sys\ntry:\n    sys.addaudithook(lambda e, a: None)\nexcept RuntimeError:\n    pass'),
    honest: DOUBLER,
    survivesReuse: false,
  },
  {
    name: 'a garbage-collector callback',
    hostile: stdio('import gc\ngc.callbacks.append(lambda phase, info: print("gc", phase))'),
    honest: stdio('import gc\ngc.collect()\nprint(len(gc.callbacks))'),
    survivesReuse: false,
  },
  {
    name: 'the garbage collector switched off',
    hostile: stdio('import gc\ngc.disable()'),
    honest: stdio('import gc\nprint(gc.isenabled())'),
    survivesReuse: true,
  },
  {
    name: 'an atexit function and a thread',
    hostile: stdio(
      'import atexit, threading\natexit.register(print, "late")\ntry:\n    threading.Thread(target=print, args=("thread",)).start()\nexcept RuntimeError:\n    pass',
    ),
    honest: DOUBLER,
    survivesReuse: false,
  },
  {
    name: 'the import system (meta path, a module in sys.modules)',
    hostile: stdio(
      'import sys, types\nfake = types.ModuleType("heapq")\nfake.heappush = lambda h, x: None\nsys.modules["heapq"] = fake\nclass F:\n    def find_spec(self, *a):\n        return None\nsys.meta_path.insert(0, F())',
    ),
    honest: stdio('import heapq\nh = []\nheapq.heappush(h, 3)\nprint(h)'),
    survivesReuse: false,
  },
  {
    name: 'the import system (an importer cached for the standard library)',
    hostile: stdio('import sys\nfor path in list(sys.path_importer_cache):\n    sys.path_importer_cache[path] = None'),
    honest: stdio('import fractions\nprint(fractions.Fraction(1, 3) * 3)'),
    survivesReuse: true,
  },
  {
    name: 'environment variables and the working directory',
    hostile: stdio('import os\nos.environ["HINTBENCH_LEFT"] = "1"\nos.putenv("HINTBENCH_C", "1")\nos.chdir("/tmp")'),
    honest: stdio('import os\nprint(os.environ.get("HINTBENCH_LEFT"), os.getcwd())'),
    survivesReuse: false,
  },
  {
    name: 'random state reached without importing random',
    hostile: stdio('import sys\nsys.modules["random"]._inst.seed(12345)'),
    honest: stdio('import random\nprint(random.random())'),
    survivesReuse: false,
  },
  {
    name: 'the decimal context',
    hostile: stdio('import decimal\ndecimal.getcontext().prec = 3\ndecimal.DefaultContext.prec = 3'),
    honest: stdio('from decimal import Decimal\nprint(Decimal(1) / Decimal(7))'),
    survivesReuse: false,
  },
  {
    name: 'warnings filters',
    hostile: stdio('import warnings\nwarnings.simplefilter("error")'),
    honest: stdio('import warnings\nwarnings.warn("careful")\nprint("done")'),
    survivesReuse: true,
  },
  {
    name: 'the codecs registry',
    hostile: stdio(
      'import codecs, encodings\ncodecs.unregister(encodings.search_function)\ncodecs.register(lambda name: codecs.lookup("utf-8") if name == "cp1252" else None)',
    ),
    honest: stdio('print("é".encode("cp1252"))'),
    survivesReuse: true,
  },
  {
    name: 'the copyreg registry',
    hostile: stdio('import copyreg, collections\ncopyreg.dispatch_table[collections.OrderedDict] = lambda o: (dict, ())'),
    honest: stdio('import copy, collections\nprint(copy.deepcopy(collections.OrderedDict(a=1)))'),
    survivesReuse: true,
  },
  {
    name: 'the recursion and integer-digit limits',
    hostile: stdio('import sys\nsys.setrecursionlimit(60)\nsys.set_int_max_str_digits(640)'),
    honest: stdio('import sys\nprint(sys.getrecursionlimit(), len(str(10**1000)))'),
    survivesReuse: false,
  },
  {
    name: 'stdout and stderr replaced',
    hostile: stdio('import sys, os\nsys.stdout = open(os.devnull, "w")\nsys.__stdout__ = sys.stdout'),
    honest: DOUBLER,
    survivesReuse: false,
  },
  {
    name: 'file descriptor 1 pointed at a file',
    hostile: stdio('import os\nfd = os.open("/lib/captured", os.O_WRONLY | os.O_CREAT)\nos.dup2(fd, 1)'),
    honest: DOUBLER,
    survivesReuse: true,
  },
  {
    name: "a SIGINT handler (the time limit's interrupt)",
    hostile: stdio('import signal\ndef hijack(*a):\n    raise ValueError("hijacked")\nsignal.signal(signal.SIGINT, hijack)'),
    honest: { ...stdio('while True:\n    pass'), timeLimitMs: 300 },
    survivesReuse: true,
  },
  {
    name: 'files outside the cleaned directories',
    hostile: stdio(
      'import os\nos.makedirs("/left/behind", exist_ok=True)\nopen("/left/behind/note.txt", "w").write("x")\nopen("/lib/python3.14/site-packages/left.py", "w").write("x = 1")',
    ),
    honest: stdio('import os\nprint(sorted(os.listdir("/")), os.path.exists("/lib/python3.14/site-packages/left.py"))'),
    survivesReuse: true,
  },
  {
    name: "the standard library's zip overwritten",
    hostile: stdio('import os\nsize = os.path.getsize("/lib/python314.zip")\nwith open("/lib/python314.zip", "r+b") as f:\n    f.write(bytes(size))'),
    honest: stdio('import fractions\nprint(fractions.Fraction(1, 3) * 3)'),
    survivesReuse: true,
  },
  {
    name: 'module state held in memory (a hoard on a module)',
    hostile: stdio('import math\nmath.__dict__["hoard"] = [0] * 10**6\nimport sys\nsys.modules["math"].__dict__.update(pi=3)'),
    honest: stdio('import math\nprint(math.pi, hasattr(math, "hoard"))'),
    survivesReuse: false,
  },
  {
    // Refused when scheduled (there is no event loop); a handle that does reach JavaScript is cut loose (pristine.test.ts).
    name: 'a callback scheduled to run after the job',
    hostile: stdio('import asyncio, math\ntry:\n    asyncio.get_event_loop().call_soon(lambda: setattr(math, "pi", 3))\nexcept RuntimeError:\n    pass'),
    honest: stdio('import math\nprint(math.pi)'),
    survivesReuse: false,
  },
  {
    name: 'a workspace file with a 5,000-character name (the next workspace)',
    hostile: workspaceJob({ [`${'a'.repeat(5000)}.py`]: 'x = 1', 'main.py': 'print(1)' }, [{ kind: 'script', argv: ['main.py'] }], 2000),
    honest: workspaceJob(
      { 'main.py': 'print(open("data.txt").read())', 'data.txt': 'hello' },
      [{ kind: 'script', argv: ['main.py'] }, { kind: 'files' }],
      2000,
    ),
    survivesReuse: true,
  },
  {
    name: "a patched JSON decoder (the next workspace's checks)",
    hostile: workspaceJob(
      { 'main.py': 'import json.decoder\njson.decoder.JSONDecoder.decode = lambda self, s, *a, **k: {"files": 0}' },
      [{ kind: 'script', argv: ['main.py'] }],
      2000,
    ),
    honest: workspaceJob(
      { 'main.py': 'import json\njson.dump({"n": 3}, open("out.json", "w"))' },
      [
        { kind: 'script', argv: ['main.py'] },
        { kind: 'probe', code: 'import json\ndef probe():\n    return json.load(open("out.json"))["n"]' },
      ],
      2000,
    ),
    survivesReuse: true,
  },
];
