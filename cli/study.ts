// `hintbench study`: the main configuration and each of its `settings`, run one after another on
// the same instances and models, each written to its own results file; then the comparison
// tables (Table V shared metrics, Table VI ranking stability, Table VII sensitivity).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { requireProtocol } from '../src/core/protocols/registry.ts';
import { SETTING_KEYS } from '../src/core/runner/settings.ts';
import { fullReport } from './report.ts';
import { type CliConfig, headlessRuns, readConfig, runConfigOf, runFileName, writeLog } from './run.ts';
import { finishedRun, STUDY_PRESETS } from './study-profile.ts';

/**
 * The main configuration followed by one configuration per setting (each overriding what it
 * names). A setting that changes the protocol inherits only the parameters and supporting
 * roles that protocol has; what the setting itself names is checked strictly.
 */
const withoutData = <T extends Partial<Pick<CliConfig, 'dataset' | 'subset' | 'instances'>>>({ dataset: _d, subset: _s, instances: _i, ...rest }: T) => rest;

export function studyConfigs(config: CliConfig): CliConfig[] {
  const { settings = [], ...main } = config;
  if (settings.length === 0) throw new Error('a study needs "settings": the variations to run beside the main configuration (docs/formats.md)');
  const base = { ...main, name: main.name ?? 'Main setting' };
  return [
    base,
    ...settings.map((s) => {
      const protocol = requireProtocol(s.protocol ?? base.protocol);
      const own = (k: string) => (SETTING_KEYS as string[]).includes(k) || protocol.params.some((f) => f.key === k);
      const has = (role: string) => protocol.roles.some((r) => r.name === role && !r.tested);
      const inherited = Object.fromEntries(Object.entries(base.params ?? {}).filter(([k]) => own(k)));
      const roles = Object.fromEntries(Object.entries({ ...base.roles, ...s.roles }).filter(([r]) => has(r) || s.roles?.[r]));
      const feedback = s.feedback ?? (has('feedback') ? base.feedback : undefined);
      const judge = has('judge') ? base.judge : undefined;
      const { feedback: _f, judge: _j, roles: _r, ...kept } = base;
      // A protocol that makes its own problems takes no data from the main configuration.
      const rest = protocol.workOn === 'none' ? withoutData(kept) : kept;
      return {
        ...rest,
        name: s.name,
        protocol: protocol.id,
        params: { ...inherited, ...s.params },
        ...(feedback ? { feedback } : {}),
        ...(judge ? { judge } : {}),
        ...(Object.keys(roles).length ? { roles } : {}),
        ...(base.templates || s.templates ? { templates: { ...Object.fromEntries(Object.entries(base.templates ?? {}).filter(([name]) => name in protocol.templates)), ...s.templates } } : {}),
      };
    }),
  ];
}

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
