// The Interview's seats: the interviewee's turn holds the query, the hint and the person's own
// files (never the requirements, the reference, the checks or the defects), and their files come
// back exactly through the protocol's reading of replies; the interviewer's turn holds what the
// interviewer's messages hold (the problem, the reference, the solution and its run), never the
// checks, their expectations or results, or the defects.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../llm/types.ts';
import type { InterviewTask } from '../../model/task.ts';
import { guidedStart, interviewerStart, solutionMessage, unguidedMessages } from './conversation.ts';
import { executionReport, type Execution } from './execution.ts';
import { INTERVIEW_TEMPLATES, STOP_TOKEN } from './prompts.ts';
import { INTERVIEWEE_SEAT, INTERVIEWER_SEAT, projectAnswer, projectPathProblem, projectReply } from './seats.ts';
import type { CheckResult } from './checks.ts';
import { parseSolution } from './solution.ts';

const T = INTERVIEW_TEMPLATES;
const task: InterviewTask = {
  id: 'tk',
  title: 'Task',
  query: 'Build a small report from data/x.csv.',
  requirements: [
    {
      id: 0,
      prerequisites: [],
      criteria: 'CRITERIA-ONLY: the data is loaded.',
      category: 'Dataset or Environment',
      check: { probe: 'def probe():\n    return SECRET_PROBE\n', expect: { kind: 'equals', value: 'EXPECTED-7731' }, explain: 'EXPLAIN-ONLY' },
      defect: { note: 'DEFECT NOTE', edits: [{ file: 'main.py', find: 'REFERENCE-ONLY-LINE', replace: 'DEFECT-EDIT' }] },
    },
    { id: 1, prerequisites: [0], criteria: 'The report is written.', category: 'Other' },
  ],
  preferences: [],
  tags: [],
  source: { name: 'test' },
  files: { 'data/x.csv': 'a,b\n1,2\n' },
  reference: { 'execute_workspace.sh': 'python main.py\n', 'main.py': 'print("REFERENCE-ONLY-LINE")\n' },
};
const CHECKS: CheckResult[] = [{ requirement: 0, passed: false, observed: 'OBSERVED-42', reason: 'REASON-TEXT' }];
const execution: Execution = {
  lines: [{ line: 2, text: 'python main.py', status: 'ok', stdout: 'hello from the run\n', stderr: '', durationMs: 5 }],
  refused: [],
  produced: [],
  replaced: [],
  dropped: [],
};
const request = (messages: ChatMessage[], context: object) => ({ model: 'human', messages, context });
const expectNone = (value: unknown, hidden: string[]) => {
  const json = JSON.stringify(value);
  for (const h of hidden) expect(json, h).not.toContain(h);
};

describe('the interviewee’s seat', () => {
  const mine = { 'execute_workspace.sh': 'python src/main.py\n', 'src/main.py': 'print("mine")\n' };
  const HIDDEN = ['CRITERIA-ONLY', 'REFERENCE-ONLY-LINE', 'SECRET_PROBE', 'EXPECTED-7731', 'EXPLAIN-ONLY', 'DEFECT'];

  it('reads the unguided attempt and the guided start: the query, no hint, no files', () => {
    const context = { kind: 'interviewee', phase: 'unguided', task, draft: 'k', turn: 0 };
    const unguided = INTERVIEWEE_SEAT.turnOf(request(unguidedMessages(T, task), context));
    expect(unguided).toEqual({ phase: 'unguided', turn: 0, query: task.query, hint: null, files: null });
    const start = INTERVIEWEE_SEAT.turnOf(request(guidedStart(T, task), { ...context, phase: 'guided' }));
    expect(start).toEqual({ phase: 'guided', turn: 0, query: task.query, hint: null, files: null });
    expectNone([unguided, start], HIDDEN);
  });

  it('reads a guided turn: the hint, and the person’s own files from their last reply', () => {
    const messages: ChatMessage[] = [
      ...guidedStart(T, task),
      { role: 'assistant', content: projectReply(mine) },
      { role: 'user', content: 'R0 is not met: load the data.' },
    ];
    const turn = INTERVIEWEE_SEAT.turnOf(request(messages, { kind: 'interviewee', phase: 'guided', task, draft: 'k', turn: 1 }));
    expect(turn).toEqual({ phase: 'guided', turn: 1, query: task.query, hint: 'R0 is not met: load the data.', files: mine });
    expectNone(turn, HIDDEN);
    expect(INTERVIEWEE_SEAT.reply(projectAnswer(mine), turn)).toBe(projectReply(mine));
    expect(parseSolution(INTERVIEWEE_SEAT.reply('not json', turn)).files).toEqual({});
  });

  it('refuses a request that is not an interviewee’s turn', () => {
    expect(() => INTERVIEWEE_SEAT.turnOf(request(unguidedMessages(T, task), { kind: 'interviewee', task, draft: 'k', turn: 0 }))).toThrow('interviewee’s seat');
    expect(() => INTERVIEWEE_SEAT.turnOf(request([], { kind: 'review', task }))).toThrow('interviewee’s seat');
  });

  it('writes files the protocol reads back exactly, whatever they hold', () => {
    const files = {
      'execute_workspace.sh': '#!/bin/bash\nset -e\npython src/main.py',
      'src/main.py': '# other.py\ns = "```python\\nx\\n```"\nprint(s)\n',
      'src/fence.py': 'doc = """\n````\n"""\n',
      'notes.txt': '',
      'listing.txt': '# results/\n# models/\n',
      'data/extra.json': '{"a": 1}\r\n',
      'README.md': '```\nunclosed inside\n',
    };
    const parsed = parseSolution(projectReply(files));
    const normal = (t: string) => {
      const x = t.replace(/\r\n?/g, '\n');
      return x === '' || x.endsWith('\n') ? x : `${x}\n`;
    };
    expect(parsed.files).toEqual(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, normal(t)])));
    expect(Object.keys(parsed.files)).toEqual(Object.keys(files));
    expect([parsed.notes, parsed.runtime]).toEqual([[], []]);
  });

  it('takes a path a reply can name, and says why not otherwise', () => {
    for (const ok of ['execute_workspace.sh', 'src/model.py', 'data/v1.2/x-y_z.csv']) expect(projectPathProblem(ok)).toBeNull();
    expect(projectPathProblem('/etc/passwd.txt')).toContain('relative');
    expect(projectPathProblem('../up.py')).toContain('inside the workspace');
    expect(projectPathProblem('src//a.py')).toBe('write it as src/a.py');
    expect(projectPathProblem('Makefile')).toContain('extension');
    expect(projectPathProblem('my file.py')).toContain('extension');
    expect(projectPathProblem('')).toContain('bad workspace path');
  });
});

describe('the interviewer’s seat', () => {
  const reply1 = projectReply({ 'execute_workspace.sh': 'python main.py\n', 'main.py': 'print("draft")\n' });
  const reply2 = projectReply({ 'execute_workspace.sh': 'python main.py\n', 'main.py': 'print("second")\n' });
  const HIDDEN = ['SECRET_PROBE', 'EXPECTED-7731', 'EXPLAIN-ONLY', 'DEFECT', 'OBSERVED-42', 'REASON-TEXT'];
  const first: ChatMessage[] = [...interviewerStart(T, task), solutionMessage(T, reply1, execution)];
  const second: ChatMessage[] = [...first, { role: 'assistant', content: 'Load data/x.csv (R0).' }, solutionMessage(T, reply2, execution)];

  it('reads a review: the problem with its requirements, the reference, the solution and its run; never the checks', () => {
    const turn = INTERVIEWER_SEAT.turnOf(request(first, { kind: 'review', task, checks: CHECKS, execution, earlier: [] }));
    expect(turn).toEqual({
      kind: 'review',
      turn: 0,
      query: task.query,
      requirements: [
        { id: 0, prerequisites: [], category: 'Dataset or Environment', criteria: 'CRITERIA-ONLY: the data is loaded.' },
        { id: 1, prerequisites: [0], category: 'Other', criteria: 'The report is written.' },
      ],
      reference: task.reference,
      shown: first.at(-1)!.content,
      files: { 'execute_workspace.sh': 'python main.py\n', 'main.py': 'print("draft")\n' },
      execution: executionReport(execution),
      earlier: [],
      prompt: null,
    });
    expect(turn.execution).toContain('hello from the run');
    expectNone(turn, HIDDEN);
    // Everything in the turn is in the messages the interviewer role is sent.
    const sent = first.map((m) => m.content).join('\n');
    for (const r of turn.requirements) expect(sent).toContain(r.criteria);
    for (const text of Object.values(turn.reference)) expect(sent).toContain(text.trim());
  });

  it('reads a later review with the earlier ones, and the report with its prompt and the last solution', () => {
    const later = INTERVIEWER_SEAT.turnOf(request(second, { kind: 'review', task, checks: CHECKS, execution, earlier: [CHECKS] }));
    expect(later).toMatchObject({ kind: 'review', turn: 1, earlier: ['Load data/x.csv (R0).'], files: { 'main.py': 'print("second")\n' } });
    const report = INTERVIEWER_SEAT.turnOf(
      request([...second, { role: 'assistant', content: STOP_TOKEN }, { role: 'user', content: T.report! }], { kind: 'report', task, turns: [CHECKS, CHECKS] }),
    );
    expect(report).toMatchObject({ kind: 'report', turn: 2, prompt: T.report, earlier: ['Load data/x.csv (R0).', STOP_TOKEN], shown: second.at(-1)!.content });
    expectNone([later, report], HIDDEN);
    expect(INTERVIEWER_SEAT.reply('  Check R1 next.\n', later)).toBe('Check R1 next.');
  });

  it('refuses a request that is not an interviewer’s', () => {
    expect(() => INTERVIEWER_SEAT.turnOf(request(first, { kind: 'judge', requirement: 0 }))).toThrow('interviewer’s seat');
  });
});
