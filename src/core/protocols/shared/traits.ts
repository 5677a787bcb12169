// Input traits for L2 (input pattern) hints: properties of a test's input that can tell the
// failing inputs of a scenario from passing ones — how many items, the values (signs, zeros,
// sizes, order, repeats), the digits of the numbers, the words (case, length, repeated letters),
// special characters and the layout. Each is described in words; none quotes the input.
import { tokens } from '../../exec/checkers.ts';

/** What the traits look at, read once per input. */
export interface InputFacts {
  all: string[];
  /** Integers as written (no sign), for digit traits. */
  integers: string[];
  numbers: number[];
  /** Numbers after the first line (the data, in the usual "n, then values" layout). */
  data: number[];
  words: string[];
  lines: string[];
  raw: string;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const INTEGER = /^-?\d+$/;

export function factsOf(input: string): InputFacts {
  const all = tokens(input.replace(/[[\]{},"]/g, ' '));
  const lines = input.replace(/\n$/, '').split('\n');
  const bodyTokens =
    lines.length > 1
      ? tokens(
          lines
            .slice(1)
            .join(' ')
            .replace(/[[\]{},"]/g, ' '),
        )
      : all;
  return {
    all,
    integers: all.filter((t) => INTEGER.test(t)).map((t) => t.replace(/^-/, '')),
    numbers: all.filter((t) => NUMBER.test(t)).map(Number),
    data: bodyTokens.filter((t) => NUMBER.test(t)).map(Number),
    words: tokens(input).filter((t) => /[A-Za-z]/.test(t)),
    lines,
    raw: input,
  };
}

/** How fine a trait is: coarse ones may be stated on a clear majority; fine ones (one digit among many) only on a clean split. */
type Grain = 'coarse' | 'fine';

export interface Trait {
  id: string;
  /** Completes "This failure occurs when …". */
  phrase: string;
  grain: Grain;
  holds(f: InputFacts): boolean;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const runOf = (n: number) => new RegExp(`([A-Za-z])\\1{${n - 1}}`);
const sortedUp = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
const sortedDown = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
const varied = (xs: number[]) => xs.length >= 3 && new Set(xs).size > 1;

const coarse = (id: string, phrase: string, holds: (f: InputFacts) => boolean): Trait => ({ id, phrase, grain: 'coarse', holds });
const fine = (id: string, phrase: string, holds: (f: InputFacts) => boolean): Trait => ({ id, phrase, grain: 'fine', holds });

/** Special characters a text input may hold, with their names. */
const SPECIAL: [string, string][] = [
  ['-', 'a hyphen or minus sign (“-”)'],
  ['_', 'an underscore'],
  ['.', 'a full stop (“.”)'],
  [',', 'a comma'],
  [':', 'a colon'],
  [';', 'a semicolon'],
  ['!', 'an exclamation mark'],
  ['?', 'a question mark'],
  ["'", 'an apostrophe'],
  ['/', 'a slash'],
  ['#', 'a “#” sign'],
  ['@', 'an “@” sign'],
  ['(', 'a parenthesis'],
  ['*', 'an asterisk'],
  ['+', 'a plus sign'],
  ['=', 'an equals sign'],
];

/** Every trait, in the order ties are broken (the plainest first). */
export const TRAITS: readonly Trait[] = [
  // how many items
  coarse('no-items', 'the input describes no items at all', (f) => f.all[0] === '0'),
  coarse('single-item', 'the input describes a single item (the smallest possible case)', (f) => f.all[0] === '1'),
  coarse('tiny', 'the input is very small', (f) => f.all.length <= 3),
  // the values
  coarse('all-equal', 'all the values in the input are equal', (f) => f.data.length >= 2 && f.data.every((x) => x === f.data[0])),
  coarse('duplicates', 'the input contains repeated values', (f) => f.data.length >= 2 && new Set(f.data).size < f.data.length),
  coarse('zeros', 'the input contains zeros', (f) => f.data.some((x) => x === 0)),
  coarse('negatives', 'the input contains negative numbers', (f) => f.numbers.some((x) => x < 0)),
  coarse('sorted', 'the values are already in increasing order', (f) => varied(f.data) && sortedUp(f.data)),
  coarse('reverse-sorted', 'the values are in decreasing order', (f) => varied(f.data) && sortedDown(f.data)),
  coarse('fractions', 'the input contains numbers with a fractional part', (f) => f.all.some((t) => NUMBER.test(t) && /\.\d/.test(t))),
  coarse('leading-zeros', 'a number in the input is written with leading zeros', (f) => f.integers.some((t) => t.length > 1 && t.startsWith('0'))),
  coarse('all-odd', 'every value in the input is odd', (f) => f.data.length >= 2 && f.data.every((x) => Number.isInteger(x) && Math.abs(x % 2) === 1)),
  coarse('all-even', 'every value in the input is even', (f) => f.data.length >= 2 && f.data.every((x) => Number.isInteger(x) && x % 2 === 0)),
  coarse('large-values', 'the input contains very large numbers (a billion or more)', (f) => f.numbers.some((x) => Math.abs(x) >= 1e9)),
  coarse('millions', 'the input contains numbers of a million or more', (f) => f.numbers.some((x) => Math.abs(x) >= 1e6)),
  coarse('thousands', 'the input contains numbers of a thousand or more', (f) => f.numbers.some((x) => Math.abs(x) >= 1000)),
  // the words
  coarse('repeated-letters', 'the text contains runs of the same letter (three or more in a row)', (f) => f.words.some((w) => runOf(3).test(w))),
  coarse('double-letters', 'the text contains the same letter twice in a row', (f) => f.words.some((w) => runOf(2).test(w))),
  coarse('upper-case', 'the text contains words in capital letters', (f) => f.words.some((w) => /^[A-Z]{2,}$/.test(w))),
  coarse('mixed-case', 'the text contains words that mix capital and small letters', (f) => f.words.some((w) => /[a-z]/.test(w) && /[A-Z]/.test(w))),
  coarse('letters-digits', 'the text contains words that mix letters and digits', (f) => f.words.some((w) => /\d/.test(w))),
  coarse('one-letter-words', 'the text contains words of a single letter', (f) => f.words.some((w) => /^[A-Za-z]$/.test(w))),
  coarse('long-words', 'the text contains long words (twelve letters or more)', (f) => f.words.some((w) => /[A-Za-z]{12,}/.test(w))),
  ...SPECIAL.map(([c, name]) =>
    coarse(`char-${c}`, `the input contains ${name}`, (f) => f.words.some((w) => w.includes(c)) || f.all.some((t) => t.includes(c) && !NUMBER.test(t))),
  ),
  // the layout
  coarse('empty-line', 'the input contains an empty line', (f) => f.lines.some((l) => l.trim() === '')),
  coarse('edge-spaces', 'a line of the input starts or ends with spaces', (f) => f.lines.some((l) => l.trim() !== '' && l !== l.trim())),
  coarse('double-spaces', 'the input separates some items by more than one space', (f) => f.lines.some((l) => / {2,}/.test(l.trim()))),
  coarse('tabs', 'the input contains tab characters', (f) => f.raw.includes('\t')),
  // the digits of the numbers (a number's last digit is left out: on three samples it
  // separates failing from passing inputs by chance more often than not — datasets/tools/hint-traits.ts)
  ...WORDS.slice(1, 11).map((w, i) =>
    fine(`digits-${i + 1}`, `the input contains a number of exactly ${w} digit${i ? 's' : ''}`, (f) =>
      f.integers.some((t) => t.replace(/^0+(?=\d)/, '').length === i + 1),
    ),
  ),
  ...WORDS.slice(0, 10).map((w, d) =>
    fine(`tens-digit-${d}`, `a number in the input has ${w} (${d}) as its tens digit`, (f) =>
      f.integers.some((t) => t.length >= 2 && t[t.length - 2] === String(d)),
    ),
  ),
];

/** The ids of the traits an input has. */
export function traitsOf(input: string): Set<string> {
  const facts = factsOf(input);
  return new Set(TRAITS.filter((t) => t.holds(facts)).map((t) => t.id));
}

/** A coarse trait is stated when most failing inputs have it and clearly fewer passing ones do. */
const MIN_SHARE = 0.6;
const MIN_LEAD = 0.5;

/**
 * The trait that best tells the failing inputs from passing ones: the largest lead (share among
 * failing minus share among passing), ties to the plainest. A fine trait must hold for every
 * failing input and no passing one. null when nothing stands out.
 */
export function distinctiveTrait(failing: readonly string[], passing: readonly string[], catalogue: readonly Trait[] = TRAITS): Trait | null {
  if (failing.length === 0) return null;
  const failingFacts = failing.map(factsOf);
  const passingFacts = passing.map(factsOf);
  const share = (facts: readonly InputFacts[], t: Trait) => (facts.length ? facts.filter((f) => t.holds(f)).length / facts.length : 0);
  let best: { trait: Trait; lead: number } | null = null;
  for (const trait of catalogue) {
    const inFailing = share(failingFacts, trait);
    const inPassing = share(passingFacts, trait);
    const ok =
      trait.grain === 'fine' ? inFailing === 1 && inPassing === 0 && passingFacts.length > 0 : inFailing >= MIN_SHARE && inFailing - inPassing >= MIN_LEAD;
    if (ok && (!best || inFailing - inPassing > best.lead)) best = { trait, lead: inFailing - inPassing };
  }
  return best?.trait ?? null;
}
