// Reference traces: the set of reference-program lines each test executes.
// They never change for a given (program, test), so they are cached by that pair.
import type { Instance } from '../model/instance.ts';
import { buildJob, selectTests, timeLimitOf, type Executor, type JobControl } from './engine.ts';
import { sha256Hex } from './hash.ts';

export interface TraceStore {
  get(key: string): Promise<number[] | undefined>;
  set(key: string, lines: number[]): Promise<void>;
}

export class MemoryTraceStore implements TraceStore {
  private readonly map = new Map<string, number[]>();
  async get(key: string) {
    return this.map.get(key);
  }
  async set(key: string, lines: number[]) {
    this.map.set(key, lines);
  }
  get size() {
    return this.map.size;
  }
}

export const traceKey = (programHash: string, testId: string) => `${programHash}:${testId}`;

/**
 * Lines of `instance.reference` executed by each test, keyed by test id.
 * Only tests missing from the store are run (with tracing on).
 */
export async function referenceTraces(
  executor: Executor,
  instance: Instance,
  store: TraceStore,
  options: { defaultTimeLimitMs: number; testIds?: readonly string[] },
  control?: JobControl,
): Promise<Map<string, number[]>> {
  const programHash = await sha256Hex(instance.reference);
  const traces = new Map<string, number[]>();
  const tests = selectTests(instance, options.testIds);
  const missing = [];
  for (const test of tests) {
    const cached = await store.get(traceKey(programHash, test.id));
    if (cached) traces.set(test.id, cached);
    else missing.push(test);
  }
  if (missing.length > 0) {
    const job = buildJob(instance, instance.reference, missing, timeLimitOf(instance, options), true);
    const result = await executor.run(job, control);
    for (const [i, test] of missing.entries()) {
      const lines = result.results[i]?.lines;
      if (!lines) continue; // the reference failed to run this test: no trace to cache
      traces.set(test.id, lines);
      await store.set(traceKey(programHash, test.id), lines);
    }
  }
  return traces;
}
