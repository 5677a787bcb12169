// `hintbench study`: the main configuration and each of its `settings`, run one after another on
// the same instances and models, each written to its own results file; then the comparison
// tables (Table V shared metrics, Table VI ranking stability, Table VII sensitivity).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { studySettings } from '../src/core/runner/study.ts';
import { fullReport } from './report.ts';
import { type CliConfig, headlessRuns, readConfig, runConfigOf, runFileName, writeLog } from './run.ts';
import { finishedRun, STUDY_PRESETS } from './study-profile.ts';

/** The main configuration followed by one configuration per setting (src/core/runner/study.ts). */
export const studyConfigs = (config: CliConfig): CliConfig[] => studySettings(config);

export async function studyCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { config: { type: 'string' }, preset: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const preset = values.preset === undefined ? undefined : STUDY_PRESETS[values.preset];
  if (!(values.config || preset) || (values.config && values.preset) || (values.preset !== undefined && !preset) || !values.out) {
    process.stderr.write(`usage: hintbench study (--config study.json | --preset ${Object.keys(STUDY_PRESETS).join('|')}) --out DIR\n`);
    return 2;
  }
  const configs = studyConfigs(readConfig(values.config ?? preset!));
  for (const c of configs) {
    try {
      runConfigOf(c); // every setting is checked before the first run starts
    } catch (err) {
      throw new Error(`setting "${c.name}": ${(err as Error).message}`);
    }
  }
  mkdirSync(values.out, { recursive: true });
  // One page for every setting: what the app keeps between runs is shared (a Talk study's
  // obfuscated statements are made once, for all its settings).
  // Resume: a setting whose file in DIR is a finished run of it is kept, not run again.
  const files = configs.map((c, i) => join(values.out!, runFileName(i, c.name!)));
  const logs: (RunLog | null)[] = [];
  for (const [i, c] of configs.entries()) {
    logs.push(await finishedRun(files[i]!, c));
    if (logs[i]) process.stderr.write(`kept ${files[i]} (finished earlier)\n`);
  }
  const pending = configs.map((_, i) => i).filter((i) => !logs[i]);
  if (pending.length) {
    await headlessRuns(
      pending.map((i) => configs[i]!),
      async (log, k) => {
        const i = pending[k]!;
        logs[i] = log;
        await writeLog(files[i]!, log);
        process.stderr.write(`wrote ${files[i]}\n`);
      },
    );
  }
  process.stdout.write(fullReport(logs as RunLog[]));
  return 0;
}
