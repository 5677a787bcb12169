// The published JSON Schema of the run log's file (docs/runlog.schema.json) is the valibot
// schema's, and it accepts the logs the app writes and refuses broken ones (checked with Ajv, a
// JSON Schema validator independent of hintbench).
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseRunLog, toJson } from '../runner/export.ts';
import { PROTOCOL_LIST } from '../protocols/registry.ts';
import { runLogJsonSchema } from './runlog-json-schema.ts';

const published = JSON.parse(readFileSync(new URL('../../../docs/runlog.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const log = JSON.parse(toJson(await parseRunLog(readFileSync(new URL('../runlog/fixtures/runlog-v1-pair.json', import.meta.url), 'utf8'))));

describe('docs/runlog.schema.json', () => {
  it('is the schema the app validates with (run `npm run docs:schema` after changing it)', () => {
    expect(published).toEqual(JSON.parse(JSON.stringify(runLogJsonSchema())));
  });

  const validate = new Ajv({ strict: false, allErrors: true }).compile(published);

  it('accepts a run log the app wrote', () => {
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a log whose step lacks its calls, or whose failure has an unknown outcome', () => {
    const noCalls = structuredClone(log);
    delete noCalls.items[0].steps[0].calls;
    expect(validate(noCalls)).toBe(false);
    const badOutcome = structuredClone(log);
    badOutcome.items[0].steps[0].evaluation = { code: 0, passed: [], failures: [{ id: 't', outcome: 'passed' }] };
    expect(validate(badOutcome)).toBe(false);
    const textInline = structuredClone(log);
    textInline.items[0].steps[0].calls[0].content = 'a reply written out'; // version 3 refers to parts
    expect(validate(textInline)).toBe(false);
    expect(validate(badOutcome)).toBe(false);
    const v1 = JSON.parse(readFileSync(new URL('../runlog/fixtures/runlog-v1-pair.json', import.meta.url), 'utf8'));
    expect(validate(v1)).toBe(false); // version 1 is read through its migration, not this schema
  });

  it("publishes every protocol's step data block, which the steps of a log of that protocol satisfy", () => {
    const defs = published.$defs as Record<string, object>;
    for (const p of PROTOCOL_LIST) if (p.stepData) expect(defs[`step-data.${p.id}`], p.id).toBeDefined();
    const ajv = new Ajv({ strict: false, allErrors: true });
    const stepData = ajv.compile(defs[`step-data.${log.manifest.protocol.id}`]!);
    const blocks = (log.items as { steps: { data?: unknown }[] }[]).flatMap((i) => i.steps.map((s) => s.data)).filter((d) => d !== undefined);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(stepData(block), JSON.stringify(stepData.errors)).toBe(true);
    expect(stepData({ plan: 42 })).toBe(false);
  });
});
