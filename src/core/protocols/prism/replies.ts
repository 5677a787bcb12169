// What the agents' replies are read as: the challenge between the designer's delimiters, the
// tests and the solution (fenced code, as any code reply), and the fixer's two programs. Replies
// that do not follow the format are read leniently where that is safe, else rejected.
import { extractCode } from '../../llm/extract.ts';

const CHALLENGE = /<problem_description>([\s\S]*?)(?:<\/problem_description>|$)/i;

/** The designer's challenge: the text between its delimiters (or a whole reply of some length without them); null when empty. */
export function readChallenge(reply: string): { title: string; text: string } | null {
  const tagged = CHALLENGE.exec(reply);
  const text = (tagged ? tagged[1]! : reply.length >= 80 && !/```/.test(reply) ? reply : '').trim();
  if (!text) return null;
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  const title = first.replace(/^#+\s*/, '').replace(/^(title|problem( name)?)\s*:\s*/i, '').replace(/[*_`]/g, '').trim().slice(0, 120) || 'Untitled challenge';
  return { title, text };
}

/** The code of a reply (a fenced python block, the last fenced block, or bare code); null when it has none. */
export const readCode = (reply: string): string | null => extractCode(reply).code;

/** The fixer's solution and tests: the blocks after "Solution:" and "Tests:", else the first two fenced blocks. */
export function readFix(reply: string): { solution: string | null; tests: string | null } {
  const text = reply.replace(/\r\n?/g, '\n');
  const after = (label: string) => {
    const m = new RegExp(`(^|\\n)[#*\\s]*${label}[*\\s]*:?[*\\s]*\\n`, 'i').exec(text);
    if (!m) return null;
    const rest = text.slice(m.index + m[0].length);
    const next = /(^|\n)[#*\s]*(solution|tests?)[*\s]*:?[*\s]*\n/i.exec(rest);
    return readCode(next ? rest.slice(0, next.index) : rest);
  };
  const solution = after('solution');
  const tests = after('tests?');
  if (solution || tests) return { solution, tests };
  const blocks = [...text.matchAll(/```[\w+-]*\n([\s\S]*?)\n```/g)].map((m) => `${m[1]}\n`);
  return { solution: blocks[0] ?? readCode(reply), tests: blocks[1] ?? null };
}

/** The test module as it runs: the function under test imported from the solution module. */
export function testModule(tests: string): string {
  const renamed = tests.replace(/\bfunction_to_test\b/g, 'solution');
  return /^\s*(from\s+solution\s+import|import\s+solution\b)/m.test(renamed) ? renamed : `from solution import solution\n${renamed}`;
}
