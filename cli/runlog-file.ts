// Results files on disk: read as JSON or JSONL, plain or gzip (by the first bytes 1f 8b; a name
// ending in .gz must hold gzip), and written as JSONL when the name says .jsonl, as JSON
// otherwise, gzip-compressed when it ends in .gz.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { RunLog } from '../src/core/model/runlog.ts';
import { parseRunLog, toJson, toJsonl } from '../src/core/runner/export.ts';
import { gzipName, isGzip, NO_SIGNATURE, notGzip } from '../src/core/runner/gzip.ts';

/** A results file's text, decompressed when it is gzip; errors name the file. */
export function runLogFileText(file: string): string {
  const bytes = readFileSync(file);
  if (isGzip(bytes)) {
    try {
      return gunzipSync(bytes).toString('utf8');
    } catch (err) {
      throw new Error(`${file}: ${notGzip((err as Error).message)}`);
    }
  }
  if (gzipName(file)) throw new Error(`${file}: ${notGzip(NO_SIGNATURE)}`);
  return bytes.toString('utf8');
}

/** Read a results file (JSON or JSONL, plain or gzip); an invalid one throws with its name. */
export function readRunLogFile(file: string): RunLog {
  const text = runLogFileText(file);
  try {
    return parseRunLog(text);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

/** What a results file of this name holds: JSONL for `.jsonl[.gz]`, JSON otherwise; gzip for `.gz`. */
export function runLogFileBytes(file: string, log: RunLog): string | Buffer {
  const plainName = file.replace(/\.gz$/i, '');
  const text = /\.jsonl$/i.test(plainName) ? toJsonl(log) : toJson(log);
  return gzipName(file) ? gzipSync(text) : text;
}

/** Write a results file whole or not at all (through FILE.partial). */
export function writeRunLogFile(file: string, log: RunLog): void {
  const tmp = `${file}.partial`;
  writeFileSync(tmp, runLogFileBytes(file, log));
  renameSync(tmp, file);
}
