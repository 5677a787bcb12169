// Gzip-compressed run logs in the browser's code path (CompressionStream to write, stream-read's
// DecompressionStream to read; Node provides both): a real run log round-trips byte for byte, and
// a truncated or corrupt file is refused as not gzip, never as invalid JSON.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readRunLog } from '../runlog/read.ts';
import { parseRunLog, toJson, toJsonl } from './export.ts';
import { gzipBlob, isGzip } from './gzip.ts';
import { textChunks } from './stream-read.ts';

// A real run (PAIR without hints, three simulated models).
const log = await parseRunLog(readFileSync('src/core/runlog/fixtures/runlog-v1-no-hint.json', 'utf8'));
const json = toJson(log);
const jsonl = toJsonl(log);

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
/** A file's bytes as the page reads them: a stream, gunzipped by its first bytes. */
const text = async (bytes: Uint8Array, options: { named?: boolean } = {}) => {
  let out = '';
  for await (const piece of textChunks(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(), options)) out += piece;
  return out;
};
const readBytes = (bytes: Uint8Array) => readRunLog(textChunks(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()));

describe('gzip run logs (browser streams)', () => {
  it('compresses a run log and decompresses it to the same bytes, as JSON and as JSONL', async () => {
    expect(log.items.length).toBeGreaterThan(0);
    const gz = await bytesOf(await gzipBlob([json]));
    expect(isGzip(gz)).toBe(true);
    expect(gz.byteLength).toBeLessThan(json.length / 4);
    expect(await text(gz)).toBe(json);
    expect(gunzipSync(gz).toString('utf8')).toBe(json); // what zlib (the CLI) reads back
    expect(await text(await bytesOf(await gzipBlob([jsonl])))).toBe(jsonl);
    const read = await readBytes(gz);
    expect(toJson(read)).toBe(json);
    expect(read).toEqual(log);
  });

  it('reads gzip by its first bytes, whatever the name, and plain text as it is', async () => {
    const fromZlib = new Uint8Array(gzipSync(jsonl));
    expect(toJson(await readBytes(fromZlib))).toBe(json);
    expect(await text(new TextEncoder().encode(json))).toBe(json);
    expect(toJson(await readBytes(new TextEncoder().encode(jsonl)))).toBe(json);
  });

  it('refuses a truncated or corrupt gzip file as not gzip, never as invalid JSON', async () => {
    const gz = await bytesOf(await gzipBlob([json]));
    const truncated = gz.slice(0, Math.floor(gz.length / 2));
    await expect(readBytes(truncated)).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
    const corrupt = gz.slice();
    for (let i = 20; i < 60; i++) corrupt[i] = corrupt[i]! ^ 0xa5;
    await expect(readBytes(corrupt)).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
    const badTrailer = gz.slice();
    badTrailer[badTrailer.length - 6] = badTrailer[badTrailer.length - 6]! ^ 0xff; // the CRC-32
    await expect(readBytes(badTrailer)).rejects.toThrow(/^not a valid gzip file/);
    // A file named .gz that is not gzip at all.
    await expect(text(new TextEncoder().encode(json), { named: true })).rejects.toThrow(
      'not a valid gzip file (it does not start with the gzip signature 1f 8b)',
    );
  });
});
