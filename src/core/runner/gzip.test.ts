// Gzip-compressed run logs in the browser's code path (CompressionStream / DecompressionStream,
// which Node provides too): a real run log round-trips byte for byte, and a truncated or
// corrupt file is refused as not gzip, never as invalid JSON.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseRunLog, toJson, toJsonl } from './export.ts';
import { gunzipText, gzipRunLog, gzipText, isGzip, readRunLog, runLogText } from './gzip.ts';

// A real run (PAIR without hints, three simulated models), as version 2 writes it.
const log = await parseRunLog(readFileSync('src/core/protocols/pair/fixtures/runlog-v1-no-hint.json', 'utf8'));
const json = toJson(log);
const jsonl = toJsonl(log);

describe('gzip run logs (browser streams)', () => {
  it('compresses a run log and decompresses it to the same bytes, as JSON and as JSONL', async () => {
    expect(log.items.length).toBeGreaterThan(0);
    const gz = await gzipRunLog(log, 'json');
    expect(isGzip(gz)).toBe(true);
    expect(gz.byteLength).toBeLessThan(json.length / 4);
    expect(await gunzipText(gz)).toBe(json);
    expect(gunzipSync(gz).toString('utf8')).toBe(json); // what zlib (the CLI) reads back
    expect(await gunzipText(await gzipRunLog(log, 'jsonl'))).toBe(jsonl);
    const read = await readRunLog(gz);
    expect(toJson(read)).toBe(json);
    expect(read).toEqual(log);
  });

  it('reads gzip by its first bytes, whatever the name, and plain text as it is', async () => {
    const fromZlib = new Uint8Array(gzipSync(jsonl));
    expect(toJson(await readRunLog(fromZlib))).toBe(json);
    expect(await runLogText(new TextEncoder().encode(json))).toBe(json);
    expect(toJson(await readRunLog(new TextEncoder().encode(jsonl)))).toBe(json);
  });

  it('refuses a truncated or corrupt gzip file as not gzip, never as invalid JSON', async () => {
    const gz = await gzipText(json);
    const truncated = gz.slice(0, Math.floor(gz.length / 2));
    await expect(readRunLog(truncated)).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
    const corrupt = gz.slice();
    for (let i = 20; i < 60; i++) corrupt[i] = corrupt[i]! ^ 0xa5;
    await expect(readRunLog(corrupt)).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
    const badTrailer = gz.slice();
    badTrailer[badTrailer.length - 6] = badTrailer[badTrailer.length - 6]! ^ 0xff; // the CRC-32
    await expect(readRunLog(badTrailer)).rejects.toThrow(/^not a valid gzip file/);
    // A file named .gz that is not gzip at all.
    await expect(runLogText(new TextEncoder().encode(json), { named: true })).rejects.toThrow('not a valid gzip file (it does not start with the gzip signature 1f 8b)');
  });
});
