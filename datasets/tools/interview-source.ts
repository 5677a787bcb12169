// The built-in Interview tasks' sources: datasets/interview/<id>/{task.json, data/, reference/,
// checks/r<N>.py}, assembled into tasks (datasets/interview.jsonl). See datasets/README.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as v from 'valibot';
import { ExpectationSchema, parseTasks, RUN_SCRIPT, type InterviewTask } from '../../src/core/model/task.ts';

export const TASKS_DIR = new URL('../interview/', import.meta.url).pathname;
export const TASKS_FILE = new URL('../interview.jsonl', import.meta.url).pathname;
const PRELUDE = join(TASKS_DIR, 'prelude.py');

/** DevAI's requirement categories (the ones the built-in tasks use). */
export const CATEGORIES = [
  'Dataset or Environment',
  'Data preprocessing and postprocessing',
  'Machine Learning Method',
  'Performance Metrics',
  'Save Trained Model',
  'Visualization',
  'Human Computer Interaction',
  'Other',
] as const;

const TaskJsonSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(1)),
  query: v.pipe(v.string(), v.minLength(1)),
  tags: v.pipe(v.array(v.string()), v.minLength(1)),
  subsets: v.optional(v.array(v.string())),
  timeLimitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100))),
  preferences: v.optional(v.array(v.string()), []),
  requirements: v.pipe(
    v.array(
      v.strictObject({
        id: v.pipe(v.number(), v.integer(), v.minValue(0)),
        prerequisites: v.array(v.pipe(v.number(), v.integer())),
        category: v.picklist(CATEGORIES),
        criteria: v.pipe(v.string(), v.minLength(1)),
        check: v.strictObject({ explain: v.pipe(v.string(), v.minLength(1)), expect: ExpectationSchema }),
        // A deletion is written with some text around it, so that undoing it is well defined.
        defect: v.strictObject({
          note: v.pipe(v.string(), v.minLength(1)),
          edits: v.pipe(
            v.array(v.strictObject({ file: v.string(), find: v.pipe(v.string(), v.minLength(1)), replace: v.pipe(v.string(), v.minLength(1)) })),
            v.minLength(1),
          ),
        }),
      }),
    ),
    v.minLength(4),
    v.maxLength(8),
  ),
});

export function taskIds(only?: string[]): string[] {
  const all = readdirSync(TASKS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  if (!only) return all;
  const unknown = only.filter((id) => !all.includes(id));
  if (unknown.length) throw new Error(`no such task in datasets/interview: ${unknown.join(', ')}`);
  return only;
}

/** Every file under a folder, path (relative, with /) → text. */
function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** A task assembled from its sources (checks get the shared prelude), or an error naming the source. */
export function readTask(id: string): InterviewTask {
  const dir = join(TASKS_DIR, id);
  const where = `datasets/interview/${id}`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, 'task.json'), 'utf8'));
  } catch (err) {
    throw new Error(`${where}/task.json: ${(err as Error).message}`);
  }
  const parsed = v.safeParse(TaskJsonSchema, raw);
  if (!parsed.success) throw new Error(`${where}/task.json: ${parsed.issues.map((i) => `field "${v.getDotPath(i) ?? '(task)'}": ${i.message}`).join('; ')}`);
  const meta = parsed.output;
  const prelude = readFileSync(PRELUDE, 'utf8');
  const reference = filesUnder(join(dir, 'reference'));
  if (!(RUN_SCRIPT in reference)) throw new Error(`${where}/reference: no ${RUN_SCRIPT}`);
  const task: InterviewTask = {
    id,
    title: meta.title,
    query: meta.query,
    requirements: meta.requirements.map((r) => {
      const probeFile = join(dir, 'checks', `r${r.id}.py`);
      if (!existsSync(probeFile)) throw new Error(`${where}/checks: no r${r.id}.py for requirement ${r.id}`);
      return {
        id: r.id,
        prerequisites: r.prerequisites,
        criteria: r.criteria,
        category: r.category,
        check: { probe: `${prelude}\n${readFileSync(probeFile, 'utf8')}`, expect: r.check.expect, explain: r.check.explain },
        defect: r.defect,
      };
    }),
    preferences: meta.preferences,
    tags: meta.tags,
    source: { name: 'hintbench' },
    files: filesUnder(join(dir, 'data')),
    reference,
    outputs: ['results/', 'models/'],
    ...(meta.timeLimitMs !== undefined ? { timeLimitMs: meta.timeLimitMs } : {}),
    ...(meta.subsets ? { subsets: meta.subsets } : {}),
  };
  // Data files live under data/ in the workspace.
  task.files = Object.fromEntries(Object.entries(task.files!).map(([p, t]) => [`data/${p}`, t]));
  // The same checks the app applies when it reads the file (schema, graph).
  parseTasks(JSON.stringify(task));
  return task;
}

/** The built file's exact text: one task per line, in id order. */
export const serializeTasks = (tasks: readonly InterviewTask[]) =>
  [...tasks]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((t) => JSON.stringify(t))
    .join('\n') + '\n';

export function readBuiltTasks(file = TASKS_FILE): InterviewTask[] {
  return existsSync(file) ? parseTasks(readFileSync(file, 'utf8')) : [];
}
