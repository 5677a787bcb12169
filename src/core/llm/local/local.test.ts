// The in-browser models' core: the GGUF header as read from the tiny test model (its numbers
// counted by hand from e2e/tiny-model.ts), the memory it needs, the verdict for a browser, the
// links and files a model comes from, and the model as a provider (against a scripted engine
// that sends the chunks llama.cpp's server sends: OpenAI chat-completion chunks, then one with
// the usage and the timings).
import { describe, expect, it } from 'vitest';
import { tinyModel, TINY } from '../../../../e2e/tiny-model.ts';
import { LlmError } from '../types.ts';
import { backendOf, canRun, defaultMemoryLimit, GiB, type DeviceFacts } from './device.ts';
import { LocalEngineError, type LocalEngine } from './engine.ts';
import { memoryNeed, modelFacts, RUNTIME_BYTES } from './facts.ts';
import { readGgufHeader, tensorBytes } from './gguf.ts';
import { InBrowserModel } from './in-browser-model.ts';
import { modelIdOf, orderFiles, sourceFromUrl } from './sources.ts';
import { CHATML, templateFor } from './templates.ts';

// The tiny model by hand: 3 control tokens, 256 bytes, "▁", 94 printable characters, 2 ChatML tokens.
const VOCAB = 3 + 256 + 1 + 94 + 2;
// token_embd and output (8 × 356 each), output_norm, attn_norm, ffn_norm (8 each), q, k, v, o (8 × 8), gate, up, down (8 × 16).
const PARAMS = 2 * 8 * VOCAB + 3 * 8 + 4 * 64 + 3 * 128;

describe('a GGUF header', () => {
  const [file] = tinyModel();
  const header = readGgufHeader(file!);

  it('is read whole from the tiny model: its metadata, its 12 tensors, where the weights start', () => {
    expect(header.complete).toBe(true);
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(12);
    expect(header.metadata.get('general.architecture')).toBe('llama');
    expect(header.metadata.get('llama.embedding_length')).toBe(TINY.embd);
    expect((header.metadata.get('tokenizer.ggml.tokens') as string[]).length).toBe(VOCAB);
    expect(header.tensors.find((t) => t.name === 'token_embd.weight')).toMatchObject({ shape: [8, VOCAB], type: 0, offset: 0 });
    expect(header.dataOffset! % 32).toBe(0);
    // Every tensor's data lies inside the file, at 32-byte alignment.
    const last = header.tensors.at(-1)!;
    expect(header.dataOffset! + last.offset + tensorBytes(last)).toBeLessThanOrEqual(file!.byteLength);
    expect(header.tensors.every((t) => t.offset % 32 === 0)).toBe(true);
  });

  it('says when its bytes end before the header does, keeping the whole pairs read', () => {
    const part = readGgufHeader(file!.subarray(0, 200));
    expect(part.complete).toBe(false);
    expect(part.metadata.get('general.architecture')).toBe('llama');
    expect(part.tensors).toEqual([]);
    expect(() => readGgufHeader(new TextEncoder().encode('NOTAGGUFFILE............'))).toThrow(/not a GGUF file/);
  });

  it('gives the facts: parameters counted from the tensors, F32 weights, the template, the licence', () => {
    const facts = modelFacts(header);
    expect(facts).toMatchObject({
      architecture: 'llama',
      parameters: PARAMS,
      quantization: 'F32',
      contextLength: 4096,
      layers: 1,
      heads: 2,
      kvHeads: 2,
      vocabulary: VOCAB,
      licence: 'MIT',
    });
    expect(PARAMS).toBe(6360);
    expect(facts.kvWidth).toBe(2 * (4 + 4)); // two KV heads, keys and values of 4
    expect(facts.chatTemplate).toBe(CHATML.text);
  });

  it('reads the parts of a split model, the split keys in the first', () => {
    const parts = tinyModel({ splits: 2 }).map((p) => readGgufHeader(p));
    expect(parts.map((p) => p.tensorCount)).toEqual([6, 6]);
    expect(parts[0]!.metadata.get('split.count')).toBe(2);
    expect(parts[1]!.metadata.get('split.no')).toBe(1);
    expect(parts[1]!.metadata.has('general.architecture')).toBe(false);
  });
});

describe('the memory a model needs, and whether it runs here', () => {
  const facts = modelFacts(readGgufHeader(tinyModel()[0]!));
  const chrome: DeviceFacts = { webgpu: false, threads: true, cores: 2, memory64: true, jspi: true, deviceMemoryGiB: 8 };

  it('adds the weights, the KV cache at the context, a micro-batch and the runtime', () => {
    const need = memoryNeed(facts, 34656);
    expect(need.context).toBe(4096); // its trained context, under 8,192
    expect(need.kvCache).toBe(4096 * 1 * 16 * 2);
    expect(need.compute).toBe(512 * (VOCAB + 2 * 4096) * 4);
    expect(need.total).toBe(34656 + 131072 + 17506304 + RUNTIME_BYTES);
  });

  it('refuses a model above the limit, and a browser without memory64 or JSPI, with the reasons', () => {
    const need = memoryNeed(facts, 34656);
    expect(canRun(need, chrome, 1 * GiB)).toEqual({ ok: true, reasons: [] });
    const small = canRun(need, chrome, 2 ** 20);
    expect(small.ok).toBe(false);
    expect(small.reasons[0]).toMatch(/needs about 80\.9 MB of memory, more than the 1\.0 MB set as the limit/);
    expect(canRun(need, { ...chrome, memory64: false, jspi: false }, GiB).reasons[0]).toMatch(/memory64\) and JS promise integration/);
    expect(canRun({ total: 17 * GiB }, chrome, 32 * GiB).reasons[0]).toMatch(/more than the 16\.00 GB a browser gives WebAssembly/);
    expect(defaultMemoryLimit({ deviceMemoryGiB: 8 })).toBe(4 * GiB);
    // Half the cores as threads; a software WebGPU adapter (SwiftShader) is not used.
    expect(backendOf({ ...chrome, cores: 8 })).toMatchObject({ kind: 'wasm-threads', threads: 4 });
    expect(backendOf(chrome)).toMatchObject({ kind: 'wasm', threads: 1 });
    expect(backendOf({ ...chrome, threads: false, cores: 8 }).words).toMatch(/one thread \(threads need cross-origin isolation\)/);
    expect(backendOf({ ...chrome, webgpu: true, adapter: 'google swiftshader', webgpuFallback: true }).words).toMatch(
      /only a software adapter answered, google swiftshader/,
    );
    expect(backendOf({ ...chrome, webgpu: true, adapter: 'nvidia ampere' })).toMatchObject({ kind: 'webgpu' });
    expect(defaultMemoryLimit({})).toBe(2 * GiB);
  });
});

describe('where a model comes from', () => {
  it('takes Hugging Face page and resolve links, and names every part of a split model', () => {
    expect(sourceFromUrl('https://huggingface.co/Qwen/Q-GGUF/blob/main/q-q4_k_m.gguf')).toEqual({
      urls: ['https://huggingface.co/Qwen/Q-GGUF/resolve/main/q-q4_k_m.gguf'],
      id: 'q-q4_k_m',
    });
    expect(sourceFromUrl('https://hf.co/a/b/resolve/main/m.gguf?download=true').urls).toEqual(['https://huggingface.co/a/b/resolve/main/m.gguf?download=true']);
    expect(sourceFromUrl('http://127.0.0.1:9/m/x-00002-of-00003.gguf')).toEqual({
      urls: ['http://127.0.0.1:9/m/x-00001-of-00003.gguf', 'http://127.0.0.1:9/m/x-00002-of-00003.gguf', 'http://127.0.0.1:9/m/x-00003-of-00003.gguf'],
      id: 'x',
    });
    expect(() => sourceFromUrl('https://huggingface.co/Qwen/Q-GGUF')).toThrow(/not a \.gguf file/);
    expect(() => sourceFromUrl('ftp://host/m.gguf')).toThrow(/https/);
    expect(modelIdOf('My Model (v2).Q4_K_M.gguf')).toBe('My-Model-v2-.Q4_K_M');
  });

  it('orders the parts of a split model and says which are missing', () => {
    const f = (name: string) => ({ name });
    expect(orderFiles([f('m-00002-of-00002.gguf'), f('m-00001-of-00002.gguf')]).files.map((x) => x.name)).toEqual([
      'm-00001-of-00002.gguf',
      'm-00002-of-00002.gguf',
    ]);
    expect(() => orderFiles([f('m-00001-of-00003.gguf'), f('m-00003-of-00003.gguf')])).toThrow(/all its 3 parts: missing part 2/);
    expect(() => orderFiles([f('a.gguf'), f('b.gguf')])).toThrow(/not a part of a split model/);
    expect(() => orderFiles([f('a.bin')])).toThrow(/not a \.gguf file/);
  });

  it('prompts a model with its own template, or with the named fallback', () => {
    expect(templateFor('{{x}}')).toEqual({ name: "the model's own", text: '{{x}}', fallback: false });
    expect(templateFor(null)).toMatchObject({ name: 'ChatML (fallback: the model names no template)', text: CHATML.text, fallback: true });
  });
});

/** An engine that answers with these chunks, one per tick; it stops when told. */
function scripted(chunks: unknown[], sent: Record<string, unknown>[] = []): LocalEngine {
  return {
    async complete(_model, body, onChunk, signal) {
      sent.push(body);
      for (const c of chunks) {
        if (signal?.aborted) throw new LocalEngineError('cancelled', 'the request was cancelled');
        onChunk(c);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
const delta = (content: string, finish: string | null = null) => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});
const usage = {
  object: 'chat.completion.chunk',
  choices: [],
  usage: { prompt_tokens: 25, completion_tokens: 3, total_tokens: 28 },
  timings: { predicted_n: 3 },
};

describe('an in-browser model as a provider', () => {
  it('sends the settings and a seed, keeps <think> apart, reads the usage, and records the seed', async () => {
    const sent: Record<string, unknown>[] = [];
    const model = new InBrowserModel('m', 'm', {
      timeoutMs: 1000,
      engine: scripted([delta('<think>plan'), delta('</think>def f'), delta('(): pass', 'stop'), usage], sent),
      seed: () => 77,
    });
    const progress: string[] = [];
    const r = await model.chat({
      model: 'm',
      messages: [{ role: 'user', content: 'fix' }],
      temperature: 0.2,
      maxTokens: 64,
      onProgress: (p) => progress.push(p.content),
    });
    expect(sent[0]).toMatchObject({
      messages: [{ role: 'user', content: 'fix' }],
      temperature: 0.2,
      max_tokens: 64,
      seed: 77,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(r).toMatchObject({
      content: 'def f(): pass',
      thinking: 'plan',
      usage: { promptTokens: 25, completionTokens: 3 },
      finishReason: 'stop',
      streamed: true,
      seed: 77,
    });
    const given = await model.chat({ model: 'm', messages: [{ role: 'user', content: 'again' }], seed: 5 });
    expect(given.seed).toBe(5);
    expect(sent[1]!.seed).toBe(5);
  });

  it('is cancelled within the chunk it is at, and tells a missing model and a missing engine apart', async () => {
    const many = Array.from({ length: 200 }, () => delta('x'));
    const model = new InBrowserModel('m', 'm', { timeoutMs: 1000, engine: scripted(many) });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 30);
    const t0 = Date.now();
    await expect(model.chat({ model: 'm', messages: [] }, stop.signal)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(Date.now() - t0).toBeLessThan(500);
    const gone: LocalEngine = { complete: async () => Promise.reject(new LocalEngineError('not-stored', 'no model m is stored in this browser')) };
    await expect(new InBrowserModel('m', 'm', { timeoutMs: 1000, engine: gone }).chat({ model: 'm', messages: [] })).rejects.toMatchObject({
      kind: 'not-found',
    });
    const none = new InBrowserModel('m', 'm', { timeoutMs: 1000 });
    await expect(none.chat({ model: 'm', messages: [] })).rejects.toBeInstanceOf(LlmError);
  });

  it('times out on a silence, not on a long reply', async () => {
    const slow: LocalEngine = { complete: () => new Promise(() => {}) };
    await expect(new InBrowserModel('m', 'm', { timeoutMs: 40, engine: slow }).chat({ model: 'm', messages: [] })).rejects.toMatchObject({ kind: 'timeout' });
  });
});
