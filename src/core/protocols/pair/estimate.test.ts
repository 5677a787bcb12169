// The cost estimate on a tiny instance with tiny templates, every number worked out by hand
// (estimateTokens: one token per two UTF-8 bytes, rounded up).
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../model/instance.ts';
import { estimateRun, type RepairEstimateInput as EstimateInput } from './estimate.ts';

const instance = {
  id: 'tiny',
  title: 'Tiny',
  source: { name: 'test' },
  statement: 'abcd',
  language: 'python',
  testKind: 'stdio',
  buggy: 'x=1\n',
  reference: 'x=10\n',
  tests: [
    { id: 'a', input: '12', expected: '34' },
    { id: 'b', input: '123456', expected: '78' },
  ],
} as Instance;

const templates = {
  system: 'SYS!', // 2 tokens
  initial: '{{statement}}|{{code}}', // "abcd|x=1\n": 9 bytes, 5 tokens
  revision: 'R{{hint}}{{code}}', // "Rx=10\n": 6 bytes, 3 tokens (+ 120 for the hint)
  'feedback.system': 'FS', // 1
  'hint.L1': 'H1H1', // 2
  'hint.L6': 'H6H6H6', // 3: the largest hint template
  'judge.system': 'JS', // 1
  'hint.judge': 'JJJJ', // 2 (no placeholders: nothing else is filled in)
};

const base: EstimateInput = {
  instances: [instance],
  candidates: [{ label: 'GPT X', model: 'gpt-x', simulated: false }],
  feedback: { label: 'FB', model: 'fb', simulated: false },
  judge: { label: 'Judge', model: 'jg', simulated: false },
  turns: 2,
  repeats: 1,
  regenerations: 1,
  m: 1,
  templates,
  prices: { 'gpt-x': { input: 1, output: 2 }, fb: { input: 10, output: 20 } },
};

describe('estimateRun', () => {
  it('bounds calls, tokens and cost per role', () => {
    const e = estimateRun(base);
    // first = 2 + 5 = 7; revision = 3 + 120 = 123; reply = 3 (x=10\n) + 60 = 63.
    // Candidate prompts: 3·7 + (63 + 123)·(2·3/2) = 21 + 558 = 579; completions 3·63 = 189.
    // Feedback: 2 turns × 2 attempts = 4 calls; prompt 1 + 3 + 2 + 3 + 3 + 4 (the biggest test, 8 bytes) = 16 each.
    // Judge: 1 + 2 + 120 = 123 per call.
    expect(e.rows).toEqual([
      { role: 'candidate', label: 'GPT X', simulated: false, calls: 3, promptTokens: 579, completionTokens: 189, costUsd: (579 * 1 + 189 * 2) / 1e6 },
      { role: 'feedback', label: 'FB', simulated: false, calls: 4, promptTokens: 64, completionTokens: 480, costUsd: (64 * 10 + 480 * 20) / 1e6 },
      { role: 'judge', label: 'Judge', simulated: false, calls: 4, promptTokens: 492, completionTokens: 120, costUsd: null },
    ]);
    expect(e.calls).toBe(11);
    expect(e.promptTokens).toBe(1135);
    expect(e.completionTokens).toBe(789);
    expect(e.costUsd).toBeNull(); // the judge has no price
  });

  it('scales with repeats and candidates, and simulated models cost nothing', () => {
    const e = estimateRun({
      ...base,
      repeats: 2,
      judge: null,
      feedback: { label: 'Rule-based (simulated)', model: 'simulated-rule-based', simulated: true },
      candidates: [{ label: 'Sim', model: 'simulated-low', simulated: true }, base.candidates[0]!],
    });
    expect(e.rows.map((r) => [r.role, r.calls, r.promptTokens, r.costUsd])).toEqual([
      ['candidate', 6, 1158, 0],
      ['candidate', 6, 1158, (1158 + 378 * 2) / 1e6],
      ['feedback', 16, 256, 0],
    ]);
  });

  it('with no revision turns only turn 0 is asked', () => {
    const e = estimateRun({ ...base, turns: 0 });
    expect(e.rows.map((r) => [r.role, r.calls, r.promptTokens])).toEqual([
      ['candidate', 1, 7],
      ['feedback', 0, 0],
      ['judge', 0, 0],
    ]);
  });
});
