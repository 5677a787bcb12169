// Importers by format. Each takes the uploaded files (.json, .jsonl, or .zip archives of
// them, or a folder) and returns what it could import plus every rejected row with its reason.
import { instanceToJson, type Instance } from '../../model/instance.ts';
import type { InterviewTask } from '../../model/task.ts';
import { importApps } from './apps.ts';
import { importDevai } from './devai.ts';
import { expandArchives, readRows, type Rejection, type Row, type VirtualFile } from './files.ts';
import { importLcb } from './lcb.ts';
import { importPairbench } from './pairbench.ts';
import { importQuixbugs } from './quixbugs.ts';
import type { ImportResult } from './result.ts';
import { importWbt } from './wbt.ts';

export const FORMATS = {
  apps: { label: 'APPS', kind: 'instances', description: 'question, input_output {inputs, outputs, fn_name?}, solutions' },
  wbt: { label: 'When Benchmarks Talk', kind: 'instances', description: 'qid, orig_input, input, test_cases {inputs, outputs}, solutions' },
  lcb: { label: 'LiveCodeBench', kind: 'instances', description: 'question_content, public/private_test_cases, metadata.func_name, starter_code' },
  quixbugs: { label: 'QuixBugs', kind: 'instances', description: 'python_programs/, correct_python_programs/, json_testcases/ (a folder or .zip)' },
  devai: { label: 'DevAI', kind: 'tasks', description: 'name, query, requirements [{requirement_id, prerequisites, criteria, category}], preferences' },
  pairbench: { label: 'hintbench JSONL', kind: 'instances', description: 'instances (and interview tasks) in hintbench’s own format' },
} as const;
export type FormatName = keyof typeof FORMATS;

export interface Imported {
  format: FormatName;
  instances: Instance[];
  tasks: InterviewTask[];
  rejected: Rejection[];
}

const ROW_FORMATS: Record<Exclude<FormatName, 'quixbugs' | 'devai' | 'pairbench'>, (rows: Row[]) => ImportResult> = {
  apps: importApps,
  wbt: importWbt,
  lcb: importLcb,
};

const isData = (path: string) => /\.(json|jsonl)$/i.test(path);

/** Import uploaded files in the given format. */
export function importFiles(format: FormatName, uploads: VirtualFile[]): Imported {
  const { files, rejected } = expandArchives(uploads);
  if (format === 'quixbugs') {
    const result = importQuixbugs(files);
    return { format, instances: result.items, tasks: [], rejected: [...rejected, ...result.rejected] };
  }
  const dataFiles = files.filter((f) => isData(f.path));
  if (dataFiles.length === 0) rejected.push({ where: '(upload)', reason: 'no data files', detail: 'expected .json or .jsonl files' });
  const rows: Row[] = [];
  for (const file of dataFiles) {
    const read = readRows(file);
    rows.push(...read.rows);
    rejected.push(...read.rejected);
  }
  if (format === 'devai') {
    const result = importDevai(rows);
    return { format, instances: [], tasks: result.items, rejected: [...rejected, ...result.rejected] };
  }
  if (format === 'pairbench') {
    const result = importPairbench(rows);
    return { format, instances: result.items, tasks: result.tasks, rejected: [...rejected, ...result.rejected] };
  }
  const result = ROW_FORMATS[format](rows);
  return { format, instances: result.items, tasks: [], rejected: [...rejected, ...result.rejected] };
}

export { summarize } from './result.ts';
export type { Rejection, VirtualFile } from './files.ts';

/** hintbench's own JSONL for imported data: instances (call arguments as written), then tasks (the pairbench format). */
export function toJsonl(imported: Pick<Imported, 'instances' | 'tasks'>): string {
  return [...imported.instances.map(instanceToJson), ...imported.tasks.map((t) => JSON.stringify(t))].join('\n') + '\n';
}
