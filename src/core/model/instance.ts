// The instance data contract (docs/formats.md): one code-improvement task.
import * as v from 'valibot';

export type TestKind = 'stdio' | 'call' | 'unittest';

/** stdio: stdin text in, stdout text compared. */
export interface StdioTest {
  id: string;
  input: string;
  expected: string;
}
/** call: `entry(*args)` compared as a JSON value. */
export interface CallTest {
  id: string;
  args: unknown[];
  expected: unknown;
}
/** unittest: code appended to the program; its assertions decide. */
export interface UnittestTest {
  id: string;
  code: string;
}
export type Test = StdioTest | CallTest | UnittestTest;

/** "exact", "tokens", or "float:<epsilon>" (e.g. "float:1e-6"). */
export type Checker = string;

export interface Instance {
  id: string;
  title: string;
  source: { name: string; url?: string; license?: string };
  statement: string;
  summary?: string;
  language: 'python';
  buggy: string;
  reference: string;
  starter?: string;
  testKind: TestKind;
  tests: Test[];
  entry?: string;
  checker?: Checker;
  timeLimitMs?: number;
  tags?: string[];
  difficulty?: string;
  concepts?: string[];
  publicTests?: string[];
  /** Named subsets the instance belongs to, e.g. "demo". */
  subsets?: string[];
  /** What is wrong with `buggy`, for instructors (never shown to a candidate). */
  bugNotes?: string[];
  /** For synthesized instances: the instance it came from and the mutations applied. */
  synthesis?: { from: string; operators: string[]; descriptions: string[] };
}

const id = v.pipe(v.string(), v.minLength(1, 'must be a non-empty string'));
const checker = v.pipe(
  v.string(),
  v.regex(/^(exact|tokens|float:\d+(\.\d+)?([eE][-+]?\d+)?)$/, 'must be "exact", "tokens" or "float:<epsilon>"'),
);

const StdioTestSchema = v.object({ id, input: v.string(), expected: v.string() });
const CallTestSchema = v.object({ id, args: v.array(v.unknown()), expected: v.unknown() });
const UnittestTestSchema = v.object({ id, code: v.string() });

const common = {
  id,
  title: v.string(),
  source: v.object({ name: v.string(), url: v.optional(v.string()), license: v.optional(v.string()) }),
  statement: v.string(),
  summary: v.optional(v.string()),
  language: v.literal('python'),
  buggy: v.string(),
  reference: v.string(),
  starter: v.optional(v.string()),
  entry: v.optional(v.string()),
  checker: v.optional(checker),
  timeLimitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600_000))),
  tags: v.optional(v.array(v.string())),
  difficulty: v.optional(v.string()),
  concepts: v.optional(v.array(v.string())),
  publicTests: v.optional(v.array(v.string())),
  subsets: v.optional(v.array(v.string())),
  bugNotes: v.optional(v.array(v.string())),
  synthesis: v.optional(v.object({ from: v.string(), operators: v.array(v.string()), descriptions: v.array(v.string()) })),
};

export const InstanceSchema = v.pipe(
  v.variant('testKind', [
    v.object({ ...common, testKind: v.literal('stdio'), tests: v.array(StdioTestSchema) }),
    v.object({
      ...common,
      testKind: v.literal('call'),
      entry: v.pipe(v.string(), v.minLength(1, 'call instances need an entry function name')),
      tests: v.array(CallTestSchema),
    }),
    v.object({ ...common, testKind: v.literal('unittest'), tests: v.array(UnittestTestSchema) }),
  ]),
  v.check((inst) => new Set(inst.tests.map((t) => t.id)).size === inst.tests.length, 'test ids must be unique'),
  v.check((inst) => inst.tests.length > 0, 'an instance needs at least one test'),
);

export interface InstanceIssue {
  /** 0-based position of the instance in its file. */
  index: number;
  instanceId?: string;
  /** Dotted path of the offending field, e.g. "tests.3.expected". */
  field: string;
  message: string;
}

/** Validate parsed JSON values as instances; returns every problem found, never throws. */
export function validateInstances(values: unknown[]): { instances: Instance[]; issues: InstanceIssue[] } {
  const instances: Instance[] = [];
  const positions: number[] = [];
  const issues: InstanceIssue[] = [];
  values.forEach((value, index) => {
    const result = v.safeParse(InstanceSchema, value);
    if (result.success) {
      instances.push(result.output as Instance);
      positions.push(index);
      return;
    }
    const instanceId = typeof (value as { id?: unknown })?.id === 'string' ? (value as { id: string }).id : undefined;
    for (const issue of result.issues) {
      issues.push({ index, instanceId, field: v.getDotPath(issue) ?? '(instance)', message: issue.message });
    }
  });
  const seen = new Set<string>();
  const unique: Instance[] = [];
  instances.forEach((inst, i) => {
    if (seen.has(inst.id)) issues.push({ index: positions[i]!, instanceId: inst.id, field: 'id', message: 'duplicate instance id' });
    else unique.push(inst);
    seen.add(inst.id);
  });
  issues.sort((a, b) => a.index - b.index);
  return { instances: unique, issues };
}

/** Parse a dataset file's text: a JSON array, a single JSON object, or JSONL. */
export function parseDatasetText(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as unknown[];
  try {
    return [JSON.parse(trimmed)]; // one (possibly pretty-printed) object
  } catch {
    // not a single object: read it as JSONL below
  }
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.map((line, i) => {
    try {
      return JSON.parse(line);
    } catch (err) {
      throw new Error(`line ${i + 1}: ${(err as Error).message}`);
    }
  });
}

export function formatIssue(file: string, issue: InstanceIssue): string {
  const who = issue.instanceId ? ` (id "${issue.instanceId}")` : '';
  return `${file}: instance ${issue.index}${who}, field "${issue.field}": ${issue.message}`;
}
