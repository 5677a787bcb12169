// A run header's parameters: each by its plain name with its symbol beside it, never the symbol alone.
import { describe, expect, it } from 'vitest';
import { choicePart, paramParts, plainName, type ParamField } from './params.ts';
import { requireProtocol } from './registry.ts';

const fieldsOf = (id: string) => requireProtocol(id).params;
const [PAIR_FIELDS, TALK_FIELDS, PRISM_FIELDS, INTERVIEW_FIELDS] = [fieldsOf('pair'), fieldsOf('talk'), fieldsOf('prism'), fieldsOf('interview')];

const field = (fields: readonly ParamField[], key: string) => fields.find((f) => f.key === key)!;

describe('plain names of parameters', () => {
  it('keep a label that shows its symbol, and add the symbol (or the key) to one that does not', () => {
    expect(plainName(field(PAIR_FIELDS, 'turns'))).toBe('Turns (α)');
    expect(plainName(field(PRISM_FIELDS, 'discount'))).toBe('Discount γ');
    expect(plainName(field(PRISM_FIELDS, 'maxNodes'))).toBe('Node evaluations (budget) (N_max)');
    // A one-letter symbol inside a word is not the symbol shown.
    expect(plainName(field(PRISM_FIELDS, 'variations'))).toBe('Variations per node (V)');
    expect(plainName(field(PRISM_FIELDS, 'suiteTimeLimitMs'))).toBe('Test-suite time limit (ms) (T)');
    expect(plainName(field(TALK_FIELDS, 'steps'))).toBe('Code generations per item (steps)');
  });

  it('every numeric parameter of every protocol has words besides its symbol', () => {
    for (const fields of [PAIR_FIELDS, TALK_FIELDS, PRISM_FIELDS, INTERVIEW_FIELDS]) {
      for (const f of fields) expect(f.label.replace(f.symbol ?? '', '').replace(/[^\p{L}]/gu, '').length, f.key).toBeGreaterThan(3);
    }
  });

  it('a header part carries the field’s help for its tooltip; a choice shows its value’s label', () => {
    const parts = paramParts(TALK_FIELDS, { setting: 'static', steps: 5, userErrorRate: 0.1 });
    expect(parts.map((p) => p.text)).toEqual(['Code generations per item (steps) = 5', 'Simulated user’s error rate (userErrorRate) = 0.1']);
    expect(parts[0]!.help).toBe(field(TALK_FIELDS, 'steps').help);
    expect(choicePart(field(TALK_FIELDS, 'setting'), { setting: 'static' })?.text).toBe('Setting: Static');
    expect(choicePart(field(TALK_FIELDS, 'steps'), {})).toBeNull();
  });
});
