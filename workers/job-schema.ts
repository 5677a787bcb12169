// Shape check for jobs the app sends in (the app is trusted; this guards against bugs).
import * as v from 'valibot';

export const JobRequestSchema = v.object({
  program: v.pipe(v.string(), v.maxLength(1 << 20)),
  kind: v.picklist(['stdio', 'call', 'unittest']),
  entry: v.optional(v.string()),
  tests: v.pipe(
    v.array(v.object({ id: v.string(), payload: v.string() })),
    v.minLength(1),
  ),
  timeLimitMs: v.pipe(v.number(), v.minValue(1), v.maxValue(600_000)),
  trace: v.optional(v.boolean()),
});
