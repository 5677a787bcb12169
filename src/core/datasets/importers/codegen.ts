// Code-generation problems (APPS, When-Benchmarks-Talk, LiveCodeBench) become instances with
// a reference (when the dataset has one) and no buggy program yet: synthesis makes those.
import type { Instance, Test } from '../../model/instance.ts';

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
  const line = statement.split('\n').map((l) => l.replace(/^#+\s*/, '').trim()).find((l) => l.length > 0) ?? '';
  return (line.length > 80 ? `${line.slice(0, 77)}…` : line) || fallback;
}

/** Outputs sometimes come as a list of lines. */
export const asText = (value: unknown): string => (Array.isArray(value) ? value.map(String).join('\n') : String(value));
