// Getting a model into this browser's storage (engine worker side): first its header, read
// with Range requests (or a slice of a local file) to learn its size, what it is and the memory
// it needs, before anything large is fetched; then its files, written part by part. A download
// that stops (cancelled, or the tab closed) keeps what it wrote and resumes with a Range
// request from there; a server that ignores Range starts the part again.
import { readGgufHeader, type GgufHeader } from '../core/llm/local/gguf.ts';
import { modelFacts } from '../core/llm/local/facts.ts';
import type { Probe, StoredModel, StoredSource, TransferProgress } from './api.ts';
import { openPart, partSize, readMeta, writeMeta } from './store.ts';

/** The first read of a header; doubled until the header is whole, up to the most. */
const FIRST_READ = 16 * 1024;
const MOST_READ = 64 * 2 ** 20;

/** Read a file's first bytes from a source that gives byte ranges. */
type ReadHead = (bytes: number) => Promise<Uint8Array>;

async function readHeader(read: ReadHead, size: number): Promise<{ header: GgufHeader; bytes: number }> {
  for (let n = Math.min(FIRST_READ, size); ; n = Math.min(n * 4, size, MOST_READ)) {
    const head = await read(n);
    const header = readGgufHeader(head);
    if (header.complete || n >= size || n >= MOST_READ) return { header, bytes: head.byteLength };
  }
}

/** The first n bytes at a URL: a Range request, or the start of the whole body when the server ignores Range. */
async function fetchHead(url: string, n: number, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${n - 1}` }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const reader = response.body!.getReader();
  const out = new Uint8Array(n);
  let at = 0;
  while (at < n) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.byteLength, n - at);
    out.set(value.subarray(0, take), at);
    at += take;
  }
  await reader.cancel().catch(() => {});
  return out.subarray(0, at);
}

/** A file's size at a URL: HEAD's Content-Length (readable across origins without being exposed). */
async function remoteSize(url: string, signal?: AbortSignal): Promise<number> {
  const response = await fetch(url, { method: 'HEAD', ...(signal ? { signal } : {}) });
  if (!response.ok)
    throw new Error(
      `${url}: HTTP ${response.status}${response.status === 404 ? ' (no file there)' : response.status === 401 || response.status === 403 ? ' (the file needs a login or is gated: download it and choose the file)' : ''}`,
    );
  const size = Number(response.headers.get('content-length'));
  if (!Number.isFinite(size) || size <= 0) throw new Error(`${url}: the server does not say the file's size`);
  return size;
}

/** The parts' headers as one: the first part's metadata, every part's tensors. */
function merged(headers: GgufHeader[]): GgufHeader {
  const [first] = headers;
  const tensors = headers.flatMap((h) => h.tensors);
  const count = headers.reduce((a, h) => a + h.tensorCount, 0);
  return { ...first!, tensors, tensorCount: count, complete: headers.every((h) => h.complete) };
}

export async function probeUrls(id: string, urls: string[], signal?: AbortSignal): Promise<Probe> {
  const parts = await Promise.all(urls.map((u) => remoteSize(u, signal)));
  const read = await Promise.all(urls.map((u, i) => readHeader((n) => fetchHead(u, n, signal), parts[i]!)));
  return probeOf(id, { kind: 'url', urls }, parts, read);
}

export async function probeFiles(id: string, files: File[]): Promise<Probe> {
  const read = await Promise.all(files.map((f) => readHeader(async (n) => new Uint8Array(await f.slice(0, n).arrayBuffer()), f.size)));
  return probeOf(
    id,
    { kind: 'file', names: files.map((f) => f.name) },
    files.map((f) => f.size),
    read,
  );
}

function probeOf(id: string, source: StoredSource, parts: number[], read: { header: GgufHeader; bytes: number }[]): Probe {
  const facts = modelFacts(merged(read.map((r) => r.header)));
  return { id, source, parts, totalBytes: parts.reduce((a, b) => a + b, 0), facts, headerBytes: read.reduce((a, r) => a + r.bytes, 0) };
}

/** The record of a model about to be stored (or whose download goes on). */
async function begin(probe: Probe): Promise<StoredModel> {
  const old = await readMeta(probe.id);
  const same = old && JSON.stringify(old.source) === JSON.stringify(probe.source) && JSON.stringify(old.parts) === JSON.stringify(probe.parts);
  const meta: StoredModel = {
    id: probe.id,
    source: probe.source,
    parts: probe.parts,
    totalBytes: probe.totalBytes,
    storedBytes: 0,
    complete: false,
    facts: probe.facts,
    storedAt: same ? old.storedAt : new Date().toISOString(),
  };
  // Other files under the same name: what was stored of them goes (the same files resume).
  if (old && !same)
    for (let i = 0; i < old.parts.length; i++) {
      const access = await openPart(old.id, i);
      access.truncate(0);
      access.close();
    }
  await writeMeta(meta);
  return meta;
}

/** Write a stream into a part from `at` on; false when it stopped before the end. */
async function writeStream(access: FileSystemSyncAccessHandle, body: ReadableStream<Uint8Array>, at: number, onBytes: (n: number) => void): Promise<number> {
  const reader = body.getReader();
  let written = at;
  let sinceFlush = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      access.write(value, { at: written });
      written += value.byteLength;
      sinceFlush += value.byteLength;
      onBytes(written);
      if (sinceFlush > 16 * 2 ** 20) {
        access.flush();
        sinceFlush = 0;
      }
    }
  } finally {
    access.flush();
  }
  return written;
}

/** Finish: check each part's size and magic, then mark the model complete. */
async function finish(meta: StoredModel): Promise<StoredModel> {
  for (let i = 0; i < meta.parts.length; i++) {
    const size = await partSize(meta.id, i);
    if (size !== meta.parts[i]) throw new Error(`part ${i + 1} has ${size} bytes, not the ${meta.parts[i]} the server said`);
  }
  const done = { ...meta, complete: true, storedBytes: meta.totalBytes };
  await writeMeta(done);
  return done;
}

export async function downloadModel(probe: Probe, onProgress: (p: TransferProgress) => void, signal: AbortSignal): Promise<StoredModel> {
  if (probe.source.kind !== 'url') throw new Error('not a download');
  const meta = await begin(probe);
  const urls = probe.source.urls;
  let before = 0;
  for (let i = 0; i < urls.length; i++) {
    const total = probe.parts[i]!;
    const access = await openPart(meta.id, i);
    try {
      let have = access.getSize();
      if (have > total) {
        access.truncate(0);
        have = 0;
      }
      if (have < total) {
        const response = await fetch(urls[i]!, { signal, ...(have ? { headers: { Range: `bytes=${have}-` } } : {}) });
        if (!response.ok || !response.body) throw new Error(`${urls[i]}: HTTP ${response.status}`);
        // 206: the rest from where it stopped; 200: the server sent the whole file, so start again.
        const from = response.status === 206 ? have : 0;
        if (from === 0) access.truncate(0);
        const base = before;
        await writeStream(access, response.body, from, (written) =>
          onProgress({ loaded: base + written, total: probe.totalBytes, part: i + 1, parts: urls.length }),
        );
      }
    } finally {
      access.close();
    }
    before += total;
    onProgress({ loaded: before, total: probe.totalBytes, part: i + 1, parts: urls.length });
  }
  return finish(meta);
}

export async function importFiles(probe: Probe, files: File[], onProgress: (p: TransferProgress) => void, signal: AbortSignal): Promise<StoredModel> {
  const meta = await begin(probe);
  let before = 0;
  for (let i = 0; i < files.length; i++) {
    const access = await openPart(meta.id, i);
    try {
      access.truncate(0);
      const base = before;
      const stream = files[i]!.stream();
      const abortable = stream.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal });
      await writeStream(access, abortable, 0, (written) => onProgress({ loaded: base + written, total: probe.totalBytes, part: i + 1, parts: files.length }));
    } finally {
      access.close();
    }
    before += files[i]!.size;
  }
  return finish(meta);
}
