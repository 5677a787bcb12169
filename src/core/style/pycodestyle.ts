// Readability as When Benchmarks Talk measures it (A.11): the number of pycodestyle (PEP 8)
// violations in a program. hintbench counts them with Ruff's WebAssembly build, whose E and W
// rules are pycodestyle's, configured as pycodestyle's defaults (79-character lines, its default
// ignore list). Ruff reads the program's text; nothing is executed. The loaders (src/style/)
// give this module an initialised Ruff; everything here is plain TypeScript.

/** One program's style: pycodestyle-rule violations, by Ruff's rule name. */
export interface StyleReport {
  /** What counted them, e.g. "ruff 0.16.9 (pycodestyle rules E, W)". */
  tool: string;
  violations: number;
  /** Violations per rule (Ruff's rule names, e.g. "missing-whitespace-around-operator"). */
  rules: Record<string, number>;
  /** Set when the program does not parse (its style is still counted where Ruff can read it). */
  syntaxError?: string;
}

export interface StyleChecker {
  readonly tool: string;
  check(code: string): StyleReport;
}

/** pycodestyle's DEFAULT_IGNORE: the checks it leaves off unless asked. */
export const PYCODESTYLE_DEFAULT_IGNORE = ['E121', 'E123', 'E126', 'E226', 'E24', 'E704', 'W503', 'W504'];

/**
 * Ruff's settings for pycodestyle's rules. Most of them (E1, E2, E3) are preview rules in Ruff,
 * so preview is on; Ruff then names each diagnostic by its rule name rather than its code.
 */
export const PYCODESTYLE_SETTINGS = {
  'line-length': 79,
  lint: { select: ['E', 'W'], ignore: PYCODESTYLE_DEFAULT_IGNORE, preview: true },
};

/** The part of Ruff's WebAssembly module this needs (`@astral-sh/ruff-wasm-web`, initialised). */
export interface RuffModule {
  Workspace: {
    new (options: unknown, encoding: number): { check(contents: string): { code: string | null; message: string }[] };
    version(): string;
  };
  PositionEncoding: { Utf16: number };
}

const SYNTAX = 'invalid-syntax';

/** A style checker over an initialised Ruff. */
export function ruffStyleChecker(ruff: RuffModule): StyleChecker {
  const workspace = new ruff.Workspace(PYCODESTYLE_SETTINGS, ruff.PositionEncoding.Utf16);
  const tool = `ruff ${ruff.Workspace.version()} (pycodestyle rules E, W)`;
  return {
    tool,
    check(code) {
      const rules: Record<string, number> = {};
      let violations = 0;
      let syntaxError: string | undefined;
      for (const d of workspace.check(code)) {
        const name = d.code ?? 'unnamed';
        if (name === SYNTAX) {
          syntaxError ??= d.message;
          continue;
        }
        rules[name] = (rules[name] ?? 0) + 1;
        violations++;
      }
      return { tool, violations, rules, ...(syntaxError ? { syntaxError } : {}) };
    },
  };
}
