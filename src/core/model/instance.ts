// The instance data contract (docs/formats.md): one code-improvement task.
import * as v from 'valibot';
import { canonicalJson, JsonObject, jsonValuesEqual, parseJsonTree, parseJsonValue, treeValue, type JsonNode } from '../text/json.ts';

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
  /**
   * The JSON text of `args` as written (compacted), when JSON.stringify(args) would lose something
   * Python sees: a float written `3.0` (JavaScript has only `3`), an integer beyond 2^53, the
   * order of a dict's keys. Set when instance text is read (parseDatasetText, the importers);
   * instanceToJson folds it back into `args`. The sandbox gets this text (engine.ts, jobTest).
   */
  argsJson?: string;
  /** The same for `expected`: lets big integers be compared exactly. */
  expectedJson?: string;
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
const checker = v.pipe(v.string(), v.regex(/^(exact|tokens|float:\d+(\.\d+)?([eE][-+]?\d+)?)$/, 'must be "exact", "tokens" or "float:<epsilon>"'));

const StdioTestSchema = v.object({ id, input: v.string(), expected: v.string() });

/** Does `text` hold the same JSON values as `value` (it may say more: floats, all digits)? */
function sameJson(text: string | undefined, value: unknown): boolean {
  if (text === undefined) return true;
  try {
    return jsonValuesEqual(parseJsonValue(text), value);
  } catch {
    return false;
  }
}

const CallTestSchema = v.pipe(
  v.object({ id, args: v.array(v.unknown()), expected: v.unknown(), argsJson: v.optional(v.string()), expectedJson: v.optional(v.string()) }),
  v.forward(
    v.check((t) => sameJson(t.argsJson, t.args), 'must be JSON for the same values as "args"'),
    ['argsJson'],
  ),
  v.forward(
    v.check((t) => sameJson(t.expectedJson, t.expected), 'must be JSON for the same values as "expected"'),
    ['expectedJson'],
  ),
);
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
  /** What the schema expected and what it got, as valibot words them (for readable reasons). */
  expected?: string | null;
  received?: string;
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
      issues.push({
        index,
        instanceId,
        field: v.getDotPath(issue) ?? '(instance)',
        message: issue.message,
        expected: issue.expected,
        received: issue.received,
      });
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

export const isCallInstance = (x: unknown): boolean => typeof x === 'object' && x !== null && (x as { testKind?: unknown }).testKind === 'call';

/** The text of a call value as written, when JSON.stringify(value) would lose something (a float's ".0", digits, key order). */
function writtenJson(node: JsonNode, value: unknown): string | undefined {
  const text = canonicalJson(node);
  return text === JSON.stringify(value) ? undefined : text;
}

/** A call test from JSON trees: ordinary values, plus argsJson / expectedJson when the text says more. */
export function callTestFromTrees(id: string, args: JsonNode[], expected: JsonNode): CallTest {
  const test: CallTest = { id, args: args.map(treeValue), expected: treeValue(expected) };
  const argsJson = writtenJson(args, test.args);
  const expectedJson = writtenJson(expected, test.expected);
  if (argsJson !== undefined) test.argsJson = argsJson;
  if (expectedJson !== undefined) test.expectedJson = expectedJson;
  return test;
}

/** An instance's values from its JSON tree; each call test keeps its arguments and expected value as written. */
export function instanceFromTree(node: JsonNode): unknown {
  const value = treeValue(node);
  const tests = node instanceof JsonObject ? node.members.get('tests') : undefined;
  if (!isCallInstance(value) || !Array.isArray(tests)) return value;
  const values = (value as { tests: Record<string, unknown>[] }).tests;
  tests.forEach((t, i) => {
    if (!(t instanceof JsonObject)) return;
    for (const [field, textField] of [
      ['args', 'argsJson'],
      ['expected', 'expectedJson'],
    ] as const) {
      const written = t.members.get(field);
      // An argsJson / expectedJson already in the file is kept (and validated) instead.
      if (written === undefined || t.members.has(textField)) continue;
      const text = writtenJson(written, values[i]![field]);
      if (text !== undefined) values[i]![textField] = text;
    }
  });
  return value;
}

/** One JSON text holding an instance or an array of them. JSON.parse first; call instances again, keeping their numbers as written. */
export function parseInstanceJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!(Array.isArray(value) ? value.some(isCallInstance) : isCallInstance(value))) return value;
  const tree = parseJsonTree(text);
  return Array.isArray(tree) ? tree.map(instanceFromTree) : instanceFromTree(tree);
}

/**
 * Parse a dataset file's text: a JSON array, a single JSON object, or JSONL. Call tests keep
 * the JSON of their arguments as written (argsJson, expectedJson), so that `3.0` reaches
 * Python as a float and big integers keep every digit.
 */
export function parseDatasetText(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return parseInstanceJson(trimmed) as unknown[];
  try {
    return [parseInstanceJson(trimmed)]; // one (possibly pretty-printed) object
  } catch {
    // not a single object: read it as JSONL below
  }
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.map((line, i) => {
    try {
      return parseInstanceJson(line);
    } catch (err) {
      throw new Error(`line ${i + 1}: ${(err as Error).message}`);
    }
  });
}

/** JSON text of an object's fields in order; `raw` may give a field's JSON text itself, undefined drops a field. */
function objectJson(obj: object, raw: (key: string, value: unknown) => string | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const text = raw(key, value);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/** A call test's JSON: args and expected as written (argsJson, expectedJson), those two fields dropped. */
function callTestJson(test: CallTest): string {
  return objectJson(test, (key, value) => {
    if (key === 'argsJson' || key === 'expectedJson') return undefined;
    if (key === 'args') return test.argsJson ?? JSON.stringify(value);
    if (key === 'expected') return test.expectedJson ?? JSON.stringify(value);
    return JSON.stringify(value);
  });
}

/**
 * The JSON text of an instance, as one JSONL line. Every writer of instance files uses it: call
 * tests get their arguments and expected values back as written (floats stay floats, big
 * integers keep their digits), so a file read with parseDatasetText and written again is unchanged.
 * Other instances are exactly JSON.stringify(instance).
 */
export function instanceToJson(inst: Instance): string {
  if (inst.testKind !== 'call') return JSON.stringify(inst);
  return objectJson(inst, (key, value) => (key === 'tests' ? `[${(value as CallTest[]).map(callTestJson).join(',')}]` : JSON.stringify(value)));
}

const A_TYPE: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', Array: 'a list', Object: 'an object' };

/**
 * An issue as an import reports it (docs/datasets.md, rejection reasons): `not an object`,
 * `missing field: tests`, `wrong type: title`, or `invalid instance` with the field and why.
 */
export function issueReason(issue: InstanceIssue): { reason: string; detail: string } {
  const field = issue.field;
  if (field === '(instance)' && issue.expected === 'Object')
    return { reason: 'not an object', detail: `each row must be a JSON object (got ${issue.received})` };
  if (field !== '(instance)' && issue.received === 'undefined') return { reason: `missing field: ${field}`, detail: `"${field}" is missing` };
  const wanted = issue.expected ? A_TYPE[issue.expected] : undefined;
  if (field !== '(instance)' && wanted) return { reason: `wrong type: ${field}`, detail: `"${field}" must be ${wanted} (got ${issue.received})` };
  const choices = issue.expected?.match(/^\((.*)\)$/)?.[1];
  if (choices) return { reason: 'invalid instance', detail: `"${field}" must be one of ${choices.split(' | ').join(', ')} (got ${issue.received})` };
  return { reason: 'invalid instance', detail: field === '(instance)' ? issue.message : `"${field}": ${issue.message}` };
}

export function formatIssue(file: string, issue: InstanceIssue): string {
  const who = issue.instanceId ? ` (id "${issue.instanceId}")` : '';
  return `${file}: instance ${issue.index}${who}, field "${issue.field}": ${issue.message}`;
}
