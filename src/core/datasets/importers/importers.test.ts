// Importers against small fixtures written from each format's public description
// (fixtures/), including malformed ones. Each importer round-trips: import, write
// hintbench JSONL, import that again, and get the same data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFiles, summarize, toJsonl, type FormatName, type Imported, type VirtualFile } from './index.ts';
import { MAX_ROW_BYTES } from './files.ts';
import { unpickleString } from './lcb.ts';
import { docstring } from './quixbugs.ts';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const enc = new TextEncoder();

function file(name: string): VirtualFile {
  return { path: name, data: new Uint8Array(readFileSync(join(FIXTURES, name))) };
}

function folder(name: string): VirtualFile[] {
  const out: VirtualFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path: relative(FIXTURES, path), data: new Uint8Array(readFileSync(path)) });
    }
  };
  walk(join(FIXTURES, name));
  return out;
}

function roundTrip(imported: Imported): Imported {
  return importFiles('pairbench', [{ path: 'export.jsonl', data: enc.encode(toJsonl(imported)) }]);
}

function expectRoundTrip(imported: Imported) {
  const again = roundTrip(imported);
  expect(again.rejected).toEqual([]);
  expect(again.instances).toEqual(imported.instances);
  expect(again.tasks).toEqual(imported.tasks);
}

describe('APPS', () => {
  const result = importFiles('apps', [file('apps.jsonl')]);
  it('imports stdio and function problems, with the first solution as reference', () => {
    expect(result.rejected).toEqual([]);
    expect(result.instances.map((i) => [i.id, i.testKind, i.tests.length, i.source.name])).toEqual([
      ['apps-101', 'stdio', 3, 'apps'],
      ['apps-102', 'call', 3, 'apps'],
      ['apps-103', 'stdio', 1, 'apps'],
    ]);
    const [sum, largest, poem] = result.instances;
    expect(sum!.tests[1]).toEqual({ id: 't2', input: '10 -3\n', expected: '7\n' });
    expect(sum!.reference).toBe('a, b = map(int, input().split())\nprint(a + b)\n');
    expect(sum!.buggy).toBe(''); // code generation data: synthesis makes buggy programs
    expect(largest).toMatchObject({ entry: 'largest', starter: 'def largest(xs):\n' });
    expect(largest!.tests[0]).toEqual({ id: 't1', args: [[1, 5, 2]], expected: 5 }); // APPS wraps expected values in a list
    expect(poem!.tests[0]).toEqual({ id: 't1', input: '', expected: 'roses are red\nviolets are blue' });
    expect(poem!.reference).toBe('');
  });
  it('round-trips', () => expectRoundTrip(result));
});

describe('When Benchmarks Talk', () => {
  const result = importFiles('wbt', [file('wbt.json')]);
  it('keeps the full statement and the under-specified summary', () => {
    expect(result.rejected).toEqual([]);
    expect(result.instances.map((i) => [i.id, i.summary, i.tests.length, i.difficulty])).toEqual([
      ['wbt-q7', 'Count some letters.', 2, '1'],
      ['wbt-8', 'Flip it.', 1, 'easy'],
    ]);
    expect(result.instances[1]!.reference).toBe('print(input()[::-1])\n');
  });
  it('round-trips', () => expectRoundTrip(result));
});

describe("When-Benchmarks-Talk's own data files", () => {
  // Written here in the layout of the paper's repository (data/apps/<split>/test/input/
  // plain_summary/<qid>.json): one object per file, the full question in orig_input, the paper's
  // one-sentence summary in input, solutions as JSON text.
  const result = importFiles('wbt', folder('wbt-repo'));
  it("keeps the paper's summaries as the under-specified statements, and the full questions", () => {
    expect(result.rejected).toEqual([]);
    expect(result.instances.map((i) => [i.id, i.summary, i.tests.length])).toEqual([
      ['wbt-12', 'Split some coins into two piles that are as even as possible.', 3],
      ['wbt-30', 'Turn a sentence around word by word.', 2],
      ['wbt-4005', 'Count the even numbers in a list.', 1],
    ]);
    const coins = result.instances[0]!;
    expect(coins.statement).toMatch(/^Vasya has n coins[\s\S]*Print the smallest possible difference\./);
    expect(coins.title).toBe('Vasya has n coins of values a_1, ..., a_n. He wants to split them into two pi…'); // its first line, cut to 77 characters
    expect(coins.reference).toMatch(/^n = int\(input\(\)\)\n/); // the first of its solutions
    expect(coins.tests[0]).toEqual({ id: 't1', input: '3\n1 2 4\n', expected: '1\n' });
    expect(result.instances[2]!.difficulty).toBe('introductory');
    // No buggy program: these are code-generation problems (Talk needs none).
    expect(result.instances.every((i) => i.buggy === '')).toBe(true);
  });
  it('round-trips', () => expectRoundTrip(result));
});

describe('LiveCodeBench', () => {
  const result = importFiles('lcb', [file('lcb.jsonl')]);
  it('reads plain and compressed test lists, stdin and functional', () => {
    expect(result.rejected).toEqual([]);
    const [stdin, functional] = result.instances;
    expect(stdin!.tests).toEqual([
      { id: 't1', input: '4\n', expected: '8\n' },
      { id: 't2', input: '0\n', expected: '0\n' },
    ]);
    expect(functional).toMatchObject({ id: 'lcb-lc-42', testKind: 'call', entry: 'Solution.contains', reference: '' });
    expect(functional!.tests).toEqual([
      { id: 't1', args: [[5], 5], expected: true },
      { id: 't2', args: [[1, 2, 3], 2], expected: true },
      { id: 't3', args: [[], 0], expected: false },
    ]);
  });
  it('round-trips', () => expectRoundTrip(result));
  it('decodes a pickled string of any length', () => {
    // pickle.dumps("hé", protocol=4): PROTO 4, FRAME, SHORT_BINUNICODE, MEMOIZE, STOP
    const small = Uint8Array.from([0x80, 4, 0x95, 7, 0, 0, 0, 0, 0, 0, 0, 0x8c, 3, 0x68, 0xc3, 0xa9, 0x94, 0x2e]);
    expect(unpickleString(small)).toBe('hé');
    // protocol 2 uses BINUNICODE with a 4-byte length
    expect(unpickleString(Uint8Array.from([0x80, 2, 0x58, 2, 0, 0, 0, 0x6f, 0x6b, 0x71, 0, 0x2e]))).toBe('ok');
    expect(() => unpickleString(Uint8Array.from([0x80, 4, 0x4b, 1]))).toThrow('not a pickled string');
  });
});

describe('QuixBugs', () => {
  const result = importFiles('quixbugs', folder('quixbugs'));
  it('pairs buggy and correct programs with their JSON test cases; the docstring is the statement', () => {
    expect(result.instances.map((i) => [i.id, i.entry, i.tests.length])).toEqual([['quixbugs-gcd', 'gcd', 3]]);
    const gcd = result.instances[0]!;
    expect(gcd.tests[2]).toEqual({ id: 't3', args: [37, 600], expected: 1 });
    expect(gcd.statement.startsWith('Greatest common divisor')).toBe(true);
    expect(gcd.buggy).toContain('gcd(a % b, b)');
    expect(gcd.reference).toContain('gcd(b, a % b)');
  });
  it('reports programs it cannot use, with the reason', () => {
    expect(result.rejected).toEqual([
      {
        where: 'quixbugs/python_programs/shortest_path.py',
        reason: 'no JSON test cases',
        detail: expect.stringContaining('json_testcases/shortest_path.json'),
      },
    ]);
  });
  it('reads the same folder from a .zip', () => {
    const zipped = zipSync(Object.fromEntries(folder('quixbugs').map((f) => [f.path, f.data])));
    const fromZip = importFiles('quixbugs', [{ path: 'QuixBugs.zip', data: zipped }]);
    expect(fromZip.instances).toEqual(result.instances);
  });
  it('round-trips', () => expectRoundTrip(result));
  it('dedents docstrings', () => {
    expect(docstring('def f():\n    """\n    Title\n\n    Body line\n        indented\n    """')).toBe('Title\n\nBody line\n    indented');
  });
});

// Call tests whose arguments JavaScript numbers cannot hold as written: floats written `3.0`,
// integers beyond 2^53. Python must get them as in the file (argsJson, expectedJson).
describe('call tests keep their numbers as written', () => {
  it('QuixBugs: float tokens stay floats, big integers keep their digits, a bare argument is one argument', () => {
    const result = importFiles('quixbugs', folder('quixbugs-floats'));
    expect(result.rejected).toEqual([]);
    const [digits, postfix] = result.instances;
    expect(postfix!.tests).toEqual([
      { id: 't1', args: [[3, 5, '+', 2, '/']], argsJson: '[[3.0,5.0,"+",2.0,"/"]]', expected: 4, expectedJson: '4.0' },
      { id: 't2', args: [[6, 2, '-']], argsJson: '[[6.0,2.0,"-"]]', expected: 4, expectedJson: '4.0' },
      { id: 't3', args: [[1000, 8, '/', -0.5, '*']], argsJson: '[[1000.0,8.0,"/",-0.5,"*"]]', expected: -62.5 },
    ]);
    expect(digits!.tests).toEqual([
      { id: 't1', args: [907], expected: 16 },
      { id: 't2', args: [12345678901234567890], argsJson: '[12345678901234567890]', expected: 90 },
      { id: 't3', args: [0], expected: 0 },
    ]);
    expectRoundTrip(result);
    expect(toJsonl(result)).toContain('"args":[[3.0,5.0,"+",2.0,"/"]],"expected":4.0}');
  });

  it('LiveCodeBench: functional inputs, one JSON argument per line', () => {
    const result = importFiles('lcb', [file('lcb-floats.jsonl')]);
    expect(result.rejected).toEqual([]);
    expect(result.instances[0]!.tests).toEqual([
      { id: 't1', args: [[2, 4], 1.5], argsJson: '[[2.0,4.0],1.5]', expected: 4.5 },
      { id: 't2', args: [[1, 2], 0], expected: 1.5 },
      { id: 't3', args: [[9007199254740992], 0], argsJson: '[[9007199254740993],0]', expected: 9007199254740992, expectedJson: '9007199254740992.0' },
    ]);
    expectRoundTrip(result);
  });

  it('APPS: function inputs and the unwrapped expected values', () => {
    const result = importFiles('apps', [file('apps-floats.jsonl')]);
    expect(result.rejected).toEqual([]);
    expect(result.instances[0]!.tests).toEqual([
      { id: 't1', args: [[1, 2.5], 2], argsJson: '[[1.0,2.5],2]', expected: [2, 5], expectedJson: '[2.0,5.0]' },
      { id: 't2', args: [[3], 0.5], expected: [1.5] },
      {
        id: 't3',
        args: [[12345678901234567890], 1],
        argsJson: '[[12345678901234567890],1]',
        expected: [12345678901234567890],
        expectedJson: '[12345678901234567890]',
      },
    ]);
    expectRoundTrip(result);
  });

  it('hintbench JSONL: a file is written back byte for byte', () => {
    const text = readFileSync(join(FIXTURES, 'pairbench-floats.jsonl'), 'utf8');
    const result = importFiles('pairbench', [file('pairbench-floats.jsonl')]);
    expect(result.rejected).toEqual([]);
    expect(result.instances[0]!.tests[0]).toEqual({ id: 't1', args: [[1, 2]], argsJson: '[[1.0,2.0]]', expected: 1.5 });
    expect(toJsonl(result)).toBe(text);
  });
});

describe('DevAI', () => {
  const result = importFiles('devai', [file('devai.jsonl')]);
  it('imports tasks with their requirement DAG and rejects cycles', () => {
    expect(result.tasks).toHaveLength(1);
    expect(result.tasks[0]).toMatchObject({
      id: 'devai-01-text-stats',
      title: '01 Text Stats',
      requirements: [
        { id: 0, prerequisites: [], category: 'Dataset or Environment' },
        { id: 1, prerequisites: [0], category: 'Visualization' },
      ],
      preferences: ['The chart has axis labels.'],
    });
    expect(result.rejected).toEqual([{ where: 'devai.jsonl line 2', reason: 'prerequisite cycle', detail: 'requirements 0 → 1 → 0 depend on each other' }]);
  });
  it('round-trips', () => expectRoundTrip(result));

  it('keeps every requirement and every prerequisite of a DevAI task file as written, transitive ones included', () => {
    const raw = JSON.parse(readFileSync(join(FIXTURES, 'devai-06.json'), 'utf8')) as {
      requirements: { requirement_id: number; prerequisites: number[]; criteria: string; category?: string }[];
    };
    const r = importFiles('devai', [file('devai-06.json')]);
    expect(r.rejected).toEqual([]);
    const [task] = r.tasks;
    expect(task!.requirements).toEqual(
      raw.requirements.map((q) => ({ id: q.requirement_id, prerequisites: q.prerequisites, criteria: q.criteria, category: q.category ?? '' })),
    );
    expect(task!.requirements.find((q) => q.id === 3)!.prerequisites).toEqual([0, 1, 2]);
    // DevAI projects need packages the sandbox cannot load: judged by the LLM judge only.
    expect(task!.notExecutable).toBe(
      'DevAI projects need PyTorch, Hugging Face or scikit-learn-style packages the sandbox cannot load, and this task has no data files or checks here',
    );
    expect(task!.reference).toBeUndefined();
    expectRoundTrip(r);
  });

  it('reports a cycle naming the requirements in it, in order, and other broken graphs, keeping nothing of them', () => {
    const r = importFiles('devai', [file('devai-bad.jsonl')]);
    expect(r.tasks).toEqual([]);
    expect(r.rejected).toEqual([
      { where: 'devai-bad.jsonl line 1', reason: 'prerequisite cycle', detail: 'requirements 0 → 2 → 1 → 0 depend on each other' },
      { where: 'devai-bad.jsonl line 2', reason: 'unknown prerequisite', detail: 'prerequisites name missing requirements: 0→9' },
      { where: 'devai-bad.jsonl line 3', reason: 'prerequisite cycle', detail: 'requirements 4 → 4 depend on each other' },
    ]);
  });
});

describe('bad input', () => {
  it('reports a truncated JSON file as a whole', () => {
    const r = importFiles('apps', [file('truncated.json')]);
    expect(r.instances).toEqual([]);
    expect(r.rejected).toEqual([{ where: 'truncated.json', reason: 'invalid JSON', detail: expect.stringContaining('truncated or malformed') }]);
  });

  it('imports the valid rows and reports each bad one with its reason', () => {
    const r = importFiles('apps', [file('malformed-apps.jsonl')]);
    expect(r.instances.map((i) => i.id)).toEqual(['apps-5']);
    expect(r.rejected.map((x) => [x.where, x.reason])).toEqual([
      ['malformed-apps.jsonl line 4', 'invalid JSON'],
      ['malformed-apps.jsonl line 1', 'missing field: question'],
      ['malformed-apps.jsonl line 2', 'wrong type: question'],
      ['malformed-apps.jsonl line 3', 'tests without outputs'],
    ]);
    expect(summarize({ items: r.instances, rejected: r.rejected })).toEqual({
      imported: 1,
      rejected: 4,
      byReason: { 'invalid JSON': 1, 'missing field: question': 1, 'wrong type: question': 1, 'tests without outputs': 1 },
    });
  });

  it('reports an empty file', () => {
    expect(importFiles('pairbench', [file('empty.jsonl')]).rejected).toEqual([
      { where: 'empty.jsonl', reason: 'empty file', detail: 'the file has no content' },
    ]);
  });

  it('rejects a huge row without parsing it, and keeps the others', () => {
    const huge = JSON.stringify({ question: 'x'.repeat(MAX_ROW_BYTES), input_output: { inputs: ['1'], outputs: ['1'] } });
    const small = JSON.stringify({ problem_id: 9, question: 'ok', input_output: { inputs: ['1'], outputs: ['1'] } });
    const r = importFiles('apps', [{ path: 'big.jsonl', data: enc.encode(`${huge}\n${small}\n`) }]);
    expect(r.instances.map((i) => i.id)).toEqual(['apps-9']);
    expect(r.rejected).toEqual([{ where: 'big.jsonl line 1', reason: 'row too large', detail: expect.stringContaining('over the 16 MiB limit') }]);
  });

  it('rejects hintbench rows that break the instance contract, naming the field', () => {
    const bad = {
      id: 'x',
      title: 'x',
      source: { name: 's' },
      statement: '',
      language: 'python',
      buggy: '',
      reference: '',
      testKind: 'stdio',
      tests: [{ id: 't', input: '1' }],
    };
    const r = importFiles('pairbench', [{ path: 'mine.jsonl', data: enc.encode(`${JSON.stringify(bad)}\n`) }]);
    expect(r.rejected).toEqual([{ where: 'mine.jsonl line 1', reason: 'missing field: tests.0.expected', detail: '"tests.0.expected" is missing' }]);
  });

  it('words each problem of a hintbench row as the docs do, at the line it is on', () => {
    const good = {
      id: 'g',
      title: 'g',
      source: { name: 's' },
      statement: '',
      language: 'python',
      buggy: '',
      reference: '',
      testKind: 'stdio',
      tests: [{ id: 't', input: '1', expected: '1' }],
    };
    const { tests: _t, ...noTests } = good;
    const lines = [good, 42, noTests, { ...good, id: 'h', title: 3 }, { ...good, id: 'k', testKind: 'weird' }, { ...good, id: 'c', checker: 'approx' }].map(
      (x) => JSON.stringify(x),
    );
    const r = importFiles('pairbench', [{ path: 'mine.jsonl', data: enc.encode(`${lines.join('\n')}\n`) }]);
    expect(r.instances.map((i) => i.id)).toEqual(['g']);
    expect(r.rejected.map((x) => `${x.where}: ${x.reason} — ${x.detail}`)).toEqual([
      'mine.jsonl line 2: not an object — each row must be a JSON object (got 42)',
      'mine.jsonl line 3: missing field: tests — "tests" is missing',
      'mine.jsonl line 4: wrong type: title — "title" must be a string (got 3)',
      'mine.jsonl line 5: invalid instance — "testKind" must be one of "stdio", "call", "unittest" (got "weird")',
      'mine.jsonl line 6: invalid instance — "checker": must be "exact", "tokens" or "float:<epsilon>"',
    ]);
  });

  it('reports uploads with no data files and unreadable archives', () => {
    const formats: FormatName[] = ['apps', 'wbt', 'lcb', 'devai', 'pairbench'];
    for (const format of formats) {
      expect(importFiles(format, [{ path: 'notes.txt', data: enc.encode('hello') }]).rejected.map((x) => x.reason)).toEqual(['no data files']);
    }
    const r = importFiles('apps', [{ path: 'broken.zip', data: enc.encode('not a zip') }]);
    expect(r.rejected.map((x) => x.reason)).toEqual(['unreadable archive', 'no data files']);
  });
});
