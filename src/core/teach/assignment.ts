// An assignment: a Teach session a teacher sets up — protocol, seat, the instance or task of the
// built-in dataset (or, for a protocol that makes its own problems, none: its parameters say what
// it generates), parameters, the models in the other roles — shared as a link or a small file.
// Opening it starts exactly that session, with the name the learner gives. It carries keyless
// models only (simulated ones, and the person's seat): a provider model needs a key, which is
// never shared.
import * as v from 'valibot';
import type { ModelConfig } from '../llm/specs.ts';
import type { RunConfig } from '../runner/setup.ts';

export const ASSIGNMENT_SCHEMA = 'hintbench.assignment/1';

const Keyless = v.union([v.object({ kind: v.literal('simulated'), profile: v.string() }), v.object({ kind: v.literal('human') })]);

export const AssignmentSchema = v.object({
  schema: v.literal(ASSIGNMENT_SCHEMA),
  /** The session's name (the learner's sessions list and the class view show it). */
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  protocol: v.string(),
  seat: v.string(),
  /** The built-in dataset's instance or task the session works on. */
  instance: v.optional(v.string()),
  task: v.optional(v.string()),
  /** The session works on problems its run makes (PrismBench's challenges), no instance or task: its params say which (the concepts, the budget). */
  generated: v.optional(v.literal(true)),
  candidates: v.pipe(v.array(Keyless), v.minLength(1)),
  roles: v.optional(v.record(v.string(), Keyless)),
  params: v.optional(v.record(v.string(), v.unknown())),
  /** The run's seed (every learner of one assignment meets the same hints for the same program). */
  seed: v.optional(v.pipe(v.number(), v.integer())),
});
export type Assignment = v.InferOutput<typeof AssignmentSchema>;

/** An assignment of a session's configuration; an error names what cannot be shared. */
export function assignmentOf(config: RunConfig, seat: string, subject: { instance?: string; task?: string; generated?: true }): Assignment {
  const keyless = (c: ModelConfig, where: string) => {
    if (c.kind === 'simulated') return { kind: 'simulated' as const, profile: c.profile };
    if (c.kind === 'human') return { kind: 'human' as const };
    throw new Error(`${where} is a provider model, which needs a key: an assignment carries simulated models only`);
  };
  return {
    schema: ASSIGNMENT_SCHEMA,
    name: config.name ?? `Assignment: ${config.protocol}`,
    protocol: config.protocol,
    seat,
    ...subject,
    candidates: config.candidates.map((c) => keyless(c, 'the model under test')),
    ...(config.roles ? { roles: Object.fromEntries(Object.entries(config.roles).map(([role, c]) => [role, keyless(c, `the ${role} model`)])) } : {}),
    ...(config.params ? { params: config.params } : {}),
    ...(config.settings?.seed !== undefined ? { seed: config.settings.seed } : {}),
  };
}

/** The session an assignment starts, with the learner's name in their seat. */
export function sessionConfig(a: Assignment, name: string): RunConfig {
  const person = (c: Assignment['candidates'][number]): ModelConfig => (c.kind === 'human' ? { kind: 'human', name } : c);
  return {
    name: a.name,
    protocol: a.protocol,
    candidates: a.candidates.map(person),
    ...(a.roles ? { roles: Object.fromEntries(Object.entries(a.roles).map(([role, c]) => [role, person(c)])) } : {}),
    ...(a.params ? { params: a.params } : {}),
    settings: { concurrency: 1, ...(a.seed !== undefined ? { seed: a.seed } : {}) },
  };
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The assignment as one URL-safe word (its JSON, base64url). */
export const encodeAssignment = (a: Assignment): string => toBase64Url(new TextEncoder().encode(JSON.stringify(a)));

/** An assignment from its JSON text (a file) or its word (a link); an error says what is wrong. */
export function readAssignment(text: string): Assignment {
  let json: unknown;
  const trimmed = text.trim();
  try {
    json = JSON.parse(trimmed.startsWith('{') ? trimmed : new TextDecoder().decode(fromBase64Url(trimmed)));
  } catch {
    throw new Error('this is not an assignment (neither its JSON nor its link)');
  }
  const parsed = v.safeParse(AssignmentSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0]!;
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new Error(`not a valid assignment${path ? ` (${path})` : ''}: ${issue.message}`);
  }
  const { instance, task, generated } = parsed.output;
  if ([instance, task, generated].filter((x) => x !== undefined).length !== 1)
    throw new Error('an assignment names an instance or a task, or says its problems are generated (one of them)');
  return parsed.output;
}
