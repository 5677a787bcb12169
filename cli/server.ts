// A small static server for the built site with the headers the sandbox needs (or, to act
// as a plain static host, none), at the root or under a sub-path. Used by `npm start`, the
// headless runner, the benchmarks and the e2e tests.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { isolationHeaders, noIsolationHeaders } from './headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface SiteServer {
  server: Server;
  /** The site's address, ending in the base path. */
  url: string;
  /** Every request path seen (from the host's root), in order (the e2e tests watch it for leaks). */
  requests: string[];
  close(): Promise<void>;
}

export interface ServeOptions {
  root: string;
  port?: number;
  host?: string;
  /**
   * Send COOP/COEP so pages are cross-origin isolated (default true); false sends them at
   * `unsafe-none`, which declines isolation (the service worker then adds none either).
   */
  isolated?: boolean;
  /** Send no COOP/COEP at all, as a plain static host (GitHub Pages) does; overrides `isolated`. */
  plain?: boolean;
  /** The path the site is published under, e.g. `/hintbench/` (default `/`). */
  base?: string;
}

type HeaderMode = 'isolation' | 'no-isolation' | 'plain';

/** `hintbench/` or `/hintbench` → `/hintbench/`. */
export function normalizeBase(base = '/'): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Map a URL path to a file under root, or null when it is unsafe or missing. */
export function resolvePath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((seg) => seg === '..')) return null;
  if (/%2f|%5c/i.test(urlPath)) return null;
  const base = resolve(root);
  let file = resolve(join(base, decoded));
  if (file !== base && !file.startsWith(base + sep)) return null;
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

function headersFor(urlPath: string, mode: HeaderMode): Record<string, string> {
  const headers: Record<string, string> = mode === 'isolation' ? { ...isolationHeaders } : mode === 'no-isolation' ? { ...noIsolationHeaders } : {};
  const immutable = urlPath.startsWith('/pyodide/') || urlPath.startsWith('/assets/');
  headers['Cache-Control'] = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
  headers['X-Content-Type-Options'] = 'nosniff';
  return headers;
}

export function startServer(options: ServeOptions): Promise<SiteServer> {
  const mode: HeaderMode = options.plain ? 'plain' : (options.isolated ?? true) ? 'isolation' : 'no-isolation';
  const base = normalizeBase(options.base);
  const requests: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = req.url ?? '/';
    requests.push(urlPath);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const path = urlPath.split('?')[0]!;
    if (base !== '/' && path === base.slice(0, -1)) {
      // The directory without its slash: redirected, as static hosts do.
      res.writeHead(301, { Location: `${base}${urlPath.slice(path.length)}`, ...headersFor('/', mode) }).end();
      return;
    }
    // Only paths under the base belong to the site; `sitePath` is the path within it.
    const sitePath = urlPath.startsWith(base) ? urlPath.slice(base.length - 1) : '';
    const file = sitePath ? resolvePath(options.root, sitePath) : null;
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headersFor('/', mode) }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': String(statSync(file).size),
      ...headersFor(sitePath, mode),
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
  const server = createServer(handler);
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
      resolveStart({
        url: `http://${host}:${port}${base}`,
        server,
        requests,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
