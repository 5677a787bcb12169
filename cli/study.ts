// `hintbench study`: the main configuration and each of its `settings`, run one after another on
// the same instances and models, each written to its own results file; then the comparison
// tables (Table V shared metrics, Table VI ranking stability, Table VII sensitivity).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { fullReport } from './report.ts';
import { type CliConfig, headlessRun, readConfig, writeLog } from './run.ts';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'setting';

/** The main configuration followed by one configuration per setting (each overriding what it names). */
export function studyConfigs(config: CliConfig): CliConfig[] {
  const { settings = [], ...main } = config;
  if (settings.length === 0) throw new Error('a study needs "settings": the variations to run beside the main configuration (docs/formats.md)');
  const base = { ...main, name: main.name ?? 'Main setting' };
  return [
    base,
    ...settings.map((s) => ({
      ...base,
      name: s.name,
      ...(s.protocol ? { protocol: s.protocol } : {}),
      params: { ...base.params, ...s.params },
      ...(s.feedback ? { feedback: s.feedback } : {}),
      ...(s.templates ? { templates: { ...base.templates, ...s.templates } } : {}),
    })),
  ];
}

export async function studyCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { config: { type: 'string' }, out: { type: 'string' } }, strict: true });
  if (!values.config || !values.out) {
    process.stderr.write('usage: hintbench study --config study.json --out DIR\n');
    return 2;
  }
  const configs = studyConfigs(readConfig(values.config));
  mkdirSync(values.out, { recursive: true });
  const logs: RunLog[] = [];
  for (const [i, config] of configs.entries()) {
    process.stderr.write(`setting ${i + 1} of ${configs.length}: ${config.name}\n`);
    const log = await headlessRun(config);
    const file = join(values.out, `${i + 1}-${slug(config.name!)}.json`);
    writeLog(file, log);
    process.stderr.write(`wrote ${file}\n`);
    logs.push(log);
  }
  process.stdout.write(fullReport(logs));
  return 0;
}
