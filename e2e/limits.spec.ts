// Resource attacks in the real sandbox: each ends in a clear outcome, the next test of
// the same program still runs, and so does the next program.
import { expect, test } from './fixtures.ts';
import { guarded, runProgram, sandboxInfo } from './helpers.ts';

const ATTACKS: { name: string; program: string; status: string; excType?: string; limitMs?: number }[] = [
  { name: 'while True: pass', program: 'while True:\n    pass', status: 'timeout', limitMs: 500 },
  {
    name: 'a loop that swallows every interrupt',
    program: 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass',
    status: 'timeout',
    limitMs: 500,
  },
  { name: 'time.sleep(100)', program: 'import time\ntime.sleep(100)', status: 'timeout', limitMs: 500 },
  { name: '10**10**8', program: 'x = 10**10**8', status: 'timeout', limitMs: 500 },
  { name: 'a memory bomb', program: 'blocks = []\nwhile True:\n    blocks.append(bytearray(10**7))', status: 'memory', limitMs: 10_000 },
  { name: 'one huge allocation', program: 'x = [0] * 10**9', status: 'memory' },
  { name: 'Python recursion', program: 'def f(n):\n    return f(n + 1)\nf(0)', status: 'exception', excType: 'RecursionError' },
  {
    name: 'a WebAssembly stack overflow',
    program: 'import sys\nsys.setrecursionlimit(10**6)\nx = []\nfor _ in range(10**5):\n    x = [x]\nprint(len(repr(x)))',
    status: 'exception',
    excType: 'RecursionError',
  },
  { name: 'an output flood', program: 'while True:\n    print("x" * 1000)', status: 'output-limit' },
  { name: 'input() past the end of stdin', program: 'input()\ninput()', status: 'exception', excType: 'EOFError' },
];

for (const attack of ATTACKS) {
  test(`${attack.name} ends as ${attack.status}${attack.excType ? `:${attack.excType}` : ''}, and the run goes on`, async ({ warmApp: app }) => {
    const results = await runProgram(app, guarded(attack.program), ['go\n', 'no\n'], attack.limitMs ?? 1000);
    expect(results[0]!.status).toBe(attack.status);
    if (attack.excType) expect(results[0]!.excType).toBe(attack.excType);
    expect(results[1]).toMatchObject({ status: 'ok', stdout: 'next\n' });
    const after = await runProgram(app, 'print(sum(range(10)))', ['']);
    expect(after[0]).toMatchObject({ status: 'ok', stdout: '45\n' });
  });
}

// On a page of its own: on the page the attacks above share, a worker they had just replaced
// once ended the loop below without the hard stop (a timing the test cannot control).
test('the hard stop replaces the worker, and only when needed', async ({ app }) => {
  // Every worker ready before counting replacements.
  const settled = async () => {
    const info = await sandboxInfo(app);
    return info.readyWorkers === info.poolSize + info.spares;
  };
  await expect.poll(settled, { timeout: 60_000 }).toBe(true);
  const before = await sandboxInfo(app);
  await runProgram(app, 'print(1)', ['', '', '']);
  expect((await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced);
  const swallow = 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass';
  const results = await runProgram(app, swallow, [''], 300);
  expect(results[0]).toMatchObject({ status: 'timeout', note: expect.stringContaining('hard stop') });
  await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced + 1);
  await expect.poll(async () => (await sandboxInfo(app)).readyWorkers, { timeout: 60_000 }).toBe(before.poolSize + before.spares);
});
