// The built-in dataset's sources: datasets/src/<id>/{statement.md, reference.py, buggy.py,
// gen.py, meta.json}. See datasets/README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { instanceToJson, parseInstanceJson, type Instance } from '../../src/core/model/instance.ts';

export const SOURCES_DIR = new URL('../src/', import.meta.url).pathname;
export const BUILT_FILE = new URL('../builtin.jsonl', import.meta.url).pathname;

export const MetaSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.pipe(v.string(), v.minLength(1)),
  difficulty: v.picklist(['easy', 'medium', 'hard']),
  tags: v.pipe(v.array(v.string()), v.minLength(1)),
  concepts: v.pipe(v.array(v.string()), v.minLength(1)),
  testKind: v.optional(v.picklist(['stdio', 'call', 'unittest']), 'stdio'),
  entry: v.optional(v.string()),
  checker: v.optional(v.string()),
  timeLimitMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 2000),
  samples: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3)), 2),
  seed: v.optional(v.pipe(v.number(), v.integer()), 1),
  subsets: v.optional(v.array(v.string())),
  bugs: v.pipe(v.array(v.string()), v.minLength(1)),
});
export type Meta = v.InferOutput<typeof MetaSchema>;

export interface InstanceSource {
  id: string;
  dir: string;
  meta: Meta;
  statement: string;
  reference: string;
  buggy: string;
  gen: string;
}

const FILES = ['statement.md', 'reference.py', 'buggy.py', 'gen.py', 'meta.json'] as const;

export function sourceIds(only?: string[]): string[] {
  const all = readdirSync(SOURCES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  if (!only) return all;
  const unknown = only.filter((id) => !all.includes(id));
  if (unknown.length > 0) throw new Error(`no such instance in datasets/src: ${unknown.join(', ')}`);
  return only;
}

export function readSource(id: string): InstanceSource {
  const dir = join(SOURCES_DIR, id);
  for (const f of FILES) if (!existsSync(join(dir, f))) throw new Error(`datasets/src/${id}: missing ${f}`);
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(read('meta.json'));
  } catch (err) {
    throw new Error(`datasets/src/${id}/meta.json: ${(err as Error).message}`);
  }
  const parsed = v.safeParse(MetaSchema, raw);
  if (!parsed.success) {
    const problems = parsed.issues.map((i) => `field "${v.getDotPath(i) ?? '(meta)'}": ${i.message}`).join('; ');
    throw new Error(`datasets/src/${id}/meta.json: ${problems}`);
  }
  if (parsed.output.testKind !== 'stdio' && !parsed.output.entry)
    throw new Error(`datasets/src/${id}/meta.json: field "entry": required for ${parsed.output.testKind} instances`);
  return { id, dir, meta: parsed.output, statement: read('statement.md'), reference: read('reference.py'), buggy: read('buggy.py'), gen: read('gen.py') };
}

export function readBuilt(file = BUILT_FILE): Instance[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => parseInstanceJson(line) as Instance);
}

/** The built file's exact text: one instance per line, sorted by id (call arguments as written). */
export function serialize(instances: Instance[]): string {
  return (
    [...instances]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(instanceToJson)
      .join('\n') + '\n'
  );
}
