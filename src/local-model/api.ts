// The messages between the app and the in-browser engine's worker (engine.worker.ts): what the
// worker stores, reads before a download, and reports while it downloads, loads and replies.
import type { ModelFacts } from '../core/llm/local/facts.ts';

/** Where a stored model came from. */
export type StoredSource = { kind: 'url'; urls: string[] } | { kind: 'file'; names: string[] };

/** A model kept in this browser's storage (the Origin Private File System), apart from the runs. */
export interface StoredModel {
  id: string;
  source: StoredSource;
  /** Each file's size in bytes (the parts of a split model, in order). */
  parts: number[];
  totalBytes: number;
  /** Bytes stored so far (less than totalBytes while a download is unfinished). */
  storedBytes: number;
  complete: boolean;
  facts: ModelFacts;
  storedAt: string;
}

/** What the worker read before a download: the files' sizes and the header's facts. */
export interface Probe {
  id: string;
  source: StoredSource;
  parts: number[];
  totalBytes: number;
  facts: ModelFacts;
  /** The header's bytes read to learn this. */
  headerBytes: number;
}

export interface TransferProgress {
  loaded: number;
  total: number;
  /** Part i of n being written (1-based). */
  part: number;
  parts: number;
}

/** How the engine runs a model. */
export interface EngineOptions {
  /** WebGPU for the layers it takes (when an adapter answered). */
  gpu: boolean;
  /** Threads of the WebAssembly build (1: none). */
  threads: number;
  /** The context, in tokens (the model's default when absent). */
  context?: number;
}

/** A model in memory, as the engine loaded it. */
export interface LoadedModel {
  id: string;
  context: number;
  threads: number;
  gpu: boolean;
  /** Which chat template prompts it (its own, or the named fallback). */
  template: string;
  loadMs: number;
}

/** Errors cross the worker boundary as plain values. */
export interface EngineFailure {
  failure: 'not-stored' | 'too-long' | 'cancelled' | 'engine';
  message: string;
}
