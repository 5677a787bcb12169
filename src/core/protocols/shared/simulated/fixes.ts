// What kind of change a fix hunk makes (a wrong comparison, an off-by-one bound, a missing
// special case, ...) and where it sits in the candidate's code. The rule-based feedback model
// turns these into words; nothing here is shown to a candidate as code.
import type { Hunk } from '../../../text/diff.ts';

export type FixKind =
  | 'compare' // a comparison operator (ties, strictness)
  | 'condition' // a condition that misses or wrongly includes cases
  | 'guard' // a missing special case
  | 'extreme' // min vs max, or which extreme is kept
  | 'bound' // a range, size or index off by one
  | 'iteration' // a loop over the wrong range, in the wrong direction, or run once instead of repeated
  | 'init' // a starting value
  | 'early-exit' // stopping too early (break/return), or not at all
  | 'order' // the order things are considered in: sort keys, tie-breaks
  | 'format' // how the answer is printed
  | 'arithmetic' // how a quantity is computed
  | 'variable' // one quantity used where another is meant
  | 'update'; // a step that keeps some state up to date, missing or wrong

const TOKEN = /\d+(?:\.\d+)?|[A-Za-z_]\w*|==|!=|<=|>=|\/\/|\*\*|[-+*/%<>=()[\]{}:,.]|"[^"]*"|'[^']*'/g;
export const pyTokens = (text: string) => text.match(TOKEN) ?? [];

/** Tokens removed and added between two texts (a multiset difference). */
function tokenChange(before: string, after: string): { removed: string[]; added: string[] } {
  const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const a = count(pyTokens(before));
  const b = count(pyTokens(after));
  const removed: string[] = [];
  const added: string[] = [];
  for (const [t, n] of a) for (let i = b.get(t) ?? 0; i < n; i++) removed.push(t);
  for (const [t, n] of b) for (let i = a.get(t) ?? 0; i < n; i++) added.push(t);
  return { removed, added };
}

const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**']);
const LITERALS = new Set(['None', 'True', 'False', 'inf', 'float', '{', '}', '[', ']', '(', ')', '*', '**', '-', ',', '.', 'math']);
const CONDITION_WORDS = new Set(['and', 'or', 'not', 'in', 'is', 'None', '(', ')', '[', ']', ':', '.', ',']);
const isNumber = (t: string) => /^\d/.test(t);
const isName = (t: string) => /^[A-Za-z_]/.test(t);
const isLiteral = (t: string) => isNumber(t) || /^["']/.test(t) || LITERALS.has(t);
const only = (xs: string[], pred: (t: string) => boolean) => xs.length > 0 && xs.every(pred);
const keyword = (line: string) => /^\s*(if|elif|else|while|for|return)\b/.exec(line)?.[1] ?? '';

export function classifyHunk(before: string[], hunk: Hunk): FixKind {
  const oldLines = before.slice(hunk.start, hunk.start + hunk.removed);
  const old = oldLines.join('\n');
  const now = hunk.added.join('\n');
  const { removed, added } = tokenChange(old, now);
  const changed = [...removed, ...added];
  const has = (...names: string[]) => changed.some((t) => names.includes(t));
  if (changed.length === 0) return 'order'; // the same pieces, rearranged
  const branchEdited = oldLines.some((l) => ['if', 'elif', 'while'].includes(keyword(l)));
  const newBranch = hunk.added.some((l) => ['if', 'elif', 'else'].includes(keyword(l)) && !oldLines.some((o) => o.trim() === l.trim()));
  if ((newBranch && !branchEdited) || (added.includes('if') && added.includes('else') && !branchEdited)) return 'guard';
  const [oldKey, newKey] = [keyword(oldLines[0] ?? ''), keyword(hunk.added[0] ?? '')];
  if (oldKey && newKey && oldKey !== newKey && [oldKey, newKey].every((k) => ['if', 'while'].includes(k))) return 'iteration';
  if (has('break', 'continue', 'exit') || (has('return') && !has('if'))) return 'early-exit';
  if (only(changed, (t) => COMPARISONS.has(t)) || (has('bisect_left') && has('bisect_right'))) return 'compare';
  if (has('sort', 'sorted', 'key', 'reverse', 'lambda') || (/\b(sort|sorted)\b|key=/.test(old) && only(changed, (t) => isNumber(t) || isName(t))))
    return 'order';
  if (has('min', 'max')) return 'extreme';
  if (has('print', 'format', 'round', 'join', 'sep', 'end') || changed.some((t) => /^["'].*[%{:].*["']$/.test(t))) return 'format';
  const assignment = /^\s*[A-Za-z_][\w, ]*=[^=]/.test(old);
  const offset = (text: string, nums: string[]) => nums.some((n) => isNumber(n) && new RegExp(`[\\w)\\]]\\s*[-+]\\s*${n}\\b`).test(text));
  const offByOne = offset(old, removed) || offset(now, added);
  if (assignment && !offByOne && only(removed, isLiteral) && added.every(isLiteral)) return 'init';
  if (only(changed, (t) => isNumber(t) || t === '+' || t === '-' || t === '(' || t === ')') && changed.includes('1')) return 'bound';
  if ((oldKey === 'for' || oldKey === 'while') && /\brange\b/.test(old + now)) return 'iteration';
  if (
    (branchEdited || /\b(and|or)\b/.test(old)) &&
    only(changed, (t) => COMPARISONS.has(t) || CONDITION_WORDS.has(t) || isName(t) || isNumber(t) || ARITHMETIC.has(t))
  )
    return 'condition';
  if (assignment && only(removed, isLiteral)) return 'init';
  if (changed.some((t) => ARITHMETIC.has(t)) && only(changed, (t) => ARITHMETIC.has(t) || isName(t) || isNumber(t) || t === '(' || t === ')'))
    return 'arithmetic';
  if (removed.length === 1 && added.length === 1 && isName(removed[0]!) && isName(added[0]!)) return 'variable';
  return 'update';
}

/** The kind of code a line is, for naming a region ("the loop header", "the condition"). */
export function regionName(line: string): string {
  const s = line.trim();
  if (/^for\b/.test(s)) return 'the loop header';
  if (/^while\b/.test(s)) return 'the loop condition';
  if (/^(if|elif)\b/.test(s)) return 'the condition';
  if (/^else\b/.test(s)) return 'the else branch';
  if (/^return\b/.test(s)) return 'the value returned';
  if (/^(break|continue)\b/.test(s)) return 'the early exit';
  if (/\bprint\s*\(/.test(s)) return 'the output statement';
  if (/\b(sort|sorted)\b/.test(s)) return 'the sorting step';
  if (/^def\b/.test(s)) return 'the function definition';
  if (/^[A-Za-z_][\w, ]*[-+*/%]?=[^=]/.test(s)) return 'the assignment';
  return 'the statement';
}

const indent = (line: string) => line.length - line.trimStart().length;

/** The nearest enclosing block header (def/for/while/if) above a line, 1-based, if any. */
export function enclosingBlock(lines: string[], index: number): { line: number; name: string } | null {
  const target = lines[index] ?? lines[index - 1] ?? '';
  const depth = target.trim() ? indent(target) : Infinity;
  for (let i = Math.min(index, lines.length) - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (!l.trim() || indent(l) >= depth) continue;
    const s = l.trim();
    if (/^def\b/.test(s)) return { line: i + 1, name: 'the function' };
    if (/^(for|while)\b/.test(s)) return { line: i + 1, name: 'the loop' };
    if (/^(if|elif|else)\b/.test(s)) return { line: i + 1, name: 'the branch' };
  }
  return null;
}
