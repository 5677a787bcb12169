// `hintbench exec`: run programs against their tests in the sandbox, write outcomes as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ExecReport, ExecResult, ProgramRole } from '../src/core/exec/report.ts';
import { formatIssue, parseDatasetText, validateInstances, type Instance } from '../src/core/model/instance.ts';
import { openSite } from './browser.ts';
import { DIST, ensureBuilt } from './site.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

export function readDataset(file: string): Instance[] {
  let values: unknown[];
  try {
    values = parseDatasetText(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: not valid JSON or JSONL (${(err as Error).message})`);
  }
  const { instances, issues } = validateInstances(values);
  if (issues.length > 0) throw new Error(`${file} has ${issues.length} problem(s):\n${issues.map((i) => `  ${formatIssue(file, i)}`).join('\n')}`);
  if (instances.length === 0) throw new Error(`${file}: no instances`);
  return instances;
}

/** Run `work` over items with at most `limit` in flight, keeping input order in the output. */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return out;
}

export async function execCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      dataset: { type: 'string' },
      program: { type: 'string' },
      out: { type: 'string' },
      'time-limit': { type: 'string' },
      'no-isolation': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.dataset || !values.out || (values.program !== 'buggy' && values.program !== 'reference')) {
    log('usage: hintbench exec --dataset FILE --program buggy|reference --out FILE');
    return 2;
  }
  const program: ProgramRole = values.program;
  const defaultTimeLimitMs = values['time-limit'] ? Number(values['time-limit']) : 2000;
  if (!Number.isFinite(defaultTimeLimitMs) || defaultTimeLimitMs <= 0) throw new Error('--time-limit must be a positive number of milliseconds');
  const instances = readDataset(values.dataset);
  await ensureBuilt(log, values.rebuild);
  const t0 = performance.now();
  const site = await openSite(DIST, { isolated: !values['no-isolation'], log });
  try {
    const info = await site.page.evaluate(() => window.hintbench.info());
    log(
      `sandbox ready in ${((info.firstReadyMs ?? 0) / 1000).toFixed(1)} s: ${info.poolSize} worker(s) + ${info.spares} spare, ` +
        `${info.crossOriginIsolated ? 'cross-origin isolated' : 'not isolated'}; running ${instances.length} instance(s)`,
    );
    let done = 0;
    const results = await mapLimited(instances, info.poolSize, async (inst) => {
      const report = await site.page.evaluate(([value, role, limit]) => window.hintbench.exec([value], role, { defaultTimeLimitMs: limit }), [
        inst,
        program,
        defaultTimeLimitMs,
      ] as const);
      const result = report.results[0] as ExecResult;
      const passed = result.outcomes.filter((o) => o.outcome === 'passed').length;
      log(`[${++done}/${instances.length}] ${inst.id} (${program}): ${passed}/${result.outcomes.length} passed`);
      return result;
    });
    const report: ExecReport = { results };
    writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
    const final = await site.page.evaluate(() => window.hintbench.info());
    log(`wrote ${values.out} in ${((performance.now() - t0) / 1000).toFixed(1)} s (workers replaced: ${final.workersReplaced})`);
    return 0;
  } finally {
    await site.close();
  }
}
