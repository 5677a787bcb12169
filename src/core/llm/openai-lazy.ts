// An OpenAI-compatible model whose client library (the `openai` package, the largest module
// of the app) loads on the first request, not when a page or a run is set up.
import type { Capabilities } from './capabilities.ts';
import type { OpenAICompatibleModel, ProviderSettings } from './openai-compat.ts';
import { LlmError, type ChatModel, type ChatRequest, type ChatResponse, type EmbeddingRequest, type EmbeddingResponse } from './types.ts';

export class LazyOpenAICompatibleModel implements ChatModel {
  readonly simulated = false;
  private model: Promise<OpenAICompatibleModel> | null = null;

  constructor(
    readonly id: string,
    readonly label: string,
    private readonly settings: ProviderSettings,
  ) {}

  private load() {
    this.model ??= import('./openai-compat.ts').then(
      ({ OpenAICompatibleModel }) => new OpenAICompatibleModel(this.id, this.label, this.settings),
      (err: unknown) => {
        this.model = null; // try again on the next request
        throw new LlmError('network', `the model client did not load: ${(err as Error)?.message ?? err}`);
      },
    );
    return this.model;
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return (await this.load()).chat(request, signal);
  }

  async embed(request: EmbeddingRequest, signal?: AbortSignal): Promise<EmbeddingResponse> {
    return (await this.load()).embed(request, signal);
  }

  /** The request shape as it stands (after what the provider's refusals taught it). */
  async requestShape(): Promise<Capabilities> {
    return (await this.load()).requestShape();
  }
}
