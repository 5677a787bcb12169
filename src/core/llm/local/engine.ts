// The in-browser engine as the model layer sees it: one streamed chat completion from a stored
// model, in OpenAI's chat-completions shape (the engine is llama.cpp's server, compiled to
// WebAssembly: src/local-model/). The app provides it; where there is none (Node: the CLI and
// the tests that run there), an in-browser model cannot run.

export interface LocalEngine {
  /**
   * Stream one completion from a stored model (loaded first when another is in memory): the
   * body as chat completions take it, every chunk as it comes. Rejects with a LocalEngineError.
   */
  complete(model: string, body: Record<string, unknown>, onChunk: (chunk: unknown) => void, signal?: AbortSignal): Promise<void>;
}

/** Why the engine failed: the model is not stored, the prompt is longer than the context, the request was cancelled, or the engine itself. */
export type LocalFailure = 'not-stored' | 'too-long' | 'cancelled' | 'engine';

export class LocalEngineError extends Error {
  constructor(
    readonly failure: LocalFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LocalEngineError';
  }
}

let provided: LocalEngine | null = null;

/** The app provides its engine once, at start. */
export function provideLocalEngine(engine: LocalEngine | null): void {
  provided = engine;
}

export const localEngine = (): LocalEngine | null => provided;
