// Multi-file projects in the sandbox (docs/execution.md, "Workspaces"): files written into a
// directory of their own, then steps run one after another in it — scripts, unittest modules
// with every case reported, probes that observe the result, and a listing of the files. Files
// persist between the steps of one run and are gone after it. Everything that comes back is
// untrusted and checked here; expected values never go in (a probe returns what it sees, and the
// caller judges it).
import * as v from 'valibot';
import type { Executor, JobControl } from './engine.ts';
import type { JobRequest, RawStatus, RawTestResult } from './sandbox-api.ts';

export type WorkspaceFiles = Readonly<Record<string, string>>;

export type WorkspaceStep =
  /** skipAfterFailure: not run once an earlier script step of the run failed (a run script's `set -e`). */
  (
    | { kind: 'script'; argv: string[]; stdin?: string; skipAfterFailure?: boolean }
    | { kind: 'unittest'; module: string }
    | { kind: 'probe'; code: string }
    | { kind: 'files' }
  ) & {
    /**
     * Run this step, and the ones after it, in a fresh interpreter that holds only the
     * workspace's files as the earlier steps left them (a requirement check).
     */
    fresh?: boolean;
  };

export interface UnittestCase {
  name: string;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  message: string;
}

export interface FileEntry {
  path: string;
  size: number;
  /** The text of a small UTF-8 file (64 KiB at most). */
  text?: string;
}

export interface StepRun {
  step: WorkspaceStep;
  status: RawStatus;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** A script's exit status when it ended with sys.exit(n ≠ 0). */
  exitCode?: number;
  /** The exception that ended the step, if one did. */
  error?: { type: string; message: string; line: number | null; traceback: string };
  /** A unittest step's cases, and their counts. */
  cases?: UnittestCase[];
  counts?: { run: number; failures: number; errors: number };
  /** A probe's value (JSON), or a files step's listing. */
  value?: unknown;
  files?: FileEntry[];
  note?: string;
  /** A script step left out because an earlier one failed under `set -e`. */
  skipped?: true;
}

/** A workspace-relative path in normal form (a/b.py); an absolute path or one that leaves the workspace is an error. */
export function workspacePath(path: string): string {
  if (!path || /[\\\0]/.test(path)) throw new Error(`bad workspace path: ${JSON.stringify(path)}`);
  if (path.startsWith('/')) throw new Error(`workspace paths are relative: ${JSON.stringify(path)}`);
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (!parts.length || parts.includes('..')) throw new Error(`workspace paths stay inside the workspace: ${JSON.stringify(path)}`);
  return parts.join('/');
}

const FileListing = v.pipe(
  v.array(v.object({ path: v.pipe(v.string(), v.maxLength(1000)), size: v.pipe(v.number(), v.integer(), v.minValue(0)), text: v.optional(v.string()) })),
  v.maxLength(200),
);

function stepRun(step: WorkspaceStep, raw: RawTestResult): StepRun {
  const out: StepRun = { step, status: raw.status, stdout: raw.stdout, stderr: raw.stderr, durationMs: raw.durationMs };
  if (raw.exitCode !== undefined) out.exitCode = raw.exitCode;
  if (raw.excType) out.error = { type: raw.excType, message: raw.message ?? '', line: raw.line ?? null, traceback: raw.traceback ?? '' };
  if (raw.note) out.note = raw.note;
  if (raw.skipped) out.skipped = true;
  if (raw.cases) out.cases = raw.cases;
  if (raw.unittest) out.counts = { run: raw.unittest.run, failures: raw.unittest.failures, errors: raw.unittest.errors };
  if (raw.value !== undefined && raw.status === 'ok') {
    try {
      const value: unknown = JSON.parse(raw.value);
      if (step.kind === 'files') {
        const listing = v.safeParse(FileListing, value);
        if (listing.success) out.files = listing.output;
        else out.note = 'the sandbox returned a malformed file listing';
      } else out.value = value;
    } catch {
      out.status = 'crashed';
      out.note = 'the sandbox returned a value that is not JSON';
    }
  }
  return out;
}

/** The sandbox job of a workspace run: its files as the program, each step a test. */
export function workspaceJob(files: WorkspaceFiles, steps: readonly WorkspaceStep[], timeLimitMs: number): JobRequest {
  const normal: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) normal[workspacePath(path)] = text;
  return {
    program: JSON.stringify({ files: normal }),
    kind: 'workspace',
    tests: steps.map((step, index) => ({ id: `step-${index}`, payload: JSON.stringify({ ...step, index }), ...(step.fresh ? { fresh: true } : {}) })),
    timeLimitMs,
  };
}

/** Write the files, run the steps in order (each with its own time limit), and read what each did. */
export async function runWorkspace(
  executor: Executor,
  files: WorkspaceFiles,
  steps: readonly WorkspaceStep[],
  timeLimitMs: number,
  control?: JobControl,
): Promise<{ steps: StepRun[]; workerRestarts: number }> {
  if (!steps.length) return { steps: [], workerRestarts: 0 };
  const result = await executor.run(workspaceJob(files, steps, timeLimitMs), control);
  if (result.results.length !== steps.length) throw new Error(`sandbox returned ${result.results.length} results for ${steps.length} workspace steps`);
  return { steps: steps.map((s, i) => stepRun(s, result.results[i]!)), workerRestarts: result.workerRestarts };
}

// ---- run scripts (a project's `run.sh`: its python lines, in order) ----

export interface ScriptLine {
  /** 1-based line number in the script. */
  line: number;
  text: string;
}

export interface ParsedScript {
  /** The steps the script's python lines make, with the line each came from. */
  steps: (ScriptLine & { step: WorkspaceStep })[];
  /** Lines that cannot run here, each with the reason. */
  refused: (ScriptLine & { reason: string })[];
  /** `set -e`: the steps after it are not run once one fails (they carry skipAfterFailure). */
  stopOnError: boolean;
}

/** Split a command line as a POSIX shell would for plain words and quotes; null when it uses other shell features. */
export function shellWords(text: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '$' || text[j] === '`') return null;
        if (text[j] === '\\' && j + 1 < text.length && '"\\'.includes(text[j + 1]!)) j++;
        word += text[j];
      }
      if (j >= text.length) return null;
      inWord = true;
      i = j;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if ('|&;<>$`(){}*?[]~#'.includes(c) && !(c === '#' && inWord)) {
      if (c === '#' && !inWord) break; // a comment to the end of the line
      return null;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const PYTHON = /^python(3(\.\d+)?)?$/;
/** Interpreter options that change nothing here. */
const IGNORED_OPTIONS = new Set(['-u', '-B', '-E', '-s', '-S']);

/** The steps of a run script: each `python file.py …` or `python -m module …` line; every other line is refused with its reason. */
export function parseRunScript(script: string): ParsedScript {
  const out: ParsedScript = { steps: [], refused: [], stopOnError: false };
  script.split('\n').forEach((raw, i) => {
    const text = raw.trim();
    const line = i + 1;
    if (!text || text.startsWith('#')) return;
    const words = shellWords(text);
    if (words === null) {
      out.refused.push({ line, text, reason: 'shell features (pipes, redirection, &&, ;, variables, globs) are not run: only python lines are' });
      return;
    }
    if (!words.length) return;
    const [command, ...rest] = words;
    if (command === 'set' && rest.length && rest.every((w) => /^-[a-z]+$/.test(w))) {
      if (rest.some((w) => w.includes('e'))) out.stopOnError = true;
      return;
    }
    if (!PYTHON.test(command!)) {
      out.refused.push({ line, text, reason: `"${command}" is not run: the sandbox runs python lines only (no shell, no package installs)` });
      return;
    }
    const args = [...rest];
    while (args.length && IGNORED_OPTIONS.has(args[0]!)) args.shift();
    const onError = out.stopOnError ? { skipAfterFailure: true } : {};
    if (args[0] === '-m' && args[1]) {
      out.steps.push({ line, text, step: { kind: 'script', argv: args, ...onError } });
      return;
    }
    if (!args.length || args[0]!.startsWith('-')) {
      out.refused.push({ line, text, reason: args.length ? `the interpreter option ${args[0]} is not supported` : 'python without a file to run' });
      return;
    }
    try {
      out.steps.push({ line, text, step: { kind: 'script', argv: [workspacePath(args[0]!), ...args.slice(1)], ...onError } });
    } catch (err) {
      out.refused.push({ line, text, reason: (err as Error).message });
    }
  });
  return out;
}
