// Build plumbing for the sandbox: self-hosts Pyodide from node_modules and produces the
// sandbox document, a self-contained page (host + worker inlined) with a strict CSP that
// the app loads into an opaque-origin iframe through `srcdoc`.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { PYODIDE_FILES, pyodideDir } from '../src/sandbox/pyodide-files.ts';
import { compiledStdlibPath } from '../workers/stdlib-bytecode.ts';

const require = createRequire(import.meta.url);
export const PYODIDE_DIR = dirname(require.resolve('pyodide/package.json'));
export const PYODIDE_VERSION: string = JSON.parse(readFileSync(join(PYODIDE_DIR, 'package.json'), 'utf8')).version;
const missing = PYODIDE_FILES.filter((f) => !readdirSync(PYODIDE_DIR).includes(f));
if (missing.length > 0) throw new Error(`the pyodide package lacks ${missing.join(', ')}`);
const WORKER_ENTRY = 'workers/python.worker.ts';
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";
const HOST_ENTRY = 'workers/host.ts';
const VIRTUAL_WORKER = 'virtual:python-worker-source';
const VIRTUAL_DOCUMENT = 'virtual:sandbox-document';

/** A runtime file as the site serves it: the package's own, but the standard library with its bytecode. */
async function runtimeFile(file: (typeof PYODIDE_FILES)[number]): Promise<Buffer> {
  return readFileSync(file === 'python_stdlib.zip' ? await compiledStdlibPath() : join(PYODIDE_DIR, file));
}

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
 * The sandbox page. Its Content-Security-Policy allows no network at all (the app hands
 * it the Pyodide files), no eval, and scripts and workers only inline or from blob: URLs.
 */
export async function sandboxDocument(): Promise<string> {
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
<meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}">
<script>${inline(hostCode)}</script>
</head>
<body></body>
</html>
`;
}

/** The files the sandbox document is built from (rebuilt in dev when they change). */
function sandboxSources(): string[] {
  const dir = resolve('workers');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|py)$/.test(f) && !f.endsWith('.test.ts'));
  return [...files.map((f) => join(dir, f)), resolve('src/core/exec/sandbox-api.ts'), resolve('src/sandbox/pyodide-files.ts')];
}

export function hintbenchSandbox(): Plugin {
  return {
    name: 'hintbench:sandbox',
    resolveId: (id) => (id === VIRTUAL_DOCUMENT ? `\0${VIRTUAL_DOCUMENT}` : null),
    async load(id) {
      if (id !== `\0${VIRTUAL_DOCUMENT}`) return null;
      for (const file of sandboxSources()) this.addWatchFile(file);
      return `export default ${JSON.stringify(await sandboxDocument())};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const prefix = `/${pyodideDir(PYODIDE_VERSION)}`;
        const file = path.slice(prefix.length) as (typeof PYODIDE_FILES)[number];
        if (path.startsWith(prefix) && PYODIDE_FILES.includes(file)) {
          const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'application/zip';
          runtimeFile(file).then(
            (bytes) => {
              res.writeHead(200, { 'Content-Type': type });
              res.end(bytes);
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
        this.emitFile({ type: 'asset', fileName: `${pyodideDir(PYODIDE_VERSION)}${file}`, source: await runtimeFile(file) });
      }
    },
  };
}
