// The PAIR paper's instance filters (Section IV), as checks over measured numbers.

export const PAPER_FILTERS = {
  minTests: 100,
  /** Buggy program's pass rate band, inclusive. */
  passRate: [0.1, 0.55] as const,
  /** Buggy program's lines of code (not blank, not only a comment), inclusive. */
  loc: [15, 80] as const,
  /** Buggy program's cyclomatic complexity, at least. */
  minComplexity: 8,
};

export interface InstanceMeasures {
  tests: number;
  buggyPassRate: number;
  buggyLoc: number;
  buggyComplexity: number;
  /** Fraction of tests the reference passes, worst of the runs. */
  referencePassRate: number;
  /** The reference produced identical output on every test in every run. */
  referenceDeterministic: boolean;
  referenceSlowestMs: number;
  timeLimitMs: number;
}

/** One line per violated filter; empty when the instance passes them all. */
export function filterViolations(m: InstanceMeasures, f = PAPER_FILTERS): string[] {
  const out: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  if (m.tests < f.minTests) out.push(`${m.tests} tests, fewer than ${f.minTests}`);
  if (m.buggyPassRate < f.passRate[0] || m.buggyPassRate > f.passRate[1]) {
    out.push(`buggy pass rate ${pct(m.buggyPassRate)} outside ${pct(f.passRate[0])}–${pct(f.passRate[1])}`);
  }
  if (m.buggyLoc < f.loc[0] || m.buggyLoc > f.loc[1]) out.push(`buggy program has ${m.buggyLoc} lines of code, outside ${f.loc[0]}–${f.loc[1]}`);
  if (m.buggyComplexity < f.minComplexity) out.push(`buggy cyclomatic complexity ${m.buggyComplexity}, below ${f.minComplexity}`);
  if (m.referencePassRate < 1) out.push(`reference passes only ${pct(m.referencePassRate)}`);
  if (!m.referenceDeterministic) out.push('reference output differs between runs');
  if (m.referenceSlowestMs > m.timeLimitMs)
    out.push(`reference's slowest test takes ${m.referenceSlowestMs.toFixed(0)} ms, over the ${m.timeLimitMs} ms limit`);
  return out;
}

/** Tags that differ only in case or a plural s ("sorting", "sortings") split one filter in two. */
export function tagClashes(instances: readonly { tags?: string[] }[]): string[] {
  const forms = new Map<string, Set<string>>();
  for (const tag of instances.flatMap((i) => i.tags ?? [])) {
    const key = tag.toLowerCase().replace(/s$/, '');
    forms.set(key, (forms.get(key) ?? new Set()).add(tag));
  }
  return [...forms.values()].filter((f) => f.size > 1).map((f) => `tags ${[...f].map((t) => `"${t}"`).join(' and ')} name one thing: use one of them`);
}
