// Reading a GGUF file's header: its metadata and its tensors' names, shapes and types, from the
// first bytes of the file (a Range request, or a slice of a local file), before the weights are
// downloaded. The layout follows llama.cpp's specification (ggml's docs/gguf.md): the magic
// "GGUF", a version (2 or 3), the tensor and metadata counts (u64), the key–value pairs, the
// tensor infos, then the weights at an alignment (general.alignment, 32 by default).

export const GGUF_MAGIC = 0x46554747; // "GGUF", little-endian
export const GGUF_DEFAULT_ALIGNMENT = 32;

/** Metadata value types (gguf.md, gguf_metadata_value_type). */
export const GgufType = {
  UINT8: 0,
  INT8: 1,
  UINT16: 2,
  INT16: 3,
  UINT32: 4,
  INT32: 5,
  FLOAT32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  UINT64: 10,
  INT64: 11,
  FLOAT64: 12,
} as const;

const SCALAR_BYTES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

/** ggml tensor types: [name, elements per block, bytes per block] (ggml.h / ggml.c type traits). */
export const GGML_TYPES: Record<number, readonly [string, number, number]> = {
  0: ['F32', 1, 4],
  1: ['F16', 1, 2],
  2: ['Q4_0', 32, 18],
  3: ['Q4_1', 32, 20],
  6: ['Q5_0', 32, 22],
  7: ['Q5_1', 32, 24],
  8: ['Q8_0', 32, 34],
  9: ['Q8_1', 32, 36],
  10: ['Q2_K', 256, 84],
  11: ['Q3_K', 256, 110],
  12: ['Q4_K', 256, 144],
  13: ['Q5_K', 256, 176],
  14: ['Q6_K', 256, 210],
  15: ['Q8_K', 256, 292],
  16: ['IQ2_XXS', 256, 66],
  17: ['IQ2_XS', 256, 74],
  18: ['IQ3_XXS', 256, 98],
  19: ['IQ1_S', 256, 50],
  20: ['IQ4_NL', 32, 18],
  21: ['IQ3_S', 256, 110],
  22: ['IQ2_S', 256, 82],
  23: ['IQ4_XS', 256, 136],
  24: ['I8', 1, 1],
  25: ['I16', 1, 2],
  26: ['I32', 1, 4],
  27: ['I64', 1, 8],
  28: ['F64', 1, 8],
  29: ['IQ1_M', 256, 56],
  30: ['BF16', 1, 2],
  34: ['TQ1_0', 256, 54],
  35: ['TQ2_0', 256, 66],
  39: ['MXFP4', 32, 17],
};

export type GgufValue = number | bigint | boolean | string | GgufValue[];

export interface GgufTensor {
  name: string;
  /** ne[0] first: the length of a row. */
  shape: number[];
  type: number;
  /** From the start of the tensor data. */
  offset: number;
}

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  /** Every tensor, when the buffer held the whole header; else the ones read before it ended. */
  tensors: GgufTensor[];
  tensorCount: number;
  /** Where the weights start (aligned), when the whole header was read. */
  dataOffset?: number;
  /** False when the buffer ended before the header did (read more and try again). */
  complete: boolean;
  /** How many bytes the header was read from (the end of the last whole part read). */
  bytesRead: number;
}

export class GgufError extends Error {
  override name = 'GgufError';
}

/** The buffer ended: not an error in the file, only more bytes are needed. */
class NeedMore extends Error {}

class Cursor {
  at = 0;
  private readonly view: DataView;
  private readonly text = new TextDecoder('utf-8', { fatal: false });
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number) {
    if (this.at + n > this.bytes.byteLength) throw new NeedMore();
  }
  u8() {
    this.need(1);
    return this.view.getUint8(this.at++);
  }
  u32() {
    this.need(4);
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  /** A u64 as a number (lengths and counts: past 2^53 the file is not one to read). */
  u64() {
    this.need(8);
    const v = this.view.getBigUint64(this.at, true);
    this.at += 8;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufError(`a count of ${v} is too large`);
    return Number(v);
  }
  string() {
    const n = this.u64();
    this.need(n);
    const s = this.text.decode(this.bytes.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
  scalar(type: number): GgufValue {
    const n = SCALAR_BYTES[type];
    if (n === undefined) throw new GgufError(`unknown metadata value type ${type}`);
    this.need(n);
    const v = this.view;
    const at = this.at;
    this.at += n;
    switch (type) {
      case GgufType.UINT8:
        return v.getUint8(at);
      case GgufType.INT8:
        return v.getInt8(at);
      case GgufType.UINT16:
        return v.getUint16(at, true);
      case GgufType.INT16:
        return v.getInt16(at, true);
      case GgufType.UINT32:
        return v.getUint32(at, true);
      case GgufType.INT32:
        return v.getInt32(at, true);
      case GgufType.FLOAT32:
        return v.getFloat32(at, true);
      case GgufType.BOOL:
        return v.getUint8(at) !== 0;
      case GgufType.UINT64: {
        const b = v.getBigUint64(at, true);
        return b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
      }
      case GgufType.INT64: {
        const b = v.getBigInt64(at, true);
        return b <= BigInt(Number.MAX_SAFE_INTEGER) && b >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(b) : b;
      }
      default:
        return v.getFloat64(at, true);
    }
  }
  value(type: number, depth = 0): GgufValue {
    if (type === GgufType.STRING) return this.string();
    if (type !== GgufType.ARRAY) return this.scalar(type);
    if (depth > 4) throw new GgufError('arrays nested too deep');
    const itemType = this.u32();
    const n = this.u64();
    const out: GgufValue[] = [];
    for (let i = 0; i < n; i++) out.push(this.value(itemType, depth + 1));
    return out;
  }
}

/**
 * Read a GGUF header from the first bytes of a file. When the bytes end before the header does,
 * the result says `complete: false` with what was read so far (whole key–value pairs only).
 */
export function readGgufHeader(bytes: Uint8Array): GgufHeader {
  const c = new Cursor(bytes);
  const metadata = new Map<string, GgufValue>();
  const tensors: GgufTensor[] = [];
  let version = 0;
  let tensorCount = 0;
  let bytesRead = 0;
  try {
    if (c.u32() !== GGUF_MAGIC) throw new GgufError('not a GGUF file (its first bytes are not "GGUF")');
    version = c.u32();
    if (version !== 2 && version !== 3) throw new GgufError(`GGUF version ${version} (this reader knows versions 2 and 3)`);
    tensorCount = c.u64();
    const kvCount = c.u64();
    bytesRead = c.at;
    for (let i = 0; i < kvCount; i++) {
      const key = c.string();
      const type = c.u32();
      metadata.set(key, c.value(type));
      bytesRead = c.at;
    }
    for (let i = 0; i < tensorCount; i++) {
      const name = c.string();
      const dims = c.u32();
      if (dims > 8) throw new GgufError(`tensor ${name} has ${dims} dimensions`);
      const shape: number[] = [];
      for (let d = 0; d < dims; d++) shape.push(c.u64());
      const type = c.u32();
      const offset = c.u64();
      tensors.push({ name, shape, type, offset });
      bytesRead = c.at;
    }
    const alignment = Number(metadata.get('general.alignment') ?? GGUF_DEFAULT_ALIGNMENT) || GGUF_DEFAULT_ALIGNMENT;
    const dataOffset = Math.ceil(c.at / alignment) * alignment;
    return { version, metadata, tensors, tensorCount, dataOffset, complete: true, bytesRead: c.at };
  } catch (err) {
    if (err instanceof NeedMore) return { version, metadata, tensors, tensorCount, complete: false, bytesRead };
    throw err;
  }
}

/** The bytes of a tensor's data (whole blocks of its type). */
export function tensorBytes(t: Pick<GgufTensor, 'shape' | 'type'>): number {
  const traits = GGML_TYPES[t.type];
  if (!traits) throw new GgufError(`unknown tensor type ${t.type}`);
  const [, block, size] = traits;
  const elements = t.shape.reduce((a, b) => a * b, 1);
  return Math.ceil(elements / block) * size;
}

export const typeName = (type: number) => GGML_TYPES[type]?.[0] ?? `type ${type}`;
