// A small static server for the built site with the headers the sandbox needs.
// Used by `npm start`, the headless runner, the benchmarks and the e2e tests.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { isolationHeaders } from './headers.ts';

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
  url: string;
  server: Server;
  /** Every request path seen, in order (the e2e tests watch it for leaks). */
  requests: string[];
  close(): Promise<void>;
}

export interface ServeOptions {
  root: string;
  port?: number;
  host?: string;
  /** Send COOP/COEP so pages are cross-origin isolated (default true). */
  isolated?: boolean;
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

function headersFor(urlPath: string, isolated: boolean): Record<string, string> {
  const headers: Record<string, string> = isolated ? { ...isolationHeaders } : {};
  const immutable = urlPath.startsWith('/pyodide/') || urlPath.startsWith('/assets/');
  headers['Cache-Control'] = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
  headers['X-Content-Type-Options'] = 'nosniff';
  return headers;
}

export function startServer(options: ServeOptions): Promise<SiteServer> {
  const isolated = options.isolated ?? true;
  const requests: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = req.url ?? '/';
    requests.push(urlPath);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolvePath(options.root, urlPath);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headersFor('/', isolated) }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': String(statSync(file).size),
      ...headersFor(urlPath, isolated),
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
        url: `http://${host}:${port}/`,
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
