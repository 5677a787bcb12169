// Every link of the docs shown in the app leads somewhere in the app: another page of the docs
// and a heading it has, a heading of the same page, or a file shipped beside the docs. A link
// that would be a 404 in the app (a file of the repository outside docs/, a heading that is
// not there) fails here.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS, inAppHref, slug } from './docs.ts';

const read = (name: string) => readFileSync(new URL(`../../../docs/${name}.md`, import.meta.url), 'utf8');
/** Markdown without its fenced code blocks (links there are text, not links). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
/** A heading's text as the page shows it: inline code, links and emphasis reduced to their text. */
const shown = (heading: string) =>
  heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1');

/** The ids the Docs page gives a page's headings (h2–h6; a repeated heading gets -1, -2, …), and its HTML anchors. */
function anchorsOf(name: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(read(name)).matchAll(/^#{2,6} (.+)$/gm)) {
    const base = slug(shown(m[1]!));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  for (const m of prose(read(name)).matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]!); // anchors written as HTML
  return out;
}

const pages = new Set(DOCS.map((d) => d.name));

/** Why a link of a page leads nowhere in the app, or null when it is fine. */
function problem(page: string, link: string): string | null {
  if (/^(https?:|mailto:)/.test(link)) return null;
  const inApp = inAppHref(link, page);
  if (!inApp)
    return /^figures\/[\w.-]+\.svg$/.test(link) && existsSync(new URL(`../../../docs/${link}`, import.meta.url))
      ? null
      : 'not a page, heading or file of the docs the app has';
  if (inApp.startsWith('docs/')) return existsSync(new URL(`../../../${inApp}`, import.meta.url)) ? null : `${inApp} does not exist`;
  const [, target, anchor] = /^#\/docs\/([\w-]+)(?:\/(.+))?$/.exec(inApp)!;
  if (!pages.has(target!)) return `${target}.md is not one of the app's docs`;
  if (anchor && !anchorsOf(target!).has(anchor)) return `${target}.md has no heading "${anchor}"`;
  return null;
}

describe('the docs’ links in the app', () => {
  it.each(DOCS.map((d) => d.name))('%s.md: every link and anchor resolves', (page) => {
    const links = [...prose(read(page)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.map((l) => [l, problem(page, l)]).filter(([, p]) => p)).toEqual([]);
  });

  it('finds the broken ones: a file outside docs/, a missing heading, a page the app has not', () => {
    expect(problem('interview', '../datasets/README.md')).toBe('not a page, heading or file of the docs the app has');
    expect(problem('sweeps', 'formats.md#run-configuration')).toBe('formats.md has no heading "run-configuration"');
    expect(problem('formats', 'nowhere.json')).toBe('docs/nowhere.json does not exist');
    expect(problem('formats', 'runlog.schema.json')).toBeNull();
  });
});
