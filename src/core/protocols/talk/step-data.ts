// What a Talk step records beyond the engine's core (run log `steps[].data`, Talk version 1;
// docs/formats.md, "Talk step data"): the statement the code model saw, where an
// under-specified one came from, the feedback that came before the attempt with every attempt
// at it and its claim, how the program was read from the reply, and its style.
import * as v from 'valibot';
import { FEEDBACK_TYPE_IDS } from './feedback-types.ts';

const verdict = v.picklist(['correct', 'incorrect', 'unclear']);

export const FeedbackAttemptSchema = v.object({
  text: v.string(),
  accepted: v.boolean(),
  /** Why the checks rejected it (constraints.ts): form, hidden data, reference lines. */
  problems: v.array(v.object({ kind: v.string(), detail: v.string() })),
  /** Mixed feedback: the type the user picked in this attempt (absent when it named none). */
  type: v.optional(v.picklist(FEEDBACK_TYPE_IDS)),
});
export type FeedbackAttempt = v.InferOutput<typeof FeedbackAttemptSchema>;

export const QuestionSchema = v.object({
  /** The full statement, the under-specified one, or a user's rephrasing of it. */
  kind: v.picklist(['full', 'under', 'rephrased']),
  /** Its text (the full statement is the instance's, and is not repeated here). */
  text: v.optional(v.string()),
});
export type Question = v.InferOutput<typeof QuestionSchema>;

export const FeedbackSchema = v.object({
  /** The feedback's type; `self-critique` is the model's own; null when a mixed-feedback user named no type in any reply. */
  type: v.nullable(v.picklist([...FEEDBACK_TYPE_IDS, 'self-critique'])),
  /** What the code model got; null when every attempt quoted protected data (the step went on without feedback). */
  text: v.nullable(v.string()),
  /** Mixed feedback: the types offered, in the shuffled order the user saw them. */
  offered: v.optional(v.array(v.picklist(FEEDBACK_TYPE_IDS))),
  attempts: v.array(FeedbackAttemptSchema),
  /** Set when no attempt passed: the attempt with the fewest problems was used, or none could be. */
  flagged: v.optional(v.picklist(['best-effort', 'skipped'])),
  /** The claim (paragraph, sentence and code feedback): the judge's verdict and the rule-based override. */
  claim: v.optional(v.object({ verdict, judged: verdict, override: v.optional(v.string()) })),
});
export type Feedback = v.InferOutput<typeof FeedbackSchema>;

export const ObfuscationSchema = v.object({
  /** The instance's summary, or the obfuscator's summary of the full statement. */
  source: v.picklist(['summary', 'obfuscator']),
  /** The obfuscator model, and whether this item's step asked it (false: another item or an earlier run did). */
  model: v.optional(v.string()),
  made: v.optional(v.boolean()),
  /** The obfuscator's statements its checks rejected before the one used, with why (obfuscation.ts); only on the step that asked it. */
  rejected: v.optional(v.array(v.object({ text: v.string(), problems: v.array(v.object({ kind: v.string(), detail: v.string() })) }))),
});

export const StyleSchema = v.object({
  tool: v.string(),
  violations: v.number(),
  rules: v.record(v.string(), v.number()),
  syntaxError: v.optional(v.string()),
});

export const TalkStepDataSchema = v.object({
  /** How the program was read from the code model's reply ("none": it held no program). */
  extraction: v.picklist(['fenced-python', 'last-fenced', 'unfenced', 'none']),
  question: QuestionSchema,
  /** Step 0 of an under-specified setting: where its statement came from. */
  obfuscation: v.optional(ObfuscationSchema),
  /** The feedback this attempt answers (absent on step 0). */
  feedback: v.optional(FeedbackSchema),
  /** The program's pycodestyle violations (absent when the run had no style checker, or there was no program). */
  style: v.optional(StyleSchema),
});
export type TalkStepData = v.InferOutput<typeof TalkStepDataSchema>;
