// The offline service worker's source, as plain JavaScript (sw.js in the build). It precaches
// the site and, on hosts that send no COOP/COEP headers, adds them to what it serves so the
// page can be cross-origin isolated. It acts only inside its scope: the directory the site is
// published in, which may be a sub-path such as https://host/hintbench/.
import { ISOLATION_HEADERS, SW_ISOLATION_MARK } from '../src/isolation.ts';

const WORKER = `// hintbench offline cache and isolation headers (generated at build time)
const CACHE = __CACHE__;
const FILES = __FILES__;
// Files kept on first use rather than at install (the in-browser models' engine: most visits never load it).
const ON_USE = __ON_USE__;
const ISOLATION = __ISOLATION__;
const MARK = __MARK__;

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

// A response of this site that carries neither COOP nor COEP gets both (and the mark), so a
// page served by a host that cannot send them is cross-origin isolated all the same. A server
// that sends either header keeps its own choice; nothing else in a response changes.
function isolate(response) {
  if (!response || (response.type !== 'basic' && response.type !== 'default') || response.redirected) return response;
  if (response.headers.has('Cross-Origin-Opener-Policy') || response.headers.has('Cross-Origin-Embedder-Policy')) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  headers.set(MARK, 'service-worker');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Only this site's own files: other paths on the same origin, and other origins, pass by.
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  if (request.mode === 'navigate') {
    // Pages: the network when it answers (fresh after a deploy), else the cached shell.
    event.respondWith(fetch(request).catch(() => caches.match('./index.html', { cacheName: CACHE, ignoreSearch: true })).then(isolate));
    return;
  }
  // Everything else is content-hashed or versioned: the cache first.
  const keep = ON_USE.some((f) => new URL(f, self.registration.scope).href === request.url.split('?')[0]);
  event.respondWith(
    caches
      .match(request, { cacheName: CACHE, ignoreSearch: true })
      .then((hit) => hit || fetch(request).then((response) => (keep && response.ok ? caches.open(CACHE).then((c) => c.put(request, response.clone())).then(() => response) : response)))
      .then(isolate),
  );
});
`;

/** sw.js for one build: its cache name, the files it precaches and those it keeps on first use (relative to its own URL). */
export function serviceWorkerSource(cache: string, files: string[], onUse: string[] = []): string {
  return WORKER.replace('__CACHE__', JSON.stringify(cache))
    .replace('__FILES__', JSON.stringify(files))
    .replace('__ON_USE__', JSON.stringify(onUse))
    .replace('__ISOLATION__', JSON.stringify(ISOLATION_HEADERS))
    .replace('__MARK__', JSON.stringify(SW_ISOLATION_MARK));
}
