// Results files on disk through node:zlib: `.json.gz` and `.jsonl.gz` written and read back,
// plain files exactly as before, and a broken gzip file refused with its name.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseRunLog, toJson, toJsonl } from '../src/core/runner/export.ts';
import { gzipBlob } from '../src/core/runner/gzip.ts';
import { readRunLogFile, writeRunLogFile } from './runlog-file.ts';

const log = await parseRunLog(readFileSync('src/core/runlog/fixtures/runlog-v1-vanilla.json', 'utf8'));
const json = toJson(log);

describe('results files (CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-gz-'));

  it('writes gzip for a .gz name, JSONL for .jsonl, and reads each back to the same log', async () => {
    const files = { json: join(dir, 'r.json'), jsonl: join(dir, 'r.jsonl'), jsonGz: join(dir, 'r.json.gz'), jsonlGz: join(dir, 'r.jsonl.gz') };
    for (const f of Object.values(files)) await writeRunLogFile(f, log);
    expect(readFileSync(files.json, 'utf8')).toBe(json);
    expect(readFileSync(files.jsonl, 'utf8')).toBe(toJsonl(log));
    const gz = readFileSync(files.jsonGz);
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(gz).toString('utf8')).toBe(json);
    expect(gunzipSync(readFileSync(files.jsonlGz)).toString('utf8')).toBe(readFileSync(files.jsonl, 'utf8'));
    for (const f of Object.values(files)) expect(toJson(await readRunLogFile(f))).toBe(json);
  });

  it('reads gzip by its first bytes, and what the browser compressed', async () => {
    const file = join(dir, 'from-the-browser.json');
    writeFileSync(file, new Uint8Array(await (await gzipBlob([json])).arrayBuffer()));
    expect(toJson(await readRunLogFile(file))).toBe(json);
  });

  it('names the file and says it is not valid gzip when it is truncated, corrupt or not gzip', async () => {
    await writeRunLogFile(join(dir, 'whole.json.gz'), log);
    const gz = readFileSync(join(dir, 'whole.json.gz'));
    const truncated = join(dir, 'truncated.json.gz');
    writeFileSync(truncated, gz.subarray(0, gz.length >> 1));
    await expect(readRunLogFile(truncated)).rejects.toThrow(`${truncated}: not a valid gzip file (unexpected end of file)`);
    const corrupt = join(dir, 'corrupt.json');
    const bytes = Buffer.from(gz);
    for (let i = 20; i < 60; i++) bytes[i] = bytes[i]! ^ 0xa5;
    writeFileSync(corrupt, bytes);
    await expect(readRunLogFile(corrupt)).rejects.toThrow(new RegExp(`^${corrupt.replace(/[.]/g, '\\.')}: not a valid gzip file \\(.+\\)$`));
    const plain = join(dir, 'plain.json.gz');
    writeFileSync(plain, json);
    await expect(readRunLogFile(plain)).rejects.toThrow(`${plain}: not a valid gzip file (it does not start with the gzip signature 1f 8b)`);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"manifest": 1');
    await expect(readRunLogFile(bad)).rejects.toThrow(`${bad}: invalid JSON`);
  });
});
