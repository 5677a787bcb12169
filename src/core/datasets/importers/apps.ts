// APPS-style rows: question, input_output ({inputs, outputs, fn_name?}), solutions.
import type { Test } from '../../model/instance.ts';
import { asText, codegenInstance, titleOf } from './codegen.ts';
import { isArray, isRecord, isString, jsonField, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

/** APPS wraps a function's expected value in a one-element list. */
const unwrap = (x: unknown) => (Array.isArray(x) && x.length === 1 ? x[0] : x);

export function appsRow(row: Row, index: number) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const question = need(r.question, 'question', isString, 'a string');
  const io = need(jsonField(r, 'input_output'), 'input_output', isRecord, 'an object {inputs, outputs}');
  const inputs = need(io.inputs, 'input_output.inputs', isArray, 'a list');
  const outputs = need(io.outputs, 'input_output.outputs', isArray, 'a list');
  if (inputs.length === 0) throw new RowError('no tests', 'input_output has no inputs');
  if (outputs.length !== inputs.length) throw new RowError('tests without outputs', `${inputs.length} inputs but ${outputs.length} outputs`);
  const solutions = jsonField(r, 'solutions');
  const reference = Array.isArray(solutions) && typeof solutions[0] === 'string' ? solutions[0] : '';
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
      reference,
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
