// Locating and (re)building the site the headless runner drives.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(PROJECT_ROOT, 'dist');
const SOURCES = [
  'src',
  'workers',
  'vite',
  'index.html',
  'vite.config.ts',
  'package.json',
  'docs',
  'public',
  'datasets/builtin.jsonl',
  'datasets/interview.jsonl',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Why the site must be built first, or null when dist/ is up to date. */
export function buildReason(): string | null {
  const marker = join(DIST, 'index.html');
  if (!existsSync(marker)) return 'no build found in dist/';
  const built = statSync(marker).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(join(PROJECT_ROOT, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** Build the site into dist/ when it is missing or older than its sources. */
export async function ensureBuilt(log: (line: string) => void, force = false): Promise<void> {
  const reason = force ? 'rebuild requested' : buildReason();
  if (!reason) return;
  log(`building the site (${reason})…`);
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, configFile: join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
