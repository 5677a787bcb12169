// Gzip-compressed run logs (`.json.gz`, `.jsonl.gz`): how one is known, the messages for one that
// is not, and compression through the platform's CompressionStream (reading is stream-read.ts's;
// Node's command line writes with node:zlib, cli/runlog-file.ts). A file is gzip when it starts
// with the gzip signature 1f 8b, whatever its name says.

/** Whether the bytes start with the gzip signature (RFC 1952: 1f 8b). */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Whether a file name says gzip (`….gz`). */
export const gzipName = (name: string): boolean => /\.gz$/i.test(name);

/** The message for bytes that should be gzip and are not. */
export const notGzip = (reason: string): string => `not a valid gzip file (${reason})`;

/** Bytes named `.gz` that do not start with the signature. */
export const NO_SIGNATURE = 'it does not start with the gzip signature 1f 8b';

/** Gzip-compress a file given in pieces (the platform's CompressionStream: the pieces are never joined into one string). */
export const gzipBlob = (pieces: BlobPart[]): Promise<Blob> => new Response(new Blob(pieces).stream().pipeThrough(new CompressionStream('gzip'))).blob();
