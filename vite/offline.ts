// Offline support: writes sw.js, a service worker that precaches every file of the build
// (app, Pyodide runtime, docs) so the app loads and runs with no network after one visit.
// Every URL in it is relative to sw.js, so the build works from any directory of a host.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';
import { serviceWorkerSource } from './service-worker.ts';

export function hintbenchOffline(): Plugin {
  return {
    name: 'hintbench:offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      const publicFiles = existsSync('public') ? readdirSync('public', { recursive: true, encoding: 'utf8' }).filter((f) => statSync(`public/${f}`).isFile()) : [];
      const emitted = [...Object.keys(bundle).filter((f) => f !== 'index.html'), ...publicFiles].sort();
      // The in-browser models' engine (10 MB) is kept when first used, not at install.
      const onUse = emitted.filter((f) => f.startsWith('wllama/')).map((f) => `./${f}`);
      const files = ['./', './index.html', ...emitted.filter((f) => !f.startsWith('wllama/')).map((f) => `./${f}`)];
      // The cache's name changes with any file's content (a file may change under the same name).
      const hash = createHash('sha256').update(files.join('\n'));
      for (const name of Object.keys(bundle).sort()) {
        const output = bundle[name]!;
        hash.update(output.type === 'chunk' ? output.code : output.source);
      }
      const id = hash.digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(`hintbench-${id}`, files, onUse) });
    },
  };
}
