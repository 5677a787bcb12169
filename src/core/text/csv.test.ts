import { describe, expect, it } from 'vitest';
import { csvCell, csvTable } from './csv.ts';

describe('csv', () => {
  it('quotes only cells that need it, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0.5)).toBe('0.5');
  });
  it('joins a header and rows', () => {
    expect(
      csvTable(
        ['model', 'TRS'],
        [
          ['m, 1', 0.25],
          ['m2', null],
        ],
      ),
    ).toBe('model,TRS\n"m, 1",0.25\nm2,\n');
  });
});
