// What makes a built-in Interview task sound, checked by running it in Pyodide: its reference
// runs cleanly and passes every check, and each requirement's defect makes that requirement's
// check fail (so no check is one that cannot fail).
import { applyEdits, hasDefect, undoEdits } from '../../src/core/protocols/interview/defects.ts';
import { DEFAULT_STEP_LIMIT_MS, ranCleanly, runProject, type WorkspaceRunner } from '../../src/core/protocols/interview/execution.ts';
import type { CheckResult } from '../../src/core/protocols/interview/checks.ts';
import type { InterviewTask } from '../../src/core/model/task.ts';

export interface TaskReport {
  id: string;
  problems: string[];
  /** The reference's check results. */
  reference: CheckResult[];
  /** For each requirement's defect, the requirements whose checks fail with it. */
  defects: { requirement: number; failing: number[] }[];
}

const MAX_DATA_BYTES = 32 * 1024;

export async function verifyTask(task: InterviewTask, run: WorkspaceRunner): Promise<TaskReport> {
  const problems: string[] = [];
  for (const [path, text] of Object.entries(task.files ?? {}))
    if (text.length > MAX_DATA_BYTES) problems.push(`data file ${path} is over ${MAX_DATA_BYTES / 1024} KiB`);
  const limit = task.timeLimitMs ?? DEFAULT_STEP_LIMIT_MS;
  const ref = await runProject(run, task, task.reference ?? {}, limit);
  if (!ranCleanly(ref.execution)) {
    const bad = ref.execution.lines
      .filter((l) => l.status !== 'ok')
      .map((l) => `${l.text}: ${l.error ? `${l.error.type}: ${l.error.message}` : l.status}${l.stderr ? `\n${l.stderr}` : ''}`);
    problems.push(
      `the reference does not run cleanly: ${[ref.execution.notRun ?? '', ...ref.execution.refused.map((r) => `line ${r.line} refused: ${r.reason}`), ...bad].filter(Boolean).join('; ')}`,
    );
  }
  for (const c of ref.checks) if (!c.passed) problems.push(`the reference fails the check of requirement ${c.requirement}: ${c.reason}`);
  const defects: TaskReport['defects'] = [];
  for (const r of task.requirements) {
    if (!r.defect) continue;
    let files: Record<string, string>;
    try {
      files = applyEdits(task.reference ?? {}, r.defect.edits);
    } catch (err) {
      problems.push(`the defect of requirement ${r.id} does not apply: ${(err as Error).message}`);
      continue;
    }
    // A simulated interviewee fixes a defect by undoing it, and tells whether it is there by its text.
    try {
      if (JSON.stringify(applyEdits(files, undoEdits(r.defect))) !== JSON.stringify(task.reference))
        problems.push(`undoing the defect of requirement ${r.id} does not give the reference back`);
    } catch (err) {
      problems.push(`the defect of requirement ${r.id} cannot be undone (anchor it with more text): ${(err as Error).message}`);
    }
    if (!hasDefect(files, r.defect) || hasDefect(task.reference ?? {}, r.defect))
      problems.push(`the defect of requirement ${r.id} cannot be told from the reference by its text`);
    const broken = await runProject(run, task, files, limit);
    const failing = broken.checks.filter((c) => !c.passed).map((c) => c.requirement);
    defects.push({ requirement: r.id, failing });
    if (!failing.includes(r.id)) problems.push(`the defect of requirement ${r.id} (${r.defect.note}) does not fail its check: the check cannot tell`);
  }
  return { id: task.id, problems, reference: ref.checks, defects };
}
