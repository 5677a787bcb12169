// Every place the Interview protocol's numbers link to in docs/metrics.md exists there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { interview } from '../../../core/protocols/interview/interview.ts';
import { slug } from '../../docs/docs.ts';
import { REPORT_COLUMNS } from '../../../core/protocols/interview/summary.ts';
import { FIGURE_DOCS } from './series.ts';

const metrics = readFileSync(new URL('../../../../docs/metrics.md', import.meta.url), 'utf8');
const anchors = new Set([...metrics.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));

describe('the Interview protocol’s links into docs/metrics.md', () => {
  it('point at headings that exist', () => {
    const wanted = [
      ...interview.metrics.columns.map((c) => c.anchor),
      ...REPORT_COLUMNS.map((c) => c.anchor),
      'interview-cost-estimate',
      interview.metrics.presentation.docs,
      ...Object.values(FIGURE_DOCS).map((h) => h.split('/').pop()!),
    ];
    expect(wanted.filter((a) => !anchors.has(a))).toEqual([]);
  });
});
