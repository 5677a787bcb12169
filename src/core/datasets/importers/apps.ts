// APPS-style rows: question, input_output ({inputs, outputs, fn_name?}), solutions.
import { callTestFromTrees, type Test } from '../../model/instance.ts';
import { JsonObject, parseJsonTree, type JsonNode } from '../../text/json.ts';
import { asText, codegenInstance, firstSolution, inputsAndOutputs, titleOf } from './codegen.ts';
import { isRecord, isString, need, RowError, type Row } from './files.ts';
import { convertRows, validated, type ImportResult } from './result.ts';

/** APPS wraps a function's expected value in a one-element list. */
const unwrap = (x: JsonNode): JsonNode => (Array.isArray(x) && x.length === 1 ? x[0]! : x);

/** A field of the row's tree that holds an object, directly or as JSON text (APPS stores input_output as text). */
function objectField(row: Row, key: string): JsonObject | undefined {
  const root = row.tree();
  const field = root instanceof JsonObject ? root.members.get(key) : undefined;
  const node = typeof field === 'string' ? parseJsonTree(field) : field;
  return node instanceof JsonObject ? node : undefined;
}

export function appsRow(row: Row, index: number) {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const question = need(r.question, 'question', isString, 'a string');
  const { io, inputs, outputs } = inputsAndOutputs(r, 'input_output');
  const fnName = typeof io.fn_name === 'string' ? io.fn_name : undefined;
  // Function tests are read again from the row's tree, with their numbers as written.
  const ioTree = fnName ? objectField(row, 'input_output') : undefined;
  const inputTrees = ioTree?.members.get('inputs') as JsonNode[][];
  const outputTrees = ioTree?.members.get('outputs') as JsonNode[];
  const tests: Test[] = inputs.map((input, i) => {
    if (fnName) {
      if (!Array.isArray(input)) throw new RowError('wrong type: input_output.inputs', `input ${i + 1} should be a list of arguments`);
      return callTestFromTrees(`t${i + 1}`, inputTrees[i]!, unwrap(outputTrees[i]!));
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
