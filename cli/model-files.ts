// Serves model files (GGUF) on this machine for the in-browser engine, as a model host does:
// HEAD with the size, GET with byte ranges (206 and Content-Range), CORS for any origin and
// Cross-Origin-Resource-Policy, so an isolated page may fetch them. `hintbench run` uses it for
// an in-browser model given as a file; the tests and bench:local-model use it as the host.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';

export interface ModelFiles {
  /** The address of each file, by its path on this machine. */
  urls: Map<string, string>;
  /** Every request: method, path and Range header. */
  requests: string[];
  /** Slow every response to this many bytes a second (tests of a stopped download); 0: no limit. */
  throttle: { bytesPerSecond: number };
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Range',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range, Accept-Ranges',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function serveModelFiles(paths: string[], options: { prefix?: string } = {}): Promise<ModelFiles> {
  const byName = new Map(paths.map((p) => [`/${options.prefix ?? 'models'}/${encodeURIComponent(basename(p))}`, p]));
  const requests: string[] = [];
  const throttle = { bytesPerSecond: 0 };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(`${req.method} ${path}${req.headers.range ? ` ${req.headers.range}` : ''}`);
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...CORS, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
    const file = byName.get(path);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404, CORS).end('not found');
    const size = statSync(file).size;
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let start = 0;
    let end = size - 1;
    if (range) {
      start = Number(range[1]);
      end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) return void res.writeHead(416, { ...CORS, 'Content-Range': `bytes */${size}` }).end();
    }
    const headers = { ...CORS, 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes', 'Content-Length': String(end - start + 1) };
    res.writeHead(range ? 206 : 200, range ? { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` } : headers);
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(file, { start, end, highWaterMark: throttle.bytesPerSecond ? 4096 : 64 * 1024 });
    if (!throttle.bytesPerSecond) return void stream.pipe(res);
    // Slowed: one chunk, then a pause as long as the chunk takes at the rate.
    stream.on('data', (chunk) => {
      stream.pause();
      res.write(chunk, () => setTimeout(() => stream.resume(), (1000 * (chunk as Buffer).byteLength) / throttle.bytesPerSecond));
    });
    stream.on('end', () => res.end());
    res.on('close', () => stream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const urls = new Map([...byName].map(([urlPath, file]) => [file, `http://127.0.0.1:${port}${urlPath}`]));
      resolve({
        urls,
        requests,
        throttle,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    }),
  );
}
