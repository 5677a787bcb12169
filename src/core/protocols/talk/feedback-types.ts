// The four kinds of feedback the simulated user gives (Sec. 2.2, A.2, Figs. 9–12), each with
// the form the paper's prompt asks for: checked by constraints.ts, counted in words.

export const FEEDBACK_TYPE_IDS = ['paragraph', 'sentence', 'code-feedback', 'query-rephrasing'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPE_IDS)[number];

export interface FeedbackTypeSpec {
  id: FeedbackType;
  label: string;
  /** One letter for timelines and legends. */
  short: string;
  /** Its name in the mixed-feedback prompt, e.g. [PARAGRAPH]. */
  tag: string;
  /** What the user is asked for (the mixed prompt lists these). */
  ask: string;
  /** Words at most (none for query rephrasing, which may not grow past the previous question instead). */
  maxWords: number | null;
  /** Whether the feedback says the program is right or wrong (directional correctness); query rephrasing does not. */
  claims: boolean;
}

export const FEEDBACK_TYPES: Readonly<Record<FeedbackType, FeedbackTypeSpec>> = {
  paragraph: {
    id: 'paragraph',
    label: 'Paragraph',
    short: 'P',
    tag: 'PARAGRAPH',
    ask: 'one paragraph of feedback about how the code behaves, at most 100 words',
    maxWords: 100,
    claims: true,
  },
  sentence: {
    id: 'sentence',
    label: 'Sentence',
    short: 'S',
    tag: 'SENTENCE',
    ask: 'one sentence of feedback about how the code behaves, at most 50 words',
    maxWords: 50,
    claims: true,
  },
  'code-feedback': {
    id: 'code-feedback',
    label: 'Code feedback',
    short: 'C',
    tag: 'CODE FEEDBACK',
    ask: 'the specific lines of the code that are incorrect, each copied exactly as it is in the solution, with the line that should replace it and why, at most 100 words',
    maxWords: 100,
    claims: true,
  },
  'query-rephrasing': {
    id: 'query-rephrasing',
    label: 'Query rephrasing',
    short: 'Q',
    tag: 'QUERY REPHRASING',
    ask: 'the question rewritten, no longer than its previous version, so that it helps the assistant write a better version of the code; begin it with "Question:"',
    maxWords: null,
    claims: false,
  },
};
