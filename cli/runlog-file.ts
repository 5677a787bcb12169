// Results files on disk, streamed both ways (no file is held as one string): read as JSON or
// JSONL of any version, plain or gzip (by the first bytes 1f 8b; a name ending in .gz must hold
// gzip), and written in version 3 as JSONL when the name says .jsonl, as JSON otherwise,
// gzip-compressed when it ends in .gz.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { ItemRecord, RunLog } from '../src/core/model/runlog.ts';
import { gzipName } from '../src/core/runner/gzip.ts';
import { textChunks } from '../src/core/runner/stream-read.ts';
import type { LastUse } from '../src/core/runlog/last-use.ts';
import { lastUseOf, readLeanRunLog, readLogInto, readRunLog, type LogSink } from '../src/core/runlog/read.ts';
import { logChunks, type LogHead } from '../src/core/runlog/write.ts';

/** A results file's text, in pieces, decompressed when it is gzip. */
export const runLogFileChunks = (file: string): AsyncIterable<string> =>
  textChunks(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, { named: gzipName(file) });

const named = async <T>(file: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
};

/** Read a results file (JSON or JSONL, plain or gzip, any version); an invalid one throws with its name. */
export const readRunLogFile = (file: string): Promise<RunLog> => named(file, () => readRunLog(runLogFileChunks(file)));

/** A first pass over a results file: when each of its parts is last needed (read.ts, lastUseOf). */
export const lastUseOfFile = (file: string): Promise<LastUse | undefined> => named(file, () => lastUseOf(runLogFileChunks(file)));

/**
 * Read a results file a record at a time, keeping its items without their calls' texts and its
 * parts only as long as a later item needs them (read.ts, readLeanRunLog): two passes.
 */
export const readLeanRunLogFile = async (file: string): Promise<RunLog> => {
  const lastUse = await lastUseOfFile(file);
  return named(file, () => readLeanRunLog(runLogFileChunks(file), lastUse));
};

/**
 * A results file's items, one at a time as they are asked for (the reader waits for each to be
 * taken). Errors are thrown with the file's name. Read to the end, or the file stays open.
 */
export async function* runLogFileItems(file: string, lastUse?: LastUse): AsyncGenerator<ItemRecord> {
  let next: { item: ItemRecord; taken: () => void } | null = null;
  let wake: (() => void) | null = null;
  let done = false;
  let failure: unknown = null;
  const reading = readRunLogFileInto(
    file,
    {
      manifest() {},
      scores() {},
      annotation() {},
      item: (item) =>
        new Promise<void>((taken) => {
          next = { item, taken };
          wake?.();
        }),
    },
    lastUse,
  ).then(
    () => {
      done = true;
      wake?.();
    },
    (err: unknown) => {
      failure = err;
      done = true;
      wake?.();
    },
  );
  const arrived = () => (next !== null || done ? Promise.resolve() : new Promise<void>((r) => (wake = r)));
  for (;;) {
    await arrived();
    wake = null;
    if (next) {
      const { item, taken } = next as { item: ItemRecord; taken: () => void };
      next = null;
      yield item;
      taken();
      continue;
    }
    await reading;
    if (failure) throw failure;
    return;
  }
}

/** Read a results file into a sink, a record at a time (`lastUse`: its parts let go as lastUseOfFile says). */
export const readRunLogFileInto = (file: string, sink: LogSink, lastUse?: LastUse): Promise<void> =>
  named(file, () => readLogInto(runLogFileChunks(file), sink, lastUse));

/** The form a results file of this name holds: JSONL for `.jsonl[.gz]`, JSON otherwise. */
export const formatOf = (file: string) => (/\.jsonl$/i.test(file.replace(/\.gz$/i, '')) ? 'jsonl' : 'json');

/** What the writer's parts table knows a text by: its SHA-256, so the table holds no text (a large log's texts would not fit). */
const textDigest = (text: string) => createHash('sha256').update(text).digest('base64');

/** Write a results file whole or not at all (through FILE.partial), gzip-compressed when its name ends in .gz. */
export async function writeRunLogFile(
  file: string,
  head: LogHead,
  items: Iterable<ItemRecord> | AsyncIterable<ItemRecord> = (head as RunLog).items,
): Promise<void> {
  const tmp = `${file}.partial`;
  const text = Readable.from(logChunks(head, items, formatOf(file), textDigest));
  try {
    if (gzipName(file)) await pipeline(text, createGzip(), createWriteStream(tmp));
    else await pipeline(text, createWriteStream(tmp));
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  renameSync(tmp, file);
}
