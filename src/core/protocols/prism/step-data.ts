// What each step of a node evaluation records (docs/formats.md, "Prism's step data"): the
// challenge, the generated tests, every attempt with the tests it ran and each case's outcome,
// and the analysers' reports. The node's result and its reward are recomputed from these.
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const CaseSchema = v.object({ name: v.string(), outcome: v.picklist(['passed', 'failed', 'error', 'skipped']), message: v.string() });
export type CaseResult = v.InferOutput<typeof CaseSchema>;

/** One run of the tests against a solution in the sandbox, as the reward counts it. */
export const RunSchema = v.object({
  /** The sandbox's status of the run: ok, exception (the test module did not import), timeout, memory, … */
  status: v.string(),
  /** Counted as the reward counts them: a run where nothing ran counts as one errored test. */
  passed: count,
  failed: count,
  errors: count,
  cases: v.array(CaseSchema),
  /** The exception that stopped the run (the module failed to import, a limit was hit). */
  error: v.optional(v.object({ type: v.string(), message: v.string() })),
  durationMs: v.number(),
  /** What the solver (or the fixer) is shown of this run. */
  output: v.string(),
});
export type TestRun = v.InferOutput<typeof RunSchema>;

export const DesignDataSchema = v.object({
  kind: v.literal('design'),
  /** The problem, between the designer's <problem_description> delimiters; null when no call gave one. */
  challenge: v.nullable(v.object({ title: v.string(), text: v.string() })),
  /** The bank problem a simulated designer drew it from. */
  source: v.optional(v.string()),
});

export const TestsDataSchema = v.object({ kind: v.literal('tests'), code: v.nullable(v.string()) });

export const AttemptDataSchema = v.object({
  kind: v.literal('attempt'),
  /** The Problem Solver (first try and feedback retries) or the Problem Fixer. */
  by: v.picklist(['solver', 'fixer']),
  /** 1 for the first try. */
  n: count,
  solution: v.nullable(v.string()),
  /** The tests this attempt ran (the fixer may have changed them). */
  tests: v.nullable(v.string()),
  run: RunSchema,
});

const CountsSchema = v.record(v.string(), count);

export const AnalysisDataSchema = v.object({
  kind: v.literal('analysis'),
  /** Test Validator: issues by category (missing scenarios, incorrect assertions, coverage, edge cases). */
  validation: v.optional(v.object({ issues: CountsSchema })),
  /** Test Error Analyzer: errors by category. */
  errors: v.optional(v.object({ categories: CountsSchema })),
  /** Solution Pattern Analyzer: the patterns it named (strategy, data structures). */
  patterns: v.optional(v.object({ names: v.array(v.string()) })),
});

export const PrismStepDataSchema = v.variant('kind', [DesignDataSchema, TestsDataSchema, AttemptDataSchema, AnalysisDataSchema]);
export type PrismStepData = v.InferOutput<typeof PrismStepDataSchema>;
export type DesignData = v.InferOutput<typeof DesignDataSchema>;
export type TestsData = v.InferOutput<typeof TestsDataSchema>;
export type AttemptData = v.InferOutput<typeof AttemptDataSchema>;
export type AnalysisData = v.InferOutput<typeof AnalysisDataSchema>;

/** What a unit of a Prism run is: one evaluation of one node of one model's tree (stored on the item). */
export const UnitDataSchema = v.object({
  /** Which tree: the model and repeat of the item; evaluation is its position in that tree's search (0, 1, …). */
  evaluation: count,
  node: v.string(),
  concepts: v.array(v.string()),
  difficulty: v.string(),
  level: count,
  phase: v.picklist([1, 2, 3]),
  /** Phase 3: which of the node's variations (1-based). */
  variation: v.optional(count),
  /** Titles of earlier challenges of the same concepts and level (the designer is asked to avoid them). */
  avoid: v.optional(v.array(v.string())),
  /** Why the search chose the node: the root policy, a fresh expansion, the ε-greedy descent, a Phase-3 variation, or a baseline design's draw. */
  how: v.optional(v.picklist(['root', 'expansion', 'traverse', 'variation', 'uniform', 'stratified', 'calibrated', 'thompson'])),
});
export type UnitData = v.InferOutput<typeof UnitDataSchema>;
