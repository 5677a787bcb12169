// What `hintbench study` adds for a model profile: the shipped profile study (`--preset
// profile`, docs/studies/profile.json), the runs of an earlier study in the same folder that
// can be kept (resume). The profile printed after the runs' own reports is report.ts's.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunLog } from '../src/core/model/runlog.ts';
import type { CliConfig } from './run.ts';
import { runConfigOf } from './run.ts';
import { readRunLogFile } from './runlog-file.ts';

/** The study configurations shipped with hintbench, by preset name. */
export const STUDY_PRESETS: Record<string, string> = {
  profile: fileURLToPath(new URL('../docs/studies/profile.json', import.meta.url)),
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An earlier run of this setting that a resumed study keeps: its file exists and reads, it has
 * the setting's name and protocol, the same seed and repeats, every parameter the setting gives
 * with the same value, and no item still queued or running. Null otherwise (the setting runs
 * again and its file is replaced).
 */
export async function finishedRun(file: string, config: CliConfig): Promise<RunLog | null> {
  if (!existsSync(file)) return null;
  let log: RunLog;
  try {
    log = await readRunLogFile(file);
  } catch {
    return null;
  }
  const rc = runConfigOf(config);
  const m = log.manifest;
  if (m.name !== rc.name || m.protocol.id !== rc.protocol) return null;
  if (rc.settings?.seed !== undefined && m.settings.seed !== rc.settings.seed) return null;
  if (rc.settings?.repeats !== undefined && m.settings.repeats !== rc.settings.repeats) return null;
  if (Object.entries(rc.params ?? {}).some(([k, v]) => !same(m.params[k], v))) return null;
  if (log.items.some((i) => i.status === 'queued' || i.status === 'running')) return null;
  return log;
}
