// A study (docs/formats.md): a main configuration and its settings, each a run of its own. The
// CLI (`hintbench study`) and the Run page's study presets read one the same way here.
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';
import type { AnyProtocol } from '../protocols/contract.ts';
import { canWorkOn, needsDataset } from '../protocols/work.ts';
import { requireProtocol } from '../protocols/registry.ts';
import type { RunSettings } from '../model/runlog.ts';
import { SETTING_KEYS } from './settings.ts';

/** A setting of a study: what it changes from the main configuration. */
export interface StudySetting {
  name: string;
  protocol?: string;
  params?: Readonly<Record<string, unknown>>;
  feedback?: unknown;
  roles?: Readonly<Record<string, unknown>>;
  templates?: Readonly<Record<string, string>>;
}

/** The fields of a study configuration the merge reads (the CLI's config has more). */
export interface StudyShape {
  name?: string;
  dataset?: string;
  subset?: string;
  instances?: readonly string[];
  protocol?: string;
  params?: Readonly<Record<string, unknown>>;
  feedback?: unknown;
  judge?: unknown;
  roles?: Readonly<Record<string, unknown>>;
  templates?: Readonly<Record<string, string>>;
  settings?: readonly StudySetting[];
}

const withoutData = <T extends Pick<StudyShape, 'dataset' | 'subset' | 'instances'>>({ dataset: _d, subset: _s, instances: _i, ...rest }: T) => rest;

/**
 * The main configuration followed by one configuration per setting (each overriding what it
 * names). A setting that changes the protocol inherits only the parameters and supporting
 * roles that protocol has; a protocol that makes its own problems takes no data.
 */
export function studySettings<T extends StudyShape>(config: T, defaultProtocol = 'pair'): Omit<T, 'settings'>[] {
  const { settings = [], ...main } = config;
  if (settings.length === 0) throw new Error('a study needs "settings": the variations to run beside the main configuration (docs/formats.md)');
  const base = { ...main, name: main.name ?? 'Main setting' };
  return [
    base,
    ...settings.map((s) => {
      const protocol = requireProtocol(s.protocol ?? base.protocol ?? defaultProtocol);
      const own = (k: string) => (SETTING_KEYS as string[]).includes(k) || protocol.params.some((f) => f.key === k);
      const has = (role: string) => protocol.roles.some((r) => r.name === role && !r.tested);
      const inherited = Object.fromEntries(Object.entries(base.params ?? {}).filter(([k]) => own(k)));
      const roles = Object.fromEntries(Object.entries({ ...base.roles, ...s.roles }).filter(([r]) => has(r) || s.roles?.[r]));
      const feedback = s.feedback ?? (has('feedback') ? base.feedback : undefined);
      const judge = has('judge') ? base.judge : undefined;
      const { feedback: _f, judge: _j, roles: _r, ...kept } = base;
      const rest = needsDataset(protocol) ? kept : withoutData(kept);
      return {
        ...rest,
        name: s.name,
        protocol: protocol.id,
        params: { ...inherited, ...s.params },
        ...(feedback ? { feedback } : {}),
        ...(judge ? { judge } : {}),
        ...(Object.keys(roles).length ? { roles } : {}),
        ...(base.templates || s.templates
          ? { templates: { ...Object.fromEntries(Object.entries(base.templates ?? {}).filter(([name]) => name in protocol.templates)), ...s.templates } }
          : {}),
      };
    }),
  ] as Omit<T, 'settings'>[];
}

/** A configuration's `params` split into run settings and the protocol's parameters. */
export function splitParams(all: Readonly<Record<string, unknown>> = {}): { settings: Partial<RunSettings>; params: Record<string, unknown> } {
  const isSetting = (k: string) => (SETTING_KEYS as string[]).includes(k);
  return {
    settings: Object.fromEntries(Object.entries(all).filter(([k]) => isSetting(k))) as Partial<RunSettings>,
    params: Object.fromEntries(Object.entries(all).filter(([k]) => !isSetting(k))),
  };
}

/** Which of a dataset's instances or tasks a configuration takes. */
export type DataChoice = { instances?: readonly string[]; subset?: string };

/** The instances a run takes: those named (each must be in the dataset, and one the protocol can run), or the subset's usable ones. */
export function pickInstances(protocol: AnyProtocol, all: readonly Instance[], config: DataChoice): Instance[] {
  const usable = (i: Instance) => canWorkOn(protocol, i);
  let chosen: Instance[];
  if (config.instances) {
    const names = config.instances;
    const missing = names.filter((id) => !all.some((i) => i.id === id));
    if (missing.length) throw new Error(`"instances": not in the dataset: ${missing.join(', ')}`);
    const unusable = names.filter((id) => !usable(all.find((i) => i.id === id)!));
    if (unusable.length)
      throw new Error(`"instances": the ${protocol.id} protocol cannot run ${unusable.join(', ')} (they lack what it works on: docs/${protocol.docs.page}.md)`);
    chosen = all.filter((i) => names.includes(i.id));
  } else chosen = all.filter((i) => usable(i) && (!config.subset || i.subsets?.includes(config.subset) || i.tags?.includes(config.subset)));
  if (chosen.length === 0) throw new Error('no instances selected (check "subset" or "instances")');
  return chosen;
}

/** The tasks a run of a protocol that works on tasks takes: those named, or the subset's. */
export function pickTasks(all: readonly InterviewTask[], config: DataChoice): InterviewTask[] {
  let chosen: InterviewTask[] = [...all];
  if (config.instances) {
    const names = config.instances;
    const missing = names.filter((id) => !all.some((t) => t.id === id));
    if (missing.length) throw new Error(`tasks not in the dataset: ${missing.join(', ')}`);
    chosen = all.filter((t) => names.includes(t.id));
  } else if (config.subset) chosen = all.filter((t) => t.subsets?.includes(config.subset!) || t.tags.includes(config.subset!));
  if (chosen.length === 0) throw new Error('no tasks selected (check "subset" or "instances")');
  return chosen;
}
