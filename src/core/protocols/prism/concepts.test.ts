import { describe, expect, it } from 'vitest';
import { abbreviations } from './concepts.ts';

describe('the key to the short names', () => {
  it('names each abbreviated concept and level, and leaves out a name printed whole', () => {
    expect(abbreviations(['loops', 'error handling', 'graphs'], ['very easy', 'M'])).toEqual([
      { short: 'Loop', name: 'loops' },
      { short: 'EH', name: 'error handling' },
      { short: 'Grap', name: 'graphs' },
      { short: 'VE', name: 'very easy' },
    ]);
  });
});
