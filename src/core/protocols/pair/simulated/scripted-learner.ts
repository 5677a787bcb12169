// The scripted learner (simulated): reads a hint literally and makes one edit. The edits it can
// think of are the fix hunks of its program into the reference and, as decoys, one plausible
// slip per line (a comparison made strict or loose, a ±1 dropped). It scores each edit by what
// the hint names: the lines (L4 up, +2) and the kind of fix its state sentence implies (L3 up,
// +1); ties, and everything at L1–L2, go by a seeded draw. So it gains from a hint only when
// the hint narrows the edits down, which is what the study measures.
import { randomFor } from '../../../random.ts';
import { hunks, type Hunk } from '../../../text/diff.ts';
import { STATE } from '../../shared/simulated/feedback-phrases.ts';
import { classifyHunk, type FixKind } from '../../shared/simulated/fixes.ts';

export interface LearnerEdit {
  hunk: Hunk;
  /** 1-based lines of the program the edit touches (the line after an insertion point). */
  lines: [number, number];
  kind: FixKind;
  /** A fix hunk (into the reference), not a decoy. */
  fix: boolean;
}

const SLIPS: [RegExp, string][] = [
  [/<=/, '<'],
  [/>=/, '>'],
  [/(?<![<>=!])<(?!=)/, '<='],
  [/(?<![<>=!-])>(?!=)/, '>='],
  [/\s*[-+]\s*1\b/, ''],
];

/** One plausible slip per line that has a comparison or a ±1 (never on a fix hunk's lines). */
export function decoyHunks(code: string): Hunk[] {
  const out: Hunk[] = [];
  code.split('\n').forEach((line, i) => {
    if (/^\s*(def|import|from|#)/.test(line)) return;
    for (const [pattern, by] of SLIPS) {
      if (pattern.test(line)) {
        out.push({ start: i, removed: 1, added: [line.replace(pattern, by)] });
        return;
      }
    }
  });
  return out;
}

/** The edits the learner can think of: the fixes first, then decoys on other lines. */
export function learnerEdits(code: string, reference: string): LearnerEdit[] {
  const lines = code.split('\n');
  const edit = (hunk: Hunk, fix: boolean): LearnerEdit => ({
    hunk,
    fix,
    kind: classifyHunk(lines, hunk),
    lines: hunk.removed === 0 ? [hunk.start + 1, hunk.start + 1] : [hunk.start + 1, hunk.start + hunk.removed],
  });
  const fixes = hunks(code, reference).map((h) => edit(h, true));
  const taken = (i: number) => fixes.some((f) => i + 1 >= f.lines[0] && i + 1 <= f.lines[1]);
  return [
    ...fixes,
    ...decoyHunks(code)
      .filter((h) => !taken(h.start))
      .map((h) => edit(h, false)),
  ];
}

/** What a hint tells the learner about where to edit and what kind of edit. */
export function readHint(hint: string): { lines: number[]; kind: FixKind | null } {
  const lines: number[] = [];
  for (const m of hint.matchAll(/\blines? (\d+)(?:–(\d+))?/g)) {
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    for (let l = a; l <= b; l++) lines.push(l);
  }
  const kind = (Object.keys(STATE) as (FixKind | 'unknown')[]).find((k) => k !== 'unknown' && hint.includes(STATE[k])) as FixKind | undefined;
  return { lines, kind: kind ?? null };
}

/** The edit the learner makes after a hint: the best-scored one, ties broken by the seed. */
export function scriptedChoice(hint: string, edits: readonly LearnerEdit[], ...seed: (string | number)[]): LearnerEdit | null {
  if (edits.length === 0) return null;
  const read = readHint(hint);
  const score = (e: LearnerEdit) => (read.lines.some((l) => l >= e.lines[0] && l <= e.lines[1]) ? 2 : 0) + (read.kind !== null && e.kind === read.kind ? 1 : 0);
  const best = Math.max(...edits.map(score));
  const tied = edits.filter((e) => score(e) === best);
  return tied[Math.floor(randomFor('scripted-learner', ...seed)() * tied.length)]!;
}
