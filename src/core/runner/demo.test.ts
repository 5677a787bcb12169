// Demo runs' names: numbered when taken, and recognised with their number.
import { describe, expect, it } from 'vitest';
import { isNamed, numberedName } from './demo.ts';

describe('numberedName', () => {
  it('keeps a free name, and numbers a taken one from 2, skipping numbers in use', () => {
    expect(numberedName('Demo', ['Other'])).toBe('Demo');
    expect(numberedName('Demo', ['Demo'])).toBe('Demo #2');
    expect(numberedName('Demo', ['Demo', 'Demo #2', 'Demo #4'])).toBe('Demo #3');
  });
  it('recognises the base name and its numbered forms only', () => {
    expect(isNamed('Demo (simulated models)', 'Demo (simulated models)')).toBe(true);
    expect(isNamed('Demo (simulated models) #12', 'Demo (simulated models)')).toBe(true);
    expect(isNamed('Demo (simulated models) #', 'Demo (simulated models)')).toBe(false);
    expect(isNamed('Demo (simulated models)x #2', 'Demo (simulated models)')).toBe(false);
  });
});
