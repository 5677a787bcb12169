// Prompt templates for the feedback model, one per hint level, and the evidence each level's
// mask lets into the prompt. Templates are versioned; their hashes go into every run manifest,
// and a run may override them (an edit changes the hash).
import type { Instance } from '../../../model/instance.ts';
import type { TestOutcome } from '../../../model/outcome.ts';
import { expectedText, inputText, symptomOf, type Symptom } from '../../shared/evidence.ts';
import { LEVELS, type HintLevel } from '../../shared/hint-levels.ts';

export const FEEDBACK_TEMPLATES_VERSION = '1';

export const FEEDBACK_SYSTEM = `You write hints for a programmer who is repairing a Python program that fails hidden tests.
You know the correct reference solution, but the programmer must never see it.
A hint is plain prose of one to three sentences. It never contains code, pseudocode, variable names written as code, or an exact patch, and it never quotes test data.`;

const LEVEL_INSTRUCTION: Record<HintLevel, string> = {
  1: 'Describe only the observed wrong behaviour (the symptom). Do not say which inputs trigger it, why it happens, where in the code it is, or how to fix it.',
  2: 'Describe the kind of input or edge case that triggers the failure. Do not explain the cause, point to a place in the code, or say how to fix it.',
  3: 'Describe the information the program fails to keep or update. Do not point to a place in the code (no line numbers, no named loops or conditions) and do not say how to fix it.',
  4: 'Point to the suspicious region of the candidate program (you may give line numbers) and what is wrong there. Do not say how to fix it.',
  5: 'Explain the missing invariant, condition or reasoning, and where it matters. Do not give a concrete implementation direction.',
  6: 'Give a concrete implementation direction in words. Never give code, pseudocode or an exact patch.',
};

const levelTemplate = (level: HintLevel) => `Write a level-${level} hint (${LEVELS[level].name}): ${LEVELS[level].reveals}.
${LEVEL_INSTRUCTION[level]}

Example of the level: "${LEVELS[level].example}"

{{evidence}}

Answer with the hint only.`;

/** Default feedback templates by name (`hint.L1` … `hint.L6`, `hint.free`, `hint.retry`, `feedback.system`). */
export const FEEDBACK_TEMPLATES: Record<string, string> = {
  'feedback.system': FEEDBACK_SYSTEM,
  ...Object.fromEntries(([1, 2, 3, 4, 5, 6] as const).map((l) => [`hint.L${l}`, levelTemplate(l)])),
  'hint.free': `Write a short hint that helps the programmer make the failing tests pass. Never give code or quote the tests.

{{evidence}}

Answer with the hint only.`,
  'hint.retry': `That hint was rejected: {{reasons}}. Write a new hint that stays within the level and avoids these problems. Answer with the hint only.`,
};

const SYMPTOM_WORDS = (s: Symptom): string => {
  switch (s.kind) {
    case 'crash':
      return `raises ${s.exception}`;
    case 'lines':
      return s.more ? 'prints more lines than expected' : 'prints fewer lines than expected';
    case 'tokens':
      return s.more ? 'prints more values than expected' : 'prints fewer values than expected';
    case 'numbers':
      return s.direction === 'precision'
        ? 'prints numbers with the wrong precision or format'
        : `prints numbers that are ${s.direction === 'mixed' ? 'sometimes too large, sometimes too small' : `too ${s.direction === 'larger' ? 'large' : 'small'}`}`;
    case 'binary':
      return 'gives the wrong yes/no answer';
    case 'no-output':
      return 'prints nothing';
    case 'timeout':
      return 'runs out of time';
    case 'memory':
      return 'runs out of memory';
    case 'output-limit':
      return 'prints far too much';
    default:
      return 'prints wrong values';
  }
};

const numbered = (code: string) =>
  code
    .replace(/\n$/, '')
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(3)} | ${l}`)
    .join('\n');

/**
 * The evidence block a level's mask allows: symptoms always; the sampled failing inputs (with
 * expected and actual output) from L2; the reference from L3; the numbered candidate code from
 * L4. `level` null is the free (vanilla) hint, which gets everything.
 */
export function evidenceFor(level: HintLevel | null, instance: Instance, code: string, samples: readonly TestOutcome[]): string {
  const mask = level === null ? { failingInputs: true, reference: true, candidateCode: true } : LEVELS[level].evidence;
  const tests = new Map(instance.tests.map((t) => [t.id, t]));
  const parts = [`Problem statement:\n${instance.statement}`];
  parts.push(
    `Symptoms on the failing tests:\n${samples
      .map((o, i) => {
        const t = tests.get(o.testId);
        return `- test ${i + 1}: the program ${SYMPTOM_WORDS(symptomOf(o, t ? expectedText(t) : null))}`;
      })
      .join('\n')}`,
  );
  if (mask.failingInputs) {
    parts.push(
      samples
        .map((o, i) => {
          const t = tests.get(o.testId);
          if (!t) return '';
          const expected = expectedText(t);
          return `Failing test ${i + 1}\ninput:\n${inputText(t)}\n${expected === null ? '' : `expected output:\n${expected}\n`}actual output:\n${o.stdout || '(none)'}${o.error ? `\nerror: ${o.error.type}: ${o.error.message}` : ''}`;
        })
        .join('\n\n'),
    );
  }
  if (mask.reference) parts.push(`Reference solution (never reveal it):\n${instance.reference}`);
  if (mask.candidateCode) parts.push(`The programmer's current program, with line numbers:\n${numbered(code)}`);
  return parts.join('\n\n');
}
