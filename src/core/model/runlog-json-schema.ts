// The run log's schema as JSON Schema, for readers outside hintbench (docs/runlog.schema.json).
// Generated from the one valibot schema, so the two cannot disagree.
import { toJsonSchema } from '@valibot/to-json-schema';
import { RUNLOG_SCHEMA, RunLogSchema } from './runlog.ts';

export function runLogJsonSchema(): Record<string, unknown> {
  return {
    ...toJsonSchema(RunLogSchema, { errorMode: 'throw' }),
    $id: 'https://hintbench.invalid/runlog-2.schema.json',
    title: `hintbench run log (${RUNLOG_SCHEMA})`,
    description:
      'A hintbench run: its manifest, its items with every step (calls, evaluations with per-test outcomes, the protocol data block) and per-model summaries. The `data` blocks belong to the protocol named in manifest.protocol and are described in docs/formats.md. Generated from src/core/model/runlog.ts; do not edit by hand.',
  };
}
