// What a GGUF's header tells before its weights are downloaded: what model it is, how large,
// its chat template, and the memory it needs in this engine (llama.cpp in WebAssembly).
import { tensorBytes, typeName, type GgufHeader, type GgufValue } from './gguf.ts';

export interface ModelFacts {
  name: string;
  architecture: string;
  /** Parameters, counted from the tensors (or general.size_label when the header was only partly read). */
  parameters: number | null;
  /** The weights' type: general.file_type's name (Q4_K_M, …), or the most common tensor type. */
  quantization: string;
  /** The model's trained context, in tokens. */
  contextLength: number | null;
  layers: number;
  embedding: number;
  heads: number;
  kvHeads: number;
  /** Per layer, the key and value widths of one token (head_count_kv × key/value length). */
  kvWidth: number;
  vocabulary: number | null;
  /** tokenizer.chat_template, or null: the named fallback then applies. */
  chatTemplate: string | null;
  licence: string | null;
}

/** llama_ftype names (llama.h), for general.file_type. */
const FILE_TYPES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
  38: 'MXFP4',
};

const num = (v: GgufValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : null);
const str = (v: GgufValue | undefined): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** "0.5B", "1.5B", "494M" → parameters. */
function fromSizeLabel(label: string | null): number | null {
  const m = label ? /^(\d+(?:\.\d+)?)\s*([KMBT])$/i.exec(label.trim()) : null;
  if (!m) return null;
  return Number(m[1]) * { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[m[2]!.toUpperCase() as 'K' | 'M' | 'B' | 'T'];
}

export function modelFacts(header: GgufHeader): ModelFacts {
  const m = header.metadata;
  const arch = str(m.get('general.architecture')) ?? 'unknown';
  const key = (k: string) => m.get(`${arch}.${k}`);
  const embedding = num(key('embedding_length')) ?? 0;
  const heads = num(key('attention.head_count')) ?? 0;
  const kvHeads = num(key('attention.head_count_kv')) ?? heads;
  const headDim = heads ? embedding / heads : 0;
  const kvWidth = kvHeads * ((num(key('attention.key_length')) ?? headDim) + (num(key('attention.value_length')) ?? headDim));
  const tokens = m.get('tokenizer.ggml.tokens');
  const allTensors = header.complete && header.tensors.length === header.tensorCount;
  const parameters = allTensors ? header.tensors.reduce((a, t) => a + t.shape.reduce((x, y) => x * y, 1), 0) : fromSizeLabel(str(m.get('general.size_label')));
  const fileType = num(m.get('general.file_type'));
  let quantization = fileType !== null ? (FILE_TYPES[fileType] ?? `file type ${fileType}`) : '';
  if (!quantization && header.tensors.length) {
    const bytes = new Map<number, number>();
    for (const t of header.tensors) bytes.set(t.type, (bytes.get(t.type) ?? 0) + tensorBytes(t));
    quantization = typeName([...bytes].sort((a, b) => b[1] - a[1])[0]![0]);
  }
  return {
    name: str(m.get('general.name')) ?? str(m.get('general.basename')) ?? 'unnamed model',
    architecture: arch,
    parameters,
    quantization: quantization || 'unknown',
    contextLength: num(key('context_length')),
    layers: num(key('block_count')) ?? 0,
    embedding,
    heads,
    kvHeads,
    kvWidth,
    vocabulary: Array.isArray(tokens) ? tokens.length : num(key('vocab_size')),
    chatTemplate: str(m.get('tokenizer.chat_template')),
    licence: str(m.get('general.license')),
  };
}

/** The context a model is loaded with: 8,192 tokens, or less when it was trained on less. */
export const DEFAULT_CONTEXT = 8192;
export const contextFor = (facts: Pick<ModelFacts, 'contextLength'>) => Math.min(DEFAULT_CONTEXT, facts.contextLength ?? DEFAULT_CONTEXT);

/** The batch llama.cpp computes at once (its default n_ubatch). */
const MICRO_BATCH = 512;
/** The engine's own memory: the WebAssembly runtime, llama.cpp's buffers besides the ones counted. */
export const RUNTIME_BYTES = 64 * 2 ** 20;

export interface MemoryNeed {
  weights: number;
  /** The KV cache at the context the model is loaded with: f16 keys and values of every layer. */
  kvCache: number;
  /** Activations of one micro-batch: the logits over the vocabulary and the attention scores. */
  compute: number;
  runtime: number;
  total: number;
  context: number;
}

/**
 * The memory a model needs in this engine, estimated from its header: the weights (the files'
 * size), the KV cache (context × layers × kvWidth × 2 bytes), one micro-batch's logits and
 * attention scores (512 × (vocabulary + heads × context) × 4 bytes), and the runtime (64 MiB).
 */
export function memoryNeed(facts: ModelFacts, fileBytes: number, context = contextFor(facts)): MemoryNeed {
  const kvCache = context * facts.layers * facts.kvWidth * 2;
  const compute = MICRO_BATCH * ((facts.vocabulary ?? 0) + facts.heads * context) * 4;
  const runtime = RUNTIME_BYTES;
  return { weights: fileBytes, kvCache, compute, runtime, total: fileBytes + kvCache + compute + runtime, context };
}
