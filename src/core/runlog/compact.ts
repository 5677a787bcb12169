// Steps and items in version 3's compact form, and back (docs/formats.md, "Version 3"). Every
// message, reply, thinking and program becomes a part number (parts.ts), per-test outcomes one
// code per test (outcomes.ts); everything else is kept as it is. Reading validates the result
// against the run-log schema, so a compact file is held to the same rules as a full one.
import * as v from 'valibot';
import { ItemHeadSchema, StepSchema, type CallRecord, type ItemHead, type Manifest, type Start, type Step } from '../model/runlog.ts';
import { CompactStepSchema } from './file-schema.ts';
import { OutcomeReader, OutcomeWriter, type TestResults } from './outcomes.ts';
import { PartReader, PartWriter } from './parts.ts';

const ROLE_LETTERS = { system: 's', user: 'u', assistant: 'a' } as const;
const ROLES = { s: 'system', u: 'user', a: 'assistant' } as const;

type CompactResults = { tests: string } | TestResults;
export type CompactCall = Omit<CallRecord, 'messages' | 'content' | 'thinking'> & { messages: [string, number][]; content: number | null; thinking?: number };
export type CompactStep = Omit<Step, 'calls' | 'evaluation'> & { calls: CompactCall[]; evaluation?: { code: number } & CompactResults };
export type CompactHead = Omit<ItemHead, 'start'> & { start?: { code: number | null } & CompactResults };

/** Each instance's test ids in suite order, by instance id. */
export const suitesOf = (manifest: Manifest) => new Map(manifest.dataset.instances.map((i) => [i.id, i.testIds]));

/** What encoding a log needs: its parts and outcome codes so far, and the instances' suites. */
export class Encoder {
  readonly parts: PartWriter;
  readonly outcomes = new OutcomeWriter();
  /** `keyOf`: what the parts table knows a text by (PartWriter). */
  constructor(
    private readonly suites: ReadonlyMap<string, readonly string[]>,
    keyOf?: (text: string) => string,
  ) {
    this.parts = new PartWriter(keyOf);
  }

  private results(r: TestResults, instanceId: string | undefined): CompactResults {
    const tests = this.outcomes.encode(r, instanceId === undefined ? undefined : this.suites.get(instanceId));
    return tests === null ? { passed: r.passed, ...(r.failures ? { failures: r.failures } : {}) } : { tests };
  }

  head(item: ItemHead): CompactHead {
    if (!item.start) return item as CompactHead;
    const { start, ...rest } = item;
    return { ...rest, start: { code: start.code === null ? null : this.parts.ref(start.code), ...this.results(start, item.instanceId) } };
  }

  step(step: Step, instanceId: string | undefined): CompactStep {
    const { calls, evaluation, ...rest } = step;
    const out: CompactStep = { ...rest, calls: calls.map((c) => this.call(c)) };
    if (evaluation) out.evaluation = { code: this.parts.ref(evaluation.code), ...this.results(evaluation, instanceId) };
    return reorder(out, step);
  }

  private call(call: CallRecord): CompactCall {
    const { messages, content, thinking, ...rest } = call;
    const out: CompactCall = {
      ...rest,
      messages: messages.map((m) => [ROLE_LETTERS[m.role], this.parts.ref(m.content)]),
      content: content === null ? null : this.parts.ref(content),
    };
    if (thinking !== undefined) out.thinking = this.parts.ref(thinking);
    return reorder(out, call);
  }
}

/** The fields in the order the full record has them (so a log reads and writes back the same). */
function reorder<T extends object>(out: T, like: object): T {
  const ordered = {} as Record<string, unknown>;
  for (const k of Object.keys(like)) if (k in out) ordered[k] = (out as Record<string, unknown>)[k];
  return ordered as T;
}

const problems = (issues: v.BaseIssue<unknown>[]) =>
  issues
    .slice(0, 5)
    .map((i) => `field "${v.getDotPath(i) ?? '(root)'}": ${i.message}`)
    .join('; ');

/** Reads compact records back; texts and outcome lists are shared between the records that repeat them. */
export class Decoder {
  readonly outcomes = new OutcomeReader();
  /** `trusted`: records this app wrote itself (its store), read without checking them again. */
  constructor(
    private readonly suites: ReadonlyMap<string, readonly string[]>,
    readonly parts = new PartReader(),
    private readonly trusted = false,
  ) {}

  private results(r: unknown, instanceId: string | undefined): TestResults {
    const { tests } = r as { tests?: unknown };
    if (tests === undefined) return r as TestResults; // the explicit lists, checked by the schema
    if (typeof tests !== 'string') throw new Error('field "tests": not a text');
    const suite = instanceId === undefined ? undefined : this.suites.get(instanceId);
    if (!suite) throw new Error(`outcome codes for an item without a known instance (${instanceId ?? 'none'})`);
    return this.outcomes.decode(tests, suite, instanceId!);
  }

  /** Starts by part, codes and instance: items of one instance share the object (a store then keeps it once). */
  private readonly starts = new Map<string, Start>();

  head(raw: unknown): ItemHead {
    const h = raw as CompactHead;
    let head: unknown = raw;
    if (h && typeof h === 'object' && h.start && typeof h.start === 'object') {
      const { code, ...results } = h.start as { code: unknown; tests?: unknown };
      const key = typeof results.tests === 'string' ? `${String(code)}\u0000${h.instanceId}\u0000${results.tests}` : null;
      let start = key === null ? undefined : this.starts.get(key);
      if (!start) {
        const { passed, failures } = this.results(results, h.instanceId);
        start = { code: code === null ? null : this.parts.text(code), passed, ...(failures ? { failures } : {}) };
        if (key !== null) this.starts.set(key, start);
      }
      head = { ...h, start };
    }
    const parsed = v.safeParse(ItemHeadSchema, head);
    if (!parsed.success) throw new Error(problems(parsed.issues));
    return head as ItemHead;
  }

  step(raw: unknown, instanceId: string | undefined): Step {
    const s = raw as CompactStep;
    if (!s || typeof s !== 'object' || !Array.isArray(s.calls)) throw new Error('field "calls": not a list');
    const step = { ...s, calls: s.calls.map((c) => this.call(c)) } as unknown as Step;
    if (s.evaluation !== undefined) {
      const { code, ...results } = s.evaluation as { code: unknown };
      const { passed, failures } = this.results(results, instanceId);
      step.evaluation = { code: this.parts.text(code), passed, ...(failures ? { failures } : {}) };
    }
    if (!this.trusted) {
      const parsed = v.safeParse(StepSchema, step);
      if (!parsed.success) throw new Error(problems(parsed.issues));
    }
    return reorder(step, s);
  }

  private call(raw: unknown): CallRecord {
    const c = raw as CompactCall;
    if (!c || typeof c !== 'object' || !Array.isArray(c.messages)) throw new Error('field "calls.messages": not a list');
    const messages = c.messages.map((m) => {
      const role = Array.isArray(m) ? ROLES[m[0] as keyof typeof ROLES] : undefined;
      if (!role) throw new Error(`field "calls.messages": ${JSON.stringify(m)} is not [role letter, part]`);
      return { role, content: this.parts.text(m[1]) };
    });
    const out = { ...c, messages, content: c.content === null ? null : this.parts.text(c.content) } as unknown as CallRecord;
    if (c.thinking !== undefined) out.thinking = this.parts.text(c.thinking);
    return out;
  }
}

/** The part numbers a compact step refers to directly (a text of several paragraphs refers to more). */
export function stepRefs(step: CompactStep): number[] {
  const out: number[] = [];
  for (const c of step.calls) {
    for (const m of c.messages) out.push(m[1]);
    if (c.content !== null) out.push(c.content);
    if (c.thinking !== undefined) out.push(c.thinking);
  }
  if (step.evaluation) out.push(step.evaluation.code);
  return out;
}

/** An item head whose start program is still a part number (its results are read). */
export type HeadWithStartRef = Omit<ItemHead, 'start'> & { start?: Omit<Start, 'code'> & { code: number | null } };

/**
 * Checks compact records without building their texts, for an import that stores them as they
 * are: the same rules as Decoder (the schema, every part and outcome code known), no texts kept.
 */
export class Checker {
  readonly parts = new PartReader(false);
  /** Starts by part, codes and instance, shared like Decoder's. */
  private readonly starts = new Map<string, NonNullable<HeadWithStartRef['start']>>();
  readonly outcomes = new OutcomeReader();
  constructor(private readonly suites: ReadonlyMap<string, readonly string[]>) {}

  private results(r: unknown, instanceId: string | undefined): TestResults {
    const { tests } = r as { tests?: unknown };
    if (tests === undefined) return r as TestResults;
    const suite = instanceId === undefined ? undefined : this.suites.get(instanceId);
    if (typeof tests !== 'string') throw new Error('field "tests": not a text');
    if (!suite) throw new Error(`outcome codes for an item without a known instance (${instanceId ?? 'none'})`);
    return this.outcomes.decode(tests, suite, instanceId!);
  }

  private part(n: unknown): void {
    if (!this.parts.has(n)) throw new Error(`part ${JSON.stringify(n)} is missing`);
  }

  head(raw: unknown): HeadWithStartRef {
    const h = raw as CompactHead;
    if (!h || typeof h !== 'object' || !h.start) {
      const parsed = v.safeParse(ItemHeadSchema, raw);
      if (!parsed.success) throw new Error(problems(parsed.issues));
      return raw as HeadWithStartRef;
    }
    const { code, ...results } = h.start as { code: unknown; tests?: unknown };
    if (code !== null) this.part(code);
    const key = typeof results.tests === 'string' ? `${String(code)}\u0000${h.instanceId}\u0000${results.tests}` : null;
    let start = key === null ? undefined : this.starts.get(key);
    if (!start) {
      const { passed, failures } = this.results(results, h.instanceId);
      start = { code: code as number | null, passed, ...(failures ? { failures } : {}) };
      if (key !== null) this.starts.set(key, start);
    }
    const parsed = v.safeParse(ItemHeadSchema, { ...h, start: { ...start, code: '' } });
    if (!parsed.success) throw new Error(problems(parsed.issues));
    return { ...h, start };
  }

  step(raw: unknown, instanceId: string | undefined): CompactStep {
    const parsed = v.safeParse(CompactStepSchema, raw);
    if (!parsed.success) throw new Error(problems(parsed.issues));
    const step = raw as CompactStep;
    for (const n of stepRefs(step)) this.part(n);
    const tests = (step.evaluation as { tests?: string } | undefined)?.tests;
    if (tests !== undefined) {
      const suite = instanceId === undefined ? undefined : this.suites.get(instanceId);
      if (!suite) throw new Error(`outcome codes for an item without a known instance (${instanceId ?? 'none'})`);
      this.outcomes.check(tests, suite);
    }
    return step;
  }
}
