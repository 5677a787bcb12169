// The words of the rule-based feedback model: one sentence per symptom (L1), input pattern
// (L2), and, per kind of fix, the state (L3), the concept (L5) and the direction (L6). Each
// sentence stays inside its level's boundary (hints/leakage.ts checks them all).
import type { Symptom, Trait } from '../evidence.ts';
import type { FixKind } from './fixes.ts';

/**
 * L1: the symptom, led by `lead` ("On these tests", "On two of these three tests"). `single`:
 * the output is one number, so "the printed number" names it. Only what the tests show: how
 * the output differs, never why.
 */
export function symptomSentence(s: Symptom, lead = 'On these tests', single = false): string {
  const on = (rest: string) => `${lead} ${rest}`;
  switch (s.kind) {
    case 'crash':
      return on(`the program stops with ${/^[AEIOU]/.test(s.exception) ? 'an' : 'a'} ${s.exception} before it prints a complete answer.`);
    case 'timeout':
      return on('the program does not finish within the time limit.');
    case 'memory':
      return on('the program runs out of memory.');
    case 'output-limit':
      return on('the program prints far more output than any answer needs.');
    case 'no-output':
      return on('the program prints nothing, although an answer is expected.');
    case 'lines':
      return on(`the program prints ${s.more ? 'more' : 'fewer'} lines than the answer has.`);
    case 'tokens':
      return on(`a line of the output has ${s.more ? 'more' : 'fewer'} values than it should.`);
    case 'numbers':
      if (s.direction === 'precision')
        return on('the printed numbers are close to the right ones but not written the same way: their precision or format differs.');
      if (s.direction === 'mixed') return on('some printed numbers are too large and others too small.');
      return on(single ? `the printed number is ${s.direction} than expected.` : `every wrong value of the output is a number ${s.direction} than expected.`);
    case 'binary':
      return on('the program gives the opposite answer to the yes/no question.');
    case 'values':
      return on('the output has the right layout, but some of its values are wrong.');
  }
}

export function patternSentence(trait: Trait | null, size: 'smaller' | 'larger' | null): string {
  if (trait) return `This failure occurs when ${trait.phrase}.`;
  if (size) return `This failure occurs on ${size} inputs than the ones the program already handles.`;
  return 'No trait of the input sets the failing inputs apart from the passing ones.';
}

/** L2, always: the size of the smallest failing input, a case to reproduce. */
export const smallestSentence = (values: number) =>
  `Of the failing inputs, the smallest has ${values} ${values === 1 ? 'value' : 'values'}${values <= 12 ? ', a case small enough to work through by hand' : ''}.`;

export const STATE: Record<FixKind | 'unknown', string> = {
  compare: 'The solution does not treat equal values correctly: when two compared quantities are the same, it decides the wrong way.',
  condition: 'The solution does not track exactly which cases satisfy one of its conditions: some cases are let through or shut out wrongly.',
  guard: 'The solution does not recognise a special situation of the input, which needs handling of its own.',
  extreme: 'The solution keeps the wrong one of two extreme values (the smaller where the larger is needed, or the reverse).',
  bound: 'The solution loses track of an element at the edge of a range: its counting is off by one.',
  iteration: 'The solution does not carry its work over the right part of the data, in the right order, or as many times as needed.',
  init: 'The solution starts one of its quantities from the wrong value, before any input is taken into account.',
  'early-exit': 'The solution stops examining the data too early, so later information is never taken into account.',
  order: 'The solution considers items in the wrong order: the sorting criterion or the way ties are broken is not the one the problem asks for.',
  format: 'The solution computes its answer but does not write it out the way the problem requires.',
  arithmetic: 'The solution computes one of its quantities with the wrong formula.',
  variable: 'The solution mixes up two of the quantities it keeps, relying on one where the other is meant.',
  update: 'The solution does not keep one piece of its information up to date as it goes.',
  unknown: 'Part of the information the solution relies on is still computed wrongly for these inputs.',
};

export const CONCEPT: Record<FixKind | 'unknown', string> = {
  compare: 'The comparison must decide the case of equal values the way the problem statement defines it.',
  condition: 'The condition must hold in exactly the cases the problem describes, including the borderline ones.',
  guard: 'The special situation must be recognised before the general computation, because the general case does not cover it.',
  extreme: 'The value kept must be the opposite extreme: think about which of the two quantities the answer needs.',
  bound: 'The range must cover both of its end points as the problem defines them; think about the first and the last element.',
  iteration:
    'Every element must be processed in the order, and as many times, as the method requires, so that each step builds on values that are already correct.',
  init: 'Before the first element is processed, the quantity must hold a neutral value that cannot be mistaken for a real answer.',
  'early-exit': 'The search may only stop once no remaining data can change the answer.',
  order: 'The order must follow the problem’s criterion completely, including how ties are broken.',
  format: 'The output must follow the required format exactly, with the same precision, layout and wording in every case.',
  arithmetic: 'The quantity must be computed exactly as its definition in the statement says (mind integer and real division, and rounding).',
  variable: 'Each quantity must be relied on only where its meaning fits.',
  update: 'The information kept must be brought up to date at every step where it changes, not only at some of them.',
  unknown: 'The computation must agree with the statement’s definition for these inputs too.',
};

/** L6: a direction that names the place (`where`, e.g. "on line 12"), never the code. */
export function directionSentence(kind: FixKind | 'unknown', where: string): string {
  const on = where ? ` ${where}` : '';
  switch (kind) {
    case 'compare':
      return `Revise the comparison${on} so that equal values fall on the other side.`;
    case 'condition':
      return `Rework the condition${on} so that it covers the borderline cases the problem allows, and only those.`;
    case 'guard':
      return `Add a separate check${where ? ` ${where.replace(/^on /, 'near ')}` : ''} for the special situation, giving it the answer the problem requires.`;
    case 'extreme':
      return `Keep the opposite extreme${on} instead of the one the program keeps now.`;
    case 'bound':
      return `Adjust the limit${on} by one so that the element at the edge is treated as the problem requires.`;
    case 'iteration':
      return `Change the loop${on} so that it runs over the right range, in the right direction, and as often as needed.`;
    case 'init':
      return `Start the quantity set${on} from a neutral value that cannot be mistaken for an answer.`;
    case 'early-exit':
      return `Do not leave the loop early${on}: go on until the remaining data cannot change the answer.`;
    case 'order':
      return `Change the ordering${on} so that it follows the problem’s criterion and breaks ties as required.`;
    case 'format':
      return `Change how the answer is written${on} so that it matches the required format and precision in every case.`;
    case 'arithmetic':
      return `Rewrite the computation${on} so that it follows the definition exactly.`;
    case 'variable':
      return `Use${on ? `,${on},` : ''} the quantity the problem’s definition calls for instead of the one used now.`;
    case 'update':
      return `Add the missing update${on} so that the kept information changes at every step where it should.`;
    case 'unknown':
      return 'Rework the part of the program that computes the answer for these inputs so that it follows the statement’s definition.';
  }
}
