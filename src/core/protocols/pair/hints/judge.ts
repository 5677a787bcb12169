// The optional LLM-judge check. It runs after the rule-based validator has accepted a hint and
// asks a model whether the hint stays inside its level, in meaning rather than in form (the
// rule-based check cannot tell "duplicates are counted twice" from a harmless symptom). The
// judge sees the level definitions and the hint only: no tests, no reference, no code.
import type { ChatMessage } from '../../../llm/types.ts';
import { fill } from '../../contract.ts';
import { HINT_LEVELS, LEVELS, type HintLevel } from '../../shared/hint-levels.ts';

export const JUDGE_SYSTEM = `You check hints written for a programmer who is repairing a program. Each hint has a level that limits what it may reveal. You answer on the first line with PASS or FAIL, and after FAIL a colon and a short reason.`;

export const JUDGE_TEMPLATE = `The hint levels, each allowed to reveal what the levels below it reveal plus its own:
{{levels}}

A hint at level {{level}} may reveal: {{allowed}}.
It must not reveal anything that belongs only to a higher level, and at no level may it contain code, pseudocode or an exact patch.

The hint:
"""
{{hint}}
"""

Does this hint stay within level {{level}}? Answer PASS, or FAIL: reason.`;

export const JUDGE_TEMPLATES: Record<string, string> = { 'judge.system': JUDGE_SYSTEM, 'hint.judge': JUDGE_TEMPLATE };

export type JudgeVerdict = { verdict: 'pass' } | { verdict: 'fail'; reason: string } | { verdict: 'unclear'; reply: string };

/** The judge conversation for a hint at a level. */
export function judgeMessages(templates: Record<string, string>, hint: string, level: HintLevel): ChatMessage[] {
  const levels = HINT_LEVELS.map((l) => `L${l} ${LEVELS[l].name}: ${LEVELS[l].reveals}`).join('\n');
  const allowed = HINT_LEVELS.filter((l) => l <= level)
    .map((l) => LEVELS[l].reveals)
    .join('; ');
  return [
    { role: 'system', content: templates['judge.system'] ?? JUDGE_SYSTEM },
    { role: 'user', content: fill(templates['hint.judge'] ?? JUDGE_TEMPLATE, { levels, level: String(level), allowed, hint }) },
  ];
}

/** Read the judge's answer: PASS or FAIL on its first non-empty line (markdown emphasis allowed). */
export function parseVerdict(reply: string): JudgeVerdict {
  const first =
    reply
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  const plain = first.replace(/^[*_#>\s]+/, '');
  if (/^pass\b/i.test(plain)) return { verdict: 'pass' };
  const fail = /^fail\b[*_\s]*[:.,-]?\s*(.*)$/i.exec(plain);
  if (fail) {
    const rest = reply.slice(reply.indexOf(first) + first.length).trim();
    const reason = (fail[1] || rest).replace(/[*_]+/g, '').trim();
    return { verdict: 'fail', reason: reason || 'no reason given' };
  }
  return { verdict: 'unclear', reply: reply.trim().slice(0, 200) };
}
