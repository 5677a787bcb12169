// `hintbench run` from a test: the config written to a temporary folder, the CLI run as a user
// runs it (keys in the environment only), and its results file read back through the schema.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { RunLog } from '../src/core/model/runlog.ts';
import { parseRunLog } from '../src/core/runner/export.ts';

const execute = promisify(execFile);

/** Run a config; the run must succeed, and its results file must not hold any of the keys. */
export async function runCli(config: Record<string, unknown>, env: Record<string, string>): Promise<{ log: RunLog; text: string; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-run-'));
  writeFileSync(join(dir, 'run.json'), JSON.stringify(config));
  const out = join(dir, 'results.json');
  const r = await execute('node', ['cli/hintbench.js', 'run', '--config', join(dir, 'run.json'), '--out', out], {
    env: { ...process.env, ...env },
    timeout: 280_000,
    maxBuffer: 64 << 20,
  }).then(
    (x) => ({ code: 0, ...x }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  expect(r.code, r.stderr).toBe(0);
  const text = readFileSync(out, 'utf8');
  for (const key of Object.values(env)) expect(text).not.toContain(key);
  return { log: await parseRunLog(text), text, stdout: r.stdout };
}
