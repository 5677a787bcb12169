// What PrismBench gives the model profile: its concepts per model as a table, the weakest marked.
import { describe, expect, it } from 'vitest';
import { conceptsTable, type ConceptsData } from './profile.ts';

const data: ConceptsData = {
  models: [
    { id: 'a', label: 'Model a', simulated: true },
    { id: 'b', label: 'Model b', simulated: true },
  ],
  concepts: [
    [
      { concept: 'recursion', n: 4, success: 0.25, ci: { lo: 0.05, hi: 0.7 }, skill: -1.234, level: 3.25 },
      { concept: 'loops', n: 2, success: 1, ci: null, skill: 2, level: 1 },
    ],
    [{ concept: 'loops', n: 3, success: null, ci: null, skill: null, level: null }],
  ],
  weakest: [['recursion'], []],
};

describe('PrismBench in the model profile', () => {
  it('concepts per model, the weakest marked', () => {
    expect(conceptsTable(data).rows).toEqual([
      ['Model a', 'recursion', '-1.23', '25.0', '5.0', '70.0', 4, '3.3', 'yes'],
      ['Model a', 'loops', '2.00', '100.0', '', '', 2, '1.0', 'no'],
      ['Model b', 'loops', '—', '—', '', '', 3, '—', 'no'],
    ]);
  });
});
