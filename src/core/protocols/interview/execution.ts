// Running a project the way the paper's `execute_workspace.sh` would, in the sandbox: the task's
// data files and the project's files are written into a fresh in-memory workspace, each
// `python …` line of the run script runs in order (every other line is reported as not run, with
// the reason), then each requirement's check observes the result, and the files are listed.
// What the run printed and the files it produced are kept (bounded).
import { parseRunScript, type FileEntry, type StepRun, type WorkspaceFiles, type WorkspaceStep } from '../../exec/workspace.ts';
import { executable, RUN_SCRIPT, type InterviewTask } from '../../model/task.ts';
import { checkResult, type CheckResult } from './checks.ts';

/** Runs a workspace in the sandbox (the step function's env.workspace, or an executor in tests and tools). */
export type WorkspaceRunner = (files: WorkspaceFiles, steps: readonly WorkspaceStep[], timeLimitMs: number) => Promise<{ steps: StepRun[] }>;

/** One line of the run script as it ran. */
export interface LineRun {
  line: number;
  text: string;
  /** How it ended; `skipped` when `set -e` stopped the script before it. */
  status: StepRun['status'] | 'skipped';
  stdout: string;
  stderr: string;
  durationMs: number;
  exitCode?: number;
  error?: { type: string; message: string; line: number | null };
  note?: string;
}

export interface Execution {
  /** Why nothing ran, when nothing did (the task cannot run here, or there is no run script). */
  notRun?: string;
  lines: LineRun[];
  /** Lines of the run script that cannot run here, with the reason. */
  refused: { line: number; text: string; reason: string }[];
  /** Files the run produced or changed (text of small ones), in path order. */
  produced: FileEntry[];
  /** Project files the task's own data files replaced. */
  replaced: string[];
  /** Project files in the task's output folders, left out: outputs come from running the project. */
  dropped: string[];
}

export interface ProjectRun {
  execution: Execution;
  /** One per requirement with a check, in requirement order; none when nothing ran. */
  checks: CheckResult[];
}

/** Bounds of what the run log keeps of a run. */
export const KEPT = { output: 4000, fileText: 4096, files: 40 } as const;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text);

export const DEFAULT_STEP_LIMIT_MS = 10_000;

/**
 * The workspace's files: the project's, then the task's data files (which win: a project cannot
 * replace its data). Project files in the task's output folders are left out: what the checks
 * observe there must come from running the project, not from the reply.
 */
export function workspaceFiles(
  task: InterviewTask,
  project: Readonly<Record<string, string>>,
): { files: Record<string, string>; replaced: string[]; dropped: string[] } {
  const given = task.files ?? {};
  const outputs = task.outputs ?? [];
  const dropped = Object.keys(project).filter((p) => outputs.some((dir) => p.startsWith(dir)));
  const kept = Object.fromEntries(Object.entries(project).filter(([p]) => !dropped.includes(p)));
  const replaced = Object.keys(kept).filter((p) => p in given && kept[p] !== given[p]);
  return { files: { ...kept, ...given }, replaced, dropped };
}

function lineRun(at: { line: number; text: string }, run: StepRun): LineRun {
  return {
    line: at.line,
    text: at.text,
    status: run.skipped ? 'skipped' : run.status,
    stdout: clip(run.stdout, KEPT.output),
    stderr: clip(run.stderr, KEPT.output),
    durationMs: run.durationMs,
    ...(run.exitCode !== undefined ? { exitCode: run.exitCode } : {}),
    ...(run.error ? { error: { type: run.error.type, message: clip(run.error.message, 500), line: run.error.line } } : {}),
    ...(run.note ? { note: run.note } : {}),
  };
}

/** Files after the run that were not written in as they are now. */
function producedFiles(listing: readonly FileEntry[] | undefined, input: Readonly<Record<string, string>>): FileEntry[] {
  return (listing ?? [])
    .filter((f) => input[f.path] === undefined || input[f.path] !== f.text)
    .slice(0, KEPT.files)
    .map((f) => ({ path: f.path, size: f.size, ...(f.text !== undefined ? { text: clip(f.text, KEPT.fileText) } : {}) }));
}

/** Run a project of a task in the sandbox and check each requirement. */
export async function runProject(
  run: WorkspaceRunner,
  task: InterviewTask,
  project: Readonly<Record<string, string>>,
  timeLimitMs: number,
): Promise<ProjectRun> {
  const { files, replaced, dropped } = workspaceFiles(task, project);
  const execution: Execution = { lines: [], refused: [], produced: [], replaced, dropped };
  if (!executable(task)) return { execution: { ...execution, notRun: `not executable here: ${task.notExecutable}` }, checks: [] };
  const script = project[RUN_SCRIPT];
  if (script === undefined) return { execution: { ...execution, notRun: `the project has no ${RUN_SCRIPT}` }, checks: [] };
  const parsed = parseRunScript(script);
  execution.refused = parsed.refused;
  const checked = task.requirements.filter((r) => r.check);
  // The checks start a fresh interpreter that has only the files the run left: nothing the
  // project's code did to the interpreter can reach them (docs/execution.md).
  const checks: WorkspaceStep[] = checked.map((r, i) => ({ kind: 'probe' as const, code: r.check!.probe, ...(i === 0 ? { fresh: true } : {}) }));
  const steps: WorkspaceStep[] = [...parsed.steps.map((s) => s.step), ...checks, { kind: 'files', ...(checks.length ? {} : { fresh: true }) }];
  const result = await run(files, steps, task.timeLimitMs ?? timeLimitMs);
  const scripts = parsed.steps.length;
  execution.lines = parsed.steps.map((s, i) => lineRun(s, result.steps[i]!));
  if (!scripts) execution.notRun = `${RUN_SCRIPT} has no python line to run`;
  execution.produced = producedFiles(result.steps.at(-1)?.files, files);
  return { execution, checks: checked.map((r, i) => checkResult(r.id, result.steps[scripts + i], r.check!.expect)) };
}

/** Whether the run went through without an error (every line ran and ended well, none refused). */
export const ranCleanly = (e: Execution) => e.notRun === undefined && e.refused.length === 0 && e.lines.every((l) => l.status === 'ok');

/** What the interviewer is told of a run (the paper does not give the format; docs/interview.md does). */
export function executionReport(e: Execution): string {
  const out: string[] = [];
  if (e.notRun) out.push(`Nothing was run: ${e.notRun}.`);
  for (const r of e.refused) out.push(`${RUN_SCRIPT} line ${r.line} was not run (${r.text}): ${r.reason}.`);
  for (const l of e.lines) {
    const how =
      l.status === 'skipped'
        ? 'not run (set -e: an earlier line failed)'
        : l.status === 'not-run'
          ? 'not run (earlier lines ran out of time three times)'
          : l.status === 'ok'
            ? 'finished'
            : l.error
              ? `failed with ${l.error.type}: ${l.error.message}${l.error.line !== null ? ` (line ${l.error.line})` : ''}`
              : l.exitCode !== undefined
                ? `exited with status ${l.exitCode}`
                : `stopped: ${l.status}`;
    out.push(`$ ${l.text}  →  ${how}`);
    if (l.stdout.trim()) out.push(`stdout:\n${l.stdout.trimEnd()}`);
    if (l.stderr.trim()) out.push(`stderr:\n${l.stderr.trimEnd()}`);
  }
  if (e.dropped.length) out.push(`Left out before the run (outputs must be produced by running the project): ${e.dropped.join(', ')}.`);
  if (e.replaced.length) out.push(`The task's own data files were kept in place of the project's ${e.replaced.join(', ')}.`);
  if (!e.notRun) out.push(e.produced.length ? `Files produced: ${e.produced.map((f) => `${f.path} (${f.size} bytes)`).join(', ')}` : 'No files were produced.');
  return out.join('\n');
}
