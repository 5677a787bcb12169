// The run log's file format as JSON Schema, for readers outside hintbench (docs/runlog.schema.json).
// Generated from the valibot schema of version 3's JSON form, so the two cannot disagree.
import { toJsonSchema } from '@valibot/to-json-schema';
import { PROTOCOL_LIST } from '../protocols/registry.ts';
import { RunLogFileSchema } from '../runlog/file-schema.ts';
import { RUNLOG_SCHEMA } from './runlog.ts';

export function runLogJsonSchema(): Record<string, unknown> {
  const base = toJsonSchema(RunLogFileSchema, { errorMode: 'throw' });
  // Each protocol's step data block, under $defs as step-data.<protocol id> (a log's steps hold the blocks of its manifest.protocol.id).
  const stepData = Object.fromEntries(
    PROTOCOL_LIST.map((p) => [p.id, p.stepData] as const).map(([id, schema]) => {
      const { $schema: _s, ...json } = toJsonSchema(schema, { errorMode: 'throw' });
      return [`step-data.${id}`, json];
    }),
  );
  return {
    ...base,
    $defs: { ...(base.$defs ?? {}), ...stepData },
    $id: 'https://hintbench.invalid/runlog-3.schema.json',
    title: `hintbench run log (${RUNLOG_SCHEMA}), JSON form`,
    description:
      'A hintbench run: its manifest, its stored scores, its items with every step (calls, evaluations with per-test outcomes, the protocol data block) in compact form — every text a part number, per-test outcomes one code per test — and its annotations. The JSONL form has the same records one per line. The `data` blocks belong to the protocol named in manifest.protocol; the step data block of each protocol is $defs/step-data.<protocol id>; everything is described in docs/formats.md. Generated from src/core/runlog/file-schema.ts and the step data schema of each protocol (stepData in its registry entry); do not edit by hand.',
  };
}
