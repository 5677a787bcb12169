// `hintbench synth --dataset FILE --out FILE`: turns problems with a reference and tests
// (e.g. an imported APPS file) into code-improvement instances by realistic mutation,
// running everything in the sandbox of the built site, in headless Chromium.
import { renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { unusable } from '../src/core/datasets/synthesis/synthesize.ts';
import { instanceToJson, type Instance } from '../src/core/model/instance.ts';
import { openSite } from './browser.ts';
import { readDataset } from './exec.ts';
import { DIST, ensureBuilt } from './site.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function synthCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      dataset: { type: 'string' },
      out: { type: 'string' },
      'per-problem': { type: 'string' },
      'max-pairs': { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  if (!values.dataset || !values.out) {
    log('usage: hintbench synth --dataset FILE --out FILE [--per-problem 3] [--max-pairs 40] [--seed 0]');
    return 2;
  }
  const options = {
    ...(values['per-problem'] ? { maxKept: Number(values['per-problem']) } : {}),
    ...(values['max-pairs'] ? { maxPairs: Number(values['max-pairs']) } : {}),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  };
  const problems = readDataset(values.dataset);
  await ensureBuilt(log);
  const site = await openSite(DIST, { log });
  const made: Instance[] = [];
  try {
    for (const [i, problem] of problems.entries()) {
      const head = `[${i + 1}/${problems.length}] ${problem.id}`;
      const reason = unusable(problem);
      if (reason) {
        log(`${head}: skipped, ${reason}`);
        continue;
      }
      try {
        const result = await site.page.evaluate(([p, o]) => window.hintbench.synthesize(p, o), [problem, options] as const);
        made.push(...result.instances);
        const ops = result.variants.map((v) => `${v.operators.join('+')} (${Math.round(v.passRate * 100)}%)`).join(', ');
        log(`${head}: kept ${result.instances.length} of ${result.tried} mutants tried${ops ? `: ${ops}` : ''}`);
      } catch (err) {
        log(`${head}: ${(err as Error).message.replace(/^page\.evaluate: Error: /, '')}`);
      }
    }
  } finally {
    await site.close();
  }
  const tmp = `${values.out}.partial`;
  writeFileSync(tmp, made.map(instanceToJson).join('\n') + (made.length ? '\n' : ''));
  renameSync(tmp, values.out);
  log(`wrote ${made.length} synthesized instance(s) to ${values.out}`);
  return made.length > 0 ? 0 : 1;
}
