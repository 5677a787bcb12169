// `npm run datasets:interview [-- --check] [--only id,id]`: assembles the built-in Interview
// tasks from datasets/interview/ into datasets/interview.jsonl, or (--check) checks that the
// file is up to date and that every task is sound: its reference runs cleanly in Pyodide (Node,
// the sandbox's own harness) and passes every check, and each requirement's defect fails that
// requirement's check. A table goes to stderr; exits 1 when anything fails.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runWorkspace } from '../../src/core/exec/workspace.ts';
import { TrustedNodeExecutor } from '../../workers/node-executor.ts';
import { readBuiltTasks, readTask, serializeTasks, taskIds, TASKS_FILE } from './interview-source.ts';
import { verifyTask } from './interview-verify.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, only: { type: 'string' } }, strict: true });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = taskIds(only);
  const failures: string[] = [];
  const tasks = ids.flatMap((id) => {
    try {
      return [readTask(id)];
    } catch (err) {
      failures.push((err as Error).message);
      return [];
    }
  });
  const executor = new TrustedNodeExecutor(256);
  const run = (files: Record<string, string>, steps: Parameters<typeof runWorkspace>[2], limit: number) => runWorkspace(executor, files, steps, limit);
  for (const task of tasks) {
    const t0 = performance.now();
    const report = await verifyTask(task, run);
    failures.push(...report.problems.map((p) => `${task.id}: ${p}`));
    const passed = report.reference.filter((c) => c.passed).length;
    const defects = report.defects.map((d) => `R${d.requirement}→${d.failing.map((x) => `R${x}`).join('')}`).join(' ');
    log(
      `${report.problems.length ? 'FAIL' : 'ok  '} ${task.id.padEnd(26)} ${String(task.requirements.length)} requirements  reference ${passed}/${report.reference.length}  defects ${defects}  ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  if (values.check) {
    const built = new Map(readBuiltTasks().map((t) => [t.id, t]));
    for (const t of tasks)
      if (JSON.stringify(built.get(t.id)) !== JSON.stringify(t)) failures.push(`${t.id}: ${TASKS_FILE} is stale (run npm run datasets:interview)`);
    if (!only) for (const id of built.keys()) if (!ids.includes(id)) failures.push(`${id}: in ${TASKS_FILE} but has no sources`);
  } else if (!failures.length) {
    const keep = only ? readBuiltTasks().filter((t) => !ids.includes(t.id)) : [];
    writeFileSync(TASKS_FILE, serializeTasks([...keep, ...tasks]));
    log(`wrote ${TASKS_FILE} (${keep.length + tasks.length} tasks)`);
  }
  for (const f of failures) log(`failure: ${f}`);
  process.exit(failures.length ? 1 : 0);
}

void main();
