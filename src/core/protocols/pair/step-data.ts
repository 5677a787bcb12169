// What a PAIR-family step records beyond the engine's core (run log `steps[].data`, version 1):
// how the program was read from the reply, and the feedback the turn's prompt carried.
import * as v from 'valibot';

export const HintAttemptSchema = v.object({
  text: v.string(),
  accepted: v.boolean(),
  leaks: v.array(v.object({ kind: v.string(), detail: v.string() })),
  /** The optional LLM judge's verdict, when the run has a judge and the rules passed. */
  judge: v.optional(v.object({ verdict: v.picklist(['pass', 'fail', 'unclear']), reason: v.optional(v.string()) })),
});
/** One feedback-model attempt: accepted, or rejected by the leakage validator (or the judge). */
export type HintAttempt = v.InferOutput<typeof HintAttemptSchema>;

export const TurnFeedbackSchema = v.object({
  /** What the candidate was told. */
  text: v.string(),
  /** The targeted failure scenario (PAIR): its tests, grouping level, expected-output shape and fail type. */
  scenario: v.optional(
    v.object({
      id: v.string(),
      testIds: v.array(v.string()),
      grouping: v.optional(v.string()),
      shape: v.optional(v.string()),
      failType: v.optional(v.string()),
    }),
  ),
  /** The tests shown to the feedback model (S_t). */
  sampleIds: v.optional(v.array(v.string())),
  /** Hint level, 1–6 (PAIR). */
  level: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6))),
  /** Every feedback-model attempt in order, with the validator's reasons for rejections. */
  validation: v.optional(v.array(HintAttemptSchema)),
  /** Set when no attempt passed validation: the best-effort hint was used, or the turn skipped. */
  flagged: v.optional(v.picklist(['best-effort', 'skipped'])),
});
export type TurnFeedback = v.InferOutput<typeof TurnFeedbackSchema>;

export const PairStepDataSchema = v.object({
  /** How the program was read from the candidate's reply ("none": the reply held no program). */
  extraction: v.picklist(['fenced-python', 'last-fenced', 'unfenced', 'none']),
  /** The feedback the turn's prompt carried (absent on turn 0). */
  feedback: v.optional(TurnFeedbackSchema),
});
export type PairStepData = v.InferOutput<typeof PairStepDataSchema>;
