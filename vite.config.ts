import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { hintbenchDatasets } from './vite/datasets.ts';
import { hintbenchDocs } from './vite/docs.ts';
import { hintbenchOffline } from './vite/offline.ts';
import { hintbenchSandbox, PYODIDE_VERSION } from './vite/sandbox.ts';
import { hintbenchLocalModel, WLLAMA_VERSION } from './vite/local-model.ts';
import { readFileSync } from 'node:fs';
import { isolationHeaders } from './cli/headers.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// base './': every URL in the build is relative, so dist/ works from any directory of any
// static host (the root, or a sub-path such as https://host/hintbench/).
export default defineConfig({
  base: './',
  plugins: [svelte(), hintbenchSandbox(), hintbenchDocs(), hintbenchDatasets(), hintbenchLocalModel(), hintbenchOffline()],
  define: {
    __PYODIDE_VERSION__: JSON.stringify(PYODIDE_VERSION),
    __APP_VERSION__: JSON.stringify(pkg.version),
    __WLLAMA_VERSION__: JSON.stringify(WLLAMA_VERSION),
  },
  optimizeDeps: { exclude: ['pyodide'] },
  // The engine's worker is an ES module (its code is split from the app's).
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // No file name starts with '_' (the sandbox document's chunk would): hosts that run Jekyll,
    // such as GitHub Pages deployed from a branch, do not serve such files.
    // No plugin-timing report: it is build noise for whoever runs `npm start` (the bundler's own timings, not the app's).
    rolldownOptions: { checks: { bundlerTimings: false }, output: { chunkFileNames: (chunk) => `assets/${chunk.name.replace(/^_+/, '')}-[hash].js` } },
  },
});
