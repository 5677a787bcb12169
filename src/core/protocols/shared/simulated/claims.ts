// The claims a rule-based hint makes about the tests it speaks about (which output is wrong, in
// which direction, which inputs trigger it), read from its words, and checked against those
// tests: the sampled failing ones (input, expected and actual output) and the passing ones shown
// for contrast. A claim the tests cannot support — such as why a number is too large — fails.
import { normalizedLines, tokens } from '../../../exec/checkers.ts';
import { distinctiveTrait, sizeContrast, type Trait } from '../evidence.ts';
import { factsOf, TRAITS } from '../traits.ts';

export interface SampleEvidence {
  input: string;
  /** null for unittest items, where only pass/fail is known. */
  expected: string | null;
  actual: string;
}

export interface ClaimEvidence {
  samples: readonly SampleEvidence[];
  /** Inputs of passing tests shown for contrast. */
  passing: readonly string[];
}

export type Direction = 'larger' | 'smaller' | 'mixed';

export type Claim =
  /** The output is one number, and it is off in this direction. */
  | { kind: 'one-number'; direction: 'larger' | 'smaller'; of: number }
  /** Every wrong value of the output is a number, off in this direction. */
  | { kind: 'numbers'; direction: Direction; of: number }
  /** Why the number is off (the tests show only what is printed). */
  | { kind: 'cause'; cause: 'too-often' | 'too-rarely' }
  /** The output has several lines; some are right, some wrong. */
  | { kind: 'some-lines'; of: number }
  /** Every wrong line has `width` values, and the wrong ones are at these 0-based positions. */
  | { kind: 'positions'; width: number; positions: number[]; of: number }
  | { kind: 'trait'; trait: Trait }
  | { kind: 'size'; size: 'smaller' | 'larger' }
  /** No trait or size sets the failing inputs apart from the passing ones. */
  | { kind: 'no-pattern' }
  /** The smallest failing input has this many values. */
  | { kind: 'smallest'; values: number };

export interface ClaimVerdict {
  claim: Claim;
  holds: boolean;
  reason: string;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const valueTokens = (text: string) => tokens(text.replace(/[[\]{},"]/g, ' '));

export const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
export const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : COUNT_WORDS.indexOf(word.toLowerCase()));

/** The wrong values of a sample, pairing actual with expected token by token (null when the counts differ). */
function wrongPairs(s: SampleEvidence): [string, string][] | null {
  if (s.expected === null) return null;
  const a = valueTokens(s.actual);
  const e = valueTokens(s.expected);
  if (a.length !== e.length) return null;
  return a.map((x, i) => [x, e[i]!] as [string, string]).filter(([x, y]) => x !== y);
}

function directionOf(pairs: [string, string][]): Direction | null {
  if (pairs.length === 0 || !pairs.every(([x, y]) => NUMBER.test(x) && NUMBER.test(y))) return null;
  const d = pairs.map(([x, y]) => Number(x) - Number(y));
  if (d.every((v) => v > 0)) return 'larger';
  if (d.every((v) => v < 0)) return 'smaller';
  return d.some((v) => v > 0) && d.some((v) => v < 0) ? 'mixed' : null;
}

/** Line by line: the 0-based positions of the wrong values of each wrong line, with its width (null when the layouts differ). */
function wrongLines(s: SampleEvidence): { width: number; wrong: number[] }[] | null {
  if (s.expected === null) return null;
  const a = normalizedLines(s.actual);
  const e = normalizedLines(s.expected);
  if (a.length !== e.length) return null;
  const out: { width: number; wrong: number[] }[] = [];
  for (let i = 0; i < e.length; i++) {
    const [x, y] = [valueTokens(a[i]!), valueTokens(e[i]!)];
    if (x.length !== y.length) return null;
    const wrong = y.map((_, j) => j).filter((j) => x[j] !== y[j]);
    if (wrong.length) out.push({ width: y.length, wrong });
  }
  return out;
}

/** `of` for a claim about every test it speaks about ("On these tests …"). */
export const EVERY = Number.MAX_SAFE_INTEGER;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const countWord = (n: number) => COUNT_WORDS[n] ?? String(n);
const listed = (words: string[]) => (words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** Whether every sample's output is a single value (so "the printed number" names it). */
export const singleValued = (samples: readonly SampleEvidence[]) =>
  samples.length > 0 && samples.every((s) => s.expected !== null && valueTokens(s.expected).length === 1);

/**
 * L1, which output is wrong: that only some lines are, and which values of a wrong line, when
 * every sample shows the same (outputs of several values only).
 */
export function whichOutputSentences(samples: readonly SampleEvidence[]): string[] {
  const lines = samples.map(wrongLines);
  if (samples.length === 0 || lines.some((l) => !l || l.length === 0)) return [];
  const out: string[] = [];
  if (samples.every((s, i) => lines[i]!.length < normalizedLines(s.expected ?? '').length))
    out.push('Only some lines of the output are wrong; the others are right.');
  const wrong = lines.flatMap((l) => l!);
  const width = wrong[0]!.width;
  if (width > 1 && width <= ORDINALS.length && wrong.every((l) => l.width === width)) {
    const positions = [...new Set(wrong.flatMap((l) => l.wrong))].sort((a, b) => a - b);
    out.push(
      positions.length === width
        ? `On a wrong line of ${countWord(width)} values, any of them can be wrong.`
        : `On a wrong line of ${countWord(width)} values, only the ${listed(positions.map((p) => ORDINALS[p]!))} ${positions.length === 1 ? 'is' : 'are'} wrong.`,
    );
  }
  return out;
}

/** Whether the claim holds on the tests it speaks about, with the reason. */
export function checkClaim(claim: Claim, ev: ClaimEvidence): ClaimVerdict {
  const verdict = (holds: boolean, reason: string): ClaimVerdict => ({ claim, holds, reason });
  const failing = ev.samples.map((s) => s.input);
  const atLeast = (of: number, ok: (s: SampleEvidence) => boolean, what: string) => {
    const n = ev.samples.filter(ok).length;
    return verdict(
      n >= Math.min(of, ev.samples.length),
      `${what} on ${n} of ${plural(ev.samples.length, 'test', 'tests')} (claimed: ${of === EVERY ? 'all' : of})`,
    );
  };
  switch (claim.kind) {
    case 'one-number':
      return atLeast(
        claim.of,
        (s) =>
          s.expected !== null &&
          valueTokens(s.expected).length === 1 &&
          valueTokens(s.actual).length === 1 &&
          directionOf(wrongPairs(s) ?? []) === claim.direction,
        `a single number, ${claim.direction} than expected,`,
      );
    case 'numbers':
      return atLeast(claim.of, (s) => directionOf(wrongPairs(s) ?? []) === claim.direction, `every wrong value a number, ${claim.direction},`);
    case 'cause':
      return verdict(false, 'the tests show what is printed, not what the program counts or misses');
    case 'some-lines':
      return atLeast(
        claim.of,
        (s) => {
          const wrong = wrongLines(s);
          return wrong !== null && wrong.length > 0 && wrong.length < normalizedLines(s.expected ?? '').length;
        },
        'some lines right and some wrong',
      );
    case 'positions': {
      const seen = new Set<number>();
      const fits = (s: SampleEvidence) => {
        const wrong = wrongLines(s);
        if (!wrong || wrong.length === 0) return false;
        if (!wrong.every((l) => l.width === claim.width && l.wrong.every((p) => claim.positions.includes(p)))) return false;
        for (const l of wrong) for (const p of l.wrong) seen.add(p);
        return true;
      };
      const n = ev.samples.filter(fits).length;
      const same = seen.size === claim.positions.length;
      return verdict(
        n >= Math.min(claim.of, ev.samples.length) && same,
        `wrong lines of ${claim.width} values wrong only at the named positions on ${n} tests; every named position wrong somewhere: ${same}`,
      );
    }
    case 'trait': {
      const share = (xs: readonly string[]) => (xs.length ? xs.filter((x) => claim.trait.holds(factsOf(x))).length / xs.length : 0);
      const [f, p] = [share(failing), share(ev.passing)];
      return verdict(f > 0.5 && f > p, `the trait holds on ${Math.round(f * 100)} % of the failing inputs and ${Math.round(p * 100)} % of the passing ones`);
    }
    case 'size': {
      const found = sizeContrast(failing, ev.passing);
      return verdict(found === claim.size, `the failing inputs are ${found ?? 'of about the same size as the passing ones'}`);
    }
    case 'no-pattern': {
      const trait = distinctiveTrait(failing, ev.passing);
      return verdict(!trait && !sizeContrast(failing, ev.passing), trait ? `“${trait.phrase}” sets them apart` : 'no trait sets them apart');
    }
    case 'smallest': {
      const least = Math.min(...failing.map((x) => factsOf(x).all.length));
      return verdict(least === claim.values, `the smallest failing input has ${least} values`);
    }
  }
}

/** Every claim a rule-based hint makes, read from its words. */
export function readClaims(hint: string): Claim[] {
  const claims: Claim[] = [];
  let of = EVERY;
  for (const raw of hint.split(/(?<=\.)\s+(?=[A-Z])/)) {
    const s = raw.trim();
    const lead = /^On (?:(\w+) of )?these (?:(\w+) )?tests/i.exec(s);
    if (lead) of = lead[1] ? countOf(lead[1]) : EVERY;
    let m: RegExpExecArray | null;
    if ((m = /the printed number is (larger|smaller) than expected/.exec(s))) claims.push({ kind: 'one-number', direction: m[1] as 'larger' | 'smaller', of });
    else if ((m = /every wrong value of the output is a number (larger|smaller) than expected/.exec(s)))
      claims.push({ kind: 'numbers', direction: m[1] as Direction, of });
    else if (/some printed numbers are too large and others too small/.test(s)) claims.push({ kind: 'numbers', direction: 'mixed', of });
    if (/counted or included too often/.test(s)) claims.push({ kind: 'cause', cause: 'too-often' });
    if (/missed or counted too rarely/.test(s)) claims.push({ kind: 'cause', cause: 'too-rarely' });
    if (/^Only some lines of the output are wrong/.test(s)) claims.push({ kind: 'some-lines', of });
    if ((m = /^On a wrong line of (\w+) values, any of them can be wrong/.exec(s))) {
      const width = countOf(m[1]!);
      claims.push({ kind: 'positions', width, positions: [...Array(width).keys()], of });
    } else if ((m = /^On a wrong line of (\w+) values, only the (\w+(?:(?:, | and )\w+)*) (?:is|are) wrong/.exec(s))) {
      const positions = m[2]!.split(/, | and /).map((w) => ORDINALS.indexOf(w));
      claims.push({ kind: 'positions', width: countOf(m[1]!), positions, of });
    }
    const trait = TRAITS.find((t) => s.startsWith(`This failure occurs when ${t.phrase}`));
    if (trait) claims.push({ kind: 'trait', trait });
    if ((m = /This failure occurs on (smaller|larger) inputs than the ones the program already handles/.exec(s)))
      claims.push({ kind: 'size', size: m[1] as 'smaller' | 'larger' });
    if (/No single simple pattern of the input stands out|No trait of the input sets the failing inputs apart/.test(s)) claims.push({ kind: 'no-pattern' });
    if ((m = /Of the failing inputs, the smallest has (\d+) values?/.exec(s))) claims.push({ kind: 'smallest', values: Number(m[1]) });
  }
  return claims;
}

/** The claims of a hint that the tests contradict or cannot support. */
export function falseClaims(hint: string, ev: ClaimEvidence): ClaimVerdict[] {
  return readClaims(hint)
    .map((c) => checkClaim(c, ev))
    .filter((v) => !v.holds);
}
