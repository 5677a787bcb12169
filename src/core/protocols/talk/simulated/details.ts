// What Talk's simulated models share: the details of an instance, and their words. A detail is
// one of the reference's fix hunks (of a program into the reference), cosmetic ones (comments,
// blank lines) aside: the built-in set's buggy programs are what a model writes when the
// statement leaves these details out. The rule-based user names a detail by its kind of fix
// (shared/simulated/fixes.ts) in the words below; the simulated code model recognises those words
// (`cue`) in feedback and in rephrased questions, and only those.
import { classifyHunk, type FixKind } from '../../shared/simulated/fixes.ts';
import { hunks, type Hunk } from '../../../text/diff.ts';

export type DetailKind = FixKind | 'unknown';

export interface DetailWords {
  /** A clause after "it …", for a sentence of feedback. */
  clause: string;
  /** A short instruction for a rephrased question. */
  phrase: string;
  /** What the simulated code model recognises as being about this kind of detail. */
  cue: RegExp;
}

export const DETAIL_WORDS: Record<DetailKind, DetailWords> = {
  compare: { clause: 'decides the case of equal values the wrong way', phrase: 'mind how equal values are treated', cue: /\bequal values\b/i },
  condition: { clause: 'lets the wrong cases through one of its conditions', phrase: 'mind which cases each condition covers', cue: /\bconditions?\b/i },
  guard: {
    clause: 'does not handle a special situation of the input on its own',
    phrase: 'treat the special case separately',
    cue: /\bspecial (situation|case)\b/i,
  },
  extreme: { clause: 'keeps the wrong one of two extreme values', phrase: 'keep the right extreme value', cue: /\bextreme\b/i },
  bound: {
    clause: 'is off by one at the edge of a range',
    phrase: 'count both ends of each range right',
    cue: /\boff by one\b|\bedge of a range\b|\bboth ends\b|\bfirst and the last element\b/i,
  },
  iteration: {
    clause: 'does not go over the right part of the data as often as needed',
    phrase: 'visit the right elements as often as needed',
    cue: /\bright part of the data\b|\bright elements\b|\bas (often|many times) as needed\b/i,
  },
  init: {
    clause: 'starts one of its quantities from the wrong value',
    phrase: 'start each quantity from a neutral value',
    cue: /\bfrom the wrong value\b|\bneutral value\b|\bstarting value\b/i,
  },
  'early-exit': {
    clause: 'stops examining the data too early',
    phrase: 'do not stop before the answer is settled',
    cue: /\btoo early\b|\bstop before\b|\bmay only stop\b/i,
  },
  order: {
    clause: 'does not order items or break ties the way the problem asks',
    phrase: 'order items and break ties as required',
    cue: /\bties\b|\bwrong order\b|\border items\b/i,
  },
  format: { clause: 'does not write the answer in the required format', phrase: 'print in the exact required format', cue: /\bformat\b/i },
  arithmetic: {
    clause: 'computes one of its quantities with the wrong formula',
    phrase: 'compute each quantity by its definition',
    cue: /\bwrong formula\b|\bby its definition\b|\bdefinition in the statement\b/i,
  },
  variable: {
    clause: 'uses one quantity where another is meant',
    phrase: 'use the quantity the definition calls for',
    cue: /\bmixes up\b|\bwhere another is meant\b|\bquantity the definition\b|\bwhere its meaning fits\b/i,
  },
  update: { clause: 'does not keep a piece of information up to date', phrase: 'keep every value up to date', cue: /\bup to date\b/i },
  unknown: { clause: 'still computes part of the answer wrongly', phrase: 'follow the full statement exactly', cue: /(?!)/ },
};

const cosmeticLine = (line: string) => line.trim() === '' || line.trim().startsWith('#');

/** The leading comment and blank lines of a program (the simulated code model's notes), and the rest. */
export function splitHeader(code: string): { header: string[]; body: string } {
  const lines = code.split('\n');
  let i = 0;
  while (i < lines.length && cosmeticLine(lines[i]!)) i++;
  return { header: lines.slice(0, i), body: lines.slice(i).join('\n') };
}

export const joinHeader = (header: readonly string[], body: string) => (header.length ? `${header.join('\n')}\n${body}` : body);

/** A hunk that only changes comments or blank lines. */
export function cosmetic(before: string[], hunk: Hunk): boolean {
  return before.slice(hunk.start, hunk.start + hunk.removed).every(cosmeticLine) && hunk.added.every(cosmeticLine);
}

export interface Detail {
  hunk: Hunk;
  kind: DetailKind;
}

/** The details a program misses: the reference's non-cosmetic fix hunks of it, with their kinds. */
export function missingDetails(code: string, reference: string): Detail[] {
  const before = code.split('\n');
  return hunks(code, reference)
    .filter((h) => !cosmetic(before, h))
    .map((hunk) => ({ hunk, kind: classifyHunk(before, hunk) }));
}

/** The kinds of detail a text speaks of, in the order it first mentions them. */
export function kindsMentioned(text: string, among: readonly DetailKind[]): DetailKind[] {
  return [...new Set(among)]
    .map((k) => ({ k, at: text.search(DETAIL_WORDS[k].cue) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.k);
}
