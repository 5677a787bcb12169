// Record and replay of model calls, as JSONL keyed by a hash of the request. The key is never
// part of the hash, of a recorded request, or of anything written.
import { sha256Hex } from '../exec/hash.ts';
import { LlmError, type ChatModel, type ChatRequest, type ChatResponse, type EmbeddingRequest, type EmbeddingResponse } from './types.ts';

/** A request as it goes over the wire: never the context a simulated model works from (it holds hidden tests). */
export type WireRequest = Omit<ChatRequest, 'context'>;

export interface CassetteEntry {
  key: string;
  endpoint: string;
  request: WireRequest;
  response: ChatResponse;
  /** An embeddings answer's vectors (the request's messages are the texts, its model marked "embeddings:"). */
  vectors?: number[][];
}

/** An embeddings request as a cassette keys it: the texts as user messages, the model marked. */
const embeddingsWire = (request: EmbeddingRequest): WireRequest => ({
  model: `embeddings:${request.model}`,
  messages: request.input.map((content) => ({ role: 'user', content })),
});

/** What the provider receives of a request: model, messages and sampling settings, nothing else (no callbacks). */
export function onTheWire(request: ChatRequest): WireRequest {
  return {
    model: request.model,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
    ...(request.reasoningEffort !== undefined ? { reasoningEffort: request.reasoningEffort } : {}),
  };
}

/** Stable hash of what decides the answer: endpoint, model, messages and sampling settings. */
export function requestKey(endpoint: string, request: WireRequest): Promise<string> {
  // A reasoning effort decides the answer too (absent from the hash when unset, so earlier recordings keep their keys).
  const canonical = JSON.stringify([
    endpoint,
    request.model,
    request.messages.map((m) => [m.role, m.content]),
    request.temperature ?? null,
    request.maxTokens ?? null,
    request.seed ?? null,
    ...(request.reasoningEffort ? [request.reasoningEffort] : []),
  ]);
  return sha256Hex(canonical);
}

export class Cassette {
  private readonly entries = new Map<string, CassetteEntry>();

  static fromJsonl(text: string): Cassette {
    const c = new Cassette();
    for (const line of text.split('\n')) if (line.trim()) c.add(JSON.parse(line) as CassetteEntry);
    return c;
  }

  add(entry: CassetteEntry): void {
    this.entries.set(entry.key, entry);
  }

  get(key: string): CassetteEntry | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  toJsonl(): string {
    return [...this.entries.values()].map((e) => JSON.stringify(e)).join('\n') + (this.entries.size ? '\n' : '');
  }
}

/** Calls the real model and records each answer. */
export class RecordingModel implements ChatModel {
  constructor(
    private readonly inner: ChatModel,
    private readonly endpoint: string,
    readonly cassette: Cassette,
  ) {}
  get id() {
    return this.inner.id;
  }
  get label() {
    return this.inner.label;
  }
  get simulated() {
    return this.inner.simulated;
  }
  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const response = await this.inner.chat(request, signal);
    this.cassette.add({ key: await requestKey(this.endpoint, request), endpoint: this.endpoint, request: onTheWire(request), response });
    return response;
  }
  async embed(request: EmbeddingRequest, signal?: AbortSignal): Promise<EmbeddingResponse> {
    if (!this.inner.embed) throw new LlmError('bad-request', `${this.inner.label} has no embeddings endpoint here`);
    const response = await this.inner.embed(request, signal);
    const wire = embeddingsWire(request);
    this.cassette.add({
      key: await requestKey(this.endpoint, wire),
      endpoint: this.endpoint,
      request: wire,
      response: { content: '', usage: response.usage, model: response.model },
      vectors: response.vectors,
    });
    return response;
  }
}

/** Answers from a cassette only; a request that was never recorded is an error. */
export class ReplayModel implements ChatModel {
  constructor(
    readonly id: string,
    readonly label: string,
    readonly simulated: boolean,
    private readonly endpoint: string,
    private readonly cassette: Cassette,
  ) {}
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const hit = this.cassette.get(await requestKey(this.endpoint, request));
    if (!hit) throw new LlmError('cassette-miss', `no recorded answer for this request to ${request.model}`);
    return hit.response;
  }
  async embed(request: EmbeddingRequest): Promise<EmbeddingResponse> {
    const hit = this.cassette.get(await requestKey(this.endpoint, embeddingsWire(request)));
    if (!hit?.vectors) throw new LlmError('cassette-miss', `no recorded embeddings for this request to ${request.model}`);
    return { vectors: hit.vectors, usage: hit.response.usage, model: hit.response.model };
  }
}
