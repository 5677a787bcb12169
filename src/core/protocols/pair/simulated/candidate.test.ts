// The simulated candidate's feedback trait: a model that acts on none of the feedback keeps its
// program on every revision turn, yet repairs on its own at turn 0; without the trait the same
// skill revises under hints.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedNodeExecutor } from '../../../../../workers/node-executor.ts';
import type { Instance } from '../../../model/instance.ts';
import { SimulatedCandidate } from './candidate.ts';
import { extractCode } from '../../../llm/extract.ts';

const MUTATOR = readFileSync(new URL('../../../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const instance = builtin.find((i) => i.subsets?.includes('demo'))!;
const executor = new ThreadedNodeExecutor();
afterAll(() => executor.close());

const deps = { executor, mutator: MUTATOR, seed: 7 };
const ask = (m: SimulatedCandidate, turn: number, level?: number) =>
  m.chat({
    model: m.id,
    messages: [{ role: 'user', content: 'Revise the program.' }],
    context: { instance, code: instance.buggy, turn, ...(level ? { level } : {}) },
  });
const codeOf = (r: Awaited<ReturnType<SimulatedCandidate['chat']>>) => extractCode(r.content).code ?? '';

describe('the simulated candidate acts on the share of feedback it listens to', () => {
  it('listening to none, it sends its program back on every revision turn, and still repairs at turn 0', async () => {
    const deaf = new SimulatedCandidate('deaf', 'deaf', { skill: 1, regressRate: 0, listens: 0 }, deps);
    for (let turn = 1; turn <= 8; turn++) expect(codeOf(await ask(deaf, turn, 6)).trim(), `turn ${turn}`).toBe(instance.buggy.trim());
    const firsts = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((seed) => ask(new SimulatedCandidate('deaf', 'deaf', { skill: 1, regressRate: 0, listens: 0 }, { ...deps, seed }), 0)),
    );
    expect(firsts.some((r) => codeOf(r).trim() !== instance.buggy.trim())).toBe(true);
  }, 120_000);

  it('without the trait, the same skill revises under a hint', async () => {
    const listening = new SimulatedCandidate('deaf', 'deaf', { skill: 1, regressRate: 0 }, deps);
    const changed = [];
    for (let turn = 1; turn <= 8; turn++) changed.push(codeOf(await ask(listening, turn, 6)).trim() !== instance.buggy.trim());
    expect(changed.filter(Boolean).length).toBeGreaterThan(4);
  }, 120_000);
});
