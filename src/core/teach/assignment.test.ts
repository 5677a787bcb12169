// Assignments: a session's setup as a link word or a file and back, keyless only, and the
// session it starts with the learner's name in their seat.
import { describe, expect, it } from 'vitest';
import { assignmentOf, encodeAssignment, readAssignment, sessionConfig } from './assignment.ts';

const config = {
  name: 'Teach, hints: Tape Compressor',
  protocol: 'pair',
  candidates: [{ kind: 'simulated' as const, profile: 'low' }],
  roles: { feedback: { kind: 'human' as const, name: 'the teacher' } },
  params: { turns: 2, beta: 3, regenerations: 3 },
  settings: { concurrency: 1, seed: 7, maxRetries: 2 },
};

describe('assignments', () => {
  it('carry the setup, keyless, without the teacher’s name, and come back from their link word and their file', () => {
    const a = assignmentOf(config, 'feedback', { instance: 'str-run-length' });
    expect(a).toEqual({
      schema: 'hintbench.assignment/1',
      name: 'Teach, hints: Tape Compressor',
      protocol: 'pair',
      seat: 'feedback',
      instance: 'str-run-length',
      candidates: [{ kind: 'simulated', profile: 'low' }],
      roles: { feedback: { kind: 'human' } },
      params: { turns: 2, beta: 3, regenerations: 3 },
      seed: 7,
    });
    const word = encodeAssignment(a);
    expect(word).toMatch(/^[A-Za-z0-9_-]+$/); // one URL-safe word
    expect(readAssignment(word)).toEqual(a);
    expect(readAssignment(JSON.stringify(a, null, 2))).toEqual(a);
  });

  it('start the session with the learner’s name in their seat, the same seed for every learner', () => {
    const a = assignmentOf(config, 'feedback', { instance: 'str-run-length' });
    expect(sessionConfig(a, 'Ada')).toEqual({
      name: 'Teach, hints: Tape Compressor',
      protocol: 'pair',
      candidates: [{ kind: 'simulated', profile: 'low' }],
      roles: { feedback: { kind: 'human', name: 'Ada' } },
      params: { turns: 2, beta: 3, regenerations: 3 },
      settings: { concurrency: 1, seed: 7 },
    });
  });

  it('refuse a provider model (it needs a key), and say what is wrong with a bad one', () => {
    const withProvider = {
      ...config,
      candidates: [
        { kind: 'provider' as const, id: 'x', label: 'x', provider: 'openai', model: 'gpt', preset: 'openai', baseURL: 'https://api.openai.com/v1' },
      ],
    };
    expect(() => assignmentOf(withProvider as never, 'feedback', { instance: 'i' })).toThrow('the model under test is a provider model, which needs a key');
    expect(() => readAssignment('not json at all')).toThrow('this is not an assignment');
    expect(() => readAssignment('{"schema":"hintbench.assignment/1","name":"n","protocol":"pair","seat":"feedback","candidates":[]}')).toThrow(
      'not a valid assignment (candidates)',
    );
    expect(() => readAssignment('{"schema":"hintbench.assignment/1","name":"n","protocol":"pair","seat":"feedback","candidates":[{"kind":"human"}]}')).toThrow(
      'an assignment names an instance or a task',
    );
  });
});

describe('an assignment of generated problems (a PrismBench practice map)', () => {
  const practice = {
    name: 'Teach, practice map',
    protocol: 'prism',
    candidates: [{ kind: 'human' as const, name: 'the teacher' }],
    params: { concepts: 'loops, recursion', maxNodes: 15, feedbackRetries: 1 },
    settings: { concurrency: 1, seed: 3 },
  };

  it('names no instance or task: its parameters carry the concept set and budget', () => {
    const a = assignmentOf(practice, 'solver', { generated: true });
    expect(a).toEqual({
      schema: 'hintbench.assignment/1',
      name: 'Teach, practice map',
      protocol: 'prism',
      seat: 'solver',
      generated: true,
      candidates: [{ kind: 'human' }],
      params: { concepts: 'loops, recursion', maxNodes: 15, feedbackRetries: 1 },
      seed: 3,
    });
    expect(readAssignment(encodeAssignment(a))).toEqual(a);
    expect(sessionConfig(a, 'Ada')).toMatchObject({ protocol: 'prism', candidates: [{ kind: 'human', name: 'Ada' }], params: practice.params });
  });

  it('is one of instance, task or generated: an older file with an instance still opens, two of them do not', () => {
    const old = '{"schema":"hintbench.assignment/1","name":"n","protocol":"pair","seat":"candidate","instance":"i","candidates":[{"kind":"human"}]}';
    expect(readAssignment(old)).toMatchObject({ instance: 'i' });
    expect(() => readAssignment(old.replace('"instance":"i"', '"instance":"i","generated":true'))).toThrow('one of them');
    expect(() => readAssignment(old.replace('"instance":"i"', '"generated":false'))).toThrow('not a valid assignment (generated)');
  });
});
