// The protocols' boundaries, read from the source tree: nothing outside the protocol folders
// (src/core/protocols/, src/ui/protocols/) names PAIR's folder, and no protocol's folder imports
// another's: the engine reaches a protocol through its registry entry, and code two protocols
// use lives in src/core/protocols/shared/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '../../..');
const PROTOCOL_ROOTS = ['src/core/protocols/', 'src/ui/protocols/'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|js|svelte)$/.test(name)) out.push(path);
  }
  return out;
}

const FILES = [...sources('src'), ...sources('cli')];
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The protocol folder a file lies in (pair, talk, …), or null (outside them, or in shared/ or beside the folders). */
function protocolOf(path: string): string | null {
  for (const root of PROTOCOL_ROOTS) {
    if (!path.startsWith(root)) continue;
    const rest = path.slice(root.length).split('/');
    return rest.length > 1 && rest[0] !== 'shared' ? rest[0]! : null;
  }
  return null;
}

/** The relative specifiers a file imports, exports from, or loads (dynamic import, new URL). */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)(['"`])(\.{1,2}\/[^'"`]*)\1/g);
  return [...found].map((m) => m[2]!);
}

describe('protocol boundaries', () => {
  it('finds the source tree and the protocol folders', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(new Set(FILES.map(protocolOf).filter(Boolean))).toEqual(new Set(['pair', 'talk', 'prism', 'interview']));
  });

  it('nothing outside the protocol folders names PAIR’s folder (it is reached through the registry)', () => {
    const outside = FILES.filter((f) => !PROTOCOL_ROOTS.some((r) => f.startsWith(r)));
    expect(outside.filter((f) => text(f).includes('protocols/pair/'))).toEqual([]);
  });

  it('no protocol folder imports another protocol’s folder (shared code lives in shared/)', () => {
    const crossings: string[] = [];
    for (const file of FILES) {
      const own = protocolOf(file);
      if (!own) continue;
      for (const spec of specifiers(text(file))) {
        const target = posix.normalize(posix.join(posix.dirname(file), spec));
        const other = protocolOf(target);
        if (other && other !== own) crossings.push(`${file} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('reads a crossing when there is one', () => {
    const file = 'src/core/protocols/talk/simulated/user.ts';
    const target = posix.normalize(posix.join(posix.dirname(file), specifiers("import { x } from '../../pair/hints/evidence.ts';")[0]!));
    expect([protocolOf(file), protocolOf(target)]).toEqual(['talk', 'pair']);
    expect(relative(ROOT, join(ROOT, target)).split(sep).join('/')).toBe('src/core/protocols/pair/hints/evidence.ts');
  });
});
