// When-Benchmarks-Talk files: qid, orig_input (full statement), input (summary),
// test_cases {inputs, outputs}, solutions, difficulty.
import type { Test } from '../../model/instance.ts';
import { asText, codegenInstance, firstSolution, inputsAndOutputs, titleOf } from './codegen.ts';
import { isRecord, isString, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

function wbtRow(row: Row) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const qid = need(r.qid, 'qid', (v): v is string | number => typeof v === 'string' || typeof v === 'number', 'a string or number');
  const statement = need(r.orig_input, 'orig_input', isString, 'a string');
  const summary = need(r.input, 'input', isString, 'a string');
  const { inputs, outputs } = inputsAndOutputs(r, 'test_cases');
  const tests: Test[] = inputs.map((input, i) => ({ id: `t${i + 1}`, input: asText(input), expected: asText(outputs[i]) }));
  return {
    where: row.where,
    instance: codegenInstance({
      id: `wbt-${String(qid)}`,
      title: titleOf(statement, `WBT ${String(qid)}`),
      statement,
      summary,
      sourceName: 'when-benchmarks-talk',
      reference: firstSolution(r),
      ...(r.difficulty !== undefined ? { difficulty: String(r.difficulty) } : {}),
      tests,
    }),
  };
}

export function importWbt(rows: Row[]): ImportResult {
  return validated(convertRows(rows, wbtRow));
}
