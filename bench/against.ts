// `--against <commit>`: the build of an earlier commit, measured side by side with this one.
// The commit is checked out in a worktree of its own under /tmp (sharing this checkout's
// node_modules) and built there once; later runs reuse that build.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../cli/site.ts';

export interface AgainstBuild {
  /** The commit as given, and its full hash. */
  commit: string;
  sha: string;
  dist: string;
}

/** The value after `--against` on the command line, or null. */
export function againstArg(argv = process.argv): string | null {
  const at = argv.indexOf('--against');
  if (at < 0) return null;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error('--against needs a commit');
  return value;
}

/** Check out and build `commit` (once), returning where its site is. */
export function buildAgainst(commit: string, log: (line: string) => void): AgainstBuild {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = `/tmp/against-${sha.slice(0, 12)}`;
  if (!existsSync(dir)) {
    log(`checking out ${commit} (${sha.slice(0, 12)}) in ${dir}…`);
    git('worktree', 'add', '--detach', dir, sha);
  }
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) symlinkSync(realpathSync(join(PROJECT_ROOT, 'node_modules')), modules);
  const dist = join(dir, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    log(`building ${commit} in ${dir}…`);
    const built = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`the build of ${commit} failed`);
  }
  return { commit, sha, dist };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

/** Per name, this build's value, the earlier build's and their ratio (this ÷ earlier). */
export function sideBySide(current: Record<string, number>, against: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(current).map((name) => [name, { current: current[name]!, against: against[name] ?? null, ratio: ratio(current[name]!, against[name] ?? 0) }]),
  );
}

/** The same as a table, one row per name (for the log). */
export function sideBySideTable(title: string, current: Record<string, number>, against: Record<string, number>, commit: string): string {
  const rows = Object.entries(sideBySide(current, against)).map(
    ([name, v]) => `  ${name.padEnd(30)} ${String(v.current).padStart(9)} ${String(v.against ?? '—').padStart(9)} ${String(v.ratio ?? '—').padStart(7)}`,
  );
  const label = commit.length > 9 ? commit.slice(0, 9) : commit;
  return [title, `  ${''.padEnd(30)} ${'this'.padStart(9)} ${label.padStart(9)} ${'ratio'.padStart(7)}`, ...rows].join('\n');
}
