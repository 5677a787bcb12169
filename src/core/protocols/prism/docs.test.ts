// The docs a Prism view links to exist: every metric's anchor and the leaderboard's in
// docs/metrics.md, and every link of docs/prism.md to a heading of the docs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slug } from '../../../ui/docs/docs.ts';
import { PRISM_COLUMNS, PRISM_LEADERBOARD } from './summary.ts';
import { prismEstimate } from './estimate.ts';

const read = (name: string) => readFileSync(new URL(`../../../../docs/${name}.md`, import.meta.url), 'utf8');
const anchors = (name: string) => {
  const text = read(name);
  return new Set([...text.matchAll(/^#+\s+(.*)$/gm)].map((m) => slug(m[1]!)).concat([...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]!)));
};

describe('the docs Prism links to', () => {
  it('has every metric, leaderboard and estimate anchor in metrics.md', () => {
    const metrics = anchors('metrics');
    const wanted = [
      ...PRISM_COLUMNS.map((c) => c.anchor),
      PRISM_LEADERBOARD.docs,
      PRISM_LEADERBOARD.ranksDocs,
      prismEstimate({ instances: [], models: {}, params: {}, repeats: 1, templates: {}, prices: {} }).docs!,
      'structure',
      'concept-combinations',
      'diagnostics',
    ];
    for (const a of wanted) expect(metrics.has(a), a).toBe(true);
  });

  it('links from prism.md to headings that exist', () => {
    const links = [...read('prism').matchAll(/\]\((\w+)\.md#([\w-]+)\)/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const [doc, anchor] of links) expect(anchors(doc).has(anchor), `${doc}.md#${anchor}`).toBe(true);
  });
});
