// The docs anchors the profile page links to exist: its measures' metrics, the profile's section,
// the agreement measures, Talk's rank change and PrismBench's fitted skills.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROFILE_PROTOCOLS } from '../../core/profile/profile.ts';
import { requireProtocol } from '../../core/protocols/registry.ts';
import { slug } from '../docs/docs.ts';

function anchorsOf(name: string): Set<string> {
  const text = readFileSync(new URL(`../../../docs/${name}.md`, import.meta.url), 'utf8');
  const shown = (h: string) => h.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return new Set([...[...text.matchAll(/^#{2,6} (.+)$/gm)].map((m) => slug(shown(m[1]!))), ...[...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!)]);
}

describe('the profile page’s docs links', () => {
  it('lead to headings or anchors that exist', () => {
    const metrics = anchorsOf('metrics');
    const measureAnchors = PROFILE_PROTOCOLS.flatMap((id) => requireProtocol(id).metrics.columns.map((c) => c.anchor));
    for (const a of [
      ...measureAnchors,
      'model-profile',
      'kendall-tau',
      'spearmans-footrule',
      'talk-ranking-and-rank-change',
      'exporting-a-figure',
      'the-profile-page',
    ])
      expect(metrics.has(a), a).toBe(true);
    expect(anchorsOf('prism').has('reading-the-map-the-fitted-skills')).toBe(true);
  });
});
