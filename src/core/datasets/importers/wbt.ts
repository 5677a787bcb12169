// When-Benchmarks-Talk files: qid, orig_input (full statement), input (summary),
// test_cases {inputs, outputs}, solutions, difficulty.
import type { Test } from '../../model/instance.ts';
import { asText, codegenInstance, titleOf } from './codegen.ts';
import { isArray, isRecord, isString, jsonField, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

function wbtRow(row: Row) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const qid = need(r.qid, 'qid', (v): v is string | number => typeof v === 'string' || typeof v === 'number', 'a string or number');
  const statement = need(r.orig_input, 'orig_input', isString, 'a string');
  const summary = need(r.input, 'input', isString, 'a string');
  const cases = need(jsonField(r, 'test_cases'), 'test_cases', isRecord, 'an object {inputs, outputs}');
  const inputs = need(cases.inputs, 'test_cases.inputs', isArray, 'a list');
  const outputs = need(cases.outputs, 'test_cases.outputs', isArray, 'a list');
  if (inputs.length === 0) throw new RowError('no tests', 'test_cases has no inputs');
  if (outputs.length !== inputs.length) throw new RowError('tests without outputs', `${inputs.length} inputs but ${outputs.length} outputs`);
  const solutions = jsonField(r, 'solutions');
  const tests: Test[] = inputs.map((input, i) => ({ id: `t${i + 1}`, input: asText(input), expected: asText(outputs[i]) }));
  return {
    where: row.where,
    instance: codegenInstance({
      id: `wbt-${String(qid)}`,
      title: titleOf(statement, `WBT ${String(qid)}`),
      statement,
      summary,
      sourceName: 'when-benchmarks-talk',
      reference: Array.isArray(solutions) && typeof solutions[0] === 'string' ? solutions[0] : typeof solutions === 'string' ? solutions : '',
      ...(r.difficulty !== undefined ? { difficulty: String(r.difficulty) } : {}),
      tests,
    }),
  };
}

export function importWbt(rows: Row[]): ImportResult {
  return validated(convertRows(rows, wbtRow));
}
