// What a simulated Prism model works from (the call's `context`: never sent to a provider,
// recorded or exported). The step function fills these; the simulated models read them.

/** The designer's: the node, and the draw that picks among equally fitting problems. */
export interface DesignerContext {
  concepts: string[];
  level: number;
  levels: number;
  /** Seeds the draw, with the run's seed: the same for every model under test. */
  draw: string;
  variation?: number;
  avoid?: string[];
}

export type ModelTask = 'tests' | 'solve' | 'retry' | 'fix';

/** The model under test's: the task, and the bank problem behind the challenge (null when it came from elsewhere). */
export interface ModelContext {
  task: ModelTask;
  problem: string | null;
  concepts: string[];
  level: number;
  levels: number;
  draw: string;
  /** 1 for the first solution. */
  attempt: number;
  /** The latest solution and the tests it ran (retries and the fixer). */
  previous?: { solution: string | null; tests: string | null };
}

export type AnalyserTask = 'validate' | 'errors' | 'patterns';

export interface AnalyserContext {
  task: AnalyserTask;
  tests: string | null;
  solution: string | null;
  /** The run's output and each case's outcome (errors). */
  output?: string;
}

export function contextOf<T>(context: unknown, key: keyof T): T | null {
  return context && typeof context === 'object' && key in context ? (context as T) : null;
}
