// Reading an interviewee's reply into a project, in the format Fig. 12 asks for and the ways
// models stray from it; nothing left out silently.
import { describe, expect, it } from 'vitest';
import { parseSolution, renderSolution } from './solution.ts';

const fence = '```';

describe('reading a reply into files', () => {
  it('takes each block headed by its file name, runtime listings as notes, and keeps the run script', () => {
    const reply = [
      'Here is the project.',
      `${fence}python`,
      '# src/data_loader.py',
      'import csv  # R0',
      'def load():',
      '    return 1',
      fence,
      `${fence}bash`,
      '#!/bin/bash',
      '# execute_workspace.sh',
      'python src/main.py',
      fence,
      `${fence}plaintext`,
      '# results/metrics.json',
      '# This file will be created at runtime',
      fence,
    ].join('\n');
    const s = parseSolution(reply);
    expect(s.files).toEqual({
      'src/data_loader.py': 'import csv  # R0\ndef load():\n    return 1\n',
      'execute_workspace.sh': '#!/bin/bash\npython src/main.py\n',
    });
    expect(s.runtime).toEqual(['results/metrics.json']);
    expect(s.notes).toEqual([]);
  });

  it('accepts a file named on the line above its block, and says what it left out', () => {
    const reply = [
      '**src/model.py**',
      `${fence}python`,
      'x = 1',
      fence,
      '### File: execute_workspace.sh',
      `${fence}sh`,
      'python src/model.py',
      fence,
      `${fence}python`,
      'print("no name")',
      fence,
      `${fence}python`,
      '# ../escape.py',
      'import os',
      fence,
      `${fence}python`,
      '# src/model.py',
      'x = 2',
      fence,
    ].join('\n');
    const s = parseSolution(reply);
    expect(s.files).toEqual({ 'src/model.py': 'x = 2\n', 'execute_workspace.sh': 'python src/model.py\n' });
    expect(s.notes).toEqual([
      '../escape.py was left out: workspace paths stay inside the workspace: "../escape.py"',
      'src/model.py appears more than once: the last one is used',
      '1 code block without a file name was left out',
    ]);
  });

  it('says when there is no run script, and reads what it writes back unchanged', () => {
    expect(parseSolution('no code at all').notes).toEqual(['no execute_workspace.sh: nothing can be run']);
    const files = { 'src/a.py': 'def f():\n    return "```"\n', 'execute_workspace.sh': 'set -e\npython src/a.py\n', 'README.md': '# Title\n\ntext\n' };
    const back = parseSolution(renderSolution(files, ['results/', 'models/model.json']));
    expect(back.files).toEqual(files);
    expect([back.runtime, back.notes]).toEqual([['results/', 'models/model.json'], []]);
  });
});
