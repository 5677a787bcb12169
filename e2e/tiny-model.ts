// A tiny GGUF model for tests and benchmarks, written at test time (never stored): the llama
// architecture with one layer of 8 dimensions, random weights, a vocabulary of 357 tokens
// (llama.cpp's SentencePiece-style "llama" tokenizer: control tokens, the 256 byte tokens,
// printable ASCII and "▁"), and a ChatML chat template. About 6,400 parameters.
//
// The file follows ggml's docs/gguf.md (version 3): header, key–value pairs, tensor infos, the
// weights aligned at 32 bytes. The keys are those llama.cpp's llama loader reads
// (src/llama-arch.cpp, LLM_KV_*; src/llama-model.cpp, LLM_ARCH_LLAMA hparams and tensors;
// src/llama-vocab.cpp, the "llama" tokenizer). Split files carry split.no, split.count and
// split.tensors.count (gguf-split's keys), each shard a GGUF of its own.
//
// The weights are random, but shaped so that the model never ends its reply by itself and
// writes printable ASCII only: every token's embedding has a large first component, and the
// output rows of the tokens it may write (printable characters, "▁", newline) have +1 there,
// the others (control tokens, other bytes) −8. So a reply runs to the token limit (or a
// cancel), and is always valid UTF-8.
import { writeFileSync } from 'node:fs';
import { GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GgufType } from '../src/core/llm/local/gguf.ts';
import { CHATML } from '../src/core/llm/local/templates.ts';

export const TINY = { embd: 8, layers: 1, heads: 2, ff: 16, context: 4096 } as const;

type Meta = [key: string, type: number, value: unknown, itemType?: number];

/** The tokenizer's vocabulary: text, score, type (llama_token_type: 1 normal, 2 unknown, 3 control, 6 byte). */
function vocabulary(): { tokens: string[]; scores: number[]; types: number[]; writable: boolean[] } {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const writable: boolean[] = [];
  const add = (t: string, type: number, score: number, canWrite: boolean) => {
    tokens.push(t);
    types.push(type);
    scores.push(score);
    writable.push(canWrite);
  };
  add('<unk>', 2, 0, false);
  add('<s>', 3, 0, false);
  add('</s>', 3, 0, false);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 6, 0, b === 10);
  add('▁', 1, -1, true);
  for (let c = 33; c < 127; c++) add(String.fromCharCode(c), 1, -2 - c / 1000, true);
  add('<|im_start|>', 3, 0, false);
  add('<|im_end|>', 3, 0, false);
  return { tokens, scores, types, writable };
}

/** A small deterministic generator (mulberry32), so a seed gives the same file. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tensor {
  name: string;
  shape: number[];
  data: Float32Array;
}

function weights(seed: number, vocab: ReturnType<typeof vocabulary>): Tensor[] {
  const rand = random(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const { embd, ff } = TINY;
  const n = vocab.tokens.length;
  const matrix = (name: string, cols: number, rows: number, scale: number): Tensor => ({
    name,
    shape: [cols, rows],
    data: Float32Array.from({ length: cols * rows }, () => normal() * scale),
  });
  const ones = (name: string): Tensor => ({ name, shape: [embd], data: new Float32Array(embd).fill(1) });
  const embeddings = matrix('token_embd.weight', embd, n, 0.5);
  const output = matrix('output.weight', embd, n, 1);
  for (let t = 0; t < n; t++) {
    embeddings.data[t * embd] = 4;
    output.data[t * embd] = vocab.writable[t] ? 1 : -8;
  }
  const tensors: Tensor[] = [embeddings, ones('output_norm.weight'), output];
  for (let l = 0; l < TINY.layers; l++) {
    const b = `blk.${l}.`;
    tensors.push(
      ones(`${b}attn_norm.weight`),
      matrix(`${b}attn_q.weight`, embd, embd, 0.3),
      matrix(`${b}attn_k.weight`, embd, embd, 0.3),
      matrix(`${b}attn_v.weight`, embd, embd, 0.3),
      matrix(`${b}attn_output.weight`, embd, embd, 0.05),
      ones(`${b}ffn_norm.weight`),
      matrix(`${b}ffn_gate.weight`, embd, ff, 0.3),
      matrix(`${b}ffn_up.weight`, embd, ff, 0.3),
      matrix(`${b}ffn_down.weight`, ff, embd, 0.05),
    );
  }
  return tensors;
}

class Writer {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.byteLength;
  }
  private fixed(n: number, set: (v: DataView) => void) {
    const b = new Uint8Array(n);
    set(new DataView(b.buffer));
    this.push(b);
  }
  u32 = (v: number) => this.fixed(4, (d) => d.setUint32(0, v, true));
  i32 = (v: number) => this.fixed(4, (d) => d.setInt32(0, v, true));
  u16 = (v: number) => this.fixed(2, (d) => d.setUint16(0, v, true));
  u64 = (v: number) => this.fixed(8, (d) => d.setBigUint64(0, BigInt(v), true));
  f32 = (v: number) => this.fixed(4, (d) => d.setFloat32(0, v, true));
  string(s: string) {
    const b = new TextEncoder().encode(s);
    this.u64(b.byteLength);
    this.push(b);
  }
  bytes = (b: Uint8Array) => this.push(b);
  pad(alignment: number) {
    const n = (alignment - (this.length % alignment)) % alignment;
    if (n) this.push(new Uint8Array(n));
  }
  value(type: number, v: unknown, itemType?: number) {
    if (type === GgufType.STRING) return this.string(v as string);
    if (type === GgufType.UINT32) return this.u32(v as number);
    if (type === GgufType.INT32) return this.i32(v as number);
    if (type === GgufType.UINT16) return this.u16(v as number);
    if (type === GgufType.FLOAT32) return this.f32(v as number);
    if (type === GgufType.BOOL) return this.bytes(new Uint8Array([v ? 1 : 0]));
    if (type === GgufType.ARRAY) {
      const items = v as unknown[];
      this.u32(itemType!);
      this.u64(items.length);
      for (const item of items) this.value(itemType!, item);
      return;
    }
    throw new Error(`the tiny model's writer does not write value type ${type}`);
  }
  done(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  }
}

function gguf(meta: Meta[], tensors: Tensor[]): Uint8Array {
  const w = new Writer();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(meta.length);
  for (const [key, type, value, itemType] of meta) {
    w.string(key);
    w.u32(type);
    w.value(type, value, itemType);
  }
  let offset = 0;
  for (const t of tensors) {
    w.string(t.name);
    w.u32(t.shape.length);
    for (const d of t.shape) w.u64(d);
    w.u32(0); // GGML_TYPE_F32
    w.u64(offset);
    offset += Math.ceil(t.data.byteLength / GGUF_DEFAULT_ALIGNMENT) * GGUF_DEFAULT_ALIGNMENT;
  }
  w.pad(GGUF_DEFAULT_ALIGNMENT);
  for (const t of tensors) {
    w.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad(GGUF_DEFAULT_ALIGNMENT);
  }
  return w.done();
}

export interface TinyModelOptions {
  /** The weights' random seed (default 1). */
  seed?: number;
  /** Write it as this many split files (gguf-split's format; default 1). */
  splits?: number;
  /** The chat template; null writes none (the app's named fallback then applies). */
  chatTemplate?: string | null;
  /** general.name. */
  name?: string;
}

/** The tiny model's file (or its split files, in order). */
export function tinyModel(options: TinyModelOptions = {}): Uint8Array[] {
  const vocab = vocabulary();
  const tensors = weights(options.seed ?? 1, vocab);
  const { embd, layers, heads, ff, context } = TINY;
  const meta: Meta[] = [
    ['general.architecture', GgufType.STRING, 'llama'],
    ['general.name', GgufType.STRING, options.name ?? 'hintbench tiny test model'],
    ['general.license', GgufType.STRING, 'MIT'],
    ['general.file_type', GgufType.UINT32, 0], // all F32
    ['llama.context_length', GgufType.UINT32, context],
    ['llama.embedding_length', GgufType.UINT32, embd],
    ['llama.block_count', GgufType.UINT32, layers],
    ['llama.feed_forward_length', GgufType.UINT32, ff],
    ['llama.attention.head_count', GgufType.UINT32, heads],
    ['llama.attention.head_count_kv', GgufType.UINT32, heads],
    ['llama.rope.dimension_count', GgufType.UINT32, embd / heads],
    ['llama.attention.layer_norm_rms_epsilon', GgufType.FLOAT32, 1e-5],
    ['llama.vocab_size', GgufType.UINT32, vocab.tokens.length],
    ['tokenizer.ggml.model', GgufType.STRING, 'llama'],
    ['tokenizer.ggml.tokens', GgufType.ARRAY, vocab.tokens, GgufType.STRING],
    ['tokenizer.ggml.scores', GgufType.ARRAY, vocab.scores, GgufType.FLOAT32],
    ['tokenizer.ggml.token_type', GgufType.ARRAY, vocab.types, GgufType.INT32],
    ['tokenizer.ggml.bos_token_id', GgufType.UINT32, 1],
    ['tokenizer.ggml.eos_token_id', GgufType.UINT32, vocab.tokens.indexOf('<|im_end|>')],
    ['tokenizer.ggml.unknown_token_id', GgufType.UINT32, 0],
    ['tokenizer.ggml.add_bos_token', GgufType.BOOL, true],
    ...(options.chatTemplate === null ? [] : ([['tokenizer.chat_template', GgufType.STRING, options.chatTemplate ?? CHATML.text]] as Meta[])),
  ];
  const splits = Math.max(1, Math.min(options.splits ?? 1, tensors.length));
  if (splits === 1) return [gguf(meta, tensors)];
  const per = Math.ceil(tensors.length / splits);
  const parts = Array.from({ length: splits }, (_, i) => tensors.slice(i * per, (i + 1) * per));
  return parts.map((part, i) => {
    const split: Meta[] = [
      ['split.no', GgufType.UINT16, i],
      ['split.count', GgufType.UINT16, splits],
      ['split.tensors.count', GgufType.INT32, tensors.length],
    ];
    return gguf(i === 0 ? [...meta, ...split] : split, part);
  });
}

/** gguf-split's file names: name-00001-of-00003.gguf, … */
export const splitNames = (stem: string, n: number) =>
  n === 1 ? [`${stem}.gguf`] : Array.from({ length: n }, (_, i) => `${stem}-${String(i + 1).padStart(5, '0')}-of-${String(n).padStart(5, '0')}.gguf`);

/** Write the tiny model into a folder; its file paths. */
export function writeTinyModel(dir: string, stem = 'tiny', options: TinyModelOptions = {}): string[] {
  const files = tinyModel(options);
  return splitNames(stem, files.length).map((name, i) => {
    const path = `${dir}/${name}`;
    writeFileSync(path, files[i]!);
    return path;
  });
}

// `npx tsx e2e/tiny-model.ts DIR [--splits N]`: write it by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? '.';
  const splits = Number(process.argv[process.argv.indexOf('--splits') + 1]) || 1;
  for (const path of writeTinyModel(dir, 'tiny', { splits })) process.stdout.write(`${path}\n`);
}
