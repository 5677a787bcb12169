// hintbench's own format (docs/formats.md): instances, and interview tasks, as JSONL or a
// JSON array. Rows with `query` and `requirements` are tasks; the others are instances.
import * as v from 'valibot';
import { instanceFromTree, isCallInstance } from '../../model/instance.ts';
import { graphProblems, TaskSchema, type InterviewTask } from '../../model/task.ts';
import { isRecord, type Rejection, type Row } from './files.ts';
import { validated, type ImportResult } from './result.ts';

const isTaskRow = (row: Row) => isRecord(row.value) && 'query' in row.value && 'requirements' in row.value && !('testKind' in row.value);

export function importPairbench(rows: Row[]): ImportResult & { tasks: InterviewTask[] } {
  const tasks: InterviewTask[] = [];
  const rejected: Rejection[] = [];
  for (const row of rows.filter(isTaskRow)) {
    const parsed = v.safeParse(TaskSchema, row.value);
    if (!parsed.success) {
      rejected.push({
        where: row.where,
        reason: 'invalid task',
        detail: parsed.issues.map((i) => `field "${v.getDotPath(i) ?? '(task)'}": ${i.message}`).join('; '),
      });
    } else {
      const [problem] = graphProblems(parsed.output.requirements);
      if (problem) rejected.push({ where: row.where, ...problem });
      else tasks.push(parsed.output);
    }
  }
  const instanceRows = rows.filter((row) => !isTaskRow(row));
  // Call instances are read again with their numbers as written (argsJson, expectedJson).
  const instanceOf = (row: Row) => (isCallInstance(row.value) ? instanceFromTree(row.tree()) : row.value);
  const instances = validated({ items: instanceRows.map((row) => ({ where: row.where, instance: instanceOf(row) as never })), rejected: [] });
  return { items: instances.items, rejected: [...rejected, ...instances.rejected], tasks };
}
