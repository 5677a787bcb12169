// Run scripts read as workspace steps, paths kept inside the workspace, and the sandbox job a
// workspace run makes (files as the program, one test per step, no expected values).
import { describe, expect, it } from 'vitest';
import { parseRunScript, shellWords, workspaceJob, workspacePath } from './workspace.ts';

describe('workspace paths', () => {
  it('are relative, in normal form, and never leave the workspace', () => {
    expect(workspacePath('./src//app.py')).toBe('src/app.py');
    expect(() => workspacePath('/etc/passwd')).toThrow('relative');
    expect(() => workspacePath('a/../../x')).toThrow('stay inside');
    expect(() => workspacePath('a\\b')).toThrow('bad workspace path');
    expect(() => workspacePath('')).toThrow('bad workspace path');
  });
});

describe('run scripts', () => {
  it('split words and quotes as a shell does, and refuse other shell features', () => {
    expect(shellWords(`python main.py --name "two words" 'it''s' a\\ b # note`)).toEqual(['python', 'main.py', '--name', 'two words', 'its', 'a b']);
    expect(shellWords('python a.py > out.txt')).toBeNull();
    expect(shellWords('python a.py && python b.py')).toBeNull();
    expect(shellWords('python "$HOME/a.py"')).toBeNull();
    expect(shellWords('python a.py "unclosed')).toBeNull();
  });

  it('turn each python line into a step and report every other line with its reason', () => {
    const parsed = parseRunScript(
      [
        '#!/bin/bash',
        'set -e',
        '',
        'pip install numpy',
        'python3 -u src/train.py --epochs 2',
        'python -m src.evaluate',
        'cd src',
        'python results.py | tee log.txt',
        'python -c "print(1)"',
        'python ../up.py',
      ].join('\n'),
    );
    expect(parsed.stopOnError).toBe(true);
    expect(parsed.steps).toEqual([
      { line: 5, text: 'python3 -u src/train.py --epochs 2', step: { kind: 'script', argv: ['src/train.py', '--epochs', '2'], skipAfterFailure: true } },
      { line: 6, text: 'python -m src.evaluate', step: { kind: 'script', argv: ['-m', 'src.evaluate'], skipAfterFailure: true } },
    ]);
    expect(parsed.refused.map((r) => [r.line, r.reason])).toEqual([
      [4, '"pip" is not run: the sandbox runs python lines only (no shell, no package installs)'],
      [7, '"cd" is not run: the sandbox runs python lines only (no shell, no package installs)'],
      [8, 'shell features (pipes, redirection, &&, ;, variables, globs) are not run: only python lines are'],
      [9, 'the interpreter option -c is not supported'],
      [10, 'workspace paths stay inside the workspace: "../up.py"'],
    ]);
  });

  it('set -e applies to the lines after it only', () => {
    const parsed = parseRunScript('python a.py\nset -e\npython b.py\n');
    expect(parsed.steps.map((s) => s.step)).toEqual([
      { kind: 'script', argv: ['a.py'] },
      { kind: 'script', argv: ['b.py'], skipAfterFailure: true },
    ]);
  });

  it('refuse interpreter options that would change what runs', () => {
    expect(parseRunScript('python -X dev main.py').refused[0]!.reason).toBe('the interpreter option -X is not supported');
    expect(parseRunScript('python').refused[0]!.reason).toBe('python without a file to run');
  });
});

describe('the sandbox job of a workspace', () => {
  it('carries the files (paths in normal form) as its program and one numbered step per test', () => {
    const job = workspaceJob({ './a.py': 'print(1)' }, [{ kind: 'script', argv: ['a.py'] }, { kind: 'files' }], 1500);
    expect(job).toEqual({
      program: '{"files":{"a.py":"print(1)"}}',
      kind: 'workspace',
      tests: [
        { id: 'step-0', payload: '{"kind":"script","argv":["a.py"],"index":0}' },
        { id: 'step-1', payload: '{"kind":"files","index":1}' },
      ],
      timeLimitMs: 1500,
    });
  });
});
