// Whether this browser can run a model, said before it is downloaded: what the engine needs
// (64-bit WebAssembly memory and JS promise integration, which the engine build is compiled
// for), what it uses when it can (WebGPU; threads, which need cross-origin isolation), and the
// memory a model may take (the user's limit, 16 GiB at most: Chromium's cap on 64-bit memory).
import type { MemoryNeed } from './facts.ts';

export interface DeviceFacts {
  /** A WebGPU adapter answered (null: not asked yet). */
  webgpu: boolean | null;
  /** The adapter's name, when it gave one. */
  adapter?: string;
  /** The adapter is a software fallback (SwiftShader: the GPU emulated on the CPU), which the engine does not use. */
  webgpuFallback?: boolean;
  /** SharedArrayBuffer is available (cross-origin isolated): the engine may use threads. */
  threads: boolean;
  /** Logical cores (navigator.hardwareConcurrency). */
  cores: number;
  /** WebAssembly memory64. */
  memory64: boolean;
  /** WebAssembly JS promise integration (JSPI). */
  jspi: boolean;
  /** navigator.deviceMemory (GiB, rounded down, at most 8), when the browser tells. */
  deviceMemoryGiB?: number;
}

export const GiB = 2 ** 30;
export const MiB = 2 ** 20;
/** Chromium's limit on one 64-bit WebAssembly memory. */
export const WASM64_LIMIT = 16 * GiB;

/** The default memory limit for a model: half the device's memory as the browser tells it, or 2 GiB when it does not. */
export function defaultMemoryLimit(device: Pick<DeviceFacts, 'deviceMemoryGiB'>): number {
  return device.deviceMemoryGiB ? Math.min(WASM64_LIMIT, (device.deviceMemoryGiB / 2) * GiB) : 2 * GiB;
}

/** How the engine would run here: WebGPU, threaded WebAssembly or one thread. */
export function backendOf(device: DeviceFacts): { kind: 'webgpu' | 'wasm-threads' | 'wasm'; threads: number; words: string } {
  const threads = device.threads ? Math.max(1, Math.floor(device.cores / 2)) : 1;
  const cpu =
    threads > 1
      ? `threaded WebAssembly (${threads} threads, half of this device's ${device.cores} cores)`
      : `WebAssembly on one thread${device.threads ? ` (half of this device's ${device.cores} core${device.cores === 1 ? '' : 's'}, rounded down)` : ' (threads need cross-origin isolation)'}`;
  if (device.webgpu && !device.webgpuFallback)
    return { kind: 'webgpu', threads, words: `WebGPU${device.adapter ? ` (${device.adapter})` : ''}, with ${cpu} for what the GPU does not take` };
  const why = device.webgpuFallback
    ? ` (only a software adapter answered${device.adapter ? `, ${device.adapter}` : ''}: the GPU emulated on the CPU, not used)`
    : device.webgpu === false
      ? ' (no adapter answered)'
      : '';
  return { kind: threads > 1 ? 'wasm-threads' : 'wasm', threads, words: `${cpu}; no WebGPU${why}` };
}

export const bytes = (n: number) =>
  n >= GiB ? `${(n / GiB).toFixed(2)} GB` : n >= MiB ? `${(n / MiB).toFixed(n >= 100 * MiB ? 0 : 1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} kB` : `${n} B`;

export interface Verdict {
  ok: boolean;
  /** Why it cannot run (empty when it can). */
  reasons: string[];
}

/** Whether a model that needs this memory runs in this browser under this limit; why not, in words. */
export function canRun(need: Pick<MemoryNeed, 'total'>, device: DeviceFacts, limitBytes: number): Verdict {
  const reasons: string[] = [];
  if (!device.memory64 || !device.jspi)
    reasons.push(
      `this browser lacks ${[!device.memory64 && '64-bit WebAssembly memory (memory64)', !device.jspi && 'JS promise integration (JSPI)'].filter(Boolean).join(' and ')}, which the engine needs (Chrome or Edge 137 or later have both)`,
    );
  const limit = Math.min(limitBytes, WASM64_LIMIT);
  if (need.total > limit)
    reasons.push(
      `it needs about ${bytes(need.total)} of memory, more than the ${bytes(limit)} ${limit < limitBytes ? 'a browser gives WebAssembly' : 'set as the limit for models on this device'}`,
    );
  return { ok: reasons.length === 0, reasons };
}
