// What importers read: a list of virtual files (from a file, a folder or a .zip), and the
// rows inside JSON / JSONL files, each with a location for error messages.
import { unzipSync } from 'fflate';
import { parseJsonTree, type JsonNode } from '../../text/json.ts';

export interface VirtualFile {
  /** Path inside the upload, "/"-separated (e.g. "quixbugs/python_programs/gcd.py"). */
  path: string;
  data: Uint8Array;
}

export interface Row {
  /** Where the row is, e.g. "apps.jsonl line 7" or "data.json row 3". */
  where: string;
  value: unknown;
  /** The row as a JSON tree with every number as written (parsed on demand, for `call` tests). */
  tree: () => JsonNode;
}

export interface Rejection {
  where: string;
  /** A short, stable category (for the summary), e.g. "invalid JSON". */
  reason: string;
  /** Specifics, e.g. the parser's message or the field. */
  detail: string;
}

/** Rows larger than this are rejected rather than parsed. */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;
/** Limits for .zip uploads (uncompressed). */
export const MAX_ZIP_ENTRY_BYTES = 256 * 1024 * 1024;
export const MAX_ZIP_TOTAL_BYTES = 1024 * 1024 * 1024;

const decoder = new TextDecoder('utf-8');
export const text = (file: VirtualFile) => decoder.decode(file.data).replace(/^\uFEFF/, '');

/** Expand .zip files into their entries; other files pass through. */
export function expandArchives(files: VirtualFile[]): { files: VirtualFile[]; rejected: Rejection[] } {
  const out: VirtualFile[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    if (!file.path.toLowerCase().endsWith('.zip')) {
      out.push(file);
      continue;
    }
    try {
      let total = 0;
      const tooLarge: string[] = [];
      const entries = unzipSync(file.data, {
        filter: (entry) => {
          if (entry.name.endsWith('/') || entry.name.startsWith('__MACOSX/')) return false;
          total += entry.originalSize;
          if (entry.originalSize > MAX_ZIP_ENTRY_BYTES || total > MAX_ZIP_TOTAL_BYTES) {
            tooLarge.push(entry.name);
            return false;
          }
          return true;
        },
      });
      for (const name of tooLarge) rejected.push({ where: `${file.path}: ${name}`, reason: 'file too large', detail: 'archive entry over the size limit' });
      const base = file.path.replace(/\.zip$/i, '');
      for (const [name, data] of Object.entries(entries)) out.push({ path: `${base}/${name}`, data });
    } catch (err) {
      rejected.push({ where: file.path, reason: 'unreadable archive', detail: (err as Error).message });
    }
  }
  return { files: out, rejected };
}

const shortName = (path: string) => path.split('/').pop() ?? path;

/** Rows of a JSON array, a single JSON object, or JSONL; unreadable parts become rejections. */
export function readRows(file: VirtualFile): { rows: Row[]; rejected: Rejection[] } {
  const name = shortName(file.path);
  const body = text(file);
  if (body.trim() === '') return { rows: [], rejected: [{ where: name, reason: 'empty file', detail: 'the file has no content' }] };
  const trimmed = body.trimStart();
  const rows: Row[] = [];
  const rejected: Rejection[] = [];
  const add = (where: string, raw: string | null, value: unknown, tree: () => JsonNode) => {
    const size = raw?.length ?? JSON.stringify(value)?.length ?? 0;
    if (size > MAX_ROW_BYTES)
      rejected.push({ where, reason: 'row too large', detail: `${(size / 1048576).toFixed(1)} MiB, over the ${MAX_ROW_BYTES / 1048576} MiB limit` });
    else rows.push({ where, value, tree });
  };
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !name.toLowerCase().endsWith('.jsonl'))) {
    try {
      const value: unknown = JSON.parse(body);
      let whole: JsonNode | undefined; // the file's tree, parsed once if some row asks for it
      const wholeTree = () => (whole ??= parseJsonTree(body));
      if (Array.isArray(value)) value.forEach((v, i) => add(`${name} row ${i + 1}`, null, v, () => (wholeTree() as JsonNode[])[i]!));
      else add(name, body, value, wholeTree);
      return { rows, rejected };
    } catch (err) {
      if (trimmed.startsWith('['))
        return { rows: [], rejected: [{ where: name, reason: 'invalid JSON', detail: `${(err as Error).message} (truncated or malformed file)` }] };
      // a JSONL file with a .json name: read it line by line below
    }
  }
  body.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${name} line ${i + 1}`;
    if (line.length > MAX_ROW_BYTES) {
      add(where, line, null, () => null);
      return;
    }
    try {
      add(where, line, JSON.parse(line), () => parseJsonTree(line));
    } catch (err) {
      rejected.push({ where, reason: 'invalid JSON', detail: (err as Error).message });
    }
  });
  return { rows, rejected };
}

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A field that public datasets store either as JSON text or as the value itself. */
export function jsonField(row: Record<string, unknown>, name: string): unknown {
  const value = row[name];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export class RowError extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Throws a RowError naming the field when `value` is missing or of the wrong type. */
export function need<T>(value: unknown, field: string, check: (v: unknown) => v is T, expected: string): T {
  if (value === undefined || value === null || value === '') throw new RowError(`missing field: ${field}`, `"${field}" is missing`);
  if (!check(value)) throw new RowError(`wrong type: ${field}`, `"${field}" should be ${expected}, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  return value;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
