// LiveCodeBench code generation rows: question_content, public_test_cases /
// private_test_cases (lists of {input, output, testtype: stdin|functional}),
// metadata.func_name, starter_code. LiveCodeBench ships its private tests compressed
// (base64 of zlib of a pickled JSON string); both forms are read.
import { unzlibSync } from 'fflate';
import { callTestFromTrees, type Test } from '../../model/instance.ts';
import { parseJsonTree } from '../../text/json.ts';
import { codegenInstance, titleOf } from './codegen.ts';
import { isArray, isRecord, isString, jsonField, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

/** The one string a pickle holds (protocols 2–5): enough for LiveCodeBench's test blobs. */
export function unpickleString(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = (start: number, length: number) => new TextDecoder().decode(bytes.subarray(start, start + length));
  let i = 0;
  while (i < bytes.length) {
    const op = bytes[i++]!;
    if (op === 0x80)
      i += 1; // PROTO
    else if (op === 0x95)
      i += 8; // FRAME
    else if (op === 0x94)
      continue; // MEMOIZE
    else if (op === 0x8c)
      return utf8(i + 1, bytes[i]!); // SHORT_BINUNICODE
    else if (op === 0x58)
      return utf8(i + 4, view.getUint32(i, true)); // BINUNICODE
    else if (op === 0x8d)
      return utf8(i + 8, Number(view.getBigUint64(i, true))); // BINUNICODE8
    else break;
  }
  throw new Error('not a pickled string');
}

function decodeCompressed(blob: string): unknown {
  const binary = atob(blob.trim());
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(unpickleString(unzlibSync(bytes)));
}

function testList(r: Record<string, unknown>, field: string, required: boolean): unknown[] {
  let value = jsonField(r, field);
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      value = decodeCompressed(value);
    } catch {
      throw new RowError(`wrong type: ${field}`, `"${field}" is neither a JSON list nor LiveCodeBench's compressed form`);
    }
  }
  if (value === undefined || value === null || value === '') {
    if (required) throw new RowError(`missing field: ${field}`, `"${field}" is missing`);
    return [];
  }
  return need(value, field, isArray, 'a list of tests');
}

function toTest(t: unknown, i: number, funcName: string | undefined): Test {
  if (!isRecord(t)) throw new RowError('wrong type: test', `test ${i + 1} should be an object`);
  const input = need(t.input, `test ${i + 1} input`, isString, 'a string');
  if (t.output === undefined || t.output === null) throw new RowError('tests without outputs', `test ${i + 1} has no output`);
  const output = need(t.output, `test ${i + 1} output`, isString, 'a string');
  if (t.testtype === 'functional') {
    if (!funcName) throw new RowError('missing field: metadata.func_name', 'functional tests need metadata.func_name');
    try {
      // One JSON argument per line, read with its numbers as written (a float stays a float).
      const args = input
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map(parseJsonTree);
      return callTestFromTrees(`t${i + 1}`, args, parseJsonTree(output));
    } catch {
      throw new RowError('wrong type: functional test', `test ${i + 1}: functional inputs and outputs must be JSON`);
    }
  }
  return { id: `t${i + 1}`, input, expected: output };
}

function lcbRow(row: Row) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const statement = need(r.question_content, 'question_content', isString, 'a string');
  const metadata = jsonField(r, 'metadata');
  const funcName = isRecord(metadata) && typeof metadata.func_name === 'string' ? metadata.func_name : undefined;
  const raw = [...testList(r, 'public_test_cases', true), ...testList(r, 'private_test_cases', false)];
  if (raw.length === 0) throw new RowError('no tests', 'no public or private tests');
  const tests = raw.map((t, i) => toTest(t, i, funcName));
  if (new Set(tests.map((t) => 'args' in t)).size > 1) throw new RowError('mixed test types', 'stdin and functional tests in one problem');
  const qid = String(r.question_id ?? r.question_title ?? row.where);
  const functional = 'args' in tests[0]!;
  return {
    where: row.where,
    instance: codegenInstance({
      id: `lcb-${qid}`,
      title: typeof r.question_title === 'string' && r.question_title ? r.question_title : titleOf(statement, `LiveCodeBench ${qid}`),
      statement,
      sourceName: 'livecodebench',
      reference: '',
      ...(typeof r.starter_code === 'string' && r.starter_code ? { starter: r.starter_code } : {}),
      ...(typeof r.difficulty === 'string' ? { difficulty: r.difficulty } : {}),
      // LiveCodeBench's functional problems are LeetCode-style: a method of class Solution.
      ...(functional ? { entry: `Solution.${funcName}` } : {}),
      tests,
    }),
  };
}

export function importLcb(rows: Row[]): ImportResult {
  return validated(convertRows(rows, lcbRow));
}
