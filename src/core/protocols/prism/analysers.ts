// The analysers' reports read as counts (Sec. 3.6.4, the diagnostic metrics): the Test
// Validator's issues by category (Listing 4's four sections), the Test Error Analyzer's errors by
// category, and the Solution Pattern Analyzer's strategy and data structures. Analyser output
// never reaches a reward, a value or the search.

/** Listing 4's issue categories, by section. */
export const VALIDATION_CATEGORIES: Record<string, readonly string[]> = {
  'missing scenarios': ['edge_case', 'boundary_values', 'performance_tests', 'error_handling'],
  'incorrect assertions': ['wrong_expectations', 'invalid_assertions', 'incomplete_checks'],
  coverage: ['path_coverage', 'condition_coverage', 'data_coverage'],
  'edge cases': ['boundary_conditions', 'corner_cases', 'special_inputs'],
};
const KNOWN_ISSUES = new Set(Object.values(VALIDATION_CATEGORIES).flat());

/** The error categories the Test Error Analyzer is asked to use. */
export const ERROR_CATEGORIES = [
  'logic_error',
  'assertion_error',
  'edge_case_error',
  'type_error',
  'index_error',
  'value_error',
  'key_error',
  'attribute_error',
  'name_error',
  'recursion_error',
  'timeout_error',
  'syntax_error',
  'import_error',
  'output_format_error',
  'order_error',
  'case_sensitivity_error',
  'performance_error',
  'setup_error',
  'unexpected_input_error',
] as const;
const KNOWN_ERRORS = new Set<string>(ERROR_CATEGORIES);

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** `- category: text` lines of a report, normalised. */
function bulletCategories(report: string): string[] {
  return [...report.matchAll(/^\s*(?:[-*•]|\d+\.)\s*\**([A-Za-z][\w -]{1,40}?)\**\s*:/gm)].map((m) => norm(m[1]!));
}

const counts = (names: readonly string[]) => {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = (out[n] ?? 0) + 1;
  return out;
};

/** The Test Validator's issues by category (Listing 4's); a category it made up counts as "other". */
export function validationIssues(report: string): Record<string, number> {
  return counts(
    bulletCategories(report)
      .map((c) => (c === 'edge_cases' ? 'edge_case' : c))
      .map((c) => (KNOWN_ISSUES.has(c) ? c : 'other')),
  );
}

/** Words that name an error category in free text, when the report has no category lines. */
const ERROR_WORDS: [RegExp, string][] = [
  [/\bAssertionError\b|\bexpected\b.*\bgot\b/i, 'assertion_error'],
  [/\bTypeError\b|wrong type/i, 'type_error'],
  [/\bIndexError\b|out of range/i, 'index_error'],
  [/\bKeyError\b/, 'key_error'],
  [/\bValueError\b/, 'value_error'],
  [/\bAttributeError\b/, 'attribute_error'],
  [/\bNameError\b|not defined/i, 'name_error'],
  [/\bRecursionError\b|recursion depth/i, 'recursion_error'],
  [/\btime ?out\b|time limit/i, 'timeout_error'],
  [/\bSyntaxError\b|IndentationError/, 'syntax_error'],
  [/\b(ModuleNotFoundError|ImportError)\b/, 'import_error'],
  [/edge case|corner case|boundary/i, 'edge_case_error'],
];

/** The Test Error Analyzer's errors by category. */
export function errorCategories(report: string): Record<string, number> {
  const named = bulletCategories(report).filter((c) => KNOWN_ERRORS.has(c));
  if (named.length) return counts(named);
  const found = ERROR_WORDS.filter(([re]) => re.test(report)).map(([, c]) => c);
  return counts(found.length ? found : ['logic_error']);
}

/** The Solution Pattern Analyzer's strategy and data structures (from its JSON; none when it wrote none). */
export function solutionPatterns(report: string): string[] {
  const start = report.indexOf('{');
  const end = report.lastIndexOf('}');
  if (start < 0 || end <= start) return [];
  try {
    const value = JSON.parse(report.slice(start, end + 1)) as { algorithm?: { strategy?: unknown }; data_structures?: unknown };
    const strategy = typeof value.algorithm?.strategy === 'string' ? [`strategy: ${value.algorithm.strategy.trim().toLowerCase()}`] : [];
    const structures = Array.isArray(value.data_structures)
      ? value.data_structures.filter((x): x is string => typeof x === 'string').map((x) => `uses: ${x.trim().toLowerCase()}`)
      : [];
    return [...strategy, ...structures].filter((x) => x.length < 80).slice(0, 12);
  } catch {
    return [];
  }
}
