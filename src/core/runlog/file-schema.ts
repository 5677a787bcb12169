// Version 3 as written to a file (JSON form), as one valibot schema: the source of the published
// JSON Schema (docs/runlog.schema.json). The reader checks what it decodes against the full
// schema of src/core/model/runlog.ts; this one says what the compact records look like.
import * as v from 'valibot';
import { AnnotationSchema, CallRecordSchema, ItemHeadSchema, ManifestSchema, ScoresSchema, StepSchema, TestFailureSchema } from '../model/runlog.ts';

const part = v.pipe(v.number(), v.integer(), v.minValue(0), v.description('a part number'));
const table = <T extends v.GenericSchema>(entry: T, what: string) =>
  v.pipe(v.object({ from: v.pipe(v.number(), v.integer(), v.minValue(0)), list: v.array(entry) }), v.description(what));

/** Per-test outcomes: one code per test of the instance's suite, or the lists written out. */
const results = (code: v.GenericSchema) =>
  v.union([
    v.object({ code, tests: v.pipe(v.string(), v.description("one outcome code per test, in the suite's order")) }),
    v.object({ code, passed: v.array(v.string()), failures: v.optional(v.array(TestFailureSchema)) }),
  ]);

const { messages: _m, content: _c, thinking: _t, ...callFields } = CallRecordSchema.entries;
export const CompactCallSchema = v.object({
  ...callFields,
  messages: v.array(v.pipe(v.tuple([v.picklist(['s', 'u', 'a']), part]), v.description('[role: s(ystem), u(ser) or a(ssistant), part]'))),
  content: v.nullable(part),
  thinking: v.optional(part),
});

const { calls: _calls, evaluation: _e, ...stepFields } = StepSchema.entries;
export const CompactStepSchema = v.object({ ...stepFields, calls: v.array(CompactCallSchema), evaluation: v.optional(results(part)) });

const { start: _s, ...headFields } = ItemHeadSchema.entries;
export const FileItemSchema = v.object({
  parts: v.optional(
    table(v.union([v.string(), v.array(part)]), 'parts first used in this item: a paragraph, or the paragraphs a text is made of (joined by a blank line)'),
  ),
  outcomes: v.optional(table(v.string(), 'outcome codes first used in this item: "passed", or the outcome and its fail type')),
  ...headFields,
  start: v.optional(results(v.nullable(part))),
  steps: v.array(CompactStepSchema),
});

export const RunLogFileSchema = v.object({
  manifest: ManifestSchema,
  scores: v.optional(ScoresSchema),
  items: v.array(FileItemSchema),
  annotations: v.optional(v.array(AnnotationSchema)),
});
