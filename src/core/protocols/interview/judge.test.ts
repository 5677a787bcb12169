// The judge's evidence: chunks of a solution, the chunk retrieved for each requirement, the
// verdict read from a reply, and the prompt that tells the judge how the prerequisites fared.
import { describe, expect, it } from 'vitest';
import type { InterviewTask } from '../../model/task.ts';
import { chunksOf, judgeMessages, parseVerdict, rankByEmbeddings, rankLexically } from './judge.ts';
import { INTERVIEW_TEMPLATES } from './prompts.ts';

const task: InterviewTask = {
  id: 't',
  title: 'T',
  query: 'q',
  preferences: [],
  tags: [],
  source: { name: 'test' },
  requirements: [
    { id: 0, prerequisites: [], category: 'Dataset or Environment', criteria: 'The sales file is loaded in src/data_loader.py.' },
    { id: 1, prerequisites: [0], category: 'Visualization', criteria: 'A bar chart is saved as results/figures/chart.svg.' },
  ],
};

const files = {
  'src/data_loader.py': 'import csv\n\ndef load_sales(path):\n    return list(csv.DictReader(open(path)))\n',
  'src/chart.py': 'def bar_chart(pairs, path):\n    svg = "<svg>"\n    open(path, "w").write(svg)\n',
};

describe('the judge', () => {
  it('cuts files at top-level definitions, and adds the run output and the produced files', () => {
    const chunks = chunksOf(files, {
      lines: [{ line: 1, text: 'python src/main.py', status: 'ok', stdout: 'done\n', stderr: '', durationMs: 3 }],
      refused: [],
      produced: [{ path: 'results/figures/chart.svg', size: 5, text: '<svg>' }],
      replaced: [],
      dropped: [],
    });
    expect(chunks.map((c) => c.title)).toEqual([
      'src/data_loader.py lines 1–2',
      'src/data_loader.py lines 3–5',
      'src/chart.py lines 1–4',
      'output of python src/main.py',
      'files produced by the run',
    ]);
  });

  it('retrieves the most relevant chunk per requirement, lexically or by embeddings', () => {
    const chunks = chunksOf(files, null);
    const lexical = rankLexically(task.requirements, chunks, 1);
    expect(lexical.map((r) => chunks[r[0]!]!.title)).toEqual(['src/data_loader.py lines 3–5', 'src/chart.py lines 1–4']);
    // Vectors: the two requirements, then the three chunks; requirement 0 points like chunk 2, requirement 1 like chunk 0.
    const vectors = [
      [0, 1],
      [1, 0],
      [1, 0.1],
      [0.2, 0.2],
      [0, 1],
    ];
    expect(rankByEmbeddings(task.requirements, vectors, 2)).toEqual([
      [2, 1],
      [0, 1],
    ]);
  });

  it('reads the verdict, UNSATISFIED first, and tells the judge how the prerequisites fared', () => {
    expect(parseVerdict('<SATISFIED> the file exists')).toBe(true);
    expect(parseVerdict('<UNSATISFIED> nothing is SATISFIED here')).toBe(false);
    expect(parseVerdict('Unsatisfied: no chart')).toBe(false);
    expect(parseVerdict('I cannot tell')).toBeNull();
    const [system, user] = judgeMessages(
      INTERVIEW_TEMPLATES,
      task,
      task.requirements[1]!,
      [{ title: 'src/chart.py lines 1–4', text: 'def bar_chart' }],
      new Map([[0, false]]),
    );
    expect(system!.role).toBe('system');
    expect(user!.content).toContain('[src/chart.py lines 1–4]\ndef bar_chart');
    expect(user!.content).toContain('- R0 (The sales file is loaded in src/data_loader.py.): UNSATISFIED');
    expect(user!.content).toContain('R1 (Visualization): A bar chart is saved as results/figures/chart.svg.');
  });
});
