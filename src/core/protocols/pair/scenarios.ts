// Failure scenarios (PAIR §IV): failing tests grouped by the signature
// (reference trace, expected-output shape, failType), with hierarchical backoff.
import type { FailType, Shape, TestOutcome } from '../../model/outcome.ts';

/** A failing test with what the signature needs. */
export interface FailingTest {
  testId: string;
  /** Lines of the reference program this test executes. */
  trace: readonly number[];
  /** Shape of the expected output (undefined for unittest tests). */
  shape: Shape | undefined;
  failType: FailType;
}

/** Which signature the grouping settled on. */
export type GroupingLevel = 'trace+shape+failType' | 'shape+failType' | 'failType';

export interface Scenario {
  /** Deterministic: a hash of the grouping level and the signature key. */
  id: string;
  level: GroupingLevel;
  testIds: string[];
  /** Set when the level keeps them (shape and failType are shared by the whole group). */
  shape?: Shape;
  failType: FailType;
  /** Distinct reference lines executed across the group's tests. */
  traceCoverage: number;
}

export interface ScenarioOptions {
  /** Most groups before backing off (default 6). */
  kMax: number;
  /** Smallest median group size before backing off (default 3). */
  sMin: number;
}

export const DEFAULT_SCENARIO_OPTIONS: ScenarioOptions = { kMax: 6, sMin: 3 };

export interface Grouping {
  level: GroupingLevel;
  scenarios: Scenario[];
}

/** FNV-1a, 64-bit, as 16 hex digits: a stable, fast hash for ids and trace keys. */
export function stableHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export function traceHash(lines: readonly number[]): string {
  return stableHash([...new Set(lines)].sort((a, b) => a - b).join(','));
}

function keyOf(test: FailingTest, level: GroupingLevel, traceKey: string): string {
  const rest = `${test.shape ?? '-'}|${test.failType}`;
  if (level === 'trace+shape+failType') return `${traceKey}|${rest}`;
  return level === 'shape+failType' ? rest : test.failType;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function groupAt(tests: readonly FailingTest[], traceKeys: string[], level: GroupingLevel): Scenario[] {
  const groups = new Map<string, number[]>();
  tests.forEach((t, i) => {
    const key = keyOf(t, level, traceKeys[i]!);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  return [...groups].map(([key, members]) => {
    const first = tests[members[0]!]!;
    const lines = new Set<number>();
    for (const m of members) for (const line of tests[m]!.trace) lines.add(line);
    return {
      id: stableHash(`${level}|${key}`),
      level,
      testIds: members.map((m) => tests[m]!.testId),
      ...(level !== 'failType' && first.shape ? { shape: first.shape } : {}),
      failType: first.failType,
      traceCoverage: lines.size,
    };
  });
}

/**
 * Group failing tests into scenarios: by the full signature, backing off to
 * (shape, failType) and then failType alone while there are more than kMax groups
 * or the median group is smaller than sMin.
 */
export function buildScenarios(failing: readonly FailingTest[], options: ScenarioOptions = DEFAULT_SCENARIO_OPTIONS): Grouping {
  const traceKeys = failing.map((t) => traceHash(t.trace));
  const levels: GroupingLevel[] = ['trace+shape+failType', 'shape+failType', 'failType'];
  let scenarios: Scenario[] = [];
  for (const level of levels) {
    scenarios = groupAt(failing, traceKeys, level);
    const acceptable = scenarios.length <= options.kMax && (scenarios.length === 0 || median(scenarios.map((s) => s.testIds.length)) >= options.sMin);
    if (acceptable || level === 'failType') return { level, scenarios };
  }
  return { level: 'failType', scenarios };
}

/**
 * Scenarios in the order the controller attacks them: most currently failing tests
 * first, then larger trace coverage, then id.
 */
export function prioritize(scenarios: readonly Scenario[], currentlyFailing: ReadonlySet<string>): Scenario[] {
  const failingCount = (s: Scenario) => s.testIds.reduce((n, id) => n + (currentlyFailing.has(id) ? 1 : 0), 0);
  return [...scenarios].sort((a, b) => failingCount(b) - failingCount(a) || b.traceCoverage - a.traceCoverage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The failing tests of an evaluation, with their reference traces. Tests without a trace
 * (the reference itself failed on them) get an empty one.
 */
export function failingTests(outcomes: readonly TestOutcome[], traces: ReadonlyMap<string, readonly number[]>): FailingTest[] {
  return outcomes
    .filter((o) => o.outcome !== 'passed')
    .map((o) => ({ testId: o.testId, trace: traces.get(o.testId) ?? [], shape: o.shape, failType: o.failType ?? 'crashed' }));
}
