// `npm run --silent bench:scenarios -- --json`: the cost of PAIR's scenario constructor, which
// runs on every feedback turn. 200 failing tests (the performance target's size) with traces of
// 20–60 reference lines drawn from a few paths, realistic shapes and fail types, grouped with
// backoff and prioritized; side by side with the cost of the same for 20 and 2,000 tests.
// Prints one JSON object on its last line (docs/benchmarks.md).
import { buildScenarios, prioritize, type FailingTest } from '../scenarios.ts';
import { randomFor } from '../../../random.ts';

const RUNS = 50;
const SHAPES = ['single-token', 'single-line', 'binary', 'multi-line'] as const;
const FAILS = ['value', 'value', 'value', 'line-count', 'token-count', 'runtime-error:IndexError', 'timeout'] as const;

function failingTests(n: number): FailingTest[] {
  const rng = randomFor('bench-scenarios', n);
  const paths = Array.from({ length: 12 }, () => Array.from({ length: 20 + Math.floor(rng() * 40) }, () => 1 + Math.floor(rng() * 80)));
  return Array.from({ length: n }, (_, i) => ({
    testId: `t${i}`,
    trace: paths[Math.floor(rng() * paths.length)]!,
    shape: SHAPES[Math.floor(rng() * SHAPES.length)]!,
    failType: FAILS[Math.floor(rng() * FAILS.length)]!,
  }));
}

function msPerGrouping(n: number): number {
  const tests = failingTests(n);
  const failing = new Set(tests.map((t) => t.testId));
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    prioritize(buildScenarios(tests).scenarios, failing);
    times.push(performance.now() - t0);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const [small, target, large] = [20, 200, 2000].map(msPerGrouping);
const result = {
  runs: RUNS,
  ms20: +small!.toFixed(3),
  ms200: +target!.toFixed(3),
  ms2000: +large!.toFixed(3),
  ratio200ToTarget50ms: +(target! / 50).toFixed(4),
  ratio2000To200: +(large! / target!).toFixed(2),
};
if (!process.argv.includes('--json')) process.stderr.write(`grouping 200 failing tests: ${result.ms200} ms (median of ${RUNS}); target < 50 ms\n`);
console.log(JSON.stringify(result));
