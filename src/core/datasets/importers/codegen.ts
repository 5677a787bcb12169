// Code-generation problems (APPS, When-Benchmarks-Talk, LiveCodeBench) become instances with
// a reference (when the dataset has one) and no buggy program yet: synthesis makes those.
import type { Instance, Test } from '../../model/instance.ts';
import { isArray, isRecord, jsonField, need, RowError } from './files.ts';

export interface CodegenProblem {
  id: string;
  title: string;
  statement: string;
  summary?: string;
  sourceName: string;
  url?: string;
  reference: string;
  starter?: string;
  difficulty?: string;
  entry?: string;
  tests: Test[];
}

export function codegenInstance(p: CodegenProblem): Instance {
  const kind = p.tests.length > 0 && 'args' in p.tests[0]! ? 'call' : 'stdio';
  return {
    id: p.id,
    title: p.title,
    source: { name: p.sourceName, ...(p.url ? { url: p.url } : {}) },
    statement: p.statement,
    ...(p.summary ? { summary: p.summary } : {}),
    language: 'python',
    buggy: '',
    reference: p.reference,
    ...(p.starter ? { starter: p.starter } : {}),
    testKind: kind,
    tests: p.tests,
    ...(p.entry ? { entry: p.entry } : {}),
    ...(p.difficulty ? { difficulty: p.difficulty } : {}),
  } as Instance;
}

/** First non-empty line of a statement, as a title. */
export function titleOf(statement: string, fallback: string): string {
  const line =
    statement
      .split('\n')
      .map((l) => l.replace(/^#+\s*/, '').trim())
      .find((l) => l.length > 0) ?? '';
  return (line.length > 80 ? `${line.slice(0, 77)}…` : line) || fallback;
}

/** Outputs sometimes come as a list of lines. */
export const asText = (value: unknown): string => (Array.isArray(value) ? value.map(String).join('\n') : String(value));

/** The {inputs, outputs} object of a row's `field`, as two lists of equal, non-zero length. */
export function inputsAndOutputs(row: Record<string, unknown>, field: string): { io: Record<string, unknown>; inputs: unknown[]; outputs: unknown[] } {
  const io = need(jsonField(row, field), field, isRecord, 'an object {inputs, outputs}');
  const inputs = need(io.inputs, `${field}.inputs`, isArray, 'a list');
  const outputs = need(io.outputs, `${field}.outputs`, isArray, 'a list');
  if (inputs.length === 0) throw new RowError('no tests', `${field} has no inputs`);
  if (outputs.length !== inputs.length) throw new RowError('tests without outputs', `${inputs.length} inputs but ${outputs.length} outputs`);
  return { io, inputs, outputs };
}

/** The first solution of a `solutions` list (JSON text or a list), or "" when there is none. */
export function firstSolution(row: Record<string, unknown>): string {
  const solutions = jsonField(row, 'solutions');
  if (Array.isArray(solutions)) return typeof solutions[0] === 'string' ? solutions[0] : '';
  return typeof solutions === 'string' ? solutions : '';
}
