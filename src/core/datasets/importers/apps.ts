// APPS-style rows: question, input_output ({inputs, outputs, fn_name?}), solutions.
import type { Test } from '../../model/instance.ts';
import { asText, codegenInstance, firstSolution, inputsAndOutputs, titleOf } from './codegen.ts';
import { isRecord, isString, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

/** APPS wraps a function's expected value in a one-element list. */
const unwrap = (x: unknown) => (Array.isArray(x) && x.length === 1 ? x[0] : x);

export function appsRow(row: Row, index: number) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const question = need(r.question, 'question', isString, 'a string');
  const { io, inputs, outputs } = inputsAndOutputs(r, 'input_output');
  const fnName = typeof io.fn_name === 'string' ? io.fn_name : undefined;
  const tests: Test[] = inputs.map((input, i) => {
    if (fnName) {
      if (!Array.isArray(input)) throw new RowError('wrong type: input_output.inputs', `input ${i + 1} should be a list of arguments`);
      return { id: `t${i + 1}`, args: input, expected: unwrap(outputs[i]) };
    }
    return { id: `t${i + 1}`, input: asText(input), expected: asText(outputs[i]) };
  });
  const pid = r.problem_id ?? r.id ?? index + 1;
  return {
    where: row.where,
    instance: codegenInstance({
      id: `apps-${String(pid)}`,
      title: titleOf(question, `APPS ${String(pid)}`),
      statement: question,
      sourceName: 'apps',
      ...(typeof r.url === 'string' ? { url: r.url } : {}),
      reference: firstSolution(r),
      ...(typeof r.starter_code === 'string' && r.starter_code ? { starter: r.starter_code } : {}),
      ...(typeof r.difficulty === 'string' ? { difficulty: r.difficulty } : {}),
      ...(fnName ? { entry: fnName } : {}),
      tests,
    }),
  };
}

export function importApps(rows: Row[]): ImportResult {
  let i = 0;
  return validated(convertRows(rows, (row) => appsRow(row, i++)));
}
