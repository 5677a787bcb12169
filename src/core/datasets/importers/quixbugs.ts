// QuixBugs: python_programs/NAME.py (buggy), correct_python_programs/NAME.py (reference),
// json_testcases/NAME.json (one [[args...], expected] per line); the docstring is the statement.
// Test cases are read with their numbers as written: QuixBugs passes `3.0` to Python as a float.
import { callTestFromTrees, type Test } from '../../model/instance.ts';
import { parseJsonTree } from '../../text/json.ts';
import { text, type Rejection, type VirtualFile } from './files.ts';
import { validated, type ImportResult } from './result.ts';

const nameOf = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/\.(py|json)$/, '');

function byDir(files: VirtualFile[], dir: string, ext: string): Map<string, VirtualFile> {
  const map = new Map<string, VirtualFile>();
  for (const f of files) {
    const parts = f.path.split('/');
    if (parts.at(-2) === dir && f.path.endsWith(ext) && !f.path.endsWith(`_test${ext}`)) map.set(nameOf(f.path), f);
  }
  return map;
}

/** The first triple-quoted string of a program, dedented. */
export function docstring(source: string): string {
  const match = /("""|''')([\s\S]*?)\1/.exec(source);
  if (!match) return '';
  const lines = match[2]!.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(cut))].join('\n').trim();
}

export function importQuixbugs(files: VirtualFile[]): ImportResult {
  const buggy = byDir(files, 'python_programs', '.py');
  const correct = byDir(files, 'correct_python_programs', '.py');
  const cases = byDir(files, 'json_testcases', '.json');
  const rejected: Rejection[] = [];
  const items: { where: string; instance: import('../../model/instance.ts').Instance }[] = [];
  if (buggy.size === 0) rejected.push({ where: '(upload)', reason: 'no programs', detail: 'expected python_programs/NAME.py files' });
  for (const [name, file] of [...buggy].sort(([a], [b]) => a.localeCompare(b))) {
    const where = file.path;
    const ref = correct.get(name);
    const json = cases.get(name);
    if (!ref) {
      rejected.push({ where, reason: 'missing file: correct program', detail: `no correct_python_programs/${name}.py` });
      continue;
    }
    if (!json) {
      rejected.push({ where, reason: 'no JSON test cases', detail: `no json_testcases/${name}.json (QuixBugs tests some programs in Python only)` });
      continue;
    }
    const tests: Test[] = [];
    let bad: string | null = null;
    text(json)
      .split('\n')
      .forEach((line, i) => {
        if (bad || line.trim() === '') return;
        try {
          const pair = parseJsonTree(line);
          if (!Array.isArray(pair) || pair.length !== 2) throw new Error('expected [[args...], expected]');
          const args = Array.isArray(pair[0]) ? pair[0] : [pair[0]!];
          tests.push(callTestFromTrees(`t${tests.length + 1}`, args, pair[1]!));
        } catch (err) {
          bad = `json_testcases/${name}.json line ${i + 1}: ${(err as Error).message}`;
        }
      });
    if (bad) {
      rejected.push({ where, reason: 'invalid test case', detail: bad });
      continue;
    }
    const source = text(file);
    items.push({
      where,
      instance: {
        id: `quixbugs-${name}`,
        title: name,
        source: { name: 'quixbugs', url: 'https://github.com/jkoppel/QuixBugs' },
        statement: docstring(source) || `Fix the function \`${name}\`.`,
        language: 'python',
        buggy: source,
        reference: text(ref),
        testKind: 'call',
        entry: name,
        tests,
      },
    });
  }
  return validated({ items, rejected: [] }, rejected);
}
