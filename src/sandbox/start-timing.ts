// Start-up steps on the page's own timeline (User Timing: performance.measure), named
// "hintbench:<step>", for the benchmarks to read (bench/exec.ts). Nothing else uses them.
export const MEASURE_PREFIX = 'hintbench:';

/** Await the work and record how long it took, from now until it settled. */
export async function measured<T>(step: string, work: Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work;
  } finally {
    performance.measure(`${MEASURE_PREFIX}${step}`, { start });
  }
}
