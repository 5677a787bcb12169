import { describe, expect, it } from 'vitest';
import type { FailType, Shape } from '../../model/outcome.ts';
import { buildScenarios, prioritize, stableHash, traceHash, type FailingTest } from './scenarios.ts';

const t = (testId: string, trace: number[], shape: Shape | undefined, failType: FailType): FailingTest => ({ testId, trace, shape, failType });

describe('stableHash', () => {
  it('is FNV-1a 64-bit (published test vectors)', () => {
    expect(stableHash('')).toBe('cbf29ce484222325');
    expect(stableHash('a')).toBe('af63dc4c8601ec8c');
    expect(stableHash('foobar')).toBe('85944171f73967e8');
  });
  it('hashes a trace as a set of lines', () => {
    expect(traceHash([3, 1, 2, 1])).toBe(traceHash([1, 2, 3]));
    expect(traceHash([1, 2])).not.toBe(traceHash([1, 2, 3]));
  });
});

describe('buildScenarios', () => {
  it('keeps the full signature when it gives few, large enough groups', () => {
    const failing = [
      t('a', [1, 2, 3], 'single-token', 'value'),
      t('b', [1, 2, 3], 'single-token', 'value'),
      t('c', [3, 2, 1], 'single-token', 'value'),
      t('d', [1, 2, 4], 'single-token', 'value'),
      t('e', [1, 2, 4], 'single-token', 'value'),
      t('f', [1, 2, 4], 'single-token', 'value'),
      t('g', [1, 2, 4], 'single-token', 'runtime-error:IndexError'),
      t('h', [1, 2, 4], 'single-token', 'runtime-error:IndexError'),
      t('i', [1, 2, 4], 'single-token', 'runtime-error:IndexError'),
    ];
    const { level, scenarios } = buildScenarios(failing);
    expect(level).toBe('trace+shape+failType');
    expect(scenarios.map((s) => s.testIds)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ]);
    expect(scenarios.map((s) => [s.shape, s.failType, s.traceCoverage])).toEqual([
      ['single-token', 'value', 3],
      ['single-token', 'value', 3],
      ['single-token', 'runtime-error:IndexError', 3],
    ]);
  });

  it('backs off while the median group is smaller than sMin (here to failType alone)', () => {
    const failing = [
      t('a', [1, 2, 3], 'single-token', 'value'),
      t('b', [1, 2, 3], 'single-token', 'value'),
      t('c', [1, 2, 3], 'single-token', 'value'),
      t('d', [1, 2, 4], 'single-token', 'value'),
      t('e', [1, 2, 4], 'single-token', 'value'),
      t('f', [1, 2, 4], 'single-token', 'runtime-error:IndexError'),
      t('g', [1, 5], 'empty', 'line-count'),
      t('h', [1, 5], 'empty', 'line-count'),
    ];
    // full: sizes 3,2,1,2 (median 2); shape+failType: 5,1,2 (median 2); failType: 5,1,2 (last level)
    const { level, scenarios } = buildScenarios(failing);
    expect(level).toBe('failType');
    expect(scenarios.map((s) => [s.failType, s.testIds.join(''), s.traceCoverage])).toEqual([
      ['value', 'abcde', 4],
      ['runtime-error:IndexError', 'f', 3],
      ['line-count', 'gh', 2],
    ]);
    expect(scenarios.every((s) => s.shape === undefined)).toBe(true);
  });

  it('backs off when there are more than kMax groups', () => {
    const failing = Array.from({ length: 21 }, (_, i) => t(`t${i}`, [1, 10 + (i % 7)], 'grid', 'token-count'));
    const { level, scenarios } = buildScenarios(failing); // 7 traces × 3 tests: 7 > 6 groups
    expect(level).toBe('shape+failType');
    expect(scenarios).toHaveLength(1);
    expect(scenarios[0]).toMatchObject({ shape: 'grid', failType: 'token-count', traceCoverage: 8 });
    expect(buildScenarios(failing, { kMax: 7, sMin: 3 }).level).toBe('trace+shape+failType');
  });

  it('gives deterministic ids that depend on the level and key only', () => {
    const failing = [t('a', [1], 'single-token', 'value'), t('b', [1], 'single-token', 'value'), t('c', [1], 'single-token', 'value')];
    const first = buildScenarios(failing).scenarios[0]!;
    const again = buildScenarios([...failing].reverse()).scenarios[0]!;
    expect(again.id).toBe(first.id);
    expect(first.id).toBe(stableHash(`trace+shape+failType|${traceHash([1])}|single-token|value`));
  });

  it('gives no scenarios when nothing fails', () => {
    expect(buildScenarios([])).toEqual({ level: 'trace+shape+failType', scenarios: [] });
  });
});

describe('prioritize', () => {
  const scenario = (id: string, testIds: string[], traceCoverage: number) => ({
    id,
    level: 'failType' as const,
    testIds,
    failType: 'value' as const,
    traceCoverage,
  });
  it('orders by currently failing tests, then trace coverage, then id', () => {
    const s = [scenario('b', ['1', '2'], 5), scenario('a', ['3', '4'], 5), scenario('c', ['5', '6', '7'], 9), scenario('d', ['8'], 1)];
    const failing = new Set(['1', '2', '3', '4', '5', '8']);
    // failing counts: b 2, a 2, c 1, d 1; b/a tie on coverage 5 → id; c/d → coverage 9 > 1
    expect(prioritize(s, failing).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
