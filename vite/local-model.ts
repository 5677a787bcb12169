// Build plumbing for the in-browser models' engine: self-hosts @wllama/wllama's WebAssembly
// (its one build: threads, WebGPU and memory64 are chosen at run time) from node_modules, as
// vite/sandbox.ts does Pyodide. The JavaScript is bundled into the engine's worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { engineWasmPath } from '../src/local-model/engine-files.ts';

const require = createRequire(import.meta.url);
const WLLAMA_DIR = dirname(require.resolve('@wllama/wllama/package.json'));
export const WLLAMA_VERSION: string = JSON.parse(readFileSync(join(WLLAMA_DIR, 'package.json'), 'utf8')).version;
const WASM = join(WLLAMA_DIR, 'esm/wasm/wllama.wasm');

export function hintbenchLocalModel(): Plugin {
  const path = engineWasmPath(WLLAMA_VERSION);
  return {
    name: 'hintbench:local-model',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== `/${path}`) return next();
        res.writeHead(200, { 'Content-Type': 'application/wasm' });
        res.end(readFileSync(WASM));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: path, source: readFileSync(WASM) });
    },
  };
}
