// How an item ended, in words (docs/metrics.md, "Stop reasons").
import type { StopReason } from '../../core/model/runlog.ts';

const STOPS: Record<StopReason, string> = { fixed: 'fixed', turns: 'out of turns (α)', exhausted: 'no scenario left', budget: 'budget reached', cancelled: 'cancelled', error: 'error' };

export const stopText = (reason: StopReason) => STOPS[reason];
