// Gzip-compressed run logs (`.json.gz`, `.jsonl.gz`) in the browser, through the platform's
// CompressionStream and DecompressionStream (Node's command line uses node:zlib, cli/runlog-file.ts).
// A file is gzip when it starts with the gzip signature 1f 8b, whatever its name says.
import type { RunLog } from '../model/runlog.ts';
import { parseRunLog, toJson, toJsonl } from './export.ts';

/** Whether the bytes start with the gzip signature (RFC 1952: 1f 8b). */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Whether a file name says gzip (`….gz`). */
export const gzipName = (name: string): boolean => /\.gz$/i.test(name);

/** The message for bytes that should be gzip and are not. */
export const notGzip = (reason: string): string => `not a valid gzip file (${reason})`;

/** Bytes named `.gz` that do not start with the signature. */
export const NO_SIGNATURE = 'it does not start with the gzip signature 1f 8b';

async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const writer = transform.writable.getWriter();
  // Errors of the writer surface again through the reader, which is what is awaited.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = transform.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Gzip-compress a text (UTF-8). */
export const gzipText = (text: string): Promise<Uint8Array<ArrayBuffer>> => through(new TextEncoder().encode(text), new CompressionStream('gzip'));

/** Decompress gzip bytes to text; a truncated or corrupt stream throws "not a valid gzip file (…)". */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  if (!isGzip(bytes)) throw new Error(notGzip(NO_SIGNATURE));
  let plain: Uint8Array;
  try {
    plain = await through(bytes, new DecompressionStream('gzip'));
  } catch (err) {
    throw new Error(notGzip((err as Error).message || String(err)));
  }
  return new TextDecoder().decode(plain);
}

/**
 * The text of a results file: decompressed when it is gzip (by its first bytes). With
 * `named: true` (a file whose name ends in .gz), bytes without the signature are refused as
 * not gzip rather than read as text; a fetched file is not named so, since HTTP may have
 * decompressed it already.
 */
export async function runLogText(bytes: Uint8Array, options: { named?: boolean } = {}): Promise<string> {
  if (isGzip(bytes) || options.named) return gunzipText(bytes);
  return new TextDecoder().decode(bytes);
}

/** A run log from a results file's bytes (JSON or JSONL, plain or gzip). */
export const readRunLog = async (bytes: Uint8Array, options: { named?: boolean } = {}): Promise<RunLog> => parseRunLog(await runLogText(bytes, options));

/** A run log as gzip-compressed JSON or JSONL: the plain export, compressed. */
export const gzipRunLog = (log: RunLog, format: 'json' | 'jsonl'): Promise<Uint8Array<ArrayBuffer>> => gzipText(format === 'json' ? toJson(log) : toJsonl(log));
