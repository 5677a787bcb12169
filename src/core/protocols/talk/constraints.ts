// The checks a user's feedback passes before the code model sees it: the form its type asks
// for (Figs. 9–12: words, one sentence or one paragraph, a quoted line, "Question:" and no
// longer than the previous question) and what no feedback may carry (shared/leakage.ts:
// hidden test data, and lines of the reference; code feedback may give a few replacement
// lines). A rejected reply is regenerated with these reasons (feedback.ts).
import type { Instance } from '../../model/instance.ts';
import { hiddenData, referenceLinesQuoted } from '../shared/leakage.ts';
import { FEEDBACK_TYPES, type FeedbackType } from './feedback-types.ts';

export interface Problem {
  kind: string;
  detail: string;
}

export const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Sentences: text ending in . ! or ? followed by a space and a capital, a quote or a bracket (abbreviations aside, near enough). */
export function sentencesIn(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  return trimmed.split(/(?<=[.!?])\s+(?=[A-Z"“'‘(\[`])/).filter((s) => s.trim()).length;
}

/** Paragraphs: blocks separated by a blank line. */
export const paragraphsIn = (text: string) =>
  text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim()).length;

export const QUESTION_PREFIX = /^question:\s*/i;

/** The question a query rephrasing asks, without its "Question:" label. */
export const rephrasedQuestion = (text: string) => text.trim().replace(QUESTION_PREFIX, '').trim();

/** A reply as the code model would get it: trimmed, without quotes wrapped around the whole. */
export function cleanFeedback(reply: string): string {
  return reply
    .trim()
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim();
}

export interface FeedbackCheck {
  instance: Instance;
  /** The program the feedback is about. */
  code: string;
  /** The question the code model works from now (query rephrasing may not grow past it). */
  question: string;
  /** Reference lines code feedback may give as replacements. */
  codeLines: number;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Lines of the program (4+ characters) that the feedback quotes. */
export function quotedLines(text: string, code: string): string[] {
  const said = squash(text);
  return [
    ...new Set(
      code
        .split('\n')
        .map(squash)
        .filter((l) => l.length >= 4 && said.includes(l)),
    ),
  ];
}

/** Everything wrong with a piece of feedback of this type; none means it may be passed on. */
export function checkFeedback(type: FeedbackType, text: string, c: FeedbackCheck): Problem[] {
  if (!text.trim()) return [{ kind: 'empty', detail: 'the reply holds no feedback' }];
  const out: Problem[] = [];
  const spec = FEEDBACK_TYPES[type];
  const words = wordsIn(text);
  if (spec.maxWords !== null && words > spec.maxWords) out.push({ kind: 'too-long', detail: `${words} words, at most ${spec.maxWords}` });
  if (type === 'sentence' && sentencesIn(text) > 1) out.push({ kind: 'not-one-sentence', detail: `${sentencesIn(text)} sentences` });
  if (type === 'paragraph' && paragraphsIn(text) > 1) out.push({ kind: 'not-one-paragraph', detail: `${paragraphsIn(text)} paragraphs` });
  if (type === 'code-feedback' && c.code.trim() && quotedLines(text, c.code).length === 0)
    out.push({ kind: 'no-quoted-line', detail: 'it copies no line of the solution exactly' });
  if (type === 'query-rephrasing') {
    if (!QUESTION_PREFIX.test(text.trim())) out.push({ kind: 'no-question', detail: 'it does not begin with "Question:"' });
    const before = wordsIn(c.question);
    const now = wordsIn(rephrasedQuestion(text));
    if (now > before) out.push({ kind: 'longer-question', detail: `${now} words, the previous question has ${before}` });
  }
  const hidden = hiddenData(text, c.instance);
  if (hidden) out.push({ kind: 'hidden-data', detail: hidden });
  const allowed = type === 'code-feedback' ? c.codeLines : 0;
  const lines = referenceLinesQuoted(text, c.instance, c.code);
  if (lines.length > allowed) {
    const what = allowed ? `${lines.length} lines of the reference, at most ${allowed}` : 'a line of the reference';
    out.push({ kind: 'reference', detail: `${what}: “${lines[allowed]}”` });
  }
  return out;
}

/** Problems that keep a reply from the code model even when nothing better came: it quotes protected data. */
export const PROTECTED = new Set(['hidden-data', 'reference']);
