// What simulated models work from. Real models never receive it (see ChatRequest.context).
import type { Instance } from '../../model/instance.ts';

export interface CandidateContext {
  instance: Instance;
  /** The program the candidate is asked to revise. */
  code: string;
  /** 0 for the initial repair. */
  turn: number;
  /** Which repeat of the run this is (repeats are independent trajectories). */
  repeat?: number;
  /** The hint level (1–6) when the protocol gives graded hints. */
  level?: number;
  /** The tests the feedback is about (a targeted scenario); all tests when absent. */
  targetTests?: string[];
  /** The hint this turn's prompt carries (revisions; null when the turn has none). Simulated candidates ignore it. */
  hint?: string | null;
}

export function contextOf(request: { context?: unknown }): CandidateContext | null {
  const c = request.context as Partial<CandidateContext> | undefined;
  return c && typeof c.code === 'string' && c.instance ? (c as CandidateContext) : null;
}
