// Offline support: writes sw.js, a service worker that precaches every file of the build
// (app, Pyodide runtime, docs) so the app loads and runs with no network after one visit.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The service worker, as plain JavaScript; FILES and CACHE are filled in per build. */
const WORKER = `// hintbench offline cache (generated at build time)
const CACHE = __CACHE__;
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('hintbench-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages: the network when it answers (fresh after a deploy), else the cached shell.
    event.respondWith(fetch(request).catch(() => caches.match('./index.html', { cacheName: CACHE, ignoreSearch: true })));
    return;
  }
  // Everything else is content-hashed or versioned: the cache first.
  event.respondWith(caches.match(request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(request)));
});
`;

export function hintbenchOffline(): Plugin {
  return {
    name: 'hintbench:offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      const publicFiles = existsSync('public') ? readdirSync('public', { recursive: true, encoding: 'utf8' }).filter((f) => statSync(`public/${f}`).isFile()) : [];
      const emitted = [...Object.keys(bundle).filter((f) => f !== 'index.html'), ...publicFiles].sort();
      const files = ['./', './index.html', ...emitted.map((f) => `./${f}`)];
      const id = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = WORKER.replace('__CACHE__', JSON.stringify(`hintbench-${id}`)).replace('__FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
