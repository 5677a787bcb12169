// Per-test outcomes of a version-3 run log in one character per test (docs/formats.md,
// "Outcomes"). Each distinct pair of outcome and fail type met in a log gets a code (its place in
// the log's outcome table); an evaluation of an instance's whole suite is then a string with one
// code per test, in suite order. Evaluations that do not cover the suite exactly (logs migrated
// from version 1, which kept the passing ids alone) keep the explicit lists.
import type { TestFailure } from '../model/runlog.ts';

/** Printable ASCII from '0' to '~' without the backslash: 78 codes that JSON writes as they are. */
const ALPHABET = [...Array.from({ length: 0x7e - 0x30 + 1 }, (_, i) => String.fromCharCode(0x30 + i))].filter((c) => c !== '\\');
export const MAX_CODES = ALPHABET.length;
const INDEX = new Map(ALPHABET.map((c, i) => [c, i]));

/** An entry of the outcome table: `passed`, or an outcome and its fail type, e.g. `wrong-answer value`. */
const entryOf = (f: { outcome: string; failType?: string } | null) => (f ? (f.failType === undefined ? f.outcome : `${f.outcome} ${f.failType}`) : 'passed');

export interface TestResults {
  passed: string[];
  failures?: TestFailure[];
}

/** Numbers outcome-table entries as met; `take` hands over the new ones. */
export class OutcomeWriter {
  private readonly codes = new Map<string, number>();
  private fresh: string[] = [];

  /** The results as one code per test of `suite`, or null when they do not cover it exactly or the table is full. */
  encode(results: TestResults, suite: readonly string[] | undefined): string | null {
    if (!suite || !results.failures || results.passed.length + results.failures.length !== suite.length) return null;
    const byId = new Map<string, TestFailure | null>();
    for (const id of results.passed) byId.set(id, null);
    for (const f of results.failures) byId.set(f.id, f);
    if (byId.size !== suite.length) return null;
    let out = '';
    for (const id of suite) {
      const f = byId.get(id);
      if (f === undefined) return null;
      const code = this.code(entryOf(f));
      if (code === null) return null;
      out += ALPHABET[code];
    }
    return out;
  }

  private code(entry: string): number | null {
    let n = this.codes.get(entry);
    if (n === undefined) {
      if (this.codes.size >= MAX_CODES) return null;
      n = this.codes.size;
      this.codes.set(entry, n);
      this.fresh.push(entry);
    }
    return n;
  }

  /** Continue a table stored before. */
  restore(codes: readonly string[]): void {
    if (this.codes.size) throw new Error('restore only into an empty table');
    for (const code of codes) this.codes.set(code, this.codes.size);
  }

  take(): { from: number; codes: string[] } {
    const codes = this.fresh;
    this.fresh = [];
    return { from: this.codes.size - codes.length, codes };
  }
}

/** Reads outcome strings back; equal strings of one suite give the same (shared) lists. */
export class OutcomeReader {
  private readonly entries: ({ outcome: string; failType?: string } | null)[] = [];
  private readonly cache = new Map<string, TestResults>();

  add(from: number, codes: readonly unknown[]): void {
    if (from !== this.entries.length) throw new Error(`outcome codes numbered from ${from}, but ${this.entries.length} are known`);
    for (const code of codes) {
      if (typeof code !== 'string' || !code) throw new Error(`outcome code ${this.entries.length} is not a text`);
      if (this.entries.length >= MAX_CODES) throw new Error(`more than ${MAX_CODES} outcome codes`);
      const [outcome, failType] = code.split(' ', 2) as [string, string | undefined];
      this.entries.push(outcome === 'passed' ? null : { outcome, ...(failType !== undefined ? { failType } : {}) });
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** Checks codes for a suite without building the lists (a check before storing them as they are). */
  check(tests: string, suite: readonly string[]): void {
    if (tests.length !== suite.length) throw new Error(`${tests.length} outcome codes for a suite of ${suite.length} tests`);
    for (const c of tests) {
      const n = INDEX.get(c);
      if (n === undefined || n >= this.entries.length) throw new Error(`unknown outcome code "${c}"`);
    }
  }

  decode(tests: string, suite: readonly string[], suiteKey: string): TestResults {
    const key = `${suiteKey}\u0000${tests}`;
    const known = this.cache.get(key);
    if (known) return known;
    if (tests.length !== suite.length) throw new Error(`${tests.length} outcome codes for a suite of ${suite.length} tests`);
    const passed: string[] = [];
    const failures: TestFailure[] = [];
    for (let i = 0; i < tests.length; i++) {
      const n = INDEX.get(tests[i]!);
      if (n === undefined || n >= this.entries.length) throw new Error(`unknown outcome code "${tests[i]}"`);
      const entry = this.entries[n]!;
      if (entry === null) passed.push(suite[i]!);
      else failures.push({ id: suite[i]!, ...entry } as TestFailure);
    }
    const results = { passed, failures };
    this.cache.set(key, results);
    return results;
  }
}
