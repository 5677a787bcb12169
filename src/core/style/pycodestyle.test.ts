// Readability: pycodestyle's rules counted by Ruff's WebAssembly build (the same .wasm file the
// app serves, read from node_modules), on a program whose violations are counted by hand.
import { describe, expect, it } from 'vitest';
import { nodeStyleChecker } from '../../style/ruff-node.ts';

describe('pycodestyle violations (Ruff, rules E and W)', () => {
  const checker = nodeStyleChecker();
  it('counts each violation, by rule, with pycodestyle’s default ignores', () => {
    const program = ['import os;import sys', 'x=1', 'def f( a ):', '    return a*b #note', ''].join('\n');
    const report = checker.check(program);
    // By hand: line 1 two statements on a line (E702) and no space after ";" (E231); line 2
    // no space around "=" (E225); line 3 no two blank lines before a top-level def (E302) and
    // spaces inside the brackets (E201, E202); line 4 one space before an inline comment (E261)
    // and none after its "#" (E262). `a*b` is E226, which pycodestyle ignores by default.
    expect(report.rules).toEqual({
      'multiple-statements-on-one-line-semicolon': 1,
      'missing-whitespace': 1,
      'missing-whitespace-around-operator': 1,
      'blank-lines-top-level': 1,
      'whitespace-after-open-bracket': 1,
      'whitespace-before-close-bracket': 1,
      'too-few-spaces-before-inline-comment': 1,
      'no-space-after-inline-comment': 1,
    });
    expect(report.violations).toBe(8);
    expect(report.tool).toMatch(/^ruff \d+\.\d+\.\d+ \(pycodestyle rules E, W\)$/);
    expect(report.syntaxError).toBeUndefined();
  });
  it('finds nothing in a clean program, lines of 79 characters allowed, and 80 not', () => {
    expect(checker.check(`import sys\n\n\ndef main():\n    print(sys.argv)\n\n\nmain()\n`).violations).toBe(0);
    expect(checker.check(`x = "${'a'.repeat(73)}"\n`).violations).toBe(0); // 79 characters
    expect(checker.check(`x = "${'a'.repeat(74)}"\n`).rules).toEqual({ 'line-too-long': 1 });
  });
  it('says when a program does not parse, without counting that as style', () => {
    const report = checker.check('def f(:\n    pass\n');
    expect(report.syntaxError).toBeTruthy();
    expect(report.rules['invalid-syntax']).toBeUndefined();
  });
});
