// Turns an instance's sources into an Instance: runs gen.py for the test inputs and the
// reference for the expected outputs (in Pyodide, like the sandbox), adds the examples.
import type { Executor } from '../../src/core/exec/engine.ts';
import type { JobRequest, RawTestResult } from '../../src/core/exec/sandbox-api.ts';
import { callTestFromTrees, type Instance, type Test } from '../../src/core/model/instance.ts';
import { canonicalJson, JsonNumber, JsonObject, numberText, parseJsonTree, treeValue, type JsonNode } from '../../src/core/text/json.ts';
import type { InstanceSource } from './source.ts';

/** Generous limits while building: the check enforces the instance's own time limit. */
const BUILD_LIMIT_MS = 60_000;

function failure(what: string, r: RawTestResult | undefined): Error {
  const detail = r
    ? `${r.status}${r.excType ? ` ${r.excType}: ${r.message}` : ''}${r.traceback ? `\n${r.traceback}` : ''}${r.note ? ` (${r.note})` : ''}`
    : 'no result';
  return new Error(`${what} failed: ${detail}`);
}

async function runOne(exec: Executor, job: JobRequest, what: string): Promise<RawTestResult[]> {
  const { results } = await exec.run(job);
  results.forEach((r, i) => {
    if (r.status !== 'ok') throw failure(`${what} on test ${i + 1}`, r);
  });
  return results;
}

const testId = (i: number) => `t${String(i + 1).padStart(3, '0')}`;
const fence = (text: string) => `\`\`\`\n${text.replace(/\n$/, '')}\n\`\`\``;

/** Each argument's JSON as written (floats stay floats). */
const argTexts = (t: Extract<Test, { args: unknown[] }>) =>
  t.argsJson ? (parseJsonTree(t.argsJson) as JsonNode[]).map(canonicalJson) : t.args.map((a) => JSON.stringify(a));

function examples(src: InstanceSource, tests: Test[]): string {
  const shown = tests.slice(0, src.meta.samples).map((t, i) => {
    const head = `### Example ${i + 1}`;
    if ('input' in t) return `${head}\n\nInput\n\n${fence(t.input)}\n\nOutput\n\n${fence(t.expected)}`;
    if ('args' in t) return `${head}\n\n\`${src.meta.entry}(${argTexts(t).join(', ')})\` returns \`${t.expectedJson ?? JSON.stringify(t.expected)}\``;
    return `${head}\n\n${fence(t.code)}`;
  });
  return `\n\n## Examples\n\n${shown.join('\n\n')}\n`;
}

/** The Python literal for a JSON tree (JSON string escapes are valid in Python too; floats stay floats). */
export function pyLiteral(node: JsonNode): string {
  if (node === null) return 'None';
  if (node === true) return 'True';
  if (node === false) return 'False';
  if (node instanceof JsonNumber) return numberText(node);
  if (Array.isArray(node)) return `[${node.map(pyLiteral).join(', ')}]`;
  if (node instanceof JsonObject) return `{${[...node.members].map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v)}`).join(', ')}}`;
  return JSON.stringify(node);
}

export async function assemble(src: InstanceSource, exec: Executor): Promise<Instance> {
  const { meta } = src;
  const [gen] = await runOne(
    exec,
    { program: src.gen, kind: 'stdio', tests: [{ id: 'gen', payload: `${meta.seed}\n` }], timeLimitMs: BUILD_LIMIT_MS },
    'gen.py',
  );
  let tree: JsonNode;
  try {
    tree = parseJsonTree(gen!.stdout); // numbers as written: a float argument stays a float
  } catch {
    throw new Error('gen.py must print one JSON array');
  }
  if (!Array.isArray(tree) || tree.length === 0) throw new Error('gen.py must print a non-empty JSON array');
  const payloads = tree.map(treeValue);
  let tests: Test[];
  if (meta.testKind === 'stdio') {
    if (!payloads.every((p) => typeof p === 'string')) throw new Error('gen.py must print an array of input strings');
    const inputs = payloads as string[];
    const out = await runOne(
      exec,
      { program: src.reference, kind: 'stdio', tests: inputs.map((p, i) => ({ id: testId(i), payload: p })), timeLimitMs: BUILD_LIMIT_MS },
      'reference',
    );
    tests = inputs.map((input, i) => ({ id: testId(i), input, expected: out[i]!.stdout }));
  } else {
    if (!tree.every(Array.isArray)) throw new Error('gen.py must print an array of argument lists');
    const argLists = tree as JsonNode[][];
    const job: JobRequest = {
      program: src.reference,
      kind: 'call',
      entry: meta.entry!,
      tests: argLists.map((a, i) => ({ id: testId(i), payload: canonicalJson(a) })),
      timeLimitMs: BUILD_LIMIT_MS,
    };
    const out = await runOne(exec, job, 'reference');
    const values = out.map((r) => parseJsonTree(r.value!));
    tests =
      meta.testKind === 'call'
        ? argLists.map((args, i) => callTestFromTrees(testId(i), args, values[i]!))
        : argLists.map((args, i) => ({ id: testId(i), code: `assert ${meta.entry}(${args.map(pyLiteral).join(', ')}) == ${pyLiteral(values[i]!)}\n` }));
  }
  return {
    id: src.id,
    title: meta.title,
    source: { name: 'hintbench', license: 'MIT' },
    statement: src.statement.trimEnd() + examples(src, tests),
    summary: meta.summary,
    language: 'python',
    buggy: src.buggy,
    reference: src.reference,
    testKind: meta.testKind,
    tests,
    ...(meta.entry ? { entry: meta.entry } : {}),
    ...(meta.checker ? { checker: meta.checker } : {}),
    timeLimitMs: meta.timeLimitMs,
    tags: meta.tags,
    difficulty: meta.difficulty,
    concepts: meta.concepts,
    publicTests: tests.slice(0, meta.samples).map((t) => t.id),
    ...(meta.subsets ? { subsets: meta.subsets } : {}),
    bugNotes: meta.bugs,
  } as Instance;
}
