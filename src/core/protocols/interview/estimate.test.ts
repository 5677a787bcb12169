// The cost estimate's call counts, by hand: per interview T + 2 interviewee and interviewer
// calls, 2m judge calls (and m per reference), one embeddings call per judging.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTasks } from '../../model/task.ts';
import { interviewEstimate } from './estimate.ts';
import { INTERVIEW_TEMPLATES } from './prompts.ts';

const tasks = parseTasks(readFileSync(new URL('../../../../datasets/interview.jsonl', import.meta.url), 'utf8')).filter(
  (t) => t.id === 'sales-report' || t.id === 'churn-classifier',
);
const paid = (model: string) => ({ label: model, model, simulated: false });

describe('the Interview cost estimate', () => {
  it('counts every call an interview can make, and prices them', () => {
    // T = 3, 2 tasks (5 and 6 requirements), 2 interviewees, 1 repeat, references judged.
    const e = interviewEstimate({
      instances: [],
      tasks,
      models: { interviewee: [paid('a'), paid('b')], interviewer: [paid('er')], judge: [paid('j')], embeddings: [paid('emb')] },
      params: { iterations: 3, evidence: 1, reference: 'yes' },
      repeats: 1,
      templates: INTERVIEW_TEMPLATES,
      prices: {
        a: { input: 1, output: 2 },
        b: { input: 1, output: 2 },
        er: { input: 1, output: 1 },
        j: { input: 1, output: 1 },
        emb: { input: 0.02, output: 0 },
      },
    });
    const calls = Object.fromEntries(e.rows.map((r) => [`${r.role}:${r.label}`, r.calls]));
    // Interviewee: 2 tasks × (T + 2) = 10 each; interviewer: 2 tasks × 2 interviewees × (T + 2) = 20;
    // judge: 11 requirements × (2 judgings × 2 interviewees + 1 reference) = 55; embeddings: 2 × 2 × 2 + 2 = 10.
    expect(calls).toEqual({ 'interviewee:a': 10, 'interviewee:b': 10, 'interviewer:er': 20, 'judge:j': 55, 'embeddings:emb': 10 });
    expect(e.calls).toBe(105);
    expect(e.costUsd).toBeGreaterThan(0);
    expect(e.rows.every((r) => r.promptTokens > 0)).toBe(true);
  });

  it('costs nothing with simulated models, and has no price without one', () => {
    const sim = { label: 's', model: 'simulated-low', simulated: true };
    const free = interviewEstimate({
      instances: [],
      tasks,
      models: { interviewee: [sim], interviewer: [sim] },
      params: { iterations: 5 },
      repeats: 2,
      templates: INTERVIEW_TEMPLATES,
      prices: {},
    });
    expect(free.costUsd).toBe(0);
    const unpriced = interviewEstimate({
      instances: [],
      tasks,
      models: { interviewee: [paid('unknown-model-xyz')], interviewer: [sim] },
      params: { iterations: 5 },
      repeats: 1,
      templates: INTERVIEW_TEMPLATES,
      prices: {},
    });
    expect(unpriced.costUsd).toBeNull();
  });
});
