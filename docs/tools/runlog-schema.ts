// Writes docs/runlog.schema.json from the run log's valibot schema: `npm run docs:schema`.
import { writeFileSync } from 'node:fs';
import { runLogJsonSchema } from '../../src/core/model/runlog-json-schema.ts';

writeFileSync(new URL('../runlog.schema.json', import.meta.url), `${JSON.stringify(runLogJsonSchema(), null, 2)}\n`);
process.stdout.write('wrote docs/runlog.schema.json\n');
