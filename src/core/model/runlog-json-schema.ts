// The run log's file format as JSON Schema, for readers outside hintbench (docs/runlog.schema.json).
// Generated from the valibot schema of version 3's JSON form, so the two cannot disagree.
import { toJsonSchema } from '@valibot/to-json-schema';
import { RunLogFileSchema } from '../runlog/file-schema.ts';
import { RUNLOG_SCHEMA } from './runlog.ts';

export function runLogJsonSchema(): Record<string, unknown> {
  return {
    ...toJsonSchema(RunLogFileSchema, { errorMode: 'throw' }),
    $id: 'https://hintbench.invalid/runlog-3.schema.json',
    title: `hintbench run log (${RUNLOG_SCHEMA}), JSON form`,
    description:
      'A hintbench run: its manifest, its stored scores, its items with every step (calls, evaluations with per-test outcomes, the protocol data block) in compact form — every text a part number, per-test outcomes one code per test — and its annotations. The JSONL form has the same records one per line. The `data` blocks belong to the protocol named in manifest.protocol; everything is described in docs/formats.md. Generated from src/core/runlog/file-schema.ts; do not edit by hand.',
  };
}
