import { describe, expect, it } from 'vitest';
import { layoutColumnLabels } from './column-labels.ts';

const measure = (s: string) => s.length * 6;

describe('layoutColumnLabels', () => {
  it('keeps labels across, one word a line, when neighbours have room', () => {
    const l = layoutColumnLabels(['Static', 'Code feedback', 'Paragraph'], [0, 200, 400], measure, 13);
    expect(l.upright).toBe(false);
    expect(l.tiers).toBe(1);
    expect(l.lines[1]).toEqual(['Code', 'feedback']);
    expect(l.anchors).toEqual(['start', 'middle', 'end']);
    expect(l.extent).toBe(26);
  });
  it('sets every other label a tier lower when neighbours would touch', () => {
    const l = layoutColumnLabels(['Static', 'Self-critique', 'Paragraph', 'Sentence'], [0, 60, 120, 180], measure, 13);
    expect(l.upright).toBe(false);
    expect(l.tiers).toBe(2);
    expect(l.tier).toEqual([0, 1, 0, 1]);
  });
  it('turns the labels upright when even tiers would touch', () => {
    const l = layoutColumnLabels(
      ['Static', 'Self-critique', 'Self-critique, full statement', 'Paragraph', 'Sentence', 'Code feedback'],
      [0, 30, 60, 90, 120, 150],
      measure,
      13,
    );
    expect(l.upright).toBe(true);
    expect(l.lines[2]).toEqual(['Self-critique, full statement']);
    expect(l.extent).toBe('Self-critique, full statement'.length * 6);
  });
});
