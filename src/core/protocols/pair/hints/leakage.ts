// The leakage validator: a deterministic check that a hint stays inside its level's boundary.
// It rejects code or pseudocode (any level), code locations below L4, repair directions below
// L6, and (shared/leakage.ts) hidden test data quoted verbatim and lines of the reference program.
// Every check reads the hint as shared/leakage.ts normalises it (invisible characters and all).
import type { Instance } from '../../../model/instance.ts';
import { normalizeForMatching, protectedLeaks, visibleText } from '../../shared/leakage.ts';
import { LEVELS, type HintLevel } from '../../shared/hint-levels.ts';

export { hiddenData, protectedLeaks, VERBATIM_MIN } from '../../shared/leakage.ts';

export type LeakKind = 'code' | 'location' | 'direction' | 'hidden-data' | 'reference';

export interface Leak {
  kind: LeakKind;
  /** What was found, for the rejection log. */
  detail: string;
}

export interface Verdict {
  ok: boolean;
  leaks: Leak[];
}

const CODE_PATTERNS: [RegExp, string][] = [
  [/```/, 'a code fence'],
  [/`[^`\n]*[=()[\]<>+*/%:][^`\n]*`/, 'inline code'],
  [/^\s*(for|while|if|elif|def|return|print|import)\b[^\n]*[:(]\s*$/m, 'a Python statement'],
  [/\b[A-Za-z_]\w*\s*(\+=|-=|\*=|\/\/=|=(?!=))\s*[\w([-]/, 'an assignment'],
  [/\b[A-Za-z_]\w*\s*(<=|>=|==|!=)\s*[\w(-]/, 'a comparison written as code'],
  [/\b(range|len|print|sorted|min|max|int|sum|append)\s*\([^)]*\)/, 'a function call'],
  [/\b[A-Za-z_]\w*\[[^\]\s]*\]/, 'an indexing expression'],
  [/\bset\s+\w+\s+to\b|\bfor each\b[^.]*\bdo\b|\bif\b[^.]*\bthen\b|\bend (if|for|while)\b/i, 'pseudocode'],
];

const LOCATION_PATTERNS: [RegExp, string][] = [
  [/\blines?\s*\d+/i, 'a line number'],
  [/\bL\d+\b|:\d+\b/, 'a line reference'],
  [/\b(first|second|third|last|inner|outer|main|nested)\s+(loop|condition|branch|function)\b/i, 'a named region'],
  [/\bthe\s+(loop|if|else|elif|while|for)\s+(header|body|statement|branch|block|condition)\b/i, 'a named region'],
  [/\b(loop|function|branch|condition|statement)\s+(that|which)\s+(starts|begins|updates|checks|reads|computes)\b/i, 'a described region'],
  [/\bin (your|the) (code|program) (near|around|at)\b/i, 'a region of the code'],
];

const IMPERATIVE =
  'revise|rework|rewrite|replace|swap|adjust|modify|insert|delete|remove|add|change|increase|decrease|extend|shorten|initiali[sz]e|reset|move|use|start|keep|make|compare|sort|loop|iterate|return|print|check|handle|include|exclude|skip|stop|break';

const DIRECTION_PATTERNS: [RegExp, string][] = [
  [new RegExp(`(^|[.!?;:]\\s+|\\n\\s*)(${IMPERATIVE}|do not|don't|never|try)\\b`, 'i'), 'an instruction'],
  [/\binstead\b/i, 'a replacement'],
  [
    new RegExp(`\\b(you|we|it|the (program|solution|code))\\s+(should|must|need to|needs to|has to|have to|can|could)\\s+(${IMPERATIVE})\\b`, 'i'),
    'an instruction',
  ],
  [/\b(should|must|needs? to) be (changed|replaced|removed|added|initiali[sz]ed|set|moved|swapped|rewritten|sorted)\b/i, 'an instruction'],
  [/(?<!\boff )\bby one\b|\bplus one\b|\bminus one\b|[+-]\s?1\b/i, 'an exact adjustment'],
];

/** Names defined or used in a program (identifiers of 3+ characters, not keywords or builtins). */
function identifiers(code: string): Set<string> {
  const common = new Set([
    'for',
    'while',
    'if',
    'elif',
    'else',
    'def',
    'return',
    'print',
    'import',
    'from',
    'and',
    'not',
    'the',
    'int',
    'str',
    'len',
    'range',
    'input',
    'sys',
    'main',
    'True',
    'False',
    'None',
    'list',
    'set',
    'map',
    'sum',
    'min',
    'max',
    'sorted',
    'split',
    'strip',
    'append',
    'data',
    'read',
    'stdin',
    'line',
    'lines',
    'value',
    'values',
    'count',
    'total',
    'answer',
    'result',
    'out',
    'pos',
    'key',
    'item',
    'items',
  ]);
  return new Set((code.match(/\b[A-Za-z_]\w{2,}\b/g) ?? []).filter((x) => !common.has(x) && /[_\d]|[a-z][A-Z]/.test(x)));
}

/** Validate a hint against a level's boundary. `code` is the candidate's current program. */
export function validateHint(hint: string, level: HintLevel, instance: Instance, code: string): Verdict {
  const visible = visibleText(hint);
  const leaks: Leak[] = [];
  const boundary = LEVELS[level].boundary;
  for (const [re, what] of CODE_PATTERNS) {
    const m = re.exec(visible);
    if (m) leaks.push({ kind: 'code', detail: `${what}: “${m[0].trim()}”` });
  }
  if (!boundary.location) {
    for (const [re, what] of LOCATION_PATTERNS) {
      const m = re.exec(visible);
      if (m) leaks.push({ kind: 'location', detail: `${what}: “${m[0]}”` });
    }
    const named = [...identifiers(code)].find((name) => new RegExp(`\\b${name}\\b`).test(visible));
    if (named) leaks.push({ kind: 'location', detail: `names the program's variable “${named}”` });
    const said = normalizeForMatching(visible);
    const quoted = code
      .split('\n')
      .map(normalizeForMatching)
      .find((l) => l.length >= 10 && said.includes(l));
    if (quoted) leaks.push({ kind: 'location', detail: `quotes the program: “${quoted}”` });
  }
  if (!boundary.direction) {
    for (const [re, what] of DIRECTION_PATTERNS) {
      const m = re.exec(visible);
      if (m) leaks.push({ kind: 'direction', detail: `${what}: “${m[0]}”` });
    }
  }
  leaks.push(...protectedLeaks(visible, instance, code));
  return { ok: leaks.length === 0, leaks };
}
