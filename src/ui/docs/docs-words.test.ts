// The user documentation speaks to people who use the app and the command line: it names no file
// of the code (src/, workers/, cli/, the tests), no test file, and no call of the code's own
// functions. Those belong to the developer pages (DEVELOPER_DOCS), which say so at their top.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVELOPER_DOCS, DOCS } from './docs.ts';

const root = new URL('../../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(`docs/${name}.md`, root), 'utf8');

/** What a reader sees: no HTML comments, no link addresses (a link to another project's file is fine). */
const visible = (text: string) =>
  text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, '');

const CODE_ROOTS = ['src', 'workers', 'cli', 'e2e', 'bench', 'scripts', 'vite', 'datasets/tools'];

/** Why a page's text is for developers, line by line: code paths, test files, calls of the code's functions. */
export function developerWords(text: string): string[] {
  const found: string[] = [];
  for (const [i, line] of visible(text).split('\n').entries()) {
    const at = (what: string) => found.push(`line ${i + 1}: ${what}`);
    // A path into this repository's code (a user's own `src/model.py` in an example is not one).
    for (const m of line.matchAll(new RegExp(`(?<![\\w./-])(?:${CODE_ROOTS.join('|')})/[\\w./<>*-]*`, 'g'))) {
      const path = m[0].replace(/[<*].*$/, '').replace(/[./]+$/, '');
      if (existsSync(new URL(path, root))) at(`a path of the code, ${path}`);
    }
    for (const m of line.matchAll(/[\w./-]+\.(?:test|spec)\.(?:ts|js|py)\b/g)) at(`a test file, ${m[0]}`);
    for (const m of line.matchAll(/(?<![\w.-])[\w./-]+\.(?:ts|svelte)\b/g))
      if (!/\.(test|spec)\./.test(m[0]) && !found.some((f) => f.startsWith(`line ${i + 1}:`) && f.endsWith(m[0]))) at(`a source file, ${m[0]}`);
    // A call of one of the code's functions, by its camelCase name: `randomFor('model-profile', seed)`.
    for (const m of line.matchAll(/`[^`]*?\b([a-z]+[A-Z]\w*)\([^`]*`/g)) at(`a call in the code, ${m[1]}(…)`);
  }
  return found;
}

describe('the user docs name no code', () => {
  const userPages = DOCS.map((d) => d.name).filter((n) => !DEVELOPER_DOCS.includes(n));

  it.each(userPages)('%s.md has no code paths, test files or code calls', (page) => {
    expect(developerWords(read(page))).toEqual([]);
  });

  it('each developer page says at its top that it is for developers', () => {
    for (const page of DEVELOPER_DOCS) expect(read(page).split('\n').slice(0, 6).join('\n'), page).toMatch(/for developers/i);
  });

  it('finds what a newcomer tripped on: a source path, a test file, a call of a function of the code', () => {
    expect(developerWords("Seeded with `randomFor('model-profile', seed)`.")).toEqual(['line 1: a call in the code, randomFor(…)']);
    expect(developerWords('See src/core/profile/profile.ts.')).toContain('line 1: a path of the code, src/core/profile/profile.ts');
    expect(developerWords('Checked by `e2e/runs.spec.ts`.')).toContain('line 1: a test file, e2e/runs.spec.ts');
    expect(developerWords('the leakage check (`hints/leakage.ts`)')).toEqual(['line 1: a source file, hints/leakage.ts']);
    // Not code: a user's own project files, another project's file behind a link, a command.
    expect(developerWords('`python src/train.py --epochs 2`, [1](https://github.com/o/r/blob/x/src/a.ts), `npm run datasets:check`')).toEqual([]);
  });
});
