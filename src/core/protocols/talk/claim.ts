// Directional correctness (Sec. 4.1, A.8): whether a piece of feedback claims the program is
// correct or incorrect, as the judge reads it, with the paper's rule-based override — feedback
// that calls the logic right but says edge cases or the input/output format are missed claims
// the program is incorrect. The claim is then compared with whether every test passed.

export type Verdict = 'correct' | 'incorrect' | 'unclear';

/** The judge's answer as a verdict: INCORRECT (or "not correct") before CORRECT; anything else is unclear. */
export function parseVerdict(reply: string): Verdict {
  if (/\bincorrect\b|\bnot\s+correct\b/i.test(reply)) return 'incorrect';
  if (/\bcorrect\b/i.test(reply)) return 'correct';
  return 'unclear';
}

/** "The logic is right / the approach looks correct …" */
const RIGHT_LOGIC =
  /\b(logic|approach|algorithm|idea|reasoning|overall structure)\b[^.!?]{0,60}?\b(is|looks|seems|appears)\s+(mostly\s+|generally\s+|basically\s+|essentially\s+)?(correct|right|sound|fine|good)\b/i;
/** "… but it misses edge cases / the output format …" (after it, in the same or a later sentence). */
const BUT_MISSING = [
  /\b(but|however|although|though|except|yet)\b[^.!?]{0,160}?\b(edge|corner|special|boundary)[ -]cases?\b/i,
  /\b(but|however|although|though|except|yet)\b[^.!?]{0,160}?\b(format|formatting|formatted|output|input|printing|printed)\b/i,
];

/** The paper's override: the phrase that re-classifies a "correct" verdict as incorrect, or null. */
export function overridePhrase(feedback: string): string | null {
  const right = RIGHT_LOGIC.exec(feedback);
  if (!right) return null;
  const rest = feedback.slice(right.index + right[0].length);
  for (const re of BUT_MISSING) {
    const m = re.exec(rest);
    if (m) return `${right[0]} … ${m[0]}`;
  }
  return null;
}

export interface Claim {
  /** The claim after the override. */
  verdict: Verdict;
  /** What the judge said. */
  judged: Verdict;
  /** The phrase that overrode a "correct" verdict. */
  override?: string;
}

export function claimOf(judged: Verdict, feedback: string): Claim {
  const phrase = judged === 'correct' ? overridePhrase(feedback) : null;
  return phrase ? { verdict: 'incorrect', judged, override: phrase } : { verdict: judged, judged };
}

/** Directionally correct: the claim matches the tests (every test passing ⇔ "correct"); null when the judge could not tell. */
export function directionallyCorrect(claim: Verdict, allPassed: boolean): boolean | null {
  if (claim === 'unclear') return null;
  return (claim === 'correct') === allPassed;
}
