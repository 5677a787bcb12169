// What the agents' replies are read as: the challenge between the designer's delimiters, the
// tests and the solution (fenced code, as any code reply), and the fixer's two programs. Replies
// that do not follow the format are read leniently where that is safe, else rejected.
import { extractCode, fencedBlocks, PYTHON_TAGS } from '../../llm/extract.ts';

const CHALLENGE = /<problem_description>([\s\S]*?)(?:<\/problem_description>|$)/i;

/** The designer's challenge: the text between its delimiters (or a whole reply of some length without them); null when empty. */
export function readChallenge(reply: string): { title: string; text: string } | null {
  const tagged = CHALLENGE.exec(reply);
  const text = (tagged ? tagged[1]! : reply.length >= 80 && !/```/.test(reply) ? reply : '').trim();
  if (!text) return null;
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  const title =
    first
      .replace(/^#+\s*/, '')
      .replace(/[*_`]/g, '')
      .replace(/^(problem\s+)?(title|name)\s*:\s*|^problem\s*:\s*/i, '')
      .trim()
      .slice(0, 120) || 'Untitled challenge';
  return { title, text };
}

/** The code of a reply (a fenced python block, the last fenced block, or bare code); null when it has none. */
export const readCode = (reply: string): string | null => extractCode(reply).code;

/** A line naming a part of the fixer's reply: "Solution:", "**Corrected solution:**", "### 3. Tests". */
const label = (part: string) =>
  new RegExp(`(^|\\n)[#*\\s]*(\\d+[.)]\\s*)?[*\\s]*((complete|corrected|fixed|updated|revised)\\s+)*${part}[*\\s]*:?[*\\s]*\\n`, 'i');
const SOLUTION = label('solution');
const TESTS = label('tests?( suite)?');
const PART = label('(solution|tests?( suite)?)');

/** The fixer's solution and tests: the code after "Solution:" and "Tests:", else its first two python blocks (or fenced blocks). */
export function readFix(reply: string): { solution: string | null; tests: string | null } {
  const text = reply.replace(/\r\n?/g, '\n');
  const after = (line: RegExp) => {
    const m = line.exec(text);
    if (!m) return null;
    const rest = text.slice(m.index + m[0].length);
    const next = PART.exec(rest);
    return readCode(next ? rest.slice(0, next.index) : rest);
  };
  const solution = after(SOLUTION);
  const tests = after(TESTS);
  if (solution || tests) return { solution, tests };
  const closed = fencedBlocks(text).filter((b) => b.closed && b.body.trim());
  const python = closed.filter((b) => PYTHON_TAGS.has(b.tag));
  const blocks = (python.length ? python : closed).map((b) => `${b.body}\n`);
  return { solution: blocks[0] ?? readCode(reply), tests: blocks[1] ?? null };
}

/** The test module as it runs: the function under test imported from the solution module. */
export function testModule(tests: string): string {
  const renamed = tests.replace(/\bfunction_to_test\b/g, 'solution');
  return /^\s*(from\s+solution\s+import|import\s+solution\b)/m.test(renamed) ? renamed : `from solution import solution\n${renamed}`;
}
