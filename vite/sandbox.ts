// Build plumbing for the sandbox: self-hosts Pyodide from node_modules and produces
// sandbox.html, a self-contained page (host + worker inlined) with a strict CSP.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

const require = createRequire(import.meta.url);
export const PYODIDE_DIR = dirname(require.resolve('pyodide/package.json'));
export const PYODIDE_VERSION: string = JSON.parse(readFileSync(join(PYODIDE_DIR, 'package.json'), 'utf8')).version;
/** The files a browser needs to run Pyodide with its standard library. */
export const PYODIDE_FILES = readdirSync(PYODIDE_DIR).filter((f) =>
  ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'].includes(f),
);
const WORKER_ENTRY = 'workers/python.worker.ts';
const HOST_ENTRY = 'workers/host.ts';
const VIRTUAL_WORKER = 'virtual:python-worker-source';

async function bundle(entry: string, format: 'es' | 'iife', plugins: Plugin[] = []): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'warn',
    plugins,
    define: { __PYODIDE_VERSION__: JSON.stringify(PYODIDE_VERSION) },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: [format], name: 'hintbenchSandbox', fileName: 'bundle' },
    },
  })) as Rollup.RollupOutput[];
  const chunk = out[0]!.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`no output for ${entry}`);
  return chunk.code;
}

/**
 * The sandbox page. Its first script installs the Content-Security-Policy: no network
 * except the Pyodide directory, no eval, workers only from blob: URLs. The policy is
 * computed from the page's own URL so it works on any host.
 */
export async function sandboxHtml(): Promise<string> {
  // A classic script: module workers cannot start from blob: URLs at an opaque origin.
  const workerCode = await bundle(WORKER_ENTRY, 'iife');
  const hostCode = await bundle(HOST_ENTRY, 'iife', [
    {
      name: 'hintbench:worker-source',
      resolveId: (id) => (id === VIRTUAL_WORKER ? `\0${VIRTUAL_WORKER}` : null),
      load: (id) => (id === `\0${VIRTUAL_WORKER}` ? `export default ${JSON.stringify(workerCode)};` : null),
    },
  ]);
  const inline = (code: string) => code.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>hintbench sandbox</title>
<script>
(function () {
  var py = new URL('pyodide/', location.href).href;
  var meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' blob: " + py +
    "; worker-src blob:; connect-src " + py + "; base-uri 'none'; form-action 'none'";
  document.head.appendChild(meta);
})();
</script>
<script>${inline(hostCode)}</script>
</head>
<body></body>
</html>
`;
}

const ASSET_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function hintbenchSandbox(): Plugin {
  return {
    name: 'hintbench:sandbox',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const prefix = `/pyodide/${PYODIDE_VERSION}/`;
        if (path.startsWith(prefix) && PYODIDE_FILES.includes(path.slice(prefix.length))) {
          const file = path.slice(prefix.length);
          const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'application/zip';
          res.writeHead(200, { 'Content-Type': type, ...ASSET_HEADERS });
          res.end(readFileSync(join(PYODIDE_DIR, file)));
          return;
        }
        if (path === '/sandbox.html') {
          sandboxHtml().then(
            (html) => {
              res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
              res.end(html);
            },
            (err: unknown) => next(err),
          );
          return;
        }
        next();
      });
    },
    async generateBundle() {
      for (const file of PYODIDE_FILES) {
        this.emitFile({ type: 'asset', fileName: `pyodide/${PYODIDE_VERSION}/${file}`, source: readFileSync(join(PYODIDE_DIR, file)) });
      }
      this.emitFile({ type: 'asset', fileName: 'sandbox.html', source: await sandboxHtml() });
    },
  };
}
