// `npm run datasets:build [-- --only id,id]`: regenerates datasets/builtin.jsonl from
// datasets/src (deterministic: seeded generators, expected outputs from the reference).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { instanceToJson } from '../../src/core/model/instance.ts';
import { TrustedNodeExecutor } from '../../workers/node-executor.ts';
import { assemble } from './assemble.ts';
import { BUILT_FILE, readBuilt, readSource, serialize, sourceIds } from './source.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const out = values.out ?? BUILT_FILE;
  const ids = sourceIds(only);
  const exec = new TrustedNodeExecutor();
  const byId = new Map((only ? readBuilt(out) : []).map((i) => [i.id, i]));
  const known = new Set(sourceIds());
  for (const id of [...byId.keys()]) if (!known.has(id)) byId.delete(id);
  let failed = 0;
  for (const id of ids) {
    try {
      const inst = await assemble(readSource(id), exec);
      byId.set(id, inst);
      const bytes = instanceToJson(inst).length;
      process.stderr.write(`built ${id}: ${inst.tests.length} tests, ${(bytes / 1024).toFixed(0)} KiB\n`);
    } catch (err) {
      failed++;
      process.stderr.write(`FAILED ${id}: ${(err as Error).message}\n`);
    }
  }
  writeFileSync(out, serialize([...byId.values()]));
  process.stderr.write(`wrote ${out} (${byId.size} instances)${failed ? `; ${failed} failed` : ''}\n`);
  process.exit(failed ? 1 : 0);
}

void main();
