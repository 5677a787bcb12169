import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { hintbenchDatasets } from './vite/datasets.ts';
import { hintbenchDocs } from './vite/docs.ts';
import { hintbenchOffline } from './vite/offline.ts';
import { hintbenchSandbox, PYODIDE_VERSION } from './vite/sandbox.ts';
import { readFileSync } from 'node:fs';
import { isolationHeaders } from './cli/headers.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  base: './',
  plugins: [svelte(), hintbenchSandbox(), hintbenchDocs(), hintbenchDatasets(), hintbenchOffline()],
  define: {
    __PYODIDE_VERSION__: JSON.stringify(PYODIDE_VERSION),
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  optimizeDeps: { exclude: ['pyodide'] },
  server: { headers: isolationHeaders },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
