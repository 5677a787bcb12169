// A multi-requirement task (the Interview protocol; DevAI's format, extended): a query,
// requirements with prerequisites forming a DAG, and preferences. A task that runs in the
// sandbox also has its data files, a multi-file reference solution, and per requirement an
// executable check (a probe that observes the workspace, and the expectation the app judges
// its value against) and a defect (how the reference breaks it, for simulated interviewees).
import * as v from 'valibot';

/** How the app judges a probe's value (outside the sandbox: the expected value never enters it). */
export type Expectation =
  | { kind: 'equals'; value: unknown }
  /** A number in [min, max] (either bound may be absent). */
  | { kind: 'number'; min?: number; max?: number }
  /** A number within `tolerance` of `value`. */
  | { kind: 'near'; value: number; tolerance: number }
  /** A list of numbers, as many as `values`, each within `tolerance` of the one at its position. */
  | { kind: 'close'; values: number[]; tolerance: number }
  /** A string matching a regular expression (JavaScript syntax, unanchored unless it says so). */
  | { kind: 'matches'; pattern: string }
  /** A list or a string that contains the value. */
  | { kind: 'contains'; value: unknown }
  /** An object whose named fields each meet their expectation (other fields are free). */
  | { kind: 'fields'; fields: Record<string, Expectation> }
  /** A list: its length, and each element, meet their expectations. */
  | { kind: 'items'; length?: Expectation; each?: Expectation }
  | { kind: 'all'; of: Expectation[] };

export interface RequirementCheck {
  /** Python that defines probe(): run in the workspace after the project ran, it returns what it observes (JSON). */
  probe: string;
  expect: Expectation;
  /** One sentence: what the check looks at. */
  explain: string;
}

/** An edit of one reference file (the text `find` occurs once in it). */
export interface FileEdit {
  file: string;
  find: string;
  replace: string;
}

/** A realistic way the reference can miss one requirement (a simulated interviewee's draft starts with some). */
export interface Defect {
  note: string;
  edits: FileEdit[];
}

export interface Requirement {
  id: number;
  prerequisites: number[];
  criteria: string;
  category: string;
  check?: RequirementCheck;
  defect?: Defect;
}

export interface InterviewTask {
  id: string;
  title: string;
  query: string;
  requirements: Requirement[];
  preferences: string[];
  tags: string[];
  source: { name: string; url?: string };
  /** Files that come with the task (its data), written into the workspace before the project's own. */
  files?: Record<string, string>;
  /** The reference solution, path → text, `execute_workspace.sh` among them. */
  reference?: Record<string, string>;
  /** Folders whose files the run must produce (e.g. "results/"): a project's own files there are left out before it runs. */
  outputs?: string[];
  /** Why the sandbox cannot run it (packages it cannot load, downloads): then only the LLM judge scores it. */
  notExecutable?: string;
  /** Each script step's time limit, when not the run's. */
  timeLimitMs?: number;
  /** Named subsets it belongs to (e.g. "demo"). */
  subsets?: string[];
}

/** The run script a task's project is run by. */
export const RUN_SCRIPT = 'execute_workspace.sh';

/** Requirement ids in a cycle of prerequisites, in order around the cycle, or [] when they form a DAG. */
export function prerequisiteCycle(requirements: readonly Requirement[]): number[] {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const state = new Map<number, 'open' | 'done'>();
  const stack: number[] = [];
  const visit = (id: number): number[] => {
    if (state.get(id) === 'done') return [];
    if (state.get(id) === 'open') return stack.slice(stack.indexOf(id));
    state.set(id, 'open');
    stack.push(id);
    for (const p of byId.get(id)?.prerequisites ?? []) {
      const cycle = visit(p);
      if (cycle.length) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return [];
  };
  for (const r of requirements) {
    const cycle = visit(r.id);
    if (cycle.length) return cycle;
  }
  return [];
}

/** A cycle in words, closed on its first requirement: "requirements 0 → 1 → 0 depend on each other". */
export const cycleText = (cycle: readonly number[]) => `requirements ${[...cycle, cycle[0]].join(' → ')} depend on each other`;

/** What is wrong with a task's requirement graph: duplicate ids, unknown prerequisites, a cycle. */
export function graphProblems(requirements: readonly Requirement[]): { reason: string; detail: string }[] {
  const ids = new Set(requirements.map((r) => r.id));
  if (ids.size !== requirements.length) return [{ reason: 'duplicate requirement id', detail: 'requirement ids must be unique' }];
  const dangling = requirements.flatMap((q) => q.prerequisites.filter((p) => !ids.has(p)).map((p) => `${q.id}→${p}`));
  if (dangling.length) return [{ reason: 'unknown prerequisite', detail: `prerequisites name missing requirements: ${dangling.join(', ')}` }];
  const cycle = prerequisiteCycle(requirements);
  return cycle.length ? [{ reason: 'prerequisite cycle', detail: cycleText(cycle) }] : [];
}

// ---- the schema of a task as hintbench JSONL keeps it (docs/formats.md, "Interview tasks") ----

const int = v.pipe(v.number(), v.integer());

export const ExpectationSchema: v.GenericSchema<Expectation> = v.lazy(() =>
  v.variant('kind', [
    v.strictObject({ kind: v.literal('equals'), value: v.unknown() }),
    v.strictObject({ kind: v.literal('number'), min: v.optional(v.number()), max: v.optional(v.number()) }),
    v.strictObject({ kind: v.literal('near'), value: v.number(), tolerance: v.pipe(v.number(), v.minValue(0)) }),
    v.strictObject({ kind: v.literal('close'), values: v.array(v.number()), tolerance: v.pipe(v.number(), v.minValue(0)) }),
    v.strictObject({
      kind: v.literal('matches'),
      pattern: v.pipe(
        v.string(),
        v.check((p) => validRegex(p), 'not a valid regular expression'),
      ),
    }),
    v.strictObject({ kind: v.literal('contains'), value: v.unknown() }),
    v.strictObject({ kind: v.literal('fields'), fields: v.record(v.string(), ExpectationSchema) }),
    v.strictObject({ kind: v.literal('items'), length: v.optional(ExpectationSchema), each: v.optional(ExpectationSchema) }),
    v.strictObject({ kind: v.literal('all'), of: v.array(ExpectationSchema) }),
  ]),
) as v.GenericSchema<Expectation>;

function validRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const FileEditSchema = v.strictObject({ file: v.string(), find: v.pipe(v.string(), v.minLength(1)), replace: v.string() });

export const RequirementSchema = v.object({
  id: int,
  prerequisites: v.array(int),
  criteria: v.string(),
  category: v.string(),
  check: v.optional(v.strictObject({ probe: v.string(), expect: ExpectationSchema, explain: v.string() })),
  defect: v.optional(v.strictObject({ note: v.string(), edits: v.pipe(v.array(FileEditSchema), v.minLength(1)) })),
});

const FilesSchema = v.record(v.string(), v.string());

export const TaskSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  query: v.string(),
  requirements: v.pipe(v.array(RequirementSchema), v.minLength(1)),
  preferences: v.array(v.string()),
  tags: v.array(v.string()),
  source: v.object({ name: v.string(), url: v.optional(v.string()) }),
  files: v.optional(FilesSchema),
  reference: v.optional(FilesSchema),
  outputs: v.optional(v.array(v.pipe(v.string(), v.endsWith('/')))),
  notExecutable: v.optional(v.string()),
  timeLimitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100))),
  subsets: v.optional(v.array(v.string())),
}) satisfies v.GenericSchema<unknown, InterviewTask>;

/** What a run's manifest keeps of a task: its title, tags and requirement graph (never its reference, checks or defects). */
export const taskHead = (t: InterviewTask) => ({
  id: t.id,
  title: t.title,
  query: t.query,
  tags: [...t.tags],
  requirements: t.requirements.map((r) => ({ id: r.id, prerequisites: [...r.prerequisites], category: r.category, criteria: r.criteria })),
});

/** Whether the sandbox can run the task's project and its checks. */
export const executable = (task: InterviewTask) => task.notExecutable === undefined;

/** Tasks of a hintbench JSONL text (one per line), checked; a bad row is an error that names it. */
export function parseTasks(text: string): InterviewTask[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((line, i) => {
      const parsed = v.safeParse(TaskSchema, JSON.parse(line));
      if (!parsed.success) throw new Error(`task ${i + 1}: ${parsed.issues.map((x) => `field "${v.getDotPath(x) ?? '(task)'}": ${x.message}`).join('; ')}`);
      const problems = graphProblems(parsed.output.requirements);
      if (problems.length) throw new Error(`task ${parsed.output.id}: ${problems[0]!.detail}`);
      return parsed.output;
    });
}
